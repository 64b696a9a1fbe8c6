import { recognizeBarcode } from '@sorting/domain';
import type { Scan } from '../../devices/scanner/scan-input';
import type { SwitchOutcome } from './session-service';
import { PAGES } from '../../lib/page-paths';

/**
 * Pages that take badge scans themselves: sign-in, and time tracking, where a badge checks a
 * worker in or out of a workplace (spec part 1 §4) and must not switch the signed-in user.
 */
const PAGES_WITH_OWN_BADGE_SCANS: ReadonlySet<string> = new Set([PAGES.signIn, PAGES.timeTracking]);

/** True for a page (path without locale prefix) whose own screen handles badge scans. */
export function hasOwnBadgeScans(path: string): boolean {
  return PAGES_WITH_OWN_BADGE_SCANS.has(path);
}

export interface UserSwitchDeps {
  isSignedIn: () => boolean;
  /** The sign-in page (and time tracking) handles its own badge scans. */
  isSignInPage: () => boolean;
  /** Runtime settings features.userBarcodeAuthorization (false while unknown). */
  isAllowed: () => boolean | Promise<boolean>;
  switchUser: (badge: string) => Promise<SwitchOutcome>;
  play: (name: 'scan' | 'err') => void;
  /** Shows an error toast (its err sound included). */
  showError: (outcome: Exclude<SwitchOutcome, { status: 'signedIn' }>) => void;
}

/**
 * User switch by badge while signed in (spec part 1 §4, §5): a 'user' scan logs out, signs the
 * new badge in and plays the scan sound; when the setting refuses it only the err sound plays.
 * Other scans are left to the screen, answered at once (false) so they are not delayed.
 * Resolves true when the scan was a badge it took: the scan is consumed and the screen never
 * gets it.
 */
export function handleUserSwitchScan(deps: UserSwitchDeps, scan: Scan): false | Promise<boolean> {
  if (!deps.isSignedIn() || deps.isSignInPage()) return false;
  const recognized = recognizeBarcode(scan.text);
  if (recognized.type !== 'user') return false;
  return switchByBadge(deps, recognized.value);
}

async function switchByBadge(deps: UserSwitchDeps, badge: string): Promise<boolean> {
  if (!(await deps.isAllowed())) {
    deps.play('err');
    return true;
  }
  const outcome = await deps.switchUser(badge);
  if (outcome.status === 'signedIn') deps.play('scan');
  else deps.showError(outcome);
  return true;
}
