// The printer connection of spec part 1 §4 as a pure reducer: state + event → state + effects.
// No timers, sockets or cookies here; `printer-service.ts` runs the effects with adapters.
// A hand-written reducer rather than XState, like the keyboard-wedge detector: the rules are
// few, and every one is a plain function test.
import {
  LOCAL_PRINTER_CLOSE_REASON,
  type AgentPrinter,
  type HubNotification,
  type LocalPrinterRequest,
  type LocalPrinterResponse,
} from '@sorting/contracts';

/** Spec part 1 §9: the hub's own reconnect delays (SignalR `withAutomaticReconnect`). */
export const HUB_RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000] as const;
/** Spec part 1 §9: SignalR server timeout and keep-alive interval. */
export const HUB_SERVER_TIMEOUT_MS = 30_000;
export const HUB_KEEP_ALIVE_INTERVAL_MS = 15_000;
/** Spec part 1 §4, §9: after a hub error the app starts it again after a random delay ≤ 10 s. */
export const HUB_RETRY_JITTER_MS = 10_000;
/**
 * Delays between attempts to reopen the local websocket after a non-clean close (the spec
 * gives none; docs/DECISIONS.md "Printer and scale in the web app"): 1, 2, 5, 10 s, then
 * every 30 s.
 */
export const LOCAL_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
/** Close code of a normal closure (RFC 6455), sent with LOCAL_PRINTER_CLOSE_REASON. */
export const NORMAL_CLOSURE = 1000;

export type LocalStatus = 'disconnected' | 'connecting' | 'connected';
export type HubStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'errored';
/** What the hub told us about the device's printer app: nothing yet, connected, disconnected. */
export type HubPrinterStatus = 'unknown' | 'connected' | 'disconnected';

/** Spec part 1 §3 device settings: the printer app id and printer id cookies. */
export interface PrinterDeviceIds {
  printerAppId: string | null;
  printerId: string | null;
}

export interface LocalChannelState {
  status: LocalStatus;
  /** False while the page said it does not need the local socket (it is then closed). */
  isNeeded: boolean;
  /** Consecutive reconnects since the socket was last open. */
  reconnectAttempt: number;
  /**
   * An agent answered on this page since the last refused attempt: it runs on this workstation.
   * Otherwise a refused socket is not retried on a timer, only when asked (the device dialog):
   * each refusal is one more error in the browser's console (docs/DECISIONS.md "Printer and
   * scale in the web app", no agent).
   */
  hasOpened: boolean;
  isReconnectScheduled: boolean;
  /** How the socket last closed: null before any close. */
  lastCloseWasClean: boolean | null;
  version: string | null;
  appId: string | null;
  printers: AgentPrinter[];
  selectedPrinterId: string | null;
}

export interface HubChannelState {
  status: HubStatus;
  printer: HubPrinterStatus;
  /** The printers of the device's printer app, from its PrinterConnected. */
  printers: AgentPrinter[];
  isRetryScheduled: boolean;
}

export interface PrinterState {
  isStarted: boolean;
  local: LocalChannelState;
  hub: HubChannelState;
  device: PrinterDeviceIds;
}

export type PrinterEvent =
  /** `isHubOff`: no session, so the hub (which needs one) is not connected at all. */
  | { type: 'START'; device: PrinterDeviceIds; isHubOff?: boolean }
  | { type: 'STOP' }
  | { type: 'LOCAL_NEEDED'; isNeeded: boolean }
  | { type: 'LOCAL_OPENED' }
  | { type: 'LOCAL_MESSAGE'; message: LocalPrinterResponse }
  | { type: 'LOCAL_CLOSED'; wasClean: boolean }
  | { type: 'LOCAL_RECONNECT_DUE' }
  /** The worker looks for the agent (the printer dialog opened): one attempt now. */
  | { type: 'LOCAL_RETRY' }
  | { type: 'HUB_STARTED' }
  | { type: 'HUB_START_FAILED' }
  | { type: 'HUB_RECONNECTING' }
  | { type: 'HUB_RECONNECTED' }
  | { type: 'HUB_CLOSED' }
  | { type: 'HUB_INVOKE_FAILED' }
  | { type: 'HUB_RETRY_DUE' }
  | { type: 'HUB_NOTIFY'; notification: HubNotification }
  | { type: 'DEVICE_CHANGED'; device: PrinterDeviceIds };

