import type { TSessionUser } from '@sorting/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from '../../lib/cookies';
import { createMemoryStorage } from '../../lib/storage';
import {
  LAST_PARCEL_SCANNED_KEY,
  logout,
  signInWithPassword,
  signInWithToken,
  switchUser,
  toDemoUsers,
  type SessionApi,
} from './session-service';
import { createSessionStore } from './session-store';

const USER: TSessionUser = {
  Id: 5,
  Number: 1001,
  Name: 'Иванов Пётр',
  DefaultWarehouseNumber: 1,
  Roles: [],
  SortingCenterId: null,
};

function setup(api: Partial<SessionApi> = {}) {
  const session = createSessionStore();
  const cookies = createMemoryCookieJar();
  const storage = createMemoryStorage();
  storage.setItem(LAST_PARCEL_SCANNED_KEY, 'P-1');
  const calls: SessionApi = {
    searchUser: vi.fn(async () => ({ isSuccess: true, operationObject: USER, status: 200 })),
    signIn: vi.fn(async () => ({ isSuccess: true, operationObject: USER, status: 200 })),
    endSession: vi.fn(async () => ({ isSuccess: true, status: 200 })),
    demoUsers: vi.fn(async () => ({ isSuccess: true, operationObject: [] })),
    ...api,
  };
  return { deps: { session, cookies, storage, api: calls }, session, cookies, storage, calls };
}

describe('sign-in', () => {
  it('by badge: writes a short-lived host-only lkdToken cookie, searches, keeps the user', async () => {
    const { deps, session, cookies, storage, calls } = setup();
    const outcome = await signInWithToken(deps, '~W1001-7KQ2');
    expect(cookies.written[0]).toBe('lkdToken=~W1001-7KQ2; path=/; max-age=60; SameSite=Lax');
    expect(calls.searchUser).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ status: 'signedIn', user: { userName: 'Иванов Пётр' } });
    expect(session.getUser()?.userId).toBe('5');
    expect(storage.getItem(LAST_PARCEL_SCANNED_KEY)).toBeNull();
  });

  it('an unsuccessful answer is refused with the server message', async () => {
    const { deps, session } = setup({
      searchUser: async () => ({ isSuccess: false, message: 'Бейдж не найден', status: 200 }),
    });
    await expect(signInWithToken(deps, '~bad')).resolves.toEqual({
      status: 'refused',
      message: 'Бейдж не найден',
    });
    expect(session.getUser()).toBeNull();
  });

  it('a failed call (network or 5xx) is failed: the page shows f-003', async () => {
    const network = setup({
      searchUser: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(signInWithToken(network.deps, '~x')).resolves.toEqual({ status: 'failed' });
    const server = setup({
      signIn: async () => ({ isSuccess: false, message: 'boom', status: 500 }),
    });
    await expect(signInWithPassword(server.deps, 'a', 'b')).resolves.toEqual({
      status: 'failed',
    });
  });

  it('by password: sends login and password', async () => {
    const { deps, calls, session } = setup();
    await signInWithPassword(deps, 'petrova', 'demo-supervisor');
    expect(calls.signIn).toHaveBeenCalledWith('petrova', 'demo-supervisor');
    expect(session.getUser()?.userName).toBe('Иванов Пётр');
  });
});

describe('logout', () => {
  it('on success clears the session, LAST_PARCEL_SCANNED and the visible cookies', async () => {
    const { deps, session, cookies, storage } = setup();
    session.setUser({ userId: '1', number: null, userName: 'A', defaultWarehouseNumber: null });
    await expect(logout(deps)).resolves.toBe(true);
    expect(session.getUser()).toBeNull();
    expect(storage.getItem(LAST_PARCEL_SCANNED_KEY)).toBeNull();
    expect(cookies.written).toEqual([
      'sorting_session=; path=/; max-age=-1; SameSite=Lax',
      'lkdToken=; path=/; max-age=-1; SameSite=Lax',
    ]);
  });

  it('an unsuccessful answer or a failed call keeps the session (f-004)', async () => {
    const refused = setup({ endSession: async () => ({ isSuccess: false }) });
    refused.session.setUser({
      userId: '1',
      number: null,
      userName: 'A',
      defaultWarehouseNumber: null,
    });
    await expect(logout(refused.deps)).resolves.toBe(false);
    expect(refused.session.getUser()).not.toBeNull();
    expect(refused.storage.getItem(LAST_PARCEL_SCANNED_KEY)).toBe('P-1');
    const failed = setup({
      endSession: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(logout(failed.deps)).resolves.toBe(false);
  });
});

describe('switchUser', () => {
  it('logs out, then signs the new badge in', async () => {
    const { deps, calls, cookies, session } = setup();
    session.setUser({ userId: '9', number: null, userName: 'Old', defaultWarehouseNumber: null });
    const outcome = await switchUser(deps, '~W1002-3MX8');
    expect(calls.endSession).toHaveBeenCalledTimes(1);
    expect(cookies.written.at(-1)).toContain('lkdToken=~W1002-3MX8');
    expect(outcome.status).toBe('signedIn');
    expect(session.getUser()?.userId).toBe('5');
  });

  it('stops when the logout fails', async () => {
    const { deps, calls } = setup({ endSession: async () => ({ isSuccess: false }) });
    await expect(switchUser(deps, '~x')).resolves.toEqual({ status: 'logoutFailed' });
    expect(calls.searchUser).not.toHaveBeenCalled();
  });
});

describe('toDemoUsers', () => {
  it('keeps well-formed entries only', () => {
    expect(
      toDemoUsers([{ name: 'A', role: 'worker', badge: '~A' }, { name: 'B' }, null, 'x']),
    ).toEqual([{ name: 'A', role: 'worker', badge: '~A' }]);
    expect(toDemoUsers(null)).toEqual([]);
  });
});

// An error toast of the last user (or of a failed attempt) survived sign-in.
describe('toasts across sign-in and sign-out', () => {
  it('a sign-in and a logout close every toast; a refusal or a failed logout does not', async () => {
    const cleared: string[] = [];
    const { deps } = setup();
    const withToasts = { ...deps, clearNotifications: () => cleared.push('clear') };
    await signInWithPassword(withToasts, 'petrova', 'x');
    expect(cleared).toEqual(['clear']);
    await logout(withToasts);
    expect(cleared).toEqual(['clear', 'clear']);

    const refusing = setup({
      signIn: async () => ({ isSuccess: false, message: 'Неверный пароль', status: 200 }),
      endSession: async () => ({ isSuccess: false, status: 200 }),
    });
    const kept = { ...refusing.deps, clearNotifications: () => cleared.push('wrong') };
    await signInWithPassword(kept, 'petrova', 'bad');
    await logout(kept);
    expect(cleared).toEqual(['clear', 'clear']);
  });
});
