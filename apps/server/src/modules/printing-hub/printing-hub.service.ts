import { randomUUID } from 'node:crypto';
import type { AppError } from '@sorting/contracts';
import {
  HUB_METHODS,
  PRINT_JOB_LIST_LIMIT,
  ZHubPrintRequest,
  HUB_ARGUMENTS,
  isCleanText,
  type HubNotification,
  type HubPrintAccepted,
  type MessageParams,
  type PrintJob,
  type TPrintJobList,
} from '@sorting/contracts';
import type { Database, Db } from '../../db/database.js';
import type { MessageKey } from '../../i18n/messages.js';
import { refusal } from '../../lib/refusal.js';
import type { RepositoryFactory } from '../../lib/call-context.js';
import { hashAgentKey } from './agent-keys.js';
import type { PrintingHubRepository, PrintJobRow } from './printing-hub.repository.js';
import type { HubConnection, HubHandlers } from './signalr-hub.js';

/** Who holds a hub connection: a signed-in user of the web app or a registered device agent. */
export type HubPrincipal =
  | { kind: 'web'; userId: number; sessionToken: string }
  | { kind: 'agent'; agentId: number; appId: string };

export interface PrintingHubTimings {
  /** An agent counts as online while its process refreshed its row this recently. */
  onlineWindowMs: number;
  /** How long PrintBarcode waits for the agent's process to hand the job to the socket. */
  deliveryTimeoutMs: number;
}

export interface PrintingHubServiceOptions {
  db: Db;
  repository: RepositoryFactory<Db, PrintingHubRepository>;
  /** What carries the hub's events between server processes (LISTEN/NOTIFY). */
  bus: Pick<Database, 'listen' | 'notify'>;
  /** Is this session still signed in (sessions end while a socket stays open). */
  isSessionActive: (sessionToken: string) => Promise<boolean>;
  timings: PrintingHubTimings;
  logError: (error: unknown, what: string) => void;
}

/** The PostgreSQL channel every server process listens on. */
export const HUB_CHANNEL = 'printing_hub';

/**
 * What travels between server processes (LISTEN/NOTIFY payloads stay far below PostgreSQL's
 * 8000 bytes: jobs and printers are read from the database, never carried).
 */
type BusMessage =
  | { kind: 'deliver'; jobId: string; connectionId: string }
  | { kind: 'delivered'; jobId: string; isDelivered: boolean }
  /** The agent reported the job's outcome: the web clients of `userId` are told. */
  | { kind: 'finished'; jobId: string; userId: number }
  | { kind: 'online'; appId: string }
  | { kind: 'offline'; appId: string };

/** Rows of connections not refreshed for this long are deleted (crashed processes). */
const PURGE_FACTOR = 20;

function refused(key: MessageKey, params: MessageParams = {}): AppError {
  return refusal('refused', key, params);
}

/** A method name fit to be told back: the client's own text, unless it is no name at all. */
function nameOf(target: string): string {
  return target.length <= 100 && isCleanText(target) ? target : '(invalid)';
}

/** The job as the agent receives it in Notify PrintBarcode. */
function toPrintJob(row: PrintJobRow): PrintJob {
  return {
    action: 'print',
    token: '',
    printerId: row.printerId,
    barcodeName: row.barcodeName,
    barcodeData: row.barcodeData,
    copies: row.copies,
  };
}

/**
 * The printing hub (spec part 1 §7): agents register their printer apps, web clients
 * print through them, and every server process learns the rest from PostgreSQL (rows for who
 * is online, LISTEN/NOTIFY for events). Only the sockets themselves live in memory.
 */
