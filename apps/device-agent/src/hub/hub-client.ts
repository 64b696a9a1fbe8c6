// The agent as a printer client of the Sorting server's printing hub (spec part 1 §7, §9):
// registers its printers, prints the jobs the hub sends and reports each outcome.
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { HUB_METHODS, PRINTERS_HUB_PATH, type HubNotification } from '@sorting/contracts';
import type { Logger } from '../logger.js';
import { printableOutcomeMessage } from './print-outcome-message.js';
import type { PrintService } from '../print/print.service.js';

/** Spec part 1 §9: the hub client's automatic reconnect delays. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];
/** After the automatic reconnect gives up, a new start every 30 s: an agent never stops. */
export const HUB_RETRY_INTERVAL_MS = 30_000;
/** Spec part 1 §9: server timeout 30 s, keep-alive 15 s. */
const SERVER_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_MS = 15_000;
/** Results kept for a hub that is away; beyond this the oldest are dropped (and logged). */
const MAX_UNREPORTED_RESULTS = 500;

/** A job's outcome as PrintResult carries it. */
interface PrintResultArgs {
  jobId: string;
  isSuccess: boolean;
  message: string | null;
}

export interface HubClientOptions {
  serverUrl: string;
  appId: string;
  agentKey: string;
  printService: PrintService;
  logger: Logger;
  reconnectDelaysMs?: number[];
  retryIntervalMs?: number;
}

export class HubClient {
  private readonly connection: HubConnection;
  private retryTimer: NodeJS.Timeout | null = null;
  private isStopped = false;
  private readonly retryIntervalMs: number;
  private readonly url: string;
  /**
   * Outcomes the hub has not received: a label finished while the connection was away (a
   * server restart mid-print). Sent after the next registration, so the job does not stay
   * `sent` for ever.
   */
  private readonly unreported = new Map<string, PrintResultArgs>();

  constructor(private readonly options: HubClientOptions) {
    this.url = `${options.serverUrl}${PRINTERS_HUB_PATH}`;
    this.retryIntervalMs = options.retryIntervalMs ?? HUB_RETRY_INTERVAL_MS;
    this.connection = new HubConnectionBuilder()
      .withUrl(this.url, {
        accessTokenFactory: () => options.agentKey,
        transport: HttpTransportType.WebSockets,
        logger: toSignalrLogger(options.logger),
      })
      .withAutomaticReconnect(options.reconnectDelaysMs ?? HUB_RECONNECT_DELAYS_MS)
      .withServerTimeout(SERVER_TIMEOUT_MS)
      .withKeepAliveInterval(KEEP_ALIVE_MS)
      .build();

    this.connection.on(HUB_METHODS.notify, (notification: HubNotification) => {
      void this.onNotify(notification);
    });
    this.connection.onreconnecting((error) =>
      options.logger.warn('hub connection lost, reconnecting', { error: error?.message }),
    );
    this.connection.onreconnected(() => {
      options.logger.info('hub reconnected', { url: this.url });
      void this.register();
    });
    // The web app shows the agent's printers from PrinterConnected: registering again with the
    // new readiness makes the hub send it afresh.
    options.printService.onReadinessChange(() => {
      if (this.isConnected) void this.register();
    });
    this.connection.onclose((error) => {
      if (this.isStopped) return;
      options.logger.warn('hub connection closed', { error: error?.message });
      this.scheduleStart();
    });
  }

  /** Whether the hub connection is up (for the logs and tests). */
  get isConnected(): boolean {
    return this.connection.state === HubConnectionState.Connected;
  }

  /** Connects in the background; failures are retried, never thrown. */
  start(): void {
    this.isStopped = false;
    void this.tryStart();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connection.stop();
  }

  private async tryStart(): Promise<void> {
    if (this.isStopped || this.connection.state !== HubConnectionState.Disconnected) return;
    try {
      await this.connection.start();
    } catch (error) {
      this.options.logger.warn(
        `hub unreachable, next try in ${Math.round(this.retryIntervalMs / 1000)} s`,
        { url: this.url, error: (error as Error).message },
      );
      this.scheduleStart();
      return;
    }
    this.options.logger.info('hub connected', { url: this.url });
    await this.register();
  }

  private scheduleStart(): void {
    if (this.isStopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.tryStart();
    }, this.retryIntervalMs);
  }

  /** AddPrinterClient after every (re)connect: the hub forgets a connection that drops. */
  private async register(): Promise<void> {
    const { appId, printService, logger } = this.options;
    try {
      await this.connection.invoke(
        HUB_METHODS.addPrinterClient,
        appId,
        printService.listPrinters(),
      );
      logger.info('registered with the hub', { appId });
    } catch (error) {
      // A refused registration (unknown app id, bad key) leaves a useless connection: drop it
      // and start again later, the server's configuration may be fixed by then.
      logger.error('hub refused AddPrinterClient', { appId, error: (error as Error).message });
      await this.connection.stop();
      return;
    }
    for (const result of [...this.unreported.values()]) {
      if (!(await this.reportResult(result))) return;
    }
  }

  /**
   * PrintResult; false when the connection is away, and the result is then kept for the next
   * registration. A refusal by a connected hub (a job it no longer knows, a result it already
   * has) is final: retrying would not change it.
   */
  private async reportResult(result: PrintResultArgs): Promise<boolean> {
    const { logger } = this.options;
    const { jobId, isSuccess, message } = result;
    try {
      await this.connection.invoke(
        HUB_METHODS.printResult,
        jobId,
        isSuccess,
        printableOutcomeMessage(message),
      );
      this.unreported.delete(jobId);
      return true;
    } catch (error) {
      if (this.connection.state === HubConnectionState.Connected) {
        this.unreported.delete(jobId);
        logger.warn('hub refused the print result', { jobId, error: (error as Error).message });
        return true;
      }
      this.unreported.set(jobId, result);
      logger.warn('hub away: print result kept until it is back', { jobId });
      for (const oldest of this.unreported.keys()) {
        if (this.unreported.size <= MAX_UNREPORTED_RESULTS) break;
        this.unreported.delete(oldest);
        logger.error('print result dropped: too many kept while the hub is away', {
          jobId: oldest,
        });
      }
      return false;
    }
  }

  private async onNotify(notification: HubNotification): Promise<void> {
    const { appId, printService, logger } = this.options;
    if (notification?.type !== 'PrintBarcode') {
      logger.debug('hub notification', { type: notification?.type });
      return;
    }
    const { jobId } = notification;
    if (notification.appId !== undefined && notification.appId !== appId) {
      logger.warn('hub job for another app ignored', { jobId, appId: notification.appId });
      return;
    }
    logger.info('print job from the hub', { jobId, printer: notification.job?.printerId });
    const outcome = await printService.print(notification.job, jobId);
    await this.reportResult({ jobId, isSuccess: outcome.isSuccess, message: outcome.message });
  }
}

/** SignalR's own warnings and errors at debug level: the client above logs each failure once. */
function toSignalrLogger(logger: Logger): ILogger {
  return {
    log(level, message) {
      if (level >= LogLevel.Warning) logger.debug(`signalr: ${message}`);
    },
  };
}
