import { describe, expect, it, vi } from 'vitest';
import type { Scan } from '../../devices/scanner/scan-input';
import { handleUserSwitchScan, hasOwnBadgeScans, type UserSwitchDeps } from './user-switch';

const scan = (text: string): Scan => ({ id: 1, text, source: 'scanner', at: 0 });

function setup(overrides: Partial<UserSwitchDeps> = {}) {
  const deps: UserSwitchDeps = {
    isSignedIn: () => true,
    isSignInPage: () => false,
    isAllowed: () => true,
    switchUser: vi.fn(async () => ({
      status: 'signedIn' as const,
      user: { userId: '2', number: null, userName: 'B', defaultWarehouseNumber: null },
    })),
    play: vi.fn(),
    showError: vi.fn(),
    ...overrides,
  };
  return deps;
}

describe('user switch by badge', () => {
  it('switches and plays the scan sound when the setting allows it', async () => {
    const deps = setup();
    await expect(handleUserSwitchScan(deps, scan('~W1002-3MX8'))).resolves.toBe(true);
    expect(deps.switchUser).toHaveBeenCalledWith('~W1002-3MX8');
    expect(deps.play).toHaveBeenCalledWith('scan');
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('plays only the err sound when the setting is off', async () => {
    const deps = setup({ isAllowed: () => false });
    await expect(handleUserSwitchScan(deps, scan('~W1002-3MX8'))).resolves.toBe(true);
    expect(deps.switchUser).not.toHaveBeenCalled();
    expect(deps.play).toHaveBeenCalledWith('err');
  });

  it('shows the error when the switch does not sign in', async () => {
    const deps = setup({ switchUser: async () => ({ status: 'refused', message: 'Нет' }) });
    await handleUserSwitchScan(deps, scan('~bad'));
    expect(deps.showError).toHaveBeenCalledWith({ status: 'refused', message: 'Нет' });
    expect(deps.play).not.toHaveBeenCalled();
  });

  it('leaves other scans, the signed-out state and the sign-in page alone, at once', () => {
    // Answered synchronously: the scan queue hands these to the page without waiting.
    const other = setup();
    expect(handleUserSwitchScan(other, scan('_B0001'))).toBe(false);
    const signedOut = setup({ isSignedIn: () => false });
    expect(handleUserSwitchScan(signedOut, scan('~W1'))).toBe(false);
    const signInPage = setup({ isSignInPage: () => true });
    expect(handleUserSwitchScan(signInPage, scan('~W1'))).toBe(false);
    for (const deps of [other, signedOut, signInPage]) {
      expect(deps.switchUser).not.toHaveBeenCalled();
      expect(deps.play).not.toHaveBeenCalled();
    }
  });
});

describe('pages with their own badge scans', () => {
  it('sign-in and time tracking take badges themselves; other pages switch the user', () => {
    expect(hasOwnBadgeScans('/user-auth')).toBe(true);
    expect(hasOwnBadgeScans('/time-tracking')).toBe(true);
    expect(hasOwnBadgeScans('/sorting')).toBe(false);
    expect(hasOwnBadgeScans('/users')).toBe(false);
  });
});
