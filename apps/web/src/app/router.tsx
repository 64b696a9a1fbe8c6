import type { RouteObject } from 'react-router';
import type { Locale } from '@sorting/domain';
import type { I18nRegistry } from '../shell/i18n';
import { LocaleRoot } from '../shell/layout/locale-root';
import { NotFoundPage } from '../shell/layout/not-found-page';
import { RouteError } from '../shell/layout/route-error';
import type { FlagStore } from '../shell/shell-services';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, type AppRoute } from './routes';
import { PAGES } from '../lib/page-paths';

/**
 * The same route tree is mounted three times: '/' and '/ru' serve Russian, '/en' English.
 * The locale comes from the URL prefix, never from state.
 */
export const LOCALE_TREES: readonly { locale: Locale; base: string }[] = [
  { locale: 'ru', base: '' },
  { locale: 'ru', base: '/ru' },
  { locale: 'en', base: '/en' },
];

export interface AppRoutesDeps {
  registry: I18nRegistry;
  /** The sign-in guard of protected routes (optional on a public page that needs the user). */
  guard: (args: { request: Request; base: string; isOptional?: boolean }) => Promise<null>;
  /** Wraps a dynamic import: a failed chunk reloads the app (spec part 2 §2). */
  guardChunk: <T>(load: () => Promise<T>) => Promise<T>;
  /** The loader of our sign-in page: the external page instead when ours is not allowed. */
  signInGate?: (args: { request: Request; base: string }) => Promise<null>;
}

// While a route chunk loads on the first start, the layout shows and the page area stays empty.
function PageFallback() {
  return null;
}

/** Our sign-in page (spec part 1 §2 /user-auth). */
const SIGN_IN_PATH = PAGES.signIn;

/** The route objects of all three locale trees. */
export function createAppRoutes(deps: AppRoutesDeps): RouteObject[] {
  return LOCALE_TREES.map(({ locale, base }) => {
    const loadCatalogues = (ns: string) => async () => {
      await deps.registry.ensure(locale, ['common', ns]);
      return null;
    };
    const page = (route: AppRoute): RouteObject => {
      const catalogues = loadCatalogues(route.ns);
      const gate = route.path === SIGN_IN_PATH ? deps.signInGate : undefined;
      const common = {
        loader: route.needsSessionUser
          ? async ({ request }: { request: Request }) => {
              await Promise.all([catalogues(), deps.guard({ request, base, isOptional: true })]);
              return null;
            }
          : gate
            ? async ({ request }: { request: Request }) => {
                await Promise.all([catalogues(), gate({ request, base })]);
                return null;
              }
            : catalogues,
        lazy: async () => {
          const module = await deps.guardChunk(route.load);
          return { Component: module.default };
        },
        HydrateFallback: PageFallback,
      };
      return route.path === '/'
        ? { index: true, ...common }
        : { path: route.path.slice(1), ...common };
    };
    return {
      path: base || '/',
      element: <LocaleRoot locale={locale} base={base} registry={deps.registry} />,
      children: [
        {
          // Errors show inside the layout, so header and locale switch stay usable.
          ErrorBoundary: RouteError,
          children: [
            ...PUBLIC_ROUTES.map(page),
            {
              loader: ({ request }) => deps.guard({ request, base }),
              HydrateFallback: PageFallback,
              children: PROTECTED_ROUTES.map(page),
            },
            {
              path: '*',
              loader: async () => {
                await deps.registry.ensure(locale, ['common']);
                return null;
              },
              Component: NotFoundPage,
              HydrateFallback: PageFallback,
            },
          ],
        },
      ],
    };
  });
}

/** A router's busy flag: not started yet, or loading a navigation. */
export function routerBusyStore(router: {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe: (listener: () => void) => () => void;
}): FlagStore {
  return {
    subscribe: (listener) => router.subscribe(() => listener()),
    getSnapshot: () => !router.state.initialized || router.state.navigation.state !== 'idle',
  };
}
