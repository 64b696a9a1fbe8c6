/** Supported locales (spec part 1 §2); ru is the default. */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
/** Cookie that keeps the chosen locale (spec part 1 §2). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** True when the text is a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export interface LocalePath {
  /** The locale the path serves: its prefix, or the default when it has none. */
  locale: Locale;
  /** The path without the locale prefix, always starting with '/'. */
  path: string;
  /** Whether the path carried a locale prefix. */
  hasPrefix: boolean;
}

/** Splits '/en/sorting' into en and '/sorting'; '/sorting' serves the default locale. */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([^/?#]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (isLocale(first)) {
    return { locale: first, path: match?.[2] ?? '/', hasPrefix: true };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/', hasPrefix: false };
}

/** Builds the path of a page in a locale; the default locale keeps its prefix only if asked. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `/${locale}${clean === '/' ? '' : clean}`;
}
