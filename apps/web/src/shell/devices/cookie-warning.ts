// Loaded right after the first screen (bootstrap): spec part 1 §8, cookies disabled.
import { checkBrowserCookies } from '../../devices/cookie-check';
import type { CookieJar } from '../../lib/cookies';

/** Shows the cookies-disabled toast when this browser keeps no cookies. */
export async function warnIfCookiesDisabled(deps: {
  cookies: CookieJar;
  host: string;
  isCookieEnabled: boolean | undefined;
  getText: () => Promise<string>;
  notify: (content: string) => void;
}): Promise<boolean> {
  const isEnabled = checkBrowserCookies({
    cookies: deps.cookies,
    host: deps.host,
    isCookieEnabled: deps.isCookieEnabled,
    probeValue: String(Date.now()),
  });
  if (!isEnabled) deps.notify(await deps.getText());
  return isEnabled;
}
