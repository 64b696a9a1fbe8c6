import { createInstance, type i18n as I18n, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LOCALES, type Locale } from '@sorting/domain';

/** Loads one catalogue: the namespace of a route area. */
export type CatalogueLoader = (locale: Locale, namespace: string) => Promise<ResourceKey>;

/** A namespace catalogue could not be loaded. */
export class CatalogueLoadError extends Error {
  constructor(locale: Locale, namespaces: string[]) {
    super(`Catalogues not loaded for ${locale}: ${namespaces.join(', ')}`);
    this.name = 'CatalogueLoadError';
  }
}

export interface I18nRegistry {
  /**
   * The instance of a locale, ready at once when its 'common' catalogue is bundled (Russian);
   * otherwise 'common' loads like a route catalogue (`ensure`).
   */
  instance(locale: Locale): I18n;
  /** Loads namespaces of a locale (one lazy catalogue per route) and resolves its instance. */
  ensure(locale: Locale, namespaces: readonly string[]): Promise<I18n>;
}

/**
 * One i18next instance per locale, each with a fixed language. The locale comes from the
 * URL prefix and each route tree renders with its own instance, so switching the locale never
 * re-renders the page being left in the new language.
 *
 * The shell's 'common' catalogue of the default locale is bundled: the layout, the main loader
 * and the toasts render the moment the bundle runs, without a round trip. Route catalogues (and
 * a 'common' catalogue that is not bundled) are loaded lazily through
 * i18next-resources-to-backend.
 */
export function createI18nRegistry(
  common: Partial<Record<Locale, ResourceKey>>,
  loadCatalogue: CatalogueLoader,
): I18nRegistry {
  const instances = new Map<Locale, I18n>();

  const instance = (locale: Locale): I18n => {
    let i18n = instances.get(locale);
    if (!i18n) {
      i18n = createInstance();
      i18n.use(
        resourcesToBackend((language: string, namespace: string) =>
          loadCatalogue(language as Locale, namespace),
        ),
      );
      // With bundled resources and initAsync off, init completes synchronously.
      void i18n.init({
        lng: locale,
        supportedLngs: [...LOCALES],
        fallbackLng: false,
        load: 'currentOnly',
        ns: ['common'],
        defaultNS: 'common',
        resources: common[locale] ? { [locale]: { common: common[locale] } } : {},
        partialBundledLanguages: true,
        initAsync: false,
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      });
      instances.set(locale, i18n);
    }
    return i18n;
  };

  return {
    instance,
    async ensure(locale, namespaces) {
      const i18n = instance(locale);
      const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(locale, ns));
      if (missing.length === 0) return i18n;
      await i18n.loadNamespaces(missing);
      const stillMissing = missing.filter((ns) => !i18n.hasResourceBundle(locale, ns));
      if (stillMissing.length > 0) throw new CatalogueLoadError(locale, stillMissing);
      return i18n;
    },
  };
}
