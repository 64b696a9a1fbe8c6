import type { TSessionUser } from '@sorting/contracts';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createMemoryCookieJar } from '../lib/cookies';
import { createAuthGuard } from '../shell/session/auth-guard';
import { createSessionStore } from '../shell/session/session-store';
import { ShellServicesProvider } from '../shell/shell-services';
import { createTestRegistry } from '../test/render';
import { createTestServices } from '../test/services';
import { createAppRoutes, routerBusyStore } from './router';
import { WORKFLOW_ROUTES } from '../features/workflow/workflow-routes';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';

interface Options {
  isSignedIn?: boolean;
  /** The server's user search answer (default: nobody signed in). */
  searchUser?: () => Promise<{ isSuccess: boolean; operationObject: TSessionUser | null }>;
  guardChunk?: <T>(load: () => Promise<T>) => Promise<T>;
  signInGate?: (args: { request: Request; base: string }) => Promise<null>;
  registry?: ReturnType<typeof createTestRegistry>;
}

async function renderApp(url: string, options: Options = {}) {
  const session = createSessionStore();
  if (options.isSignedIn) {
    session.setUser({ userId: '1', number: '1', userName: 'Test', defaultWarehouseNumber: null });
  }
  const searchUser =
    options.searchUser ?? (async () => ({ isSuccess: false, operationObject: null }));
  const guard = createAuthGuard({
    session,
    searchUser,
    getSignInUrl: async () => null,
    navigateExternal: () => undefined,
  });
  const router = createMemoryRouter(
    createAppRoutes({
      registry: options.registry ?? createTestRegistry(),
      guard,
      guardChunk: options.guardChunk ?? ((load) => load()),
      ...(options.signInGate ? { signInGate: options.signInGate } : {}),
    }),
    { initialEntries: [url] },
  );
  const cookies = createMemoryCookieJar();
  const ui = (
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider
        services={createTestServices({ cookies, session, routerBusy: routerBusyStore(router) })}
      >
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </ShellServicesProvider>
    </QueryClientProvider>
  );
  render(ui);
  return { router, cookies };
}

