import { and, asc, eq, inArray, isNull, notLike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { createEventRecorder } from '../../db/events.js';
import {
  apiKeys,
  eventUnits,
  events,
  integrationBatches,
  integrationObjects,
  warehouses,
} from '../../db/schema.js';

/** An API key row as lists and the key hook see it (never its hash). */
export interface ApiKeyRow {
  id: number;
  sortingCenterId: number;
  warehouseId: number | null;
  warehouseNumber: number | null;
  scopes: string[];
  name: string;
  prefix: string;
  createdByUserId: number | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewApiKey {
  sortingCenterId: number;
  warehouseId: number | null;
  scopes: string[];
  name: string;
  secretHash: string;
  prefix: string;
  createdByUserId: number;
}

export interface FeedEventRow {
  id: number;
  txId: string;
  kind: string;
  at: Date;
  warehouseId: number | null;
  userId: number | null;
  payload: unknown;
  units: string[] | null;
}

const keyColumns = {
  id: apiKeys.id,
  sortingCenterId: apiKeys.sortingCenterId,
  warehouseId: apiKeys.warehouseId,
  warehouseNumber: warehouses.number,
  scopes: apiKeys.scopes,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdByUserId: apiKeys.createdByUserId,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/**
 * `events.tx_id`, the recording transaction (migration 0025, hand-added and kept out of the
 * drizzle schema so the history's rows keep their shape for every other reader).
 */
const eventTxId = sql`"events"."tx_id"`;

/** SQL of the integration API: keys, batches, external ids and the event feed. */
export function createIntegrationRepository(db: Db) {
  const selectKeys = () =>
    db
      .select(keyColumns)
      .from(apiKeys)
      .leftJoin(warehouses, eq(warehouses.id, apiKeys.warehouseId));

  /** The warehouses a key reads and writes: of its centre, and its own one when it has one. */
  function keyWarehouses(sortingCenterId: number, warehouseId: number | null): SQL {
    const ofCentre = sql`select ${warehouses.id} from ${warehouses} where ${warehouses.sortingCenterId} = ${sortingCenterId}`;
    return warehouseId === null ? ofCentre : sql`${ofCentre} and ${warehouses.id} = ${warehouseId}`;
  }

  return {
    events: createEventRecorder(db),

    async warehouseOfCentre(
      sortingCenterId: number,
      number: number,
    ): Promise<{ id: number; number: number } | null> {
      const [row] = await db
        .select({ id: warehouses.id, number: warehouses.number })
        .from(warehouses)
        .where(and(eq(warehouses.sortingCenterId, sortingCenterId), eq(warehouses.number, number)));
      return row ?? null;
    },

    async warehouseNumbersById(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: warehouses.id, number: warehouses.number })
        .from(warehouses)
        .where(inArray(warehouses.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.number]));
    },

    async insertKey(key: NewApiKey): Promise<ApiKeyRow> {
      const [inserted] = await db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
      const [row] = await selectKeys().where(eq(apiKeys.id, inserted!.id));
      return row!;
    },

    async listKeys(sortingCenterId: number): Promise<ApiKeyRow[]> {
      return selectKeys()
        .where(eq(apiKeys.sortingCenterId, sortingCenterId))
        .orderBy(asc(apiKeys.id));
    },

    /** Revokes a key of the centre; answers it (already revoked: as it was). */
    async revokeKey(sortingCenterId: number, id: number, at: Date): Promise<ApiKeyRow | null> {
      await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            eq(apiKeys.sortingCenterId, sortingCenterId),
            isNull(apiKeys.revokedAt),
          ),
        );
      const [row] = await selectKeys().where(
        and(eq(apiKeys.id, id), eq(apiKeys.sortingCenterId, sortingCenterId)),
      );
      return row ?? null;
    },

    /** The active key with this secret's hash, its last use set to `at`. */
    async useKey(secretHash: string, at: Date): Promise<ApiKeyRow | null> {
      const [used] = await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (!used) return null;
      const [row] = await selectKeys().where(eq(apiKeys.id, used.id));
      return row ?? null;
    },

    async storedBatch(
      apiKeyId: number,
      idempotencyKey: string,
    ): Promise<{ requestHash: string; answer: unknown } | null> {
      const [row] = await db
        .select({ requestHash: integrationBatches.requestHash, answer: integrationBatches.answer })
        .from(integrationBatches)
        .where(
          and(
            eq(integrationBatches.apiKeyId, apiKeyId),
            eq(integrationBatches.idempotencyKey, idempotencyKey),
          ),
        );
      return row ?? null;
    },

    /** Claims the idempotency key in the batch's transaction; false when another one holds it. */
    async claimBatch(
      apiKeyId: number,
      idempotencyKey: string,
      requestHash: string,
      answer: unknown,
    ): Promise<boolean> {
      const rows = await db
        .insert(integrationBatches)
        .values({ apiKeyId, idempotencyKey, requestHash, answer })
        .onConflictDoNothing()
        .returning({ apiKeyId: integrationBatches.apiKeyId });
      return rows.length === 1;
    },

    async storeBatchAnswer(apiKeyId: number, idempotencyKey: string, answer: unknown) {
      await db
        .update(integrationBatches)
        .set({ answer })
        .where(
          and(
            eq(integrationBatches.apiKeyId, apiKeyId),
            eq(integrationBatches.idempotencyKey, idempotencyKey),
          ),
        );
    },

    /** Parcel ids by external id, of one centre. */
    async parcelIdsByExternalId(
      sortingCenterId: number,
      externalIds: readonly string[],
    ): Promise<Map<string, number>> {
      if (externalIds.length === 0) return new Map();
      const rows = await db
        .select({
          externalId: integrationObjects.externalId,
          parcelId: integrationObjects.parcelId,
        })
        .from(integrationObjects)
        .where(
          and(
            eq(integrationObjects.sortingCenterId, sortingCenterId),
            eq(integrationObjects.objectType, 'parcel'),
            inArray(integrationObjects.externalId, [...externalIds]),
          ),
        );
      return new Map(rows.map((row) => [row.externalId, row.parcelId]));
    },

    async linkParcels(
      sortingCenterId: number,
      links: readonly { externalId: string; parcelId: number }[],
    ): Promise<void> {
      if (links.length === 0) return;
      await db
        .insert(integrationObjects)
        .values(links.map((link) => ({ sortingCenterId, objectType: 'parcel' as const, ...link })));
    },

    /**
     * Events of the key's warehouses after the cursor, in (transaction, id) order, of
     * transactions older than every one still running (a later commit can only sort after
     * what was served), with their units; the feed's own bookkeeping (`integration.*`) left
     * out: the caller made it.
     */
    async eventsAfter(
      key: { sortingCenterId: number; warehouseId: number | null },
      after: { txId: string; id: number },
      limit: number,
    ): Promise<FeedEventRow[]> {
      return db
        .select({
          id: events.id,
          txId: sql<string>`${eventTxId}::text`,
          kind: events.kind,
          at: events.at,
          warehouseId: events.warehouseId,
          userId: events.userId,
          payload: events.payload,
          units: sql<
            string[] | null
          >`(select array_agg(${eventUnits.barcode} order by ${eventUnits.barcode}) from ${eventUnits} where ${eventUnits.eventId} = ${events.id})`,
        })
        .from(events)
        .where(
          and(
            sql`(${eventTxId}, ${events.id}) > (${after.txId}::xid8, ${after.id}::bigint)`,
            sql`${eventTxId} < pg_snapshot_xmin(pg_current_snapshot())`,
            sql`${events.warehouseId} in (${keyWarehouses(key.sortingCenterId, key.warehouseId)})`,
            notLike(events.kind, 'integration.%'),
          ),
        )
        .orderBy(asc(eventTxId), asc(events.id))
        .limit(limit);
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
