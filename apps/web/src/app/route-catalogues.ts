import type { ResourceKey } from 'i18next';
import type { Locale } from '@sorting/domain';

/**
 * The catalogues of the routes that render a shared feature, one namespace per route (part 1
 * §2): src/features/<feature>/routes/<namespace>/locales/<locale>.json. Loaded with the first
 * such route (catalogues.ts), so their map stays off the first screen.
 */
export const ROUTE_CATALOGUES = import.meta.glob<ResourceKey>(
  '../features/*/routes/*/locales/*.json',
  { import: 'default' },
);

/** Where a route namespace's catalogue lives, if a shared feature has it. */
export function routeCataloguePath(locale: Locale, namespace: string): string | undefined {
  const tail = `/routes/${namespace}/locales/${locale}.json`;
  return Object.keys(ROUTE_CATALOGUES).find((key) => key.endsWith(tail));
}

/** The loader of a route namespace's catalogue, if a shared feature has it. */
export function routeCatalogue(
  locale: Locale,
  namespace: string,
): (() => Promise<ResourceKey>) | undefined {
  const path = routeCataloguePath(locale, namespace);
  return path ? ROUTE_CATALOGUES[path] : undefined;
}
