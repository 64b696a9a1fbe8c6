import { createHash } from 'node:crypto';
import { loginThrottleKey } from '../../lib/credentials.js';

// Sign-in throttling (docs/DECISIONS.md "Sessions and sign-in"): failures
// are counted per key in the database (table sign_in_attempts, several stateless processes
// share it), and past a number of free failures each further attempt of that key waits a
// delay that doubles with every failure, up to a cap. No hard lock: a stranger's failures
// slow the stranger, not the account's owner.

/** One kind of key: how many failures in the window are free, and the longest delay. */
export interface ThrottleRule {
  free: number;
  maxDelaySeconds: number;
}

export const SIGN_IN_THROTTLE = {
  /** Failures older than this are forgotten (long enough for the delays to reach the cap). */
  windowMinutes: 60,
  /**
   * A device cookie that signed someone in within this time is a known device: the floor's
   * own handheld, judged by its own failures and not by its shared address (a guesser behind
   * the same NAT must not keep the shift from signing in). A made-up cookie is never known.
   */
  knownDeviceDays: 30,
  rules: {
    /**
     * The client address (`request.ip`, X-Forwarded-For only with TRUST_PROXY). Every
     * attempt of an unknown browser counts here, whatever its cookies and user agent, so a
     * script gets no fresh budget by changing them; 30 because a floor may share one address.
     * A known device (knownDeviceDays) is judged by its device key instead.
     */
    address: { free: 30, maxDelaySeconds: 15 * 60 },
    /** A browser's device cookie (badge sign-in): one handheld's mistyped badges. */
    device: { free: 5, maxDelaySeconds: 15 * 60 },
    /** One login from one device (or, without a cookie, one address): a guesser. */
    accountFromSource: { free: 5, maxDelaySeconds: 15 * 60 },
    /**
     * One login from anywhere: a guess spread over many addresses. The cap is short, as the
     * owner waits it too: at most a minute a try, and no single source gets here alone.
     */
    account: { free: 20, maxDelaySeconds: 60 },
  },
} as const satisfies {
  windowMinutes: number;
  knownDeviceDays: number;
  rules: Record<string, ThrottleRule>;
};

export type ThrottleKind = keyof typeof SIGN_IN_THROTTLE.rules;

export interface ThrottleKey {
  kind: ThrottleKind;
  /** What sign_in_attempts.key holds: a kind and hashes, never an address, badge or login. */
  key: string;
}

/** Failures of a key in the window. */
export interface KeyFailures {
  key: string;
  count: number;
  latest: Date;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Who attempts: the client address and the device cookie, when the browser sent one. */
export interface AttemptSource {
  ip: string | null;
  deviceId: string | null;
  /** The device cookie signed someone in within knownDeviceDays. */
  isKnownDevice?: boolean;
}

/** The key of a device cookie, in sign_in_attempts and sign_in_devices. */
export function deviceThrottleKey(deviceId: string): string {
  return `device:${sha256(deviceId)}`;
}

/**
 * The keys an attempt counts against. A badge is no account (a wrong badge belongs to nobody):
 * address and device. A password attempt: address, the login, and the login from this source.
 * A known device's attempts leave the address out: the device key holds that handheld alone.
 */
export function throttleKeysOf(source: AttemptSource, login?: string): ThrottleKey[] {
  const address: ThrottleKey = { kind: 'address', key: `address:${sha256(source.ip ?? '')}` };
  const device: ThrottleKey | null =
    source.deviceId === null ? null : { kind: 'device', key: deviceThrottleKey(source.deviceId) };
  const known = device !== null && source.isKnownDevice === true;
  const place: ThrottleKey[] = known ? [device] : device ? [address, device] : [address];
  if (login === undefined) return place;
  const account = loginThrottleKey(login);
  return [
    known ? device : address,
    { kind: 'account', key: account },
    { kind: 'accountFromSource', key: `${account}@${(device ?? address).key}` },
  ];
}

/** The delay after `failures` failures of a key: none while free, then 1 s, 2 s, 4 s … cap. */
export function delaySecondsAfter(kind: ThrottleKind, failures: number): number {
  const rule: ThrottleRule = SIGN_IN_THROTTLE.rules[kind];
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelaySeconds, 2 ** (failures - rule.free));
}

/** Whole seconds until every key may try again; 0 when the attempt may be judged now. */
export function waitSeconds(keys: ThrottleKey[], failures: KeyFailures[], now: Date): number {
  let waitMs = 0;
  for (const { kind, key } of keys) {
    const found = failures.find((entry) => entry.key === key);
    if (!found) continue;
    // Within the free failures there is no wait at all, not even until the latest attempt: a
    // parallel attempt's clock reading may lie a few milliseconds after this one's.
    const delaySeconds = delaySecondsAfter(kind, found.count);
    if (delaySeconds === 0) continue;
    const until = found.latest.getTime() + delaySeconds * 1000;
    waitMs = Math.max(waitMs, until - now.getTime());
  }
  return Math.ceil(waitMs / 1000);
}
