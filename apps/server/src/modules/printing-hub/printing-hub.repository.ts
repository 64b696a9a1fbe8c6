import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type {
  AgentPrinter,
  LabelParameter,
  LabelTemplate,
  PrintJobState,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { printJobs, printerAgentConnections, printerAgents } from '../../db/schema.js';

export interface AgentRow {
  id: number;
  appId: string;
  name: string;
}

export interface AgentConnectionRow {
  connectionId: string;
  appId: string;
  serverProcessId: string;
  printers: AgentPrinter[];
}

export interface PrintJobRow {
  id: string;
  userId: number;
  appId: string;
  printerId: string;
  barcodeName: LabelTemplate;
  barcodeData: LabelParameter[];
  copies: number;
  state: PrintJobState;
  message: string | null;
  createdAt: Date;
}

export type NewPrintJob = Omit<PrintJobRow, 'createdAt' | 'state' | 'message'>;

/** `now() - <ms>`: database time, so processes with skewed clocks agree on who is online. */
function since(milliseconds: number) {
  return sql`now() - (${milliseconds} * interval '1 millisecond')`;
}

const connectionColumns = {
  connectionId: printerAgentConnections.connectionId,
  appId: printerAgentConnections.appId,
  serverProcessId: printerAgentConnections.serverProcessId,
  printers: printerAgentConnections.printers,
};

const jobColumns = {
  id: printJobs.id,
  userId: printJobs.userId,
  appId: printJobs.appId,
  printerId: printJobs.printerId,
  barcodeName: printJobs.barcodeName,
  barcodeData: printJobs.barcodeData,
  copies: printJobs.copies,
  state: printJobs.state,
  message: printJobs.message,
  createdAt: printJobs.createdAt,
};

/** SQL of the printing hub: agents, their live connections and print jobs. */
export function createPrintingHubRepository(db: Db) {
  return {
    /** Inserts the agent unless its app id is taken; true when inserted. */
    async insertAgentIfAbsent(agent: {
      appId: string;
      name: string;
      keyHash: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(printerAgents)
        .values(agent)
        .onConflictDoNothing()
        .returning({ id: printerAgents.id });
      return rows.length > 0;
    },

    async findAgentByKeyHash(keyHash: string): Promise<AgentRow | null> {
      const [row] = await db
        .select({ id: printerAgents.id, appId: printerAgents.appId, name: printerAgents.name })
        .from(printerAgents)
        .where(eq(printerAgents.keyHash, keyHash))
        .limit(1);
      return row ?? null;
    },

    /**
     * Records a registered agent socket. Older rows of the same app are removed: the newest
     * connection serves the app (an agent that reconnected after its server process died must
     * not wait for the dead process's row to go stale).
     */
    async upsertConnection(row: AgentConnectionRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(printerAgentConnections)
          .where(
            and(
              eq(printerAgentConnections.appId, row.appId),
              ne(printerAgentConnections.connectionId, row.connectionId),
            ),
          );
        await tx
          .insert(printerAgentConnections)
          .values(row)
          .onConflictDoUpdate({
            target: printerAgentConnections.connectionId,
            set: { printers: row.printers, lastSeenAt: sql`now()` },
          });
        await tx
          .update(printerAgents)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(printerAgents.appId, row.appId));
      });
    },

    /** Forgets sockets that closed; returns the app ids they served. */
    async deleteConnections(connectionIds: string[]): Promise<string[]> {
      if (connectionIds.length === 0) return [];
      const rows = await db
        .delete(printerAgentConnections)
        .where(inArray(printerAgentConnections.connectionId, connectionIds))
        .returning({ appId: printerAgentConnections.appId });
      return [...new Set(rows.map((row) => row.appId))];
    },

    /** Keep-alive of this process's agent sockets; also drops rows long dead elsewhere. */
    async touchConnections(connectionIds: string[], purgeAfterMs: number): Promise<void> {
      if (connectionIds.length > 0) {
        const touched = await db
          .update(printerAgentConnections)
          .set({ lastSeenAt: sql`now()` })
          .where(inArray(printerAgentConnections.connectionId, connectionIds))
          .returning({ appId: printerAgentConnections.appId });
        const appIds = [...new Set(touched.map((row) => row.appId))];
        if (appIds.length > 0) {
          await db
            .update(printerAgents)
            .set({ lastSeenAt: sql`now()` })
            .where(inArray(printerAgents.appId, appIds));
        }
      }
      await db
        .delete(printerAgentConnections)
        .where(lt(printerAgentConnections.lastSeenAt, since(purgeAfterMs)));
    },

    /** The connection serving an app: the newest seen within the online window. */
    async findOnlineConnection(
      appId: string,
      onlineWindowMs: number,
    ): Promise<AgentConnectionRow | null> {
      const [row] = await db
        .select(connectionColumns)
        .from(printerAgentConnections)
        .where(
          and(
            eq(printerAgentConnections.appId, appId),
            gt(printerAgentConnections.lastSeenAt, since(onlineWindowMs)),
          ),
        )
        .orderBy(desc(printerAgentConnections.connectedAt))
        .limit(1);
      return row ?? null;
    },

    /** Every online app with the printers of its newest connection. */
    async listOnlineConnections(onlineWindowMs: number): Promise<AgentConnectionRow[]> {
      const rows = await db
        .selectDistinctOn([printerAgentConnections.appId], connectionColumns)
        .from(printerAgentConnections)
        .where(gt(printerAgentConnections.lastSeenAt, since(onlineWindowMs)))
        .orderBy(printerAgentConnections.appId, desc(printerAgentConnections.connectedAt));
      return rows;
    },

    async insertJob(job: NewPrintJob): Promise<void> {
      await db.insert(printJobs).values({ ...job, state: 'queued' });
    },

    async findJob(jobId: string): Promise<PrintJobRow | null> {
      const [row] = await db.select(jobColumns).from(printJobs).where(eq(printJobs.id, jobId));
      return row ?? null;
    },

    /** Moves a job from one of `from` to `to`; false when it was not in such a state. */
    async moveJob(
      jobId: string,
      from: PrintJobState[],
      to: PrintJobState,
      message: string | null,
      appId?: string,
    ): Promise<boolean> {
      const rows = await db
        .update(printJobs)
        .set({ state: to, message, updatedAt: sql`now()` })
        .where(
          and(
            eq(printJobs.id, jobId),
            inArray(printJobs.state, from),
            appId === undefined ? undefined : eq(printJobs.appId, appId),
          ),
        )
        .returning({ id: printJobs.id });
      return rows.length > 0;
    },

    async listJobsOfUser(userId: number, limit: number): Promise<PrintJobRow[]> {
      return db
        .select(jobColumns)
        .from(printJobs)
        .where(eq(printJobs.userId, userId))
        .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
        .limit(limit);
    },
  };
}

export type PrintingHubRepository = ReturnType<typeof createPrintingHubRepository>;
