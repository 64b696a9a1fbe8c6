import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PICKING_VALIDATION_KINDS } from '@sorting/contracts';
import { users } from './schema-base.js';
import { pickingClients, pickings, removedItemKeys } from './schema-picking.js';

// Picking validation and floor rules (spec part 1 §3 validationType, §4 "end with
// validation data", §5; docs/DECISIONS.md "Picking validation"): the recipients' pincodes (a
// salted hash only), each picking's pincode failures and lockout and the proof it ended with,
// and the items marked lost. Tables of their own beside schema-picking.ts.

/** A recipient's pincode (код получения) as a salted scrypt hash (lib/credentials.ts). */
export const pickingClientPincodes = pgTable('picking_client_pincodes', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => pickingClients.id, { onDelete: 'cascade' }),
  pincodeHash: text('pincode_hash').notNull(),
});

/**
 * A picking's validation: the wrong pincodes counted since the last lock (in the database, so
 * every server process sees one count), the lock's end, and the proof the picking ended with
 * (kind; the power of attorney's number, date and holder).
 */
export const pickingValidations = pgTable(
  'picking_validations',
  {
    pickingId: integer('picking_id')
      .primaryKey()
      .references(() => pickings.id, { onDelete: 'cascade' }),
    pincodeFailures: integer('pincode_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    kind: text('kind', { enum: PICKING_VALIDATION_KINDS }),
    attorneyNumber: text('attorney_number'),
    attorneyDate: date('attorney_date', { mode: 'string' }),
    holderName: text('holder_name'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
  },
  (t) => [
    check('picking_validations_failures', sql`${t.pincodeFailures} >= 0`),
    check(
      'picking_validations_kind',
      sql`${t.kind} is null or ${t.kind} in ('none', 'pincode', 'attorney')`,
    ),
  ],
);

/** Spec part 1 §7 `lost`: a WAITING item not found in its cell, with the worker's words. */
export const pickingLostItems = pgTable(
  'picking_lost_items',
  {
    ...removedItemKeys(),
    description: text('description').notNull(),
    lostAt: timestamp('lost_at', { withTimezone: true }).notNull(),
    lostBy: integer('lost_by').references(() => users.id, { onDelete: 'set null' }),
    /** The device's own time (`Timestamp`), beside the server's lost_at. */
    deviceLostAt: timestamp('device_lost_at', { withTimezone: true }),
  },
  (t) => [index('picking_lost_items_parcel').on(t.parcelId)],
);
