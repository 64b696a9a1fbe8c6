import type { ResourceKey } from 'i18next';
import type { Locale } from '@sorting/domain';
import type { CatalogueLoader } from '../shell/i18n';

import commonRu from '../shell/locales/ru.json';

/**
 * The shell's 'common' catalogue of the default locale, bundled (see createI18nRegistry); the
 * English one is a chunk of its own, loaded with the first English page's catalogue, so the
 * Russian first screen does not carry it (its 150 kB budget, docs/DECISIONS.md "Web shell").
 */
export const COMMON_CATALOGUES: Partial<Record<Locale, ResourceKey>> = { ru: commonRu };

// Each route area's catalogue is its own chunk, loaded with its route:
// src/features/<area>/locales/<locale>.json. A part of the shell that is itself lazy (the
// camera viewfinder, printer and scale status and dialog) keeps its texts the same way in
// src/shell/<part>/locales/<locale>.json, namespace <part>, so they stay out of the first screen.
// A feature that several routes render keeps each route's catalogue (part 1 §2: each route
// loads its namespace) in src/features/<feature>/routes/<namespace>/locales/<locale>.json; their
// map is a chunk of its own (route-catalogues.ts), so the first screen carries none of them.
const catalogues = import.meta.glob<ResourceKey>(
  ['../features/*/locales/*.json', '../shell/*/locales/*.json', '../shell/locales/en.json'],
  { import: 'default' },
);

/** Shell parts with a lazy catalogue of their own; their namespace is the folder name. */
export const LAZY_SHELL_NAMESPACES: readonly string[] = [
  'camera-viewfinder',
  'devices',
  'text-reader',
];

/** Where the catalogue of a route (or lazy shell) namespace lives. */
export function cataloguePath(locale: Locale, namespace: string): string {
  if (namespace === 'common') return `../shell/locales/${locale}.json`;
  const area = LAZY_SHELL_NAMESPACES.includes(namespace) ? 'shell' : 'features';
  return `../${area}/${namespace}/locales/${locale}.json`;
}

/** The route catalogue loader; `guard` wraps each dynamic import (chunk reload on failure). */
export function createCatalogueLoader(
  guard: <T>(load: () => Promise<T>) => Promise<T>,
): CatalogueLoader {
  return (locale, namespace) => {
    const load = catalogues[cataloguePath(locale, namespace)];
    if (load) return guard(load);
    // A route of a feature that several routes render (features/<feature>/routes/<namespace>).
    return guard(() => import('./route-catalogues')).then(({ routeCatalogue }) => {
      const routed = routeCatalogue(locale, namespace);
      if (!routed) throw new Error(`No catalogue ${namespace} for ${locale}`);
      return guard(routed);
    });
  };
}

/** The namespaces that have catalogues (for tests). */
export function catalogueKeys(): string[] {
  return Object.keys(catalogues);
}
