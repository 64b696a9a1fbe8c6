import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitLocalePath, localizePath, isLocale } from './locale.js';
import { isBrowserSupported } from './browser-support.js';

describe('splitLocalePath', () => {
  it.each([
    ['/sorting', { locale: 'ru', path: '/sorting', hasPrefix: false }],
    ['/ru/sorting', { locale: 'ru', path: '/sorting', hasPrefix: true }],
    ['/en/user-auth', { locale: 'en', path: '/user-auth', hasPrefix: true }],
    ['/en', { locale: 'en', path: '/', hasPrefix: true }],
    ['/', { locale: 'ru', path: '/', hasPrefix: false }],
    ['/english/x', { locale: 'ru', path: '/english/x', hasPrefix: false }],
  ])('%s', (input, expected) => {
    expect(splitLocalePath(input)).toEqual(expected);
  });

  it('round-trips with localizePath for any page path', () => {
    fc.assert(
      fc.property(fc.constantFrom('ru', 'en'), fc.webPath(), (locale, raw) => {
        const path = raw.startsWith('/') ? raw : `/${raw}`;
        if (!isLocale(locale)) return;
        const split = splitLocalePath(localizePath(path, locale));
        expect(split.locale).toBe(locale);
        expect(split.hasPrefix).toBe(true);
      }),
    );
  });
});

describe('isBrowserSupported', () => {
  it.each([
    [{ kind: 'chrome', major: 89 }, false],
    [{ kind: 'chrome', major: 90 }, true],
    [{ kind: 'chromeMobile', major: 89 }, false],
    [{ kind: 'safari', major: 12 }, false],
    [{ kind: 'safari', major: 13 }, true],
    [{ kind: 'mobileSafari', major: 12 }, false],
    [{ kind: 'yandex', major: 18 }, false],
    [{ kind: 'yandex', major: 19 }, true],
    [{ kind: 'other', major: 120 }, false],
    [{ kind: null, major: null }, true],
  ] as const)('%o → %s', (browser, expected) => {
    expect(isBrowserSupported(browser)).toBe(expected);
  });
});
