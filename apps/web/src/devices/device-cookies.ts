import { FAR_FUTURE_EXPIRY, type CookieJar, type CookieOptions } from '../lib/cookies';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The Domain attribute for device cookies (spec part 1 §3: "set for the parent domain"):
 * 'a.b.example.com' → '.b.example.com', 'example.com' → '.example.com'; none for a single-label
 * host (localhost) or an IP address, where browsers refuse a Domain attribute.
 */
export function deviceCookieDomain(host: string): string | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (!hostname || hostname.includes(':') || hostname.startsWith('[') || IPV4.test(hostname)) {
    return undefined;
  }
  const labels = hostname.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  return `.${(labels.length >= 3 ? labels.slice(1) : labels).join('.')}`;
}

/**
 * Writes one device cookie for the parent domain, path '/', expiring in 2100. A browser that
 * refuses the domain (a public suffix such as 'co.uk') gets it again for the host alone.
 * Returns false when the cookie does not read back (cookies disabled, spec part 1 §8).
 */
export function writeDeviceCookie(
  cookies: CookieJar,
  name: string,
  value: string,
  host: string,
): boolean {
  const options: CookieOptions = { path: '/', expires: FAR_FUTURE_EXPIRY };
  const domain = deviceCookieDomain(host);
  cookies.set(name, value, domain ? { ...options, domain } : options);
  if (domain && cookies.get(name) !== value) cookies.set(name, value, options);
  return (cookies.get(name) ?? '') === value;
}

/** Removes a device cookie wherever `writeDeviceCookie` may have put it. */
export function removeDeviceCookie(cookies: CookieJar, name: string, host: string): void {
  const domain = deviceCookieDomain(host);
  if (domain) cookies.remove(name, { path: '/', domain });
  cookies.remove(name, { path: '/' });
}
