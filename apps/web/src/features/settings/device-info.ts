import { BROWSER_MINIMUMS, type KnownBrowser } from '@sorting/domain';

/** Part 1 §2 breakpoints: the layout band of a screen width. */
export type LayoutBand = 'wide' | 'desktop' | 'tablet' | 'handheld';

export function layoutBand(width: number): LayoutBand {
  if (width >= 1184) return 'wide';
  if (width >= 992) return 'desktop';
  if (width >= 558) return 'tablet';
  return 'handheld';
}

/** The browser as /settings shows it: its kind, major version and the spec's minimum. */
export interface BrowserInfo {
  kind: KnownBrowser | 'other';
  major: number | null;
  minimum: number | null;
  isSupported: boolean;
}

const major = (match: RegExpMatchArray | null) => (match ? Number(match[1]) : null);

/**
 * A light reading of the user agent against the part 1 §2 minimums (the server's guard uses the
 * full parser; this only informs the worker, docs/DECISIONS.md "Device pages").
 */
export function describeBrowser(userAgent: string): BrowserInfo {
  const isHandheld = /Android|iPhone|iPad|Mobile/.test(userAgent);
  let kind: BrowserInfo['kind'] = 'other';
  let version: number | null = null;
  const yandex = userAgent.match(/YaBrowser\/(\d+)/);
  const chrome = userAgent.match(/(?:Chrome|Chromium|CriOS)\/(\d+)/);
  const safari = userAgent.match(/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//);
  const isOther = /Edg\/|OPR\/|Firefox\/|FxiOS\/|SamsungBrowser\//.test(userAgent);
  if (yandex) [kind, version] = ['yandex', major(yandex)];
  else if (chrome && !isOther)
    [kind, version] = [isHandheld ? 'chromeMobile' : 'chrome', major(chrome)];
  else if (safari && !isOther)
    [kind, version] = [isHandheld ? 'mobileSafari' : 'safari', major(safari)];
  const minimum = kind === 'other' ? null : BROWSER_MINIMUMS[kind];
  return {
    kind,
    major: version,
    minimum,
    isSupported: minimum !== null && (version === null || version >= minimum),
  };
}
