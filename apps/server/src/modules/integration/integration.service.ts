import { createHash, randomBytes } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import {
  INTEGRATION_CALLS_PER_MINUTE,
  type TApiKey,
  type TApiKeyCreateRequest,
  type TApiKeyList,
  type TApiKeyScope,
  type TBatchResult,
  type TCreatedApiKey,
  type TIntegrationEvent,
  type TIntegrationEventsPage,
  type TIntegrationEventsQuery,
  type TParcelsBatchRequest,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { ApiKeyCaller, CentreCallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { ParcelFeedRepository } from '../sorting/index.js';
import type { ApiKeyRow, FeedEventRow, IntegrationRepository } from './integration.repository.js';
import { createKeyRateLimit } from './key-rate-limit.js';
import { judgeParcels, RefusedBatch } from './parcels-batch.js';

/** The stored form of a key's secret: sha256 hex, so the lookup is an indexed equality. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `sk_` and 32 random bytes (base64url): 46 characters, shown once. */
function newSecret(): string {
  return `sk_${randomBytes(32).toString('base64url')}`;
}

/** What lists show of a secret: enough to tell keys apart, too little to guess the rest. */
const PREFIX_LENGTH = 11;

function present(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TApiKeyScope[],
    warehouseNumber: row.warehouseNumber,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Payload fields an event feed never carries: names and free text of people and places
 * (docs/DECISIONS.md "Integration": ids, not names; the receiving system owns the rest).
 */
const PERSONAL_FIELD = /(name|comment|message|phone|email|address|login|pincode)$/i;

function feedEvent(row: FeedEventRow): TIntegrationEvent {
  const payload =
    row.payload !== null && typeof row.payload === 'object' && !Array.isArray(row.payload)
      ? (row.payload as Record<string, unknown>)
      : {};
  return {
    id: String(row.id),
    cursor: `${row.txId}:${row.id}`,
    kind: row.kind,
    at: row.at.toISOString(),
    warehouseId: row.warehouseId,
    userId: row.userId,
    units: row.units ?? [],
    data: Object.fromEntries(
      Object.entries(payload).filter(([field]) => !PERSONAL_FIELD.test(field)),
    ),
  };
}

/** The integration API (docs/DECISIONS.md "Integration"): keys, parcel batches, event feed. */
export function createIntegrationService(options: {
  db: Db;
  repository: RepositoryFactory<Db, IntegrationRepository>;
  parcels: RepositoryFactory<Db, ParcelFeedRepository>;
  now: () => Date;
  callsPerMinute?: number;
}) {
  const { db, now, repository: repositoryOf } = options;
  const changes = operationsOver(db, repositoryOf);
  const rateLimit = createKeyRateLimit(options.callsPerMinute ?? INTEGRATION_CALLS_PER_MINUTE, now);

  return {
    async createKey(
      body: TApiKeyCreateRequest,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TCreatedApiKey>> {
      return changes.run(
        context,
        async (repository) => {
          let warehouseId: number | null = null;
          if (body.warehouseNumber !== undefined) {
            const warehouse = await repository.warehouseOfCentre(
              context.sortingCenterId,
              body.warehouseNumber,
            );
            if (!warehouse) {
              throw refusal('refused', 'apiKeyWarehouseNotFound', { number: body.warehouseNumber });
            }
            warehouseId = warehouse.id;
          }
          const secret = newSecret();
          const row = await repository.insertKey({
            sortingCenterId: context.sortingCenterId,
            warehouseId,
            scopes: [...body.scopes],
            name: body.name,
            secretHash: hashApiKeySecret(secret),
            prefix: secret.slice(0, PREFIX_LENGTH),
            createdByUserId: context.user.id,
          });
          await repository.events.record(
            { userId: context.user.id, warehouseId, at: now() },
            'integration.key-created',
            { apiKeyId: row.id, scopes: row.scopes },
          );
          return { ...present(row), secret };
        },
        // The secret is kept only as a hash: a replay answers without it.
        (created) => ({ ...created, secret: '' }),
      );
    },

    async listKeys(context: CentreCallContext): Promise<TApiKeyList> {
      const rows = await repositoryOf(db).listKeys(context.sortingCenterId);
      return { items: rows.map(present) };
    },

    async revokeKey(
      apiKeyId: number,
      context: CentreCallContext,
    ): Promise<OperationOutcome<TApiKey>> {
      return changes.run(context, async (repository) => {
        const at = now();
        const row = await repository.revokeKey(context.sortingCenterId, apiKeyId, at);
        if (!row) throw refusal('objectNotFound', 'apiKeyNotFound', { apiKeyId });
        await repository.events.record(
          { userId: context.user.id, warehouseId: row.warehouseId, at },
          'integration.key-revoked',
          { apiKeyId },
        );
        return present(row);
      });
    },

    /**
     * The caller behind a Bearer secret: an active key (its last use set now), else 401; over
     * its calls per minute 429 with Retry-After.
     */
    async authenticate(
      secret: string | null,
    ): Promise<{ caller: ApiKeyCaller } | { retryAfter: number }> {
      if (secret === null) throw refusal('unauthenticated', 'apiKeyMissing');
      const row = await repositoryOf(db).useKey(hashApiKeySecret(secret), now());
      if (!row) throw refusal('unauthenticated', 'apiKeyInvalid');
      if (!rateLimit.take(row.id)) return { retryAfter: rateLimit.retryAfterSeconds() };
      return {
        caller: {
          id: row.id,
          sortingCenterId: row.sortingCenterId,
          warehouseId: row.warehouseId,
          scopes: row.scopes,
        },
      };
    },

    /**
     * Upserts a batch of parcels in ONE transaction, idempotent by the key's Idempotency-Key;
     * one refused object leaves the whole batch unapplied (docs/DECISIONS.md "Integration").
     */
    async parcelsBatch(
      body: TParcelsBatchRequest,
      idempotencyKey: string,
      key: ApiKeyCaller,
    ): Promise<TBatchResult> {
      const requestHash = createHash('sha256')
        .update(stringify(body) ?? '')
        .digest('hex');
      try {
        return await db.transaction(async (tx) => {
          const repository = repositoryOf(tx);
          // A claim waits for a concurrent batch with the same key, then sees its answer.
          if (
            !(await repository.claimBatch(key.id, idempotencyKey, requestHash, { pending: true }))
          ) {
            const stored = await repository.storedBatch(key.id, idempotencyKey);
            if (stored?.requestHash !== requestHash) {
              throw refusal('conflict', 'idempotencyKeyReused', { key: idempotencyKey });
            }
            return stored.answer as TBatchResult;
          }
          const answer = await judgeParcels(body.parcels, key, {
            integration: repository,
            parcels: options.parcels(tx),
            now,
          });
          await repository.storeBatchAnswer(key.id, idempotencyKey, answer);
          return answer;
        });
      } catch (error) {
        // Rolled back with its claim: a corrected batch may reuse the key.
        if (error instanceof RefusedBatch) return error.answer;
        throw error;
      }
    },

    async events(
      query: TIntegrationEventsQuery,
      key: ApiKeyCaller,
    ): Promise<TIntegrationEventsPage> {
      const [txId = '0', id = '0'] = query.after.split(':');
      const rows = await repositoryOf(db).eventsAfter(key, { txId, id: Number(id) }, query.limit);
      const page = rows.map(feedEvent);
      return { events: page, nextCursor: page.at(-1)?.cursor ?? query.after };
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