/** A test registry that records the namespaces each route loader asked for. */
function recordingRegistry() {
  const registry = createTestRegistry();
  const ensured: string[][] = [];
  const ensure = registry.ensure.bind(registry);
  registry.ensure = (locale, namespaces) => {
    ensured.push([...namespaces]);
    return ensure(locale, namespaces);
  };
  return { registry, ensured };
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

describe('locale route trees', () => {
  it.each([
    ['/outdated-browser', 'Браузер устарел', 'ru'],
    ['/ru/outdated-browser', 'Браузер устарел', 'ru'],
    ['/en/outdated-browser', 'Your browser is outdated', 'en'],
  ])('%s serves %s', async (url, title, lang) => {
    await renderApp(url);
    expect((await heading()).textContent).toBe(title);
    expect(screen.getByText('Chrome 90')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe(lang));
    // Each screen names itself after the app's name (docs/DECISIONS.md "Web shell").
    await waitFor(() =>
      expect(document.title).toBe(`${lang === 'en' ? 'Sorting' : 'Сортировка'} — ${title}`),
    );
  });

  it('renders the home menu, translated', async () => {
    await renderApp('/en');
    expect((await heading()).textContent).toBe('Sorting');
    expect(screen.getByTestId('menu-user-auth').textContent).toBe('Sign in');
    expect(screen.getByTestId('menu-user-auth').getAttribute('href')).toBe('/en/user-auth');
  });

  it('the home page learns who is signed in after a reload and shows their tiles', async () => {
    await renderApp('/en', {
      searchUser: async () => ({
        isSuccess: true,
        operationObject: {
          Id: 7,
          Number: 2001,
          Name: 'Петрова Мария',
          DefaultWarehouseNumber: 34717,
          Roles: ['supervisor'],
          SortingCenterId: 34717,
        },
      }),
    });
    expect((await heading()).textContent).toBe('Sorting');
    expect(screen.getByTestId('menu-time-tracking').textContent).toBe('Time tracking');
    expect(screen.getByTestId('menu-users').getAttribute('href')).toBe('/en/users');
    expect(screen.queryByTestId('menu-user-auth')).toBeNull();
  });

  it('switches the locale from the header', async () => {
    const { router, cookies } = await renderApp('/user-auth');
    expect((await screen.findByTestId('user-auth-prompt')).textContent).toBe(
      'Сканируйте бейдж сотрудника',
    );
    await userEvent.click(screen.getByTestId('locale-en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user-auth'));
    // The Russian page may still be up for a moment while the English tree loads.
    await waitFor(() =>
      expect(screen.getByTestId('user-auth-prompt').textContent).toBe('Scan your employee badge'),
    );
    expect(cookies.get('NEXT_LOCALE')).toBe('en');
    await userEvent.click(screen.getByTestId('locale-ru'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-auth'));
    expect(cookies.get('NEXT_LOCALE')).toBe('ru');
    await waitFor(() =>
      expect(screen.getByTestId('user-auth-prompt').textContent).toBe(
        'Сканируйте бейдж сотрудника',
      ),
    );
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/en/nowhere');
    expect((await heading()).textContent).toBe('Page not found');
  });
});

describe('sign-in guard', () => {
  it('sends a protected route to sign-in with the requested path', async () => {
    const { router } = await renderApp('/sorting');
    expect((await screen.findByTestId('user-auth-prompt')).textContent).toBe(
      'Сканируйте бейдж сотрудника',
    );
    expect(router.state.location.pathname).toBe('/user-auth');
    expect(router.state.location.search).toBe('?redirect=%2Fsorting');
  });

  it('keeps the locale prefix of the requested page', async () => {
    const { router } = await renderApp('/en/picking/pickup/C-1');
    expect((await screen.findByTestId('user-auth-prompt')).textContent).toBe(
      'Scan your employee badge',
    );
    expect(router.state.location.pathname).toBe('/en/user-auth');
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fpicking%2Fpickup%2FC-1');
  });

  it('asks the sign-in gate before our sign-in page opens (alternative authentication)', async () => {
    const asked: string[] = [];
    await renderApp('/sorting', {
      signInGate: async ({ request, base }) => {
        asked.push(`${base}|${new URL(request.url).pathname}`);
        return null;
      },
    });
    expect((await screen.findByTestId('user-auth-prompt')).textContent).toBe(
      'Сканируйте бейдж сотрудника',
    );
    expect(asked).toEqual(['|/user-auth']);
  });

  it('lets public routes through without a user', async () => {
    const { router } = await renderApp('/notifications');
    expect((await heading()).textContent).toBe('Проверка уведомлений и звуков');
    expect(router.state.location.pathname).toBe('/notifications');
  });
});

describe('every route', () => {
  const concrete = (path: string) => path.replace(/:\w+/g, '7');

  /** Routes whose area is built: they render their own screen, tested in their feature. */
  const BUILT_ROUTES = new Set([
    '/sorting',
    '/topology',
    '/time-tracking',
    '/users',
    '/errors',
    '/returnable-boxes',
    '/returns',
    '/deconsolidation',
    '/vision',
    '/documents-flow',
    '/dimensions',
    '/picking',
    '/picking/pickup/:clientCode',
    '/picking/pickup',
    '/picking/delivery',
    '/picking/delivery/:pickingId',
    '/audit/:sessionId?',
    '/inbound',
    '/shipment',
    '/stickering-redirect-catch',
    // The workflows the server runs (SERVED_WORKFLOW_NAMES; the others keep the placeholder).
    '/print-box-sticker',
    '/placing',
    '/consolidation',
    '/parcels-placing',
    '/place-to-storage',
    '/parcel-picking-in-storage',
    '/cargo-picking',
    '/cargo-picking-v2',
    '/loading',
    '/loading-v2',
    '/receipt-cargo',
    '/parcels-picking',
    '/packing',
  ]);

  it.each(
    PROTECTED_ROUTES.filter((route) => !BUILT_ROUTES.has(route.path)).map((route) => [route.path]),
  )('%s renders its page with the not-available block', async (path) => {
    await renderApp(concrete(path), { isSignedIn: true });
    await heading();
    expect(screen.getByTestId('no-data').textContent).toContain('Раздел пока недоступен');
    expect(screen.getByTestId('scan-panel')).toBeTruthy();
  });

  // Spec part 1 §2: the thirteen workflow routes render one feature through the route table,
  // each titled from its own namespace, which the route loads with it.
  it.each([
    ['/en/placing', 'Placing', 'placing'],
    ['/print-box-sticker', 'Печать стикера короба', 'print-box-sticker'],
    ['/consolidation', 'Консолидация', 'consolidation'],
    ['/en/parcel-picking-in-storage', 'Parcel picking in storage', 'parcel-picking-in-storage'],
    ['/cargo-picking', 'Отбор грузовых мест', 'cargo-picking'],
    ['/en/cargo-picking-v2', 'Cargo picking (v2)', 'cargo-picking-v2'],
    ['/loading-v2', 'Погрузка (v2)', 'loading-v2'],
    ['/en/loading', 'Transit loading', 'loading'],
    ['/en/receipt-cargo', 'Cargo receipt', 'receipt-cargo'],
    ['/en/parcels-picking', 'Parcel picking', 'parcels-picking'],
    ['/packing', 'Упаковка', 'packing'],
    ['/en/packing', 'Packing', 'packing'],
  ])('%s renders the workflow screen titled %s from its namespace %s', async (url, title, ns) => {
    const { registry, ensured } = recordingRegistry();
    await renderApp(url, { isSignedIn: true, registry });
    expect((await heading()).textContent).toBe(title);
    expect(screen.getByTestId('workflow-screen')).toBeTruthy();
    expect(screen.queryByTestId('not-available')).toBeNull();
    expect(ensured).toContainEqual(['common', ns]);
  });

  it('serves every workflow route from the one workflow feature, none from its own folder', async () => {
    const workflow = PROTECTED_ROUTES.filter((route) =>
      (WORKFLOW_ROUTES as readonly string[]).includes(route.ns),
    );
    expect(workflow.map((route) => route.path)).toEqual(WORKFLOW_ROUTES.map((ns) => `/${ns}`));
    const pages = await Promise.all(workflow.map(async (route) => (await route.load()).default));
    // The workflows the server runs render the screen, the others still the placeholder.
    expect(pages.map((page) => page.name)).toEqual(
      WORKFLOW_ROUTES.map((ns) =>
        [
          'placing',
          'print-box-sticker',
          'consolidation',
          'parcels-placing',
          'place-to-storage',
          'parcel-picking-in-storage',
          'cargo-picking',
          'cargo-picking-v2',
          'loading',
          'loading-v2',
          'receipt-cargo',
          'parcels-picking',
          'packing',
        ].includes(ns)
          ? 'WorkflowScreenPage'
          : 'WorkflowScreen',
      ),
    );
    expect(new Set(pages).size).toBe(WORKFLOW_ROUTES.length);
  });

  it.each(PUBLIC_ROUTES.map((route) => [route.path]))('%s renders in English', async (path) => {
    await renderApp(`/en${path === '/' ? '' : path}`);
    expect((await heading()).textContent).not.toBe('');
    expect(screen.queryByText('Раздел пока недоступен')).toBeNull();
  });
});

describe('first load', () => {
  it('shows the layout while the page chunk is still loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold back page chunks only (a page module's default export is a component).
    const holdPages = async <T,>(load: () => Promise<T>): Promise<T> => {
      const module = await load();
      if (typeof (module as { default?: unknown }).default === 'function') await gate;
      return module;
    };
    await renderApp('/user-auth', { guardChunk: holdPages });
    expect(await screen.findByTestId('locale-switch')).toBeTruthy();
    expect(screen.queryByTestId('user-auth-prompt')).toBeNull();
    release();
    expect(await screen.findByTestId('user-auth-prompt')).toBeTruthy();
  });
});
