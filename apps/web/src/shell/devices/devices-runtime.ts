// The printer and scale of this device, put together from the adapters (lazy chunk: loaded by
// the header's device status once a user is signed in, or by the first print).
import { printingApiBase, type TRuntimeSettings } from '@sorting/contracts';
import { checkCookiesWithAgent, SCALE_COOKIE_CHECK_NAME } from '../../devices/cookie-check';
import {
  createPrinterIdCookies,
  createScaleIdCookies,
  type DeviceIdCookies,
} from '../../devices/device-ids';
import { createSignalRHub } from '../../devices/printer/hub-connection';
import {
  createLocalSocketOpener,
  type WebSocketConstructor,
} from '../../devices/printer/local-socket';
import {
  createPrinterService,
  type PrinterProblem,
  type PrinterService,
} from '../../devices/printer/printer-service';
import {
  createScaleClient,
  ScaleError,
  type ScaleClient,
  type ScaleIds,
} from '../../devices/scale/scale-client';
import type { FetchFn } from '../../lib/api-client';
import type { CookieJar } from '../../lib/cookies';
import type { Scheduler } from '../../lib/scheduler';
import type { NotifyInput } from '../notifications/notification';
import { DEVICES_TOAST_FLOW } from './devices-toast-flow';
import { createPrintingApi, type PrintingApi } from './printing-api';

/** A text of the 'devices' catalogue in the current locale. */
export type DevicesTranslate = (key: string, options?: Record<string, string>) => Promise<string>;

export interface DevicesRuntimeDeps {
  cookies: CookieJar;
  getHost: () => string;
  scheduler: Scheduler;
  fetch: FetchFn;
  WebSocket: WebSocketConstructor;
  random: () => number;
  isCookieEnabled: () => boolean | undefined;
  notify: (input: NotifyInput | string) => void;
  /** A failed printing-hub start or invoke, for its error report (spec part 1 §8). */
  reportError?: (error: unknown, flow: string) => void;
  translate: DevicesTranslate;
  settings: Pick<TRuntimeSettings, 'printerServiceUrl' | 'printingHubUrl' | 'scaleServiceUrl'>;
  /**
   * Whether a user is signed in: the hub needs a session, so without one only the local channel
   * runs (docs/DECISIONS.md "Device pages"). Default: signed in.
   */
  hasSession?: () => boolean;
}

export interface DevicesRuntime {
  printer: PrinterService;
  scale: ScaleClient;
  scaleIds: DeviceIdCookies;
  printingApi: PrintingApi;
  /** Tells the worker (toast) about a printer problem. */
  report(problem: PrinterProblem): void;
  /** Keeps the connections up while held; the last release stops them. */
  acquire(): () => void;
  /**
   * The scale of this device: the device cookies, else the scale of the agent on this computer,
   * which is then kept in the cookies; null when neither names one.
   */
  resolveScaleIds(signal?: AbortSignal): Promise<ScaleIds | null>;
  /**
   * Reads a stable weight (kg) from the scale of `resolveScaleIds`; without one it rejects with
   * ScaleError `notConfigured` and a toast says how to set one up.
   */
  readStableWeight(signal?: AbortSignal): Promise<number>;
  /** Asks the header to open the printer and scale dialog ("redirected to the printer service"). */
  openDialog(): void;
  /** The header listens for `openDialog` (a request made before it listened is delivered at once); returns the unsubscribe. */
  onOpenDialog(listener: () => void): () => void;
}

