import { describe, expect, it } from 'vitest';
import { createDocumentCookieJar, createMemoryCookieJar, type CookieJar } from '../lib/cookies';
import {
  AGENT_COOKIE_CHECK_NAME,
  PRINTER_COOKIE_CHECK_NAME,
  SCALE_COOKIE_CHECK_NAME,
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
    expect(asked).toEqual([[AGENT_COOKIE_CHECK_NAME, 'v']]);
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => true })).toBe(true);
    // An unreachable agent says nothing about cookies.
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => null })).toBe(true);
    expect(
      await checkCookiesWithAgent({ ...base, cookies: blockedJar(), checkAgent: async () => true }),
    ).toBe(false);
  });

  it('passes again on the next load after the agent set its HttpOnly cookie (issue 14 item 9)', async () => {
    // A browser jar for one host: an HttpOnly cookie is invisible to the page, and the page
    // cannot write a cookie of that name (browsers keep the HttpOnly one).
    const page = createMemoryCookieJar();
    const httpOnly = new Map<string, string>();
    const cookies: CookieJar = {
      get: (name) => (httpOnly.has(name) ? undefined : page.get(name)),
      set: (name, value, options) => {
        if (!httpOnly.has(name)) page.set(name, value, options);
      },
      remove: (name, options) => page.remove(name, options),
    };
    // The agent sets its cookie HttpOnly for the same host, under the name it is given.
    const checkAgent = async (name: string, value: string) => {
      httpOnly.set(name, value);
      return httpOnly.get(name) === value;
    };
    for (const load of [1, 2, 3]) {
      const isEnabled = await checkCookiesWithAgent({
        cookies,
        host: 'localhost',
        isCookieEnabled: true,
        probeValue: `v${load}`,
        name: SCALE_COOKIE_CHECK_NAME,
        checkAgent,
      });
      expect(isEnabled, `load ${load}`).toBe(true);
    }
    expect([...httpOnly.keys()]).toEqual([AGENT_COOKIE_CHECK_NAME]);
    expect([SCALE_COOKIE_CHECK_NAME, PRINTER_COOKIE_CHECK_NAME]).not.toContain(
      AGENT_COOKIE_CHECK_NAME,
    );
  });
});
