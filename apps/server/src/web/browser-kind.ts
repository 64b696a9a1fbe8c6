import Bowser from 'bowser';
import type { IdentifiedBrowser } from '@sorting/domain';

const UNKNOWN: IdentifiedBrowser = { kind: null, major: null };

function parseMajor(version: string | undefined): number | null {
  const major = Number.parseInt(version ?? '', 10);
  return Number.isFinite(major) ? major : null;
}

/**
 * Maps a User-Agent to the browser kinds of the spec's guard (part 1 §2). Decisions:
 * - Chrome and Chromium count as Chrome (HeadlessChrome too: Playwright must pass); on a
 *   phone or tablet (Android WebView and Chrome on iOS included) as Chrome Mobile.
 * - Safari on iOS/iPadOS or a handheld counts as Mobile Safari, otherwise Safari.
 * - Any other browser bowser names (Firefox, Edge, Opera, Samsung Internet, IE, ...) is
 *   'other', which the spec calls outdated.
 * - Unidentified agents (curl, monitoring, empty) and bots are unknown: the spec lets an
 *   unidentifiable browser through.
 */
export function identifyBrowser(userAgent: string | undefined): IdentifiedBrowser {
  if (!userAgent?.trim()) return UNKNOWN;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name ?? '';
  if (name === '' || parsed.platform.type === 'bot') return UNKNOWN;
  const major = parseMajor(parsed.browser.version);
  const isHandheld =
    parsed.platform.type === 'mobile' ||
    parsed.platform.type === 'tablet' ||
    parsed.os.name === 'iOS' ||
    parsed.os.name === 'Android';
  switch (name) {
    case 'Chrome':
    case 'Chromium':
      return { kind: isHandheld ? 'chromeMobile' : 'chrome', major };
    case 'Safari':
      return { kind: isHandheld ? 'mobileSafari' : 'safari', major };
    case 'Yandex Browser':
      return { kind: 'yandex', major };
    default:
      return { kind: 'other', major };
  }
}