/** Whether the printer socket and the scale service are the same agent (host and port). */
function isSameAgent(printerServiceUrl: string, scaleServiceUrl: string): boolean {
  try {
    const socket = new URL(printerServiceUrl);
    const service = new URL(scaleServiceUrl);
    return socket.hostname === service.hostname && socket.port === service.port;
  } catch {
    return false;
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Builds the runtime; nothing connects until `acquire`. */
export function createDevicesRuntime(deps: DevicesRuntimeDeps): DevicesRuntime {
  const printerIds = createPrinterIdCookies(deps.cookies, deps.getHost);
  // Whether the agent's last answer to a call was a refused connection (no agent runs).
  let isAgentRefused = false;
  const agentFetch: FetchFn = (input, init) =>
    deps.fetch(input, init).then(
      (response) => {
        isAgentRefused = false;
        return response;
      },
      (error: unknown) => {
        if (!isAbort(error)) isAgentRefused = true;
        throw error;
      },
    );
  const scale = createScaleClient({
    fetch: agentFetch,
    baseUrl: deps.settings.scaleServiceUrl,
    scheduler: deps.scheduler,
  });

  const report = (problem: PrinterProblem) => {
    const text =
      problem.kind === 'printFailed'
        ? problem.message
          ? deps.translate('printFailedReason', { reason: problem.message })
          : deps.translate('printFailed')
        : deps.translate(problem.kind);
    void text.then((content) =>
      deps.notify({ status: 'error', content, flow: DEVICES_TOAST_FLOW }),
    );
  };

  const printer = createPrinterService({
    scheduler: deps.scheduler,
    random: deps.random,
    openLocalSocket: createLocalSocketOpener(deps.settings.printerServiceUrl, deps.WebSocket),
    createHub: createSignalRHub(deps.settings.printingHubUrl, deps.reportError),
    device: {
      read: () => {
        const ids = printerIds.read();
        return { printerAppId: ids.appId, printerId: ids.deviceId };
      },
      write: (ids) => printerIds.write({ appId: ids.printerAppId, deviceId: ids.printerId }),
    },
    report,
  });

  const scaleIds = createScaleIdCookies(deps.cookies, deps.getHost);
  let scaleLookup: Promise<ScaleIds | null> | null = null;

  const resolveScaleIds = async (signal?: AbortSignal): Promise<ScaleIds | null> => {
    const kept = scaleIds.read();
    if (kept.appId && kept.deviceId) return { appId: kept.appId, scaleId: kept.deviceId };
    // One question to the agent at a time; an aborted caller does not abort the others'.
    scaleLookup ??= scale.findAgentScale().finally(() => {
      scaleLookup = null;
    });
    const found = await scaleLookup;
    if (signal?.aborted) {
      throw Object.assign(new Error('The scale read was aborted'), { name: 'AbortError' });
    }
    const now = scaleIds.read();
    if (now.appId && now.deviceId) return { appId: now.appId, scaleId: now.deviceId };
    // A typed app id of another agent is the user's choice: not overridden.
    if (found === null || (now.appId !== null && now.appId !== found.appId)) return null;
    scaleIds.write({ appId: found.appId, deviceId: found.scaleId });
    return found;
  };
  const dialogListeners = new Set<() => void>();
  // A screen may ask before the header's (lazy) status button listens: the request waits for it.
  let isDialogRequested = false;
  let holders = 0;
  let stopTimer: ReturnType<Scheduler['setTimeout']> | null = null;

  /** The local socket's first try: true open, false refused, null when it is not tried. */
  const localOutcome = () =>
    new Promise<boolean | null>((resolve) => {
      const decide = (): boolean => {
        const { isStarted, local } = printer.getSnapshot();
        if (!isStarted || !local.isNeeded) resolve(null);
        else if (local.status === 'connecting') return false;
        else resolve(local.status === 'connected');
        return true;
      };
      if (decide()) return;
      const unsubscribe = printer.subscribe(() => {
        if (decide()) unsubscribe();
      });
    });

  /**
   * The agent's probes of a start, one after another: a refused connection is an error in the
   * browser's console, so while no agent runs there is one, not one per probe (docs/DECISIONS.md
   * "Printer and scale in the web app", no agent). The socket goes first; the scale service,
   * when it is the same agent, is asked only if the socket opened; the agent's cookie check
   * only if the scale service answered.
   */
  const probeAgent = async () => {
    const { printerServiceUrl, scaleServiceUrl } = deps.settings;
    const socket = isSameAgent(printerServiceUrl, scaleServiceUrl) ? await localOutcome() : null;
    let isAgentUp = socket !== false;
    if (isAgentUp) {
      // The header shows the agent's scale as set up from the start.
      await resolveScaleIds().catch(() => null);
      isAgentUp = !isAgentRefused;
    }
    // Spec part 1 §8: cookies off (browser or, when it answers, the agent) → one toast.
    const isEnabled = await checkCookiesWithAgent({
      cookies: deps.cookies,
      host: deps.getHost(),
      isCookieEnabled: deps.isCookieEnabled(),
      probeValue: String(Math.floor(deps.random() * 1e9)),
      name: SCALE_COOKIE_CHECK_NAME,
      agentUrl: scaleServiceUrl,
      // An agent that is not there says nothing about cookies (null): not asked.
      checkAgent: (name, value, options) =>
        isAgentUp ? scale.checkCookie(name, value, options) : Promise.resolve(null),
    });
    if (!isEnabled) report({ kind: 'cookiesDisabled' });
  };

  // Whether the running channels were started without the hub (no session then).
  let isHubOff = false;
  const start = () => {
    isHubOff = !(deps.hasSession?.() ?? true);
    printer.start({ isHubOff });
    void probeAgent();
  };

  return {
    printer,
    scale,
    scaleIds,
    printingApi: createPrintingApi(deps.fetch, printingApiBase(deps.settings.printingHubUrl)),
    report,
    resolveScaleIds,
    async readStableWeight(signal) {
      const ids = await resolveScaleIds(signal);
      if (ids === null) {
        void deps
          .translate('scaleNotConfigured')
          .then((content) => deps.notify({ status: 'error', content }));
        throw new ScaleError('notConfigured');
      }
      return scale.readStableWeight(ids, signal);
    },
    openDialog() {
      if (dialogListeners.size === 0) {
        isDialogRequested = true;
        return;
      }
      for (const listener of [...dialogListeners]) listener();
    },
    onOpenDialog(listener) {
      dialogListeners.add(listener);
      if (isDialogRequested) {
        isDialogRequested = false;
        listener();
      }
      return () => {
        dialogListeners.delete(listener);
      };
    },
    acquire() {
      holders++;
      if (stopTimer !== null) {
        deps.scheduler.clearTimeout(stopTimer);
        stopTimer = null;
      } else if (holders === 1 && !printer.getSnapshot().isStarted) {
        start();
      }
      // A user signed in since the channels started without the hub: started again with it.
      if (isHubOff && (deps.hasSession?.() ?? true) && printer.getSnapshot().isStarted) {
        printer.stop();
        start();
      }
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        holders--;
        if (holders > 0) return;
        // Deferred: a remount right after (React StrictMode, a re-render) keeps the sockets.
        stopTimer = deps.scheduler.setTimeout(() => {
          stopTimer = null;
          if (holders === 0) printer.stop();
        }, 0);
      };
    },
  };
}