export function createPrintingHubService(options: PrintingHubServiceOptions) {
  const { bus, isSessionActive, timings, logError } = options;
  const repository = options.repository(options.db);
  const processId = randomUUID();
  const agents = new Map<string, HubConnection<HubPrincipal>>();
  const webClients = new Map<string, HubConnection<HubPrincipal>>();
  /** PrintBarcode invocations in flight on this process, waiting for the delivery answer. */
  const waiting = new Map<string, (isDelivered: boolean) => void>();
  let stopListening: (() => Promise<void>) | null = null;

  const publish = (message: BusMessage) => bus.notify(HUB_CHANNEL, JSON.stringify(message));

  const notifyWebClients = (notification: HubNotification) => {
    for (const client of webClients.values()) client.send(HUB_METHODS.notify, [notification]);
  };

  async function deliverHere(jobId: string, connectionId: string): Promise<void> {
    const agent = agents.get(connectionId);
    if (!agent) return; // another process holds it
    const job = await repository.findJob(jobId);
    // Still queued: a job the web side already gave up on (timeout) is never printed late.
    if (!job || !(await repository.moveJob(jobId, ['queued'], 'sent', null))) return;
    const notification: HubNotification = {
      type: 'PrintBarcode',
      jobId,
      appId: job.appId,
      job: toPrintJob(job),
    };
    const isDelivered = agent.send(HUB_METHODS.notify, [notification]);
    if (!isDelivered) {
      await repository.moveJob(jobId, ['sent'], 'failed', 'agent disconnected');
    }
    await publish({ kind: 'delivered', jobId, isDelivered });
  }

  /** The job's outcome to the web clients of its user on this process (PrintJobFinished). */
  async function tellPrinted(jobId: string, userId: number): Promise<void> {
    const clients = [...webClients.values()].filter(
      (client) => client.principal.kind === 'web' && client.principal.userId === userId,
    );
    if (clients.length === 0) return;
    const job = await repository.findJob(jobId);
    if (!job || (job.state !== 'printed' && job.state !== 'failed')) return;
    const notification: HubNotification = {
      type: 'PrintJobFinished',
      jobId,
      appId: job.appId,
      state: job.state,
      message: job.message,
    };
    for (const client of clients) client.send(HUB_METHODS.notify, [notification]);
  }

  async function onBusMessage(message: BusMessage): Promise<void> {
    switch (message.kind) {
      case 'deliver':
        await deliverHere(message.jobId, message.connectionId);
        return;
      case 'delivered':
        waiting.get(message.jobId)?.(message.isDelivered);
        return;
      case 'finished':
        await tellPrinted(message.jobId, message.userId);
        return;
      case 'online': {
        if (webClients.size === 0) return;
        const connection = await repository.findOnlineConnection(
          message.appId,
          timings.onlineWindowMs,
        );
        if (connection) {
          notifyWebClients({
            type: 'PrinterConnected',
            appId: connection.appId,
            printers: connection.printers,
          });
        }
        return;
      }
      case 'offline':
        notifyWebClients({ type: 'PrinterDisconnected', appId: message.appId });
        return;
    }
  }

  /** Routes a job to the agent serving its app and waits until that agent's socket has it. */
  async function submitJob(
    userId: number,
    job: Omit<PrintJobRow, 'id' | 'userId' | 'state' | 'message' | 'createdAt'>,
  ): Promise<HubPrintAccepted> {
    const target = await repository.findOnlineConnection(job.appId, timings.onlineWindowMs);
    if (!target) throw refused('printerNotServed', { appId: job.appId });
    const jobId = randomUUID();
    await repository.insertJob({ id: jobId, userId, ...job });
    const answer = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timings.deliveryTimeoutMs);
      waiting.set(jobId, (isDelivered) => {
        clearTimeout(timer);
        resolve(isDelivered);
      });
    });
    try {
      await publish({ kind: 'deliver', jobId, connectionId: target.connectionId });
      const isDelivered = await answer;
      if (!isDelivered) {
        await repository.moveJob(jobId, ['queued'], 'failed', 'not delivered to the agent');
        throw refused('printerNotServed', { appId: job.appId });
      }
      return { jobId };
    } finally {
      waiting.delete(jobId);
    }
  }

  function requireAgent(principal: HubPrincipal, method: string) {
    if (principal.kind !== 'agent') throw refused('hubAgentOnly', { method });
    return principal;
  }

  function requireWeb(principal: HubPrincipal, method: string) {
    if (principal.kind !== 'web') throw refused('hubUserOnly', { method });
    return principal;
  }

  // Every method's arguments go through the input rules of the contracts first (HUB_ARGUMENTS;
  // docs/DECISIONS.md "Faults and bad input"): a ZodError refuses the invocation, worded at the edge (signalr-hub.ts) as
  // a route's validation is by the error handler.

  async function addPrinterClient(
    connection: HubConnection<HubPrincipal>,
    args: unknown[],
  ): Promise<void> {
    const { principal } = connection;
    const { appId, printers } = HUB_ARGUMENTS[HUB_METHODS.addPrinterClient].parse(args);
    if (principal.kind === 'web') {
      // Spec part 1 §7 has the web client invoke AddPrinterClient(appId) too: it learns at
      // once whether that printer app is online (docs/DECISIONS.md "Printing hub").
      const online = await repository.findOnlineConnection(appId, timings.onlineWindowMs);
      connection.send(HUB_METHODS.notify, [
        online
          ? ({ type: 'PrinterConnected', appId, printers: online.printers } as const)
          : ({ type: 'PrinterDisconnected', appId } as const),
      ]);
      return;
    }
    if (appId !== principal.appId) {
      throw refused('hubForeignAppId', { own: principal.appId, appId });
    }
    await repository.upsertConnection({
      connectionId: connection.id,
      appId,
      serverProcessId: processId,
      printers: printers ?? [],
    });
    agents.set(connection.id, connection);
    await publish({ kind: 'online', appId });
  }

  async function printBarcode(principal: HubPrincipal, args: unknown[]) {
    const web = requireWeb(principal, HUB_METHODS.printBarcode);
    if (!(await isSessionActive(web.sessionToken))) {
      throw refusal('unauthenticated', 'sessionExpired');
    }
    const { job } = HUB_ARGUMENTS[HUB_METHODS.printBarcode].parse(args);
    let parsed: unknown;
    try {
      parsed = typeof job === 'string' ? JSON.parse(job) : job;
    } catch {
      throw refused('printJobInvalid', { details: 'not JSON' });
    }
    const request = ZHubPrintRequest.safeParse(parsed);
    if (!request.success) {
      const details = request.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      throw refused('printJobInvalid', { details });
    }
    const { appId, printerId, barcodeName, barcodeData, copies } = request.data;
    return submitJob(web.userId, {
      appId,
      printerId,
      barcodeName,
      barcodeData,
      copies,
    });
  }

  async function printResult(principal: HubPrincipal, args: unknown[]): Promise<void> {
    const agent = requireAgent(principal, HUB_METHODS.printResult);
    const { jobId, isSuccess, message } = HUB_ARGUMENTS[HUB_METHODS.printResult].parse(args);
    const moved = await repository.moveJob(
      jobId,
      ['sent', 'queued'],
      isSuccess ? 'printed' : 'failed',
      message ? message.slice(0, 1000) : null,
      agent.appId,
    );
    if (!moved) throw refused('printJobNotFound', { jobId });
    // The user's web clients, on whichever process, learn that the label is out (or is not).
    const job = await repository.findJob(jobId);
    if (job) await publish({ kind: 'finished', jobId: job.id, userId: job.userId });
  }

  const handlers: Omit<HubHandlers<HubPrincipal>, 'authenticate'> = {
    async onConnected(connection) {
      if (connection.principal.kind !== 'web') return;
      webClients.set(connection.id, connection);
      // A web client connecting after the agents learns who is online already.
      for (const online of await repository.listOnlineConnections(timings.onlineWindowMs)) {
        connection.send(HUB_METHODS.notify, [
          { type: 'PrinterConnected', appId: online.appId, printers: online.printers },
        ]);
      }
    },

    async onDisconnected(connection) {
      webClients.delete(connection.id);
      if (!agents.delete(connection.id)) return;
      for (const appId of await repository.deleteConnections([connection.id])) {
        // A newer connection of the same app (a reconnect) keeps it online.
        const still = await repository.findOnlineConnection(appId, timings.onlineWindowMs);
        if (!still) await publish({ kind: 'offline', appId });
      }
    },

    async invoke(connection, target, args) {
      switch (target) {
        case HUB_METHODS.addPrinterClient:
          return addPrinterClient(connection, args);
        case HUB_METHODS.printBarcode:
          return printBarcode(connection.principal, args);
        case HUB_METHODS.printResult:
          return printResult(connection.principal, args);
        default:
          throw refused('hubUnknownMethod', { method: nameOf(target) });
      }
    },

    async onKeepAlive() {
      await repository.touchConnections([...agents.keys()], timings.onlineWindowMs * PURGE_FACTOR);
    },

    async onShutdown() {
      const ids = [...agents.keys()];
      agents.clear();
      webClients.clear();
      for (const appId of await repository.deleteConnections(ids)) {
        await publish({ kind: 'offline', appId });
      }
    },
  };

  return {
    processId,
    handlers,

    /** Starts listening for the other processes' events. */
    async start(): Promise<void> {
      stopListening = await bus.listen(HUB_CHANNEL, (payload) => {
        let message: BusMessage;
        try {
          message = JSON.parse(payload) as BusMessage;
        } catch {
          return;
        }
        onBusMessage(message).catch((error: unknown) => logError(error, 'printing hub event'));
      });
    },

    async stop(): Promise<void> {
      await stopListening?.();
      stopListening = null;
    },

    /** The registered agent whose key this is (the hub's authentication), or null. */
    async findAgentByKey(key: string): Promise<{ id: number; appId: string } | null> {
      return repository.findAgentByKeyHash(hashAgentKey(key));
    },

    /** `GET /printing-api/v1/jobs`: the user's last jobs, newest first. */
    async listJobs(userId: number): Promise<TPrintJobList> {
      const rows = await repository.listJobsOfUser(userId, PRINT_JOB_LIST_LIMIT);
      return rows.map((row) => ({
        jobId: row.id,
        createdAt: row.createdAt.toISOString(),
        barcodeName: row.barcodeName,
        printerId: row.printerId,
        appId: row.appId,
        state: row.state,
        message: row.message,
      }));
    },

    /** `POST /printing-api/v1/jobs/{jobId}/reprint`: the same label again, as a new job. */
    async reprint(userId: number, jobId: string): Promise<HubPrintAccepted> {
      const job = await repository.findJob(jobId);
      if (!job || job.userId !== userId) {
        throw refusal('objectNotFound', 'printJobNotFound', { jobId });
      }
      const { appId, printerId, barcodeName, barcodeData, copies } = job;
      return submitJob(userId, { appId, printerId, barcodeName, barcodeData, copies });
    },
  };
}

export type PrintingHubService = ReturnType<typeof createPrintingHubService>;
