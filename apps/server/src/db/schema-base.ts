import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { literalList } from './literal-list.js';
import { SORTING_MODES, USER_ROLES, ZONE_TYPES } from '@sorting/domain';

/**
 * Sorting box numbers of every warehouse (docs/DECISIONS.md "Sorting rules"): a sequence, so a move
 * that opens a box locks no warehouse-wide row. Numbers are unique, increasing and never reused;
 * gaps are allowed. A warehouse's LastBoxNumber is the largest number of its boxes.
 */
export const boxNumbers = pgSequence('box_numbers', { startWith: 1 });

/** Spec part 1 §3 "Warehouse": the fields of the warehouse search answer. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: integer('number').notNull().unique(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    sortingMode: text('sorting_mode', { enum: SORTING_MODES }).notNull(),
    defaultZoneNumber: integer('default_zone_number'),
    version: integer('version').notNull().default(1),
    isSinglePickingPerDevice: boolean('is_single_picking_per_device').notNull().default(false),
    disableAutomove: boolean('disable_automove').notNull().default(false),
    // The spec shows MenuType without values; an integer as the original service sends.
    menuType: integer('menu_type').notNull().default(0),
    sortingCenterId: integer('sorting_center_id'),
  },
  (t) => [
    check('warehouses_sorting_mode', sql`${t.sortingMode} in (${literalList(SORTING_MODES)})`),
  ],
);

/** Spec part 1 §3 "Zone": Id, Number, Name, Type. */
export const zones = pgTable(
  'zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ZONE_TYPES }).notNull(),
    barcode: text('barcode').notNull().unique(),
  },
  (t) => [
    unique('zones_warehouse_number').on(t.warehouseId, t.number),
    check('zones_type', sql`${t.type} in (${literalList(ZONE_TYPES)})`),
  ],
);

/** Spec part 1 §3 "Cell"; §9: rows run from a to z, columns are numbers. */
export const cells = pgTable(
  'cells',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    row: text('row').notNull(),
    col: integer('col').notNull(),
    barcode: text('barcode').notNull().unique(),
    isEmpty: boolean('is_empty').notNull().default(true),
  },
  (t) => [
    unique('cells_zone_number').on(t.zoneId, t.number),
    unique('cells_zone_row_col').on(t.zoneId, t.row, t.col),
    check('cells_row', sql`${t.row} ~ '^[a-z]$'`),
    check('cells_col', sql`${t.col} > 0`),
  ],
);

/**
 * People who sign in. Secrets are stored only as hashes (src/lib/credentials.ts):
 * password_hash is `scrypt$N$r$p$<salt>$<key>`, badge_token_hash the sha256 hex of the badge
 * barcode as scanned (spec part 1 §4: a user barcode starts with ~, > or <).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: integer('number').notNull().unique(),
    name: text('name').notNull(),
    login: text('login').unique(),
    passwordHash: text('password_hash'),
    badgeTokenHash: text('badge_token_hash').unique(),
    roles: text('roles', { enum: USER_ROLES })
      .array()
      .notNull()
      .default(sql`'{worker}'::text[]`),
    defaultWarehouseNumber: integer('default_warehouse_number'),
    sortingCenterId: integer('sorting_center_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_roles', sql`${t.roles} <@ array[${literalList(USER_ROLES)}]::text[]`),
    check('users_badge_token_hash', sql`${t.badgeTokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Append-only history: who did what, where and when (architecture "Data and identity"); the
 * vision screen reads a unit's history from it. No foreign keys, so history outlives the rows
 * it mentions.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    warehouseId: integer('warehouse_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
  },
  (t) => [index('events_warehouse_at').on(t.warehouseId, t.at)],
);

/**
 * Idempotency store: a replayed operation id answers the stored result with IsRepeat true
 * (architecture "Data and identity"); written in the same transaction as the change. The id
 * is bound to the call that claimed it: its user, route and input hash (db/operations.ts).
 */
export const operations = pgTable('operations', {
  operationId: text('operation_id').primaryKey(),
  userId: integer('user_id'),
  /** `METHOD /path/{param}` of the call; null on rows stored before ids were bound. */
  route: text('route'),
  /** sha256 of the call's canonical input (http/operation-id.ts). */
  requestHash: text('request_hash'),
  result: jsonb('result').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-side sessions (architecture "Data and identity"). The id is the sha256 hex of the
 * random token in the `sorting_session` cookie, so a leaked table does not leak sessions.
 * A session ends after an idle time without requests (last_seen_at) or at expires_at.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user').on(t.userId),
    index('sessions_expires_at').on(t.expiresAt),
    check('sessions_id', sql`${t.id} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Failed sign-ins for rate limiting, in the database because several stateless server
 * processes share one PostgreSQL. `key` is 'address:<sha256>', 'device:<sha256>',
 * 'login:<sha256>' or 'login:<sha256>@<address or device key>' (modules/auth/sign-in-throttle.ts);
 * only hashes are stored, never an address, a badge or a login.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_key_at').on(t.key, t.at)],
);

/**
 * Device cookies that have signed someone in: a known handheld is judged by its own failures,
 * not by its shared address's (modules/auth/sign-in-throttle.ts; docs/DECISIONS.md "Sessions
 * and sign-in"). `key` is 'device:<sha256>', as in sign_in_attempts.
 */
export const signInDevices = pgTable('sign_in_devices', {
  key: text('key').primaryKey(),
  signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
});
