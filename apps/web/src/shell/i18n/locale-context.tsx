import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '@sorting/domain';

export interface LocaleValue {
  locale: Locale;
  /** Prefix of the route tree in use: '' or '/ru' for Russian, '/en' for English. */
  base: string;
}

const LocaleContext = createContext<LocaleValue>({ locale: 'ru', base: '' });

/** Tells the pages of a route tree its locale and path prefix. */
export function LocaleProvider(props: LocaleValue & { children: ReactNode }) {
  const { locale, base } = props;
  const value = useMemo(() => ({ locale, base }), [locale, base]);
  return <LocaleContext.Provider value={value}>{props.children}</LocaleContext.Provider>;
}

/** The locale of the page and its route prefix. */
export function useLocale(): LocaleValue {
  return useContext(LocaleContext);
}

/** Turns an app path ('/sorting') into a link of the current locale ('/en/sorting'). */
export function useLocalizedPath(): (path: string) => string {
  const { base } = useLocale();
  return (path) => (base && path === '/' ? base : `${base}${path}`);
}
