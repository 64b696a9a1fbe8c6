import {
  LKD_TOKEN_COOKIE,
  SESSION_COOKIE,
  type TDemoUser,
  type TSessionUser,
} from '@sorting/contracts';
import type { CookieJar } from '../../lib/cookies';
import type { KeyValueStorage } from '../../lib/storage';
import type { SessionStore, SessionUser } from './session-store';
import { toSessionUser } from './session-store';

/** Spec part 1 §9: the stored last scanned parcel, removed on (re-)authentication and logout. */
export const LAST_PARCEL_SCANNED_KEY = 'LAST_PARCEL_SCANNED';

/** The badge/token cookie lives only until the user search has read it. */
export const LKD_TOKEN_MAX_AGE_SECONDS = 60;

/** An answer of the auth calls, casing-free (the API client's result fits it). */
export interface AuthAnswer<T = unknown> {
  isSuccess: boolean;
  message?: string | null;
  operationObject?: T | null;
  /** HTTP status when known; 5xx counts as a failed call, not a refusal. */
  status?: number;
}

/**
 * The server calls of sign-in and logout (spec part 1 §7 "Authentication and context"):
 * `AUTH_ROUTES` searchUser, signIn, demoUsers and `SESSIONS_ROUTES.endSession` of contracts.
 */
export interface SessionApi {
  searchUser(): Promise<AuthAnswer<TSessionUser>>;
  signIn(login: string, password: string): Promise<AuthAnswer<TSessionUser>>;
  endSession(): Promise<AuthAnswer>;
  demoUsers(): Promise<AuthAnswer>;
}

/** One demo user of the sign-in page's one-tap list. */
export type DemoUser = TDemoUser;

/** Reads the demo users answer; anything malformed is left out. */
export function toDemoUsers(operationObject: unknown): DemoUser[] {
  if (!Array.isArray(operationObject)) return [];
  return operationObject.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, role, badge } = item as Record<string, unknown>;
    return typeof name === 'string' && typeof badge === 'string'
      ? [{ name, role: typeof role === 'string' ? role : '', badge }]
      : [];
  });
}

export interface SessionServiceDeps {
  session: SessionStore;
  cookies: CookieJar;
  /** Local storage (LAST_PARCEL_SCANNED); null where the browser refuses it. */
  storage: KeyValueStorage | null;
  api: SessionApi;
  /** Closes every toast: none survives a sign-in or a sign-out. */
  clearNotifications?: () => void;
}

/** What a sign-in attempt came to: signed in, refused with the server's message, or failed. */
export type SignInOutcome =
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'refused'; message: string | null }
  | { status: 'failed' };

/** Writes the one-time badge/token cookie the user search reads (host-only, path /). */
export function writeLkdToken(cookies: CookieJar, token: string): void {
  cookies.set(LKD_TOKEN_COOKIE, token, { path: '/', maxAge: LKD_TOKEN_MAX_AGE_SECONDS });
}

function removeLastParcel(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(LAST_PARCEL_SCANNED_KEY);
  } catch {
    // A refusing storage has nothing to remove.
  }
}

async function settle(
  deps: SessionServiceDeps,
  call: () => Promise<AuthAnswer<TSessionUser>>,
): Promise<SignInOutcome> {
  let answer: AuthAnswer<TSessionUser>;
  try {
    answer = await call();
  } catch {
    return { status: 'failed' };
  }
  if (answer.status !== undefined && answer.status >= 500) return { status: 'failed' };
  const user = answer.isSuccess ? toSessionUser(answer.operationObject) : null;
  if (!user) return { status: 'refused', message: answer.message ?? null };
  removeLastParcel(deps.storage);
  deps.clearNotifications?.();
  deps.session.setUser(user);
  return { status: 'signedIn', user };
}

/** Sign-in by a scanned badge or a sign-on token: lkdToken cookie, then the user search. */
export function signInWithToken(deps: SessionServiceDeps, token: string): Promise<SignInOutcome> {
  writeLkdToken(deps.cookies, token);
  return settle(deps, () => deps.api.searchUser());
}

/** Sign-in of office staff by login and password. */
export function signInWithPassword(
  deps: SessionServiceDeps,
  login: string,
  password: string,
): Promise<SignInOutcome> {
  return settle(deps, () => deps.api.signIn(login, password));
}

/**
 * Logout (spec part 1 §4, §9): ends the server session; on success clears the session store,
 * the stored last parcel and the session/token cookies visible to scripts (the server expires
 * the HttpOnly one). Resolves false when the call failed or was unsuccessful (f-004).
 */
export async function logout(deps: SessionServiceDeps): Promise<boolean> {
  try {
    const answer = await deps.api.endSession();
    if (!answer.isSuccess) return false;
  } catch {
    return false;
  }
  deps.clearNotifications?.();
  deps.session.setUser(null);
  removeLastParcel(deps.storage);
  deps.cookies.remove(SESSION_COOKIE, { path: '/' });
  deps.cookies.remove(LKD_TOKEN_COOKIE, { path: '/' });
  return true;
}

/** What a user switch came to. */
export type SwitchOutcome = { status: 'logoutFailed' } | SignInOutcome;

/**
 * User switch by badge while signed in (spec part 1 §4): logout, then the new token cookie and
 * re-authentication; the stored last parcel is removed on the way.
 */
export async function switchUser(deps: SessionServiceDeps, badge: string): Promise<SwitchOutcome> {
  if (!(await logout(deps))) return { status: 'logoutFailed' };
  return signInWithToken(deps, badge);
}
