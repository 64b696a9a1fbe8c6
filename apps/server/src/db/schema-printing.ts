import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  PRINT_JOB_STATES,
  type AgentPrinter,
  type LabelParameter,
  type LabelTemplate,
  type PrintJobState,
} from '@sorting/contracts';
import { users } from './schema-base.js';

/**
 * Device agents allowed to connect to the printing hub as printer clients. The key
 * is a long random secret shown once by `npm run agent:register`; only its sha256 (hex) is
 * stored, so a lookup is an indexed equality.
 */
export const printerAgents = pgTable(
  'printer_agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appId: text('app_id').notNull().unique(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [check('printer_agents_key_hash', sql`${t.keyHash} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * Live hub connections of agents, one row per socket, so every server process can see which
 * printer apps are online and which process holds each socket. A row counts only while its
 * process keeps refreshing last_seen_at (docs/DECISIONS.md "Printing hub"), so the rows of a
 * crashed process stop counting by themselves.
 */
export const printerAgentConnections = pgTable(
  'printer_agent_connections',
  {
    connectionId: uuid('connection_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => printerAgents.appId, { onDelete: 'cascade' }),
    serverProcessId: uuid('server_process_id').notNull(),
    printers: jsonb('printers').$type<AgentPrinter[]>().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('printer_agent_connections_app').on(t.appId, t.lastSeenAt),
    index('printer_agent_connections_process').on(t.serverProcessId),
  ],
);

/** Print jobs sent through the hub (queued → sent → printed/failed). */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    printerId: text('printer_id').notNull(),
    barcodeName: text('barcode_name').$type<LabelTemplate>().notNull(),
    barcodeData: jsonb('barcode_data').$type<LabelParameter[]>().notNull(),
    copies: integer('copies').notNull(),
    state: text('state').$type<PrintJobState>().notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('print_jobs_user_created').on(t.userId, t.createdAt),
    check(
      'print_jobs_state',
      sql.raw(`state in (${PRINT_JOB_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
    check('print_jobs_copies', sql`${t.copies} > 0`),
  ],
);
