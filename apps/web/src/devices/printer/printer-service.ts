import {
  HUB_METHODS,
  type HubNotification,
  type HubPrintAccepted,
  type HubPrintRequest,
  type LocalPrinterResponse,
  type PrintJob,
} from '@sorting/contracts';
import type { Scheduler, TimerHandle } from '../../lib/scheduler';
import type {
  CreateHubConnection,
  HubConnectionHandle,
  LocalSocket,
  OpenLocalSocket,
} from './printer-channels';
import {
  choosePrintRoute,
  hubRetryDelay,
  initialPrinterState,
  reducePrinter,
  type PrinterDeviceIds,
  type PrinterEffect,
  type PrinterEvent,
  type PrinterState,
} from './printer-core';

/** A label to print: the template and its parameters; the service fills in the rest. */
export type PrintRequest = Pick<PrintJob, 'barcodeName' | 'barcodeData'> &
  Partial<Pick<PrintJob, 'copies' | 'token'>>;

/**
 * What became of a print: `printed` only once the printer has reported it, locally or through
 * the hub's PrintJobFinished (a jammed printer leaves nothing marked printed).
 */
export type PrintOutcome =
  | { status: 'printed'; channel: 'local' | 'hub'; jobId: string }
  | { status: 'failed'; channel: 'local' | 'hub'; message: string | null }
  | { status: 'unavailable' };

/** Problems the worker is told about (toasts, texts from the catalogues). */
export type PrinterProblem =
  | { kind: 'printerUnavailable' }
  | { kind: 'cookiesDisabled' }
  | { kind: 'printFailed'; message: string | null }
  /** The hub took the job but its agent reported nothing in time. */
  | { kind: 'printNotConfirmed' };

/** How long a print through the hub waits for its agent's report before the worker is told. */
export const HUB_PRINT_REPORT_TIMEOUT_MS = 20_000;

type PrintJobFinished = Extract<HubNotification, { type: 'PrintJobFinished' }>;

/** Reports kept when they come before the hub's answer to PrintBarcode (a fast agent). */
const EARLY_REPORTS_KEPT = 20;

/** The device cookies of the printer (spec part 1 §3). */
export interface PrinterDeviceStore {
  read(): PrinterDeviceIds;
  /** Writes both cookies; false when they do not read back (cookies disabled). */
  write(ids: PrinterDeviceIds): boolean;
}

export interface PrinterServiceDeps {
  scheduler: Scheduler;
  /** In [0, 1): the hub's retry jitter. */
  random: () => number;
  openLocalSocket: OpenLocalSocket;
  createHub: CreateHubConnection;
  device: PrinterDeviceStore;
  report: (problem: PrinterProblem) => void;
}

export interface PrinterService {
  getSnapshot(): PrinterState;
  subscribe(listener: () => void): () => void;
  /** Starts the channels; `isHubOff` (no session) runs the local channel only. */
  start(options?: { isHubOff?: boolean }): void;
  stop(): void;
  /** A page that does not need the local socket closes it (spec part 1 §7) and reopens it after. */
  setLocalNeeded(isNeeded: boolean): void;
  /** Spec part 1 §4, part 2 §5: local socket, else hub, else 'Принтер недоступен'. */
  print(request: PrintRequest): Promise<PrintOutcome>;
  /** Local socket only: chooses the agent's printer and keeps the ids in the device cookies. */
  selectPrinter(printerId: string): Promise<boolean>;
  /** The printer app id and printer id typed for printing through the hub. */
  setHubPrinter(ids: PrinterDeviceIds): boolean;
  /** Asks the agent for its state again; when the local socket is down, tries to open it once. */
  refreshLocalState(): void;
}

type Waiter = (message: LocalPrinterResponse | null) => void;

