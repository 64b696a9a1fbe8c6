import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { literalList } from './literal-list.js';
import {
  PAYMENT_CANCEL_REASONS,
  PAYMENT_PROVIDER_CODES,
  PAYMENT_STATES,
  PAYMENT_TYPE_CODES,
  PICKING_RETURN_REASON_CODES,
} from '@sorting/contracts';
import { users } from './schema-base.js';
import { pickings, removedItemKeys } from './schema-picking.js';

// Picking payment and item return (spec part 2 §3 "Picking and payment", §4;
// docs/DECISIONS.md "Picking payment"): the payments of a picking (at most one PENDING or
// PROCESSED at a time, a partial unique index) and the items returned with a reason. Tables
// of their own beside schema-picking.ts. Money in kopecks.

/**
 * A payment of a picking: its provider, the amount the server reckoned (Σ cash on delivery of
 * the PICKED items when it started), its state, the terminal's transaction, when it was
 * processed, cancelled or refunded, and the end it was bound to.
 */
export const pickingPayments = pgTable(
  'picking_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pickingId: integer('picking_id')
      .notNull()
      .references(() => pickings.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('PENDING'),
    paymentType: text('payment_type', { enum: PAYMENT_TYPE_CODES }).notNull(),
    providerCode: text('provider_code', { enum: PAYMENT_PROVIDER_CODES }).notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The device's own time (`Timestamp`), beside the server's started_at. */
    deviceStartedAt: timestamp('device_started_at', { withTimezone: true }),
    /** The integrated terminal's transaction (`terminal` only). */
    transactionId: text('transaction_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: PAYMENT_CANCEL_REASONS }),
    /** Who confirmed or cancelled it (null: the terminal's own outcome). */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The end that handed out what it paid for. */
    boundAt: timestamp('bound_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('picking_payments_one_live')
      .on(t.pickingId)
      .where(sql`${t.state} in ('PENDING', 'PROCESSED')`),
    index('picking_payments_picking').on(t.pickingId, t.id),
    check('picking_payments_state', sql`${t.state} in (${literalList(PAYMENT_STATES)})`),
    check('picking_payments_type', sql`${t.paymentType} in (${literalList(PAYMENT_TYPE_CODES)})`),
    check(
      'picking_payments_provider',
      sql`${t.providerCode} in (${literalList(PAYMENT_PROVIDER_CODES)})`,
    ),
    check('picking_payments_amount', sql`${t.amountKopecks} > 0`),
  ],
);

/** A picking item returned with a reason (its parcel went to the returns area). */
export const pickingReturns = pgTable(
  'picking_returns',
  {
    ...removedItemKeys(),
    reasonCode: text('reason_code', { enum: PICKING_RETURN_REASON_CODES }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The item's state before (WAITING or PICKED). */
    fromState: text('from_state').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
    /** The device's own time (`Timestamp`), beside the server's returned_at. */
    deviceReturnedAt: timestamp('device_returned_at', { withTimezone: true }),
  },
  (t) => [
    index('picking_returns_parcel').on(t.parcelId),
    check(
      'picking_returns_reason',
      sql`${t.reasonCode} in (${literalList(PICKING_RETURN_REASON_CODES)})`,
    ),
  ],
);

/**
 * The simulated payment terminal's memory (`PAYMENT_TERMINAL=simulated`; docs/DECISIONS.md
 * "Picking payment"): each transaction it started, under its idempotency key (the payment
 * intent), and how often a start was asked for that key. A real terminal keeps this on its
 * side; the simulator writes it outside the server's transactions, so it outlives a server
 * that died before its own transaction committed. No foreign keys: it is the outside world's.
 */
export const simulatedTerminalTransactions = pgTable(
  'simulated_terminal_transactions',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    pickingId: integer('picking_id').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Starts asked under this key: 1, more when a start was retried and adopted. */
    startRequests: integer('start_requests').notNull().default(1),
  },
  (t) => [index('simulated_terminal_transactions_picking').on(t.pickingId)],
);
