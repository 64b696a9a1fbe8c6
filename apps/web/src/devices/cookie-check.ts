import type { CookieJar } from '../lib/cookies';
import { removeDeviceCookie, writeDeviceCookie } from './device-cookies';

/** Spec part 1 §9: the names of the probe cookies of the printer and scale cookie checks. */
export const PRINTER_COOKIE_CHECK_NAME = 'printer_cookie_check';
export const SCALE_COOKIE_CHECK_NAME = 'scale_cookie_check';

export interface BrowserCookieCheckDeps {
  cookies: CookieJar;
  host: string;
  /** `navigator.cookieEnabled`; undefined where the browser does not say. */
  isCookieEnabled: boolean | undefined;
  /** A fresh value for the probe, so an old probe cookie cannot pass the check. */
  probeValue: string;
  name?: string;
}

/**
 * Spec part 1 §8 "cookies disabled": false when the browser says cookies are off or a device
 * cookie written the way device settings are written does not read back. The probe is removed.
 */
export function checkBrowserCookies(deps: BrowserCookieCheckDeps): boolean {
  if (deps.isCookieEnabled === false) return false;
  const name = deps.name ?? PRINTER_COOKIE_CHECK_NAME;
  const isReadBack = writeDeviceCookie(deps.cookies, name, deps.probeValue, deps.host);
  removeDeviceCookie(deps.cookies, name, deps.host);
  return isReadBack;
}

/**
 * The agent's side of the check (`POST api/cookie/check`, then `GET api/cookie?name`; a page of
 * another site carries the value in the request instead): true when the value came back, false
 * when not, null when the agent cannot tell.
 */
export type AgentCookieCheck = (
  name: string,
  value: string,
  options: { isCrossSite: boolean },
) => Promise<boolean | null>;

/**
 * Whether the page is of another site than the agent (docs/DECISIONS.md "Device agent", cookie
 * check). The agent listens on a loopback name, whose site is the host name itself, so only a
 * page on that same host name is same-site: `localhost:3000` with `localhost:55557` is, while
 * `127.0.0.1:3000` or `sorting.example.com` is not. A same-site page judged cross-site would
 * only lose the cookie half of the check, never pass a broken one.
 */
export function isCrossSiteToAgent(pageHost: string, agentUrl: string): boolean {
  let agentHost: string;
  try {
    agentHost = new URL(agentUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  const pageHostname = pageHost.replace(/:\d+$/, '').toLowerCase();
  return pageHostname !== agentHost;
}

/**
 * The name of the cookie the agent is asked to set. Never a name of the page's
 * own probes: the agent's cookie is HttpOnly and shares the host with the page (localhost), so
 * under the probe's name it would stop the page from writing its probe, and every load after
 * the first would report cookies disabled.
 */
export const AGENT_COOKIE_CHECK_NAME = 'agent_cookie_check';

/**
 * The full check: the browser's own probe (as `checkBrowserCookies`), then the agent's (spec part
 * 1 §7 `api/cookie/check`: the agent sets a cookie and reads back what the browser returns; for
 * a page of another site than the agent, the value travels in the request). An unreachable agent
 * says nothing about cookies, so it counts as passed.
 */
export async function checkCookiesWithAgent(
  deps: BrowserCookieCheckDeps & { checkAgent: AgentCookieCheck; agentUrl: string },
): Promise<boolean> {
  const name = deps.name ?? SCALE_COOKIE_CHECK_NAME;
  if (!checkBrowserCookies({ ...deps, name })) return false;
  const isCrossSite = isCrossSiteToAgent(deps.host, deps.agentUrl);
  return (
    (await deps.checkAgent(AGENT_COOKIE_CHECK_NAME, deps.probeValue, { isCrossSite })) !== false
  );
}
