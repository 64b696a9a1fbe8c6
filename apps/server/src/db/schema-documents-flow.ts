import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './schema-base.js';

// The document flow (spec part 2 §3 "Document flow item", §4; docs/DECISIONS.md
// "Document flow"): documents of a sorting centre, the contragents they name, and the
// signatures our organisation made.

/**
 * An organisation a document names: ours (a sorting centre's legal entity, `sorting_center_id`
 * set) or another. The id is the spec's contragentId (and a signature's signId).
 */
export const contragents = pgTable('contragents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  sortingCenterId: integer('sorting_center_id'),
});

/**
 * Spec part 2 §3: a document of a sorting centre; `state` 1, 2, 3 (another value reads "status
 * unknown", part 2 §4), `sum_kopecks` the sum in kopecks (answered in rubles). The indexes serve
 * the search: a centre's documents by date (the range) and by id (the order).
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sortingCenterId: integer('sorting_center_id').notNull(),
    number: text('number').notNull(),
    typeName: text('type_name').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    documentDate: timestamp('document_date', { withTimezone: true }).notNull(),
    sumKopecks: bigint('sum_kopecks', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('documents_centre_number').on(t.sortingCenterId, t.number),
    index('documents_centre_date').on(t.sortingCenterId, t.documentDate),
    check('documents_direction', sql`${t.direction} in ('in', 'out')`),
  ],
);

/** Spec part 2 §3 contragents[]: who a document names, and as what (inner or out). */
export const documentContragents = pgTable(
  'document_contragents',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    contragentId: integer('contragent_id')
      .notNull()
      .references(() => contragents.id),
    type: text('type', { enum: ['inner', 'out'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.contragentId] }),
    check('document_contragents_type', sql`${t.type} in ('inner', 'out')`),
  ],
);

/**
 * The signature of a document (docs/DECISIONS.md "Document flow"): Ed25519 over `content`, the
 * document's canonical JSON as signed, by the key whose id is `key_id`. One per document (the
 * unique constraint holds it whatever the concurrency).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .unique()
      .references(() => documents.id, { onDelete: 'cascade' }),
    contragentId: integer('contragent_id')
      .notNull()
      .references(() => contragents.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    algorithm: text('algorithm').notNull(),
    keyId: text('key_id').notNull(),
    content: text('content').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [check('signatures_algorithm', sql`${t.algorithm} = 'Ed25519'`)],
);
