import { describe, expect, it } from 'vitest';
import { isBrowserSupported } from '@sorting/domain';
import { identifyBrowser } from './browser-kind.js';

/** Real User-Agent strings; `supported` is the spec part 1 §2 verdict. */
const USER_AGENTS = [
  {
    name: 'Chrome 89 Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36',
    kind: 'chrome',
    major: 89,
    supported: false,
  },
  {
    name: 'Chrome 90 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 11_2_3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.85 Safari/537.36',
    kind: 'chrome',
    major: 90,
    supported: true,
  },
  {
    name: 'Chrome 120 Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    kind: 'chrome',
    major: 120,
    supported: true,
  },
  {
    name: 'HeadlessChrome 139 (Playwright)',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.7258.5 Safari/537.36',
    kind: 'chrome',
    major: 139,
    supported: true,
  },
  {
    name: 'Chromium 120 Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36',
    kind: 'chrome',
    major: 120,
    supported: true,
  },
  {
    name: 'Chrome 89 Android',
    ua: 'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.105 Mobile Safari/537.36',
    kind: 'chromeMobile',
    major: 89,
    supported: false,
  },
  {
    name: 'Chrome 90 Android (handheld terminal)',
    ua: 'Mozilla/5.0 (Linux; Android 10; TC52) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.91 Mobile Safari/537.36',
    kind: 'chromeMobile',
    major: 90,
    supported: true,
  },
  {
    name: 'Chrome 120 Android tablet',
    ua: 'Mozilla/5.0 (Linux; Android 11; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    kind: 'chromeMobile',
    major: 120,
    supported: true,
  },
  {
    name: 'Android WebView (Chrome 120)',
    ua: 'Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36',
    kind: 'chromeMobile',
    major: 120,
    supported: true,
  },
  {
    name: 'Chrome on iOS',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    kind: 'chromeMobile',
    major: 120,
    supported: true,
  },
  {
    name: 'Safari 12 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
    kind: 'safari',
    major: 12,
    supported: false,
  },
  {
    name: 'Safari 13 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.3 Safari/605.1.15',
    kind: 'safari',
    major: 13,
    supported: true,
  },
  {
    name: 'Safari 17 macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    kind: 'safari',
    major: 17,
    supported: true,
  },
  {
    name: 'iOS Safari 12',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    kind: 'mobileSafari',
    major: 12,
    supported: false,
  },
  {
    name: 'iOS Safari 13',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.4 Mobile/15E148 Safari/604.1',
    kind: 'mobileSafari',
    major: 13,
    supported: true,
  },
  {
    name: 'iPadOS Safari 13',
    ua: 'Mozilla/5.0 (iPad; CPU OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.4 Mobile/15E148 Safari/604.1',
    kind: 'mobileSafari',
    major: 13,
    supported: true,
  },
  {
    name: 'YaBrowser 18',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 YaBrowser/18.11.1.805 Yowser/2.5 Safari/537.36',
    kind: 'yandex',
    major: 18,
    supported: false,
  },
  {
    name: 'YaBrowser 19',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/75.0.3770.142 YaBrowser/19.7.3.172 Yowser/2.5 Safari/537.36',
    kind: 'yandex',
    major: 19,
    supported: true,
  },
  {
    name: 'YaBrowser 24 Android',
    ua: 'Mozilla/5.0 (Linux; Android 12; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/24.1.2.86.00 SA/3 Mobile Safari/537.36',
    kind: 'yandex',
    major: 24,
    supported: true,
  },
  {
    name: 'Firefox 121',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    kind: 'other',
    major: 121,
    supported: false,
  },
  {
    name: 'Edge 120',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    kind: 'other',
    major: 120,
    supported: false,
  },
  {
    name: 'Opera 106',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    kind: 'other',
    major: 106,
    supported: false,
  },
  {
    name: 'Samsung Internet 23',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    kind: 'other',
    major: 23,
    supported: false,
  },
  {
    name: 'Internet Explorer 11',
    ua: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    kind: 'other',
    major: 11,
    supported: false,
  },
  { name: 'curl', ua: 'curl/8.5.0', kind: null, major: null, supported: true },
  {
    name: 'Googlebot',
    ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    kind: null,
    major: null,
    supported: true,
  },
  { name: 'empty', ua: '', kind: null, major: null, supported: true },
  { name: 'absent', ua: undefined, kind: null, major: null, supported: true },
] as const;

describe('identifyBrowser', () => {
  it.each(USER_AGENTS)('$name → $kind $major', ({ ua, kind, major, supported }) => {
    const browser = identifyBrowser(ua);
    expect(browser).toEqual({ kind, major });
    expect(isBrowserSupported(browser)).toBe(supported);
  });
});
