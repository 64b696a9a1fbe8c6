import { describe, expect, it } from 'vitest';
import { createDocumentCookieJar, createMemoryCookieJar, type CookieJar } from '../lib/cookies';
import {
  PRINTER_COOKIE_CHECK_NAME,
  checkBrowserCookies,
  checkCookiesWithAgent,
} from './cookie-check';

/** A jar like a browser with cookies blocked: writes are dropped. */
const blockedJar = (): CookieJar => ({
  get: () => undefined,
  set: () => undefined,
  remove: () => undefined,
});

describe('cookie checks (spec part 1 §8: cookies disabled)', () => {
  it('passes in a browser that keeps cookies, and leaves no probe behind', () => {
    const cookies = createDocumentCookieJar(document);
    expect(
      checkBrowserCookies({ cookies, host: 'localhost', isCookieEnabled: true, probeValue: 'p1' }),
    ).toBe(true);
    expect(cookies.get(PRINTER_COOKIE_CHECK_NAME)).toBeUndefined();
  });

  it('fails when navigator.cookieEnabled is false', () => {
    const cookies = createMemoryCookieJar();
    expect(
      checkBrowserCookies({ cookies, host: 'localhost', isCookieEnabled: false, probeValue: 'p' }),
    ).toBe(false);
  });

  it('fails when a written cookie does not read back', () => {
    expect(
      checkBrowserCookies({
        cookies: blockedJar(),
        host: 'sorting.example.com',
        isCookieEnabled: true,
        probeValue: 'p',
      }),
    ).toBe(false);
  });

  it('with the agent: fails when the cookie the agent set did not come back', async () => {
    const base = {
      cookies: createMemoryCookieJar(),
      host: 'localhost',
      isCookieEnabled: true,
      probeValue: 'v',
    };
    const asked: [string, string][] = [];
    expect(
      await checkCookiesWithAgent({
        ...base,
        checkAgent: async (name, value) => {
          asked.push([name, value]);
          return false;
        },
      }),
    ).toBe(false);
    expect(asked).toEqual([['scale_cookie_check', 'v']]);
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => true })).toBe(true);
    // An unreachable agent says nothing about cookies.
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => null })).toBe(true);
    expect(
      await checkCookiesWithAgent({ ...base, cookies: blockedJar(), checkAgent: async () => true }),
    ).toBe(false);
  });
});
