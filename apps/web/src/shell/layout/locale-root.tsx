import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@sorting/domain';
import { LocaleProvider, type I18nRegistry } from '../i18n';
import { AppLayout } from './app-layout';

/** Keeps <html lang>, the title and the manifest link in the locale of the page. */
export function applyDocumentLocale(doc: Document, locale: Locale, title: string): void {
  doc.documentElement.lang = locale;
  // A screen's own title («Сортировка — Выдача», set by its Page) is kept.
  if (!doc.title.startsWith(`${title} — `)) doc.title = title;
  const manifest = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', `/${locale}/manifest.webmanifest`);
}

/** The root of a locale's route tree ('/', '/ru' or '/en'). */
export function LocaleRoot(props: { locale: Locale; base: string; registry: I18nRegistry }) {
  const { locale, base, registry } = props;
  const i18n = registry.instance(locale);
  useEffect(() => {
    applyDocumentLocale(document, locale, i18n.t('appTitle'));
  }, [i18n, locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <LocaleProvider locale={locale} base={base}>
        <AppLayout />
      </LocaleProvider>
    </I18nextProvider>
  );
}