/** The printer connection: the pure core (`printer-core.ts`) run against real channels. */
export function createPrinterService(deps: PrinterServiceDeps): PrinterService {
  let state = initialPrinterState;
  const listeners = new Set<() => void>();
  let socket: LocalSocket | null = null;
  let hub: HubConnectionHandle | null = null;
  // Each hub start gets a number; events of an older connection are dropped.
  let hubGeneration = 0;
  let localTimer: TimerHandle | null = null;
  let hubTimer: TimerHandle | null = null;
  // The agent answers each request in turn, echoing its action.
  const waiters = new Map<string, Waiter[]>();
  // Hub prints waiting for their agent's report, by job id; reports that came first.
  const printReports = new Map<string, (report: PrintJobFinished | null) => void>();
  const earlyReports = new Map<string, PrintJobFinished>();

  const onPrintReport = (report: PrintJobFinished) => {
    const waiting = printReports.get(report.jobId);
    if (waiting) return waiting(report);
    earlyReports.set(report.jobId, report);
    const oldest = earlyReports.keys().next();
    if (earlyReports.size > EARLY_REPORTS_KEPT && !oldest.done) earlyReports.delete(oldest.value);
  };

  /** The agent's report of a hub job, or null when none came in time. */
  const waitForReport = (jobId: string): Promise<PrintJobFinished | null> => {
    const early = earlyReports.get(jobId);
    earlyReports.delete(jobId);
    if (early) return Promise.resolve(early);
    return new Promise((resolve) => {
      const timer = deps.scheduler.setTimeout(() => {
        printReports.delete(jobId);
        resolve(null);
      }, HUB_PRINT_REPORT_TIMEOUT_MS);
      printReports.set(jobId, (report) => {
        deps.scheduler.clearTimeout(timer);
        printReports.delete(jobId);
        resolve(report);
      });
    });
  };

  const flushWaiters = () => {
    for (const list of waiters.values()) for (const waiter of list.splice(0)) waiter(null);
  };

  const waitFor = (action: string): Promise<LocalPrinterResponse | null> =>
    new Promise((resolve) => {
      const list = waiters.get(action) ?? [];
      list.push(resolve);
      waiters.set(action, list);
    });

  const dispatch = (event: PrinterEvent) => {
    const { state: next, effects } = reducePrinter(state, event);
    const changed = next !== state;
    state = next;
    for (const effect of effects) run(effect);
    if (changed) for (const listener of [...listeners]) listener();
  };

  const openSocket = () => {
    const current = deps.openLocalSocket({
      onOpen: () => {
        if (socket === current) dispatch({ type: 'LOCAL_OPENED' });
      },
      onMessage: (message) => {
        if (socket !== current) return;
        waiters.get(message.action)?.shift()?.(message);
        dispatch({ type: 'LOCAL_MESSAGE', message });
      },
      onClose: (wasClean) => {
        if (socket !== current) return;
        socket = null;
        flushWaiters();
        dispatch({ type: 'LOCAL_CLOSED', wasClean });
      },
    });
    socket = current;
  };

  const startHub = async () => {
    const generation = ++hubGeneration;
    const isCurrent = () => generation === hubGeneration;
    try {
      const connection = await deps.createHub({
        onNotify: (notification) => {
          // A job's report counts whichever connection brings it (a reconnect in between).
          if (notification.type === 'PrintJobFinished') return onPrintReport(notification);
          if (isCurrent()) dispatch({ type: 'HUB_NOTIFY', notification });
        },
        onReconnecting: () => {
          if (isCurrent()) dispatch({ type: 'HUB_RECONNECTING' });
        },
        onReconnected: () => {
          if (isCurrent()) dispatch({ type: 'HUB_RECONNECTED' });
        },
        onClose: () => {
          if (isCurrent()) dispatch({ type: 'HUB_CLOSED' });
        },
      });
      if (!isCurrent()) {
        void connection.stop().catch(() => undefined);
        return;
      }
      hub = connection;
      await connection.start();
      if (isCurrent()) dispatch({ type: 'HUB_STARTED' });
      else void connection.stop().catch(() => undefined);
    } catch {
      if (isCurrent()) dispatch({ type: 'HUB_START_FAILED' });
    }
  };

  const stopHub = () => {
    hubGeneration++;
    const connection = hub;
    hub = null;
    if (connection) void connection.stop().catch(() => undefined);
  };

  function run(effect: PrinterEffect): void {
    switch (effect.type) {
      case 'openLocal':
        openSocket();
        return;
      case 'closeLocal': {
        const closing = socket;
        socket = null;
        flushWaiters();
        closing?.close(effect.code, effect.reason);
        return;
      }
      case 'sendLocal':
        socket?.send(effect.request);
        return;
      case 'scheduleLocalReconnect':
        if (localTimer !== null) deps.scheduler.clearTimeout(localTimer);
        localTimer = deps.scheduler.setTimeout(() => {
          localTimer = null;
          dispatch({ type: 'LOCAL_RECONNECT_DUE' });
        }, effect.delayMs);
        return;
      case 'cancelLocalReconnect':
        if (localTimer !== null) deps.scheduler.clearTimeout(localTimer);
        localTimer = null;
        return;
      case 'startHub':
        void startHub();
        return;
      case 'stopHub':
        stopHub();
        return;
      case 'addPrinterClient':
        void addPrinterClient(effect.appId);
        return;
      case 'scheduleHubRetry':
        if (hubTimer !== null) deps.scheduler.clearTimeout(hubTimer);
        hubTimer = deps.scheduler.setTimeout(() => {
          hubTimer = null;
          dispatch({ type: 'HUB_RETRY_DUE' });
        }, hubRetryDelay(deps.random()));
        return;
      case 'cancelHubRetry':
        if (hubTimer !== null) deps.scheduler.clearTimeout(hubTimer);
        hubTimer = null;
        return;
    }
  }

  // The hub answers with Notify PrinterConnected/PrinterDisconnected for the app (server side:
  // docs/DECISIONS.md "Printing hub"); a failed invoke is a hub error like any other.
  const addPrinterClient = async (appId: string) => {
    const connection = hub;
    if (!connection) return;
    try {
      await connection.invoke(HUB_METHODS.addPrinterClient, appId);
    } catch {
      if (connection === hub) dispatch({ type: 'HUB_INVOKE_FAILED' });
    }
  };

  const printLocal = async (job: PrintJob): Promise<PrintOutcome> => {
    const answer = waitFor('print');
    socket?.send(job);
    const message = await answer;
    if (message?.action === 'print' && message.isSuccess) {
      return { status: 'printed', channel: 'local', jobId: message.jobId };
    }
    const reason = message?.action === 'print' ? message.message : null;
    deps.report({ kind: 'printFailed', message: reason });
    return { status: 'failed', channel: 'local', message: reason };
  };

  /**
   * Through the hub: the hub's answer says only that the agent has the job; the label counts
   * as printed when the agent reports it printed (PrintJobFinished), and a jam, a failure or
   * no report within HUB_PRINT_REPORT_TIMEOUT_MS is a failed print the worker is told about.
   */
  const printHub = async (request: HubPrintRequest): Promise<PrintOutcome> => {
    const connection = hub;
    let jobId: string;
    try {
      if (!connection) throw new Error('The printing hub is not connected');
      const accepted = await connection.invoke<HubPrintAccepted>(
        HUB_METHODS.printBarcode,
        JSON.stringify(request),
      );
      jobId = accepted.jobId;
    } catch (error) {
      // Spec part 1 §8: an invoke failure marks the hub errored and starts it again.
      dispatch({ type: 'HUB_INVOKE_FAILED' });
      const message = error instanceof Error ? error.message : null;
      deps.report({ kind: 'printFailed', message });
      return { status: 'failed', channel: 'hub', message };
    }
    const report = await waitForReport(jobId);
    if (report?.state === 'printed') return { status: 'printed', channel: 'hub', jobId };
    deps.report(
      report ? { kind: 'printFailed', message: report.message } : { kind: 'printNotConfirmed' },
    );
    return { status: 'failed', channel: 'hub', message: report?.message ?? null };
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start(options) {
      dispatch({ type: 'START', device: deps.device.read(), isHubOff: options?.isHubOff });
    },
    stop() {
      dispatch({ type: 'STOP' });
    },
    setLocalNeeded(isNeeded) {
      dispatch({ type: 'LOCAL_NEEDED', isNeeded });
    },
    async print(request) {
      const job: PrintJob = {
        action: 'print',
        token: request.token ?? '',
        printerId: '',
        barcodeName: request.barcodeName,
        barcodeData: request.barcodeData,
        copies: request.copies ?? 1,
      };
      const route = choosePrintRoute(state);
      if (route.channel === 'local') return printLocal(job);
      if (route.channel === 'hub') {
        return printHub({ ...job, appId: route.appId, printerId: route.printerId });
      }
      deps.report({ kind: 'printerUnavailable' });
      // A print is asking for the agent: an agent restarted since its refusal is found now,
      // so the worker's next print goes through (the timer no longer retries it on its own).
      dispatch({ type: 'LOCAL_RETRY' });
      return { status: 'unavailable' };
    },
    async selectPrinter(printerId) {
      // Spec part 1 §7: selectPrinter goes only over the local websocket.
      if (state.local.status !== 'connected' || !socket) return false;
      const answer = waitFor('selectPrinter');
      socket.send({ action: 'selectPrinter', token: '', printerId });
      const message = await answer;
      if (message?.action !== 'selectPrinter' || !message.isSuccess) {
        deps.report({
          kind: 'printFailed',
          message: message?.action === 'selectPrinter' ? message.message : null,
        });
        return false;
      }
      const ids = { printerAppId: state.local.appId, printerId };
      if (!deps.device.write(ids)) deps.report({ kind: 'cookiesDisabled' });
      dispatch({ type: 'DEVICE_CHANGED', device: ids });
      return true;
    },
    setHubPrinter(ids) {
      const isWritten = deps.device.write(ids);
      if (!isWritten) deps.report({ kind: 'cookiesDisabled' });
      dispatch({ type: 'DEVICE_CHANGED', device: ids });
      return isWritten;
    },
    refreshLocalState() {
      if (state.local.status === 'connected') socket?.send({ action: 'state' });
      else dispatch({ type: 'LOCAL_RETRY' });
    },
  };
}