export type PrinterEffect =
  | { type: 'openLocal' }
  | { type: 'closeLocal'; code: number; reason: string }
  | { type: 'sendLocal'; request: LocalPrinterRequest }
  | { type: 'scheduleLocalReconnect'; delayMs: number }
  | { type: 'cancelLocalReconnect' }
  | { type: 'startHub' }
  | { type: 'stopHub' }
  /** Spec part 1 §7: the client invokes AddPrinterClient(app id); the hub answers with Notify. */
  | { type: 'addPrinterClient'; appId: string }
  /** The runner picks the delay: `hubRetryDelay(random())`. */
  | { type: 'scheduleHubRetry' }
  | { type: 'cancelHubRetry' };

export interface Transition {
  state: PrinterState;
  effects: PrinterEffect[];
}

/** The state before START: both channels down, nothing known. */
export const initialPrinterState: PrinterState = {
  isStarted: false,
  local: {
    status: 'disconnected',
    isNeeded: true,
    reconnectAttempt: 0,
    hasOpened: false,
    isReconnectScheduled: false,
    lastCloseWasClean: null,
    version: null,
    appId: null,
    printers: [],
    selectedPrinterId: null,
  },
  hub: { status: 'disconnected', printer: 'unknown', printers: [], isRetryScheduled: false },
  device: { printerAppId: null, printerId: null },
};

/** The delay before the local socket's next reconnect attempt (0-based attempt). */
export function localReconnectDelay(attempt: number): number {
  const delays = LOCAL_RECONNECT_DELAYS_MS;
  return delays[Math.min(attempt, delays.length - 1)] ?? 30_000;
}

/** Spec part 1 §4: a random delay of up to 10 s; `random` is in [0, 1). */
export function hubRetryDelay(random: number): number {
  const clamped = Math.min(Math.max(random, 0), 1);
  return Math.round(clamped * HUB_RETRY_JITTER_MS);
}

/** Where a print job goes (spec part 1 §4, part 2 §5). */
export type PrintRoute =
  { channel: 'local' } | { channel: 'hub'; appId: string; printerId: string } | { channel: 'none' };

/**
 * The local socket when it is open with a selected printer; otherwise the hub when it is
 * connected, the device cookies name a printer and the hub has not said that printer's app is
 * gone; otherwise nowhere ('Принтер недоступен').
 */
export function choosePrintRoute(state: PrinterState): PrintRoute {
  if (state.local.status === 'connected' && state.local.selectedPrinterId) {
    return { channel: 'local' };
  }
  const { printerAppId, printerId } = state.device;
  if (
    state.hub.status === 'connected' &&
    state.hub.printer !== 'disconnected' &&
    printerAppId &&
    printerId
  ) {
    return { channel: 'hub', appId: printerAppId, printerId };
  }
  return { channel: 'none' };
}

/** What the header shows: the channel a print would take now. */
export function printerIndicator(state: PrinterState): 'local' | 'hub' | 'none' {
  return choosePrintRoute(state).channel;
}

const openLocal = (state: PrinterState): Transition => ({
  state: { ...state, local: { ...state.local, status: 'connecting', isReconnectScheduled: false } },
  effects: [{ type: 'openLocal' }],
});

/**
 * Spec part 1 §4: after a non-clean close the local socket reconnects unless the hub is
 * connected. Also used when the hub goes down while the local socket is still down.
 */
function maybeScheduleLocalReconnect(state: PrinterState): Transition {
  const { local } = state;
  const shouldReconnect =
    state.isStarted &&
    local.isNeeded &&
    local.status === 'disconnected' &&
    local.lastCloseWasClean === false &&
    // No agent has answered since the last refusal: each try is one more refusal in the
    // console, so it is tried again only when asked (the device dialog), not on a timer.
    local.hasOpened &&
    !local.isReconnectScheduled &&
    state.hub.status !== 'connected';
  if (!shouldReconnect) return { state, effects: [] };
  return {
    state: {
      ...state,
      local: { ...local, isReconnectScheduled: true, reconnectAttempt: local.reconnectAttempt + 1 },
    },
    effects: [
      { type: 'scheduleLocalReconnect', delayMs: localReconnectDelay(local.reconnectAttempt) },
    ],
  };
}

/** The hub failed (start, invoke, or closed for good): errored, started again after jitter. */
function hubErrored(state: PrinterState, stopFirst: boolean): Transition {
  if (!state.isStarted) return { state, effects: [] };
  const next: PrinterState = {
    ...state,
    hub: { ...state.hub, status: 'errored', isRetryScheduled: true },
  };
  const effects: PrinterEffect[] = [];
  if (stopFirst) effects.push({ type: 'stopHub' });
  if (!state.hub.isRetryScheduled) effects.push({ type: 'scheduleHubRetry' });
  const local = maybeScheduleLocalReconnect(next);
  return { state: local.state, effects: [...effects, ...local.effects] };
}

