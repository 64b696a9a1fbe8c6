/**
 * Spec part 1 §2 guard: minimum versions; any other identified browser is outdated; a
 * browser that cannot be identified is valid.
 */
export const BROWSER_MINIMUMS = {
  chrome: 90,
  chromeMobile: 90,
  safari: 13,
  mobileSafari: 13,
  yandex: 19,
} as const;

export type KnownBrowser = keyof typeof BROWSER_MINIMUMS;

export interface IdentifiedBrowser {
  /** One of the known browsers, 'other' for any other identified browser, null if unknown. */
  kind: KnownBrowser | 'other' | null;
  /** Major version, null when the user agent does not carry one. */
  major: number | null;
}

/** True when the browser may open the app. */
export function isBrowserSupported(browser: IdentifiedBrowser): boolean {
  if (browser.kind === null) return true;
  if (browser.kind === 'other') return false;
  if (browser.major === null) return true;
  return browser.major >= BROWSER_MINIMUMS[browser.kind];
}
