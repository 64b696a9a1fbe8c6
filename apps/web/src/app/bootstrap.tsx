import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AUTH_ROUTES } from '@sorting/contracts';
import { splitLocalePath } from '@sorting/domain';
import { listBrowserCameras } from '../devices/scan-settings/cameras';
import { createScanSettingsStore } from '../devices/scan-settings/scan-settings';
import { listenForKeyboardWedge } from '../devices/scanner/keyboard-wedge-listener';
import { createScanInput } from '../devices/scanner/scan-input';
import { api } from '../lib/api';
import { beginUserAction, followUserActions } from '../lib/request-id';
import { createDocumentCookieJar } from '../lib/cookies';
import { createDevicesAccess } from '../shell/devices/devices-access';
import { queryClient } from '../lib/query-client';
import { runtimeSettingsQuery } from '../lib/runtime-settings';
import { browserScheduler } from '../lib/scheduler';
import { getLocalStorage, getSessionStorage } from '../lib/storage';
import { createChunkReload } from '../shell/chunk-reload/chunk-reload';
import { createI18nRegistry } from '../shell/i18n';
import { errorReporter, reportErrorsOf } from '../shell/error-reporting';
import { toastStore, withSuccessSignal } from '../shell/notifications';
import { createMainLoaderStore, queryActivity } from '../shell/main-loader/main-loader-store';
import { createAuthGuard, createSignInPageGate } from '../shell/session/auth-guard';
import { createSessionApi } from '../shell/session/session-api';
import { writeLkdToken } from '../shell/session/session-service';
import { createSessionStore } from '../shell/session/session-store';
import { browserAudioDeps, soundPlayer } from '../shell/sounds';
import { App } from './app';
import { COMMON_CATALOGUES, createCatalogueLoader } from './catalogues';
import { createAppRoutes, routerBusyStore } from './router';

/** Starts the app in `container`. */
export function bootstrap(container: HTMLElement): void {
  // Tells index.html's fallback for too old browsers that the bundle runs.
  container.setAttribute('data-started', '');
  const currentLocale = () => splitLocalePath(window.location.pathname).locale;

  // Declared before use by the chunk guard; assigned once the router exists.
  let pendingHref: () => string | undefined = () => undefined;

  const chunkReload = createChunkReload({
    storage: getSessionStorage(),
    now: () => Date.now(),
    reload: (href) => (href ? window.location.assign(href) : window.location.reload()),
    showMessage: () => {
      const i18n = registry.instance(currentLocale());
      toastStore.notify({ status: 'attention', content: i18n.t('chunkReload.message') });
    },
  });

  const guardChunk = <T,>(load: () => Promise<T>): Promise<T> =>
    load().catch((error: unknown) => {
      if (chunkReload.onChunkError(pendingHref()) === 'reloading') {
        // The page is being replaced: keep the navigation pending instead of failing it.
        return new Promise<T>(() => undefined);
      }
      throw error;
    });

  const registry = createI18nRegistry(COMMON_CATALOGUES, createCatalogueLoader(guardChunk));
  const session = createSessionStore();

  // Spec part 1 §8: every error is reported; the SDK loads with the first report only.
  reportErrorsOf(session);
  const cookies = createDocumentCookieJar();
  const sessionApi = createSessionApi(api);
  const signInSettings = {
    getSignInUrl: async () => (await queryClient.ensureQueryData(runtimeSettingsQuery)).signInUrl,
    isAlternativeAllowed: async () =>
      (await queryClient.ensureQueryData(runtimeSettingsQuery)).features.alternativeAuthentication,
    navigateExternal: (url: string) => window.location.assign(url),
  };
  const guard = createAuthGuard({
    session,
    searchUser: () => api.call(AUTH_ROUTES.searchUser, {}),
    ...signInSettings,
    writeToken: (token) => writeLkdToken(cookies, token),
  });
  const signInGate = createSignInPageGate(signInSettings);

  const router = createBrowserRouter(createAppRoutes({ registry, guard, guardChunk, signInGate }));
  pendingHref = () => {
    const target = router.state.navigation.location;
    return target ? router.createHref(target) : undefined;
  };

  chunkReload.start();

  const routerBusy = routerBusyStore(router);
  // From the very start, so work begun before the layout mounts counts from its real start.
  const mainLoader = createMainLoaderStore(browserScheduler, [
    routerBusy,
    queryActivity(queryClient),
  ]);

  const scanInput = createScanInput({
    play: (name) => soundPlayer.play(name),
    now: browserScheduler.now,
    mark: browserAudioDeps.mark,
  });
  // One request id per user action: a tap, a key, a scan (lib/request-id.ts).
  followUserActions(document);
  scanInput.onReceive(() => {
    beginUserAction();
  });
  // The keyboard-wedge scanner works wherever the focus is, on every page, for the app's life.
  listenForKeyboardWedge({
    target: document,
    onScan: (text) => {
      scanInput.push(text, 'scanner');
    },
  });

  const devicesText = (key: string, options?: Record<string, string>) =>
    registry
      .ensure(currentLocale(), ['devices'])
      .then((i18n) => i18n.t(key as 'printerUnavailable', { ns: 'devices', ...options }));
  const devices = createDevicesAccess(() =>
    Promise.all([
      guardChunk(() => import('../shell/devices/devices-runtime')),
      queryClient.ensureQueryData(runtimeSettingsQuery),
    ]).then(([module, settings]) =>
      module.createDevicesRuntime({
        cookies,
        getHost: () => window.location.hostname,
        scheduler: browserScheduler,
        fetch: (input, init) => fetch(input, init),
        WebSocket: window.WebSocket,
        random: Math.random,
        isCookieEnabled: () => navigator.cookieEnabled,
        notify: (input) => toastStore.notify(input),
        reportError: (error, flow) => errorReporter.captureException(error, { flow }),
        translate: devicesText,
        settings,
        hasSession: () => session.getUser() !== null,
      }),
    ),
  );

  // Runtime settings: read once at start, in parallel with the first route.
  void queryClient.prefetchQuery(runtimeSettingsQuery);

  createRoot(container).render(
    <StrictMode>
      <App
        router={router}
        queryClient={queryClient}
        services={{
          cookies,
          scheduler: browserScheduler,
          sounds: withSuccessSignal(soundPlayer, toastStore),
          toasts: toastStore,
          session,
          sessionApi,
          localStorage: getLocalStorage(),
          routerBusy,
          mainLoader,
          scanInput,
          scanSettings: createScanSettingsStore(cookies, () => window.location.hostname),
          listCameras: listBrowserCameras,
          devices,
        }}
      />
    </StrictMode>,
  );

  // Not needed for the first screen (DOMPurify comes with the first toast, shell/notifications).
  window.setTimeout(() => {
    // Spec part 1 §8: tell the worker at once when the browser keeps no cookies.
    import('../shell/devices/cookie-warning')
      .then((module) =>
        module.warnIfCookiesDisabled({
          cookies,
          host: window.location.hostname,
          isCookieEnabled: navigator.cookieEnabled,
          getText: () => devicesText('cookiesDisabled'),
          notify: (content) => toastStore.notify(content),
        }),
      )
      .catch(() => undefined);
  }, 0);
}