/** AddPrinterClient for the device's printer app, when the cookies name one. */
function announceApp(state: PrinterState): PrinterEffect[] {
  const appId = state.device.printerAppId;
  return appId ? [{ type: 'addPrinterClient', appId }] : [];
}

function onLocalMessage(state: PrinterState, message: LocalPrinterResponse): Transition {
  const local = state.local;
  switch (message.action) {
    case 'version':
      return {
        state: { ...state, local: { ...local, version: message.version, appId: message.appId } },
        effects: [],
      };
    case 'state':
      return {
        state: {
          ...state,
          local: {
            ...local,
            appId: message.appId,
            printers: message.printers,
            selectedPrinterId: message.selectedPrinterId,
          },
        },
        effects: [],
      };
    case 'selectPrinter':
      if (!message.isSuccess) return { state, effects: [] };
      return {
        state: { ...state, local: { ...local, selectedPrinterId: message.printerId } },
        // The agent's full state (readiness of the chosen printer) follows.
        effects: [{ type: 'sendLocal', request: { action: 'state' } }],
      };
    default:
      return { state, effects: [] };
  }
}

function onHubNotify(state: PrinterState, notification: HubNotification): Transition {
  // Only the device's own printer app matters; PrintBarcode is for agents, PrintJobFinished
  // for the print waiting on it (printer-service.ts).
  if (notification.type === 'PrintBarcode' || notification.type === 'PrintJobFinished') {
    return { state, effects: [] };
  }
  if (!state.device.printerAppId || notification.appId !== state.device.printerAppId) {
    return { state, effects: [] };
  }
  const hub: HubChannelState =
    notification.type === 'PrinterConnected'
      ? { ...state.hub, printer: 'connected', printers: notification.printers }
      : { ...state.hub, printer: 'disconnected', printers: [] };
  return { state: { ...state, hub }, effects: [] };
}

