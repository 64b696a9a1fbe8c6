import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { createEventRecorder } from '../../db/events.js';
import { createShipmentBoxesRepository } from './shipment-boxes.repository.js';
import { createShipmentUnitsRepository } from './shipment-units.repository.js';
import { createStockItemsRepository } from './stock-items.repository.js';
import { createTransitLoadingRepository } from './transit-loading.repository.js';
import { createReceiptRepository } from './receipt.repository.js';
import { createPackingRepository } from './packing.repository.js';
import { consolidations, workflowRuns, workflowSteps } from '../../db/schema.js';

// SQL of the guided workflows (docs/DECISIONS.md "Guided workflows"): runs, their append-only
// steps, and the consolidations the consolidation workflow opens and completes.

export type RunRow = typeof workflowRuns.$inferSelect;

/** An active consolidation (not completed, not removed), with its cell and box. */
export interface ConsolidationRow {
  id: number;
  warehouseId: number;
  cellId: number;
  boxId: number;
  destinationKey: string;
  destinationName: string;
}

const consolidationColumns = {
  id: consolidations.id,
  warehouseId: consolidations.warehouseId,
  cellId: consolidations.cellId,
  boxId: consolidations.boxId,
  destinationKey: consolidations.destinationKey,
  destinationName: consolidations.destinationName,
};

const active = and(isNull(consolidations.completedAt), isNull(consolidations.removedAt));

export function createWorkflowsRepository(db: Db) {
  return {
    /** The user's open run of a workflow; `lock` holds it until the step's transaction ends. */
    async findOpenRun(userId: number, workflow: string, lock = false): Promise<RunRow | null> {
      const query = db
        .select()
        .from(workflowRuns)
        .where(
          and(
            eq(workflowRuns.userId, userId),
            eq(workflowRuns.workflow, workflow),
            isNull(workflowRuns.finishedAt),
          ),
        )
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async findRunById(id: number): Promise<RunRow | null> {
      const rows = await db.select().from(workflowRuns).where(eq(workflowRuns.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** A new open run; null when the user opened one meanwhile (another tab's Refresh). */
    async insertRun(row: typeof workflowRuns.$inferInsert): Promise<RunRow | null> {
      const [inserted] = await db
        .insert(workflowRuns)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },

    /**
     * An accepted step in one statement: the run's state, data and version (finished when
     * closed), and the step appended.
     */
    async recordStep(step: {
      runId: number;
      version: number;
      fromState: string;
      actionCode: string;
      payload: Record<string, unknown>;
      toState: string;
      data: Record<string, unknown>;
      at: Date;
      operationId: string | null;
      finished: boolean;
    }): Promise<void> {
      const at = step.at.toISOString();
      await db.execute(sql`
        with run as (
          update workflow_runs set state_code = ${step.toState}, data = ${JSON.stringify(step.data)}::jsonb,
            version = ${step.version}::int, updated_at = ${at}::timestamptz,
            finished_at = case when ${step.finished}::boolean then ${at}::timestamptz else finished_at end
          where id = ${step.runId}::int
          returning id
        )
        insert into workflow_steps (run_id, version, from_state, action_code, payload, to_state, at, operation_id)
        select id, ${step.version}::int, ${step.fromState}, ${step.actionCode},
          ${JSON.stringify(step.payload)}::jsonb, ${step.toState}, ${at}::timestamptz, ${step.operationId}::text
        from run`);
    },

    /** A step alone: a run's first (its start). */
    async appendStep(row: typeof workflowSteps.$inferInsert): Promise<void> {
      await db.insert(workflowSteps).values(row);
    },

    /** The steps of a run, oldest first (tests and the history). */
    async listSteps(runId: number) {
      return db
        .select()
        .from(workflowSteps)
        .where(eq(workflowSteps.runId, runId))
        .orderBy(workflowSteps.version);
    },

    /** The active consolidation of a destination in a warehouse. */
    async findActiveConsolidation(
      warehouseId: number,
      destinationKey: string,
    ): Promise<ConsolidationRow | null> {
      const rows = await db
        .select(consolidationColumns)
        .from(consolidations)
        .where(
          and(
            active,
            eq(consolidations.warehouseId, warehouseId),
            eq(consolidations.destinationKey, destinationKey),
          ),
        )
        .orderBy(desc(consolidations.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findConsolidationById(id: number): Promise<ConsolidationRow | null> {
      const rows = await db
        .select(consolidationColumns)
        .from(consolidations)
        .where(and(active, eq(consolidations.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertConsolidation(row: {
      warehouseId: number;
      cellId: number;
      boxId: number;
      destinationKey: string;
      destinationName: string;
      createdBy: number;
      at: Date;
    }): Promise<number> {
      const [inserted] = await db
        .insert(consolidations)
        .values({ ...row, createdAt: row.at })
        .returning({ id: consolidations.id });
      if (!inserted) throw new Error('consolidation insert returned nothing');
      return inserted.id;
    },

    async completeConsolidation(id: number, at: Date): Promise<void> {
      await db
        .update(consolidations)
        .set({ completedAt: sql`${at.toISOString()}::timestamptz` })
        .where(eq(consolidations.id, id));
    },

    /** The history (db/events.ts). */
    events: createEventRecorder(db),
    /** The shipments' units (picking and loading). */
    shipments: createShipmentUnitsRepository(db),
    /** The goods' stock item fields (picking by SKU). */
    stockItems: createStockItemsRepository(db),
    /** A transit shipment's boxes (transit picking). */
    shipmentBoxes: createShipmentBoxesRepository(db),
    /** The transit shipments' boxes as loading reads and changes them. */
    loading: createTransitLoadingRepository(db),
    receipt: createReceiptRepository(db),
    /** The orders ready to pack (packing). */
    packing: createPackingRepository(db),
  };
}

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
