import type { TSessionUser } from '@sorting/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createAuthGuard, createSignInPageGate, type AuthGuardDeps } from './auth-guard';
import { createSessionStore, toSessionUser } from './session-store';

const request = (url: string) => new Request(url);

function setup(overrides: Partial<AuthGuardDeps> = {}) {
  const session = createSessionStore();
  const navigateExternal = vi.fn<(url: string) => void>();
  const searchUser = vi.fn<AuthGuardDeps['searchUser']>(async () => ({
    isSuccess: false,
    operationObject: null,
  }));
  const guard = createAuthGuard({
    session,
    searchUser,
    getSignInUrl: async () => null,
    navigateExternal,
    ...overrides,
  });
  return { guard, session, navigateExternal, searchUser };
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('auth guard', () => {
  it('keeps the user of a successful search in the session', async () => {
    const { guard, session, searchUser } = setup({
      searchUser: async () => ({
        isSuccess: true,
        operationObject: {
          Id: 42,
          Number: 42,
          Name: 'Ирина',
          DefaultWarehouseNumber: 7,
          Roles: ['supervisor'],
          SortingCenterId: 34717,
        },
      }),
    });
    await expect(guard({ request: request('http://app/sorting'), base: '' })).resolves.toBeNull();
    expect(session.getUser()).toEqual({
      userId: '42',
      number: '42',
      userName: 'Ирина',
      defaultWarehouseNumber: '7',
      roles: ['supervisor'],
      sortingCenterId: '34717',
    });
    expect(searchUser).not.toHaveBeenCalled();
  });

  it('does not search again while the session has a user', async () => {
    const { guard, session, searchUser } = setup();
    session.setUser({ userId: '1', number: null, userName: 'A', defaultWarehouseNumber: null });
    await guard({ request: request('http://app/users'), base: '' });
    expect(searchUser).not.toHaveBeenCalled();
  });

  it('sends to our sign-in page of the locale with the requested path', async () => {
    const { guard } = setup();
    const response = await thrownBy(
      guard({ request: request('http://app/en/sorting?zone=3'), base: '/en' }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/en/user-auth?redirect=%2Fen%2Fsorting%3Fzone%3D3',
    );
  });

  it('treats a failed call like an unsuccessful answer', async () => {
    const { guard } = setup({
      searchUser: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const response = await thrownBy(guard({ request: request('http://app/users'), base: '' }));
    expect(response.headers.get('Location')).toBe('/user-auth?redirect=%2Fusers');
  });

  it('goes to the external sign-in page with returnUrl when one is configured', async () => {
    const { guard, navigateExternal } = setup({
      getSignInUrl: async () => 'https://sso.example/login?app=sorting',
    });
    const pending = guard({ request: request('http://app/ru/audit/5'), base: '/ru' });
    await vi.waitFor(() => expect(navigateExternal).toHaveBeenCalled());
    expect(navigateExternal).toHaveBeenCalledWith(
      'https://sso.example/login?app=sorting&returnUrl=http%3A%2F%2Fapp%2Fru%2Faudit%2F5',
    );
    const settled = await Promise.race([pending.then(() => 'settled'), Promise.resolve('pending')]);
    expect(settled).toBe('pending');
  });
});

describe('auth guard: ?lkdToken= in the URL (company sign-on return)', () => {
  const ok = async () => ({
    isSuccess: true,
    operationObject: {
      Id: 7,
      Name: 'Новый',
      Number: 7,
      DefaultWarehouseNumber: null,
      Roles: [],
      SortingCenterId: null,
    },
  });

  it('writes the cookie, signs in and replaces the URL without the parameter', async () => {
    const writeToken = vi.fn<(token: string) => void>();
    const searchUser = vi.fn(ok);
    const { guard, session } = setup({ writeToken, searchUser });
    session.setUser({
      userId: '1',
      number: null,
      userName: 'Старый',
      defaultWarehouseNumber: null,
    });
    const response = await thrownBy(
      guard({ request: request('http://app/sorting?zone=3&lkdToken=abc%2B1#x'), base: '' }),
    );
    expect(writeToken).toHaveBeenCalledWith('abc+1');
    expect(searchUser).toHaveBeenCalledTimes(1);
    expect(session.getUser()?.userName).toBe('Новый');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/sorting?zone=3#x');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('goes to sign-in with the clean page when the token is refused', async () => {
    const writeToken = vi.fn<(token: string) => void>();
    const { guard, session } = setup({ writeToken });
    const response = await thrownBy(
      guard({ request: request('http://app/en/users?lkdToken=bad'), base: '/en' }),
    );
    expect(writeToken).toHaveBeenCalledWith('bad');
    expect(session.getUser()).toBeNull();
    expect(response.headers.get('Location')).toBe('/en/user-auth?redirect=%2Fen%2Fusers');
  });

  it('only removes an empty parameter', async () => {
    const writeToken = vi.fn<(token: string) => void>();
    const { guard, searchUser } = setup({ writeToken });
    const response = await thrownBy(
      guard({ request: request('http://app/users?lkdToken='), base: '' }),
    );
    expect(writeToken).not.toHaveBeenCalled();
    expect(searchUser).not.toHaveBeenCalled();
    expect(response.headers.get('Location')).toBe('/users');
  });
});

describe('toSessionUser', () => {
  it('reads the contract user (TSessionUser) and no user from an empty answer', () => {
    const user: TSessionUser = {
      Id: 3,
      Number: 3,
      Name: 'Bob',
      DefaultWarehouseNumber: null,
      Roles: ['worker'],
      SortingCenterId: 5,
    };
    expect(toSessionUser(user)).toEqual({
      userId: '3',
      userName: 'Bob',
      number: '3',
      defaultWarehouseNumber: null,
      roles: ['worker'],
      sortingCenterId: '5',
    });
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser(undefined)).toBeNull();
  });
});

describe('our sign-in page and alternative authentication (spec part 1 §4)', () => {
  function gate(signInUrl: string | null, isAllowed: boolean | 'unknown') {
    const navigateExternal = vi.fn<(url: string) => void>();
    const open = createSignInPageGate({
      getSignInUrl: async () => signInUrl,
      isAlternativeAllowed: async () => {
        if (isAllowed === 'unknown') throw new TypeError('Failed to fetch');
        return isAllowed;
      },
      navigateExternal,
    });
    return { open, navigateExternal };
  }
  const isPending = async (promise: Promise<unknown>) =>
    (await Promise.race([promise.then(() => 'settled'), Promise.resolve('pending')])) === 'pending';

  it('not allowed: the external page instead, to come back to the redirect target', async () => {
    const { open, navigateExternal } = gate('https://sso.example/login', false);
    const pending = open({
      request: request('http://app/en/user-auth?redirect=%2Fen%2Fsorting%3Fzone%3D3'),
      base: '/en',
    });
    await vi.waitFor(() => expect(navigateExternal).toHaveBeenCalled());
    expect(navigateExternal).toHaveBeenCalledWith(
      'https://sso.example/login?returnUrl=http%3A%2F%2Fapp%2Fen%2Fsorting%3Fzone%3D3',
    );
    expect(await isPending(pending)).toBe(true);
    // A foreign target is no way back: the locale's home instead.
    const foreign = gate('https://sso.example/login', false);
    void foreign.open({
      request: request('http://app/user-auth?redirect=https%3A%2F%2Fevil.example'),
      base: '',
    });
    await vi.waitFor(() =>
      expect(foreign.navigateExternal).toHaveBeenCalledWith(
        'https://sso.example/login?returnUrl=http%3A%2F%2Fapp%2F',
      ),
    );
  });

  it('allowed, unknown, or no external page: our page opens', async () => {
    for (const [signInUrl, isAllowed] of [
      ['https://sso.example/login', true],
      ['https://sso.example/login', 'unknown'],
      [null, false],
    ] as const) {
      const { open, navigateExternal } = gate(signInUrl, isAllowed);
      await expect(
        open({ request: request('http://app/user-auth'), base: '' }),
      ).resolves.toBeNull();
      expect(navigateExternal).not.toHaveBeenCalled();
    }
  });

  it('the fallback of a failed user search is our page in the page language, not the English one', async () => {
    const { guard } = setup({ isAlternativeAllowed: async () => true });
    const response = await thrownBy(guard({ request: request('http://app/sorting'), base: '' }));
    expect(response.headers.get('Location')).toBe('/user-auth?redirect=%2Fsorting');
  });
});
