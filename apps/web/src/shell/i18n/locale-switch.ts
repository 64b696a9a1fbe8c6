import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  splitLocalePath,
  type Locale,
} from '@sorting/domain';
import { FAR_FUTURE_EXPIRY, type CookieJar } from '../../lib/cookies';

/** Cookie with the default locale (spec part 2 §2: "cookies for the default locale"). */
export const DEFAULT_LOCALE_COOKIE = 'NEXT_DEFAULT_LOCALE';
/** Cookie with the list of locales. */
export const LOCALES_COOKIE = 'NEXT_LOCALES';

/**
 * Keeps the chosen locale (spec part 1 §2, part 2 §2). The server sends an unprefixed page to
 * /en/... while NEXT_LOCALE is en, so choosing ru must write ru, never just remove the cookie.
 */
export function persistLocale(cookies: CookieJar, locale: Locale): void {
  const options = { path: '/', expires: FAR_FUTURE_EXPIRY };
  cookies.set(LOCALE_COOKIE, locale, options);
  cookies.set(DEFAULT_LOCALE_COOKIE, DEFAULT_LOCALE, options);
  cookies.set(LOCALES_COOKIE, LOCALES.join(','), options);
}

/** Path prefix of a locale: none for the default locale, '/en' for English. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** The same page in another locale: '/en' + path for en, the unprefixed path for ru. */
export function localeSwitchTarget(
  location: { pathname: string; search?: string; hash?: string },
  locale: Locale,
): string {
  const { path } = splitLocalePath(location.pathname);
  const prefix = localePrefix(locale);
  const pathname = prefix && path === '/' ? prefix : `${prefix}${path}`;
  return `${pathname}${location.search ?? ''}${location.hash ?? ''}`;
}
