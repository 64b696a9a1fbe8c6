import { describe, expect, it } from 'vitest';
import { createDocumentCookieJar, createMemoryCookieJar, type CookieJar } from '../lib/cookies';
import {
  AGENT_COOKIE_CHECK_NAME,
  PRINTER_COOKIE_CHECK_NAME,
  SCALE_COOKIE_CHECK_NAME,
  checkBrowserCookies,
  checkCookiesWithAgent,
  isCrossSiteToAgent,
} from './cookie-check';

const AGENT_URL = 'http://localhost:55557';

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
      agentUrl: AGENT_URL,
    };
    const asked: [string, string, { isCrossSite: boolean }][] = [];
    expect(
      await checkCookiesWithAgent({
        ...base,
        checkAgent: async (name, value, options) => {
          asked.push([name, value, options]);
          return false;
        },
      }),
    ).toBe(false);
    expect(asked).toEqual([[AGENT_COOKIE_CHECK_NAME, 'v', { isCrossSite: false }]]);
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => true })).toBe(true);
    // An unreachable agent says nothing about cookies.
    expect(await checkCookiesWithAgent({ ...base, checkAgent: async () => null })).toBe(true);
    expect(
      await checkCookiesWithAgent({ ...base, cookies: blockedJar(), checkAgent: async () => true }),
    ).toBe(false);
  });

  it('passes again on the next load after the agent set its HttpOnly cookie', async () => {
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
        agentUrl: AGENT_URL,
        checkAgent,
      });
      expect(isEnabled, `load ${load}`).toBe(true);
    }
    expect([...httpOnly.keys()]).toEqual([AGENT_COOKIE_CHECK_NAME]);
    expect([SCALE_COOKIE_CHECK_NAME, PRINTER_COOKIE_CHECK_NAME]).not.toContain(
      AGENT_COOKIE_CHECK_NAME,
    );
  });

  it('a page on another host name than the agent is cross-site: the agent is asked so', async () => {
    expect(isCrossSiteToAgent('localhost', AGENT_URL)).toBe(false);
    expect(isCrossSiteToAgent('LOCALHOST:3000', AGENT_URL)).toBe(false);
    expect(isCrossSiteToAgent('127.0.0.1', AGENT_URL)).toBe(true);
    expect(isCrossSiteToAgent('sorting.example.com', AGENT_URL)).toBe(true);
    expect(isCrossSiteToAgent('127.0.0.1', 'http://127.0.0.1:55557')).toBe(false);
    expect(isCrossSiteToAgent('localhost', 'not a url')).toBe(true);
    const modes: boolean[] = [];
    const isEnabled = await checkCookiesWithAgent({
      cookies: createMemoryCookieJar(),
      host: 'sorting.example.com',
      isCookieEnabled: true,
      probeValue: 'v',
      agentUrl: AGENT_URL,
      checkAgent: async (_name, _value, options) => {
        modes.push(options.isCrossSite);
        return true;
      },
    });
    expect(isEnabled).toBe(true);
    expect(modes).toEqual([true]);
  });
});