/** The one transition function of the printer connection. */
export function reducePrinter(state: PrinterState, event: PrinterEvent): Transition {
  switch (event.type) {
    case 'START': {
      if (state.isStarted) return { state, effects: [] };
      const started: PrinterState = {
        ...initialPrinterState,
        isStarted: true,
        local: { ...initialPrinterState.local, isNeeded: state.local.isNeeded },
        device: event.device,
        hub: { ...initialPrinterState.hub, status: event.isHubOff ? 'disconnected' : 'connecting' },
      };
      // docs/DECISIONS.md "Device pages": without a session only the local channel runs.
      const effects: PrinterEffect[] = event.isHubOff ? [] : [{ type: 'startHub' }];
      if (!started.local.isNeeded) return { state: started, effects };
      const local = openLocal(started);
      return { state: local.state, effects: [...local.effects, ...effects] };
    }
    case 'STOP': {
      if (!state.isStarted) return { state, effects: [] };
      const effects: PrinterEffect[] = [
        { type: 'cancelLocalReconnect' },
        { type: 'cancelHubRetry' },
        { type: 'stopHub' },
      ];
      if (state.local.status !== 'disconnected') {
        effects.unshift({
          type: 'closeLocal',
          code: NORMAL_CLOSURE,
          reason: LOCAL_PRINTER_CLOSE_REASON,
        });
      }
      return {
        state: {
          ...initialPrinterState,
          local: { ...initialPrinterState.local, isNeeded: state.local.isNeeded },
        },
        effects,
      };
    }
    case 'LOCAL_NEEDED': {
      const local = { ...state.local, isNeeded: event.isNeeded };
      if (!state.isStarted) return { state: { ...state, local }, effects: [] };
      if (!event.isNeeded) {
        const effects: PrinterEffect[] = [{ type: 'cancelLocalReconnect' }];
        if (state.local.status !== 'disconnected') {
          effects.push({
            type: 'closeLocal',
            code: NORMAL_CLOSURE,
            reason: LOCAL_PRINTER_CLOSE_REASON,
          });
        }
        return {
          state: {
            ...state,
            local: {
              ...local,
              status: 'disconnected',
              isReconnectScheduled: false,
              lastCloseWasClean: true,
              selectedPrinterId: null,
            },
          },
          effects,
        };
      }
      if (state.local.status !== 'disconnected' || state.local.isReconnectScheduled) {
        return { state: { ...state, local }, effects: [] };
      }
      return openLocal({ ...state, local: { ...local, reconnectAttempt: 0 } });
    }
    case 'LOCAL_OPENED':
      if (state.local.status !== 'connecting') return { state, effects: [] };
      return {
        state: {
          ...state,
          local: { ...state.local, status: 'connected', reconnectAttempt: 0, hasOpened: true },
        },
        effects: [
          { type: 'sendLocal', request: { action: 'version' } },
          { type: 'sendLocal', request: { action: 'state' } },
        ],
      };
    case 'LOCAL_MESSAGE':
      if (state.local.status !== 'connected') return { state, effects: [] };
      return onLocalMessage(state, event.message);
    case 'LOCAL_CLOSED': {
      // A close we asked for (page does not need it, stop) was already accounted for.
      if (state.local.status === 'disconnected') return { state, effects: [] };
      // Closed before it opened: the agent refused. The one refusal of this outage is in the
      // console; the timer stops until the agent is asked for again.
      const isRefused = state.local.status === 'connecting' && !event.wasClean;
      const closed: PrinterState = {
        ...state,
        local: {
          ...state.local,
          status: 'disconnected',
          lastCloseWasClean: event.wasClean,
          selectedPrinterId: null,
          hasOpened: state.local.hasOpened && !isRefused,
        },
      };
      return maybeScheduleLocalReconnect(closed);
    }
    case 'LOCAL_RECONNECT_DUE': {
      const local = { ...state.local, isReconnectScheduled: false };
      const due = { ...state, local };
      if (
        !state.isStarted ||
        !local.isNeeded ||
        local.status !== 'disconnected' ||
        state.hub.status === 'connected'
      ) {
        return { state: due, effects: [] };
      }
      return openLocal(due);
    }
    case 'LOCAL_RETRY':
      // Even while the hub is connected: an agent started after the page is found this way.
      if (!state.isStarted || !state.local.isNeeded || state.local.status !== 'disconnected') {
        return { state, effects: [] };
      }
      return {
        state: openLocal(state).state,
        effects: [
          ...(state.local.isReconnectScheduled ? [{ type: 'cancelLocalReconnect' as const }] : []),
          { type: 'openLocal' },
        ],
      };
    case 'HUB_STARTED':
      if (!state.isStarted || state.hub.status !== 'connecting') return { state, effects: [] };
      return {
        state: {
          ...state,
          hub: { ...state.hub, status: 'connected', printer: 'unknown', isRetryScheduled: false },
          local: { ...state.local, isReconnectScheduled: false },
        },
        // The hub is connected: the local socket is not retried meanwhile (spec part 1 §4).
        effects: [
          ...(state.local.isReconnectScheduled ? [{ type: 'cancelLocalReconnect' as const }] : []),
          ...announceApp(state),
        ],
      };
    case 'HUB_START_FAILED':
      if (state.hub.status !== 'connecting') return { state, effects: [] };
      return hubErrored(state, false);
    case 'HUB_RECONNECTING': {
      if (state.hub.status !== 'connected') return { state, effects: [] };
      const next = { ...state, hub: { ...state.hub, status: 'reconnecting' as const } };
      return maybeScheduleLocalReconnect(next);
    }
    case 'HUB_RECONNECTED':
      if (state.hub.status !== 'reconnecting') return { state, effects: [] };
      // Notifications may have been missed while away: ask again.
      return {
        state: { ...state, hub: { ...state.hub, status: 'connected', printer: 'unknown' } },
        effects: announceApp(state),
      };
    case 'HUB_CLOSED':
      if (state.hub.status !== 'connected' && state.hub.status !== 'reconnecting') {
        return { state, effects: [] };
      }
      return hubErrored(state, false);
    case 'HUB_INVOKE_FAILED':
      if (state.hub.status !== 'connected') return { state, effects: [] };
      return hubErrored(state, true);
    case 'HUB_RETRY_DUE':
      if (!state.isStarted || state.hub.status !== 'errored') {
        return { state: { ...state, hub: { ...state.hub, isRetryScheduled: false } }, effects: [] };
      }
      return {
        state: { ...state, hub: { ...state.hub, status: 'connecting', isRetryScheduled: false } },
        effects: [{ type: 'startHub' }],
      };
    case 'HUB_NOTIFY':
      return onHubNotify(state, event.notification);
    case 'DEVICE_CHANGED': {
      const isSameApp = event.device.printerAppId === state.device.printerAppId;
      const next: PrinterState = {
        ...state,
        device: event.device,
        hub: isSameApp ? state.hub : { ...state.hub, printer: 'unknown', printers: [] },
      };
      return {
        state: next,
        effects: !isSameApp && state.hub.status === 'connected' ? announceApp(next) : [],
      };
    }
  }
}
