import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { warehouses } from './schema-base.js';
import { parcels } from './schema-sorting.js';

/**
 * API keys of the integration API (docs/DECISIONS.md "Integration"): a service account of one
 * sorting centre, optionally of one of its warehouses, with scopes. The secret is kept only as
 * its sha256; `prefix` (its first characters) is what lists show. Revoked keys stay, for the
 * history of who fed what.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sortingCenterId: integer('sorting_center_id').notNull(),
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'cascade' }),
    /** A subset of `read`, `write:master`, `write:operations`. */
    scopes: text('scopes').array().notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_centre').on(t.sortingCenterId)],
);

/**
 * A batch answered, by its `Idempotency-Key` per API key: the same key with the same body
 * (`requestHash`) answers `answer` again; with another body it is refused. Written in the
 * batch's own transaction.
 */
export const integrationBatches = pgTable(
  'integration_batches',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] })],
);

/**
 * The caller's external id of a floor object, per sorting centre and object type (`parcel`):
 * upserts find their object by it. The floor's own tables stay as the spec shapes them.
 */
export const integrationObjects = pgTable(
  'integration_objects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sortingCenterId: integer('sorting_center_id').notNull(),
    objectType: text('object_type', { enum: ['parcel'] }).notNull(),
    externalId: text('external_id').notNull(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('integration_objects_external').on(t.sortingCenterId, t.objectType, t.externalId),
  ],
);
