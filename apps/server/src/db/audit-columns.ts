import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-base.js';

// Who and when columns (docs/DECISIONS.md "Database"): the user who changed a row and the
// moment, declared once for the tables that keep them.

/** The user who did it; null once that user is deleted, the row stays. */
export function byUser(name: string) {
  return integer(name).references(() => users.id, { onDelete: 'set null' });
}

/** A moment, with its time zone. */
export function moment(name: string) {
  return timestamp(name, { withTimezone: true });
}

type WhoAndWhen<P extends string> = { [K in `${P}By`]: ReturnType<typeof byUser> } & {
  [K in `${P}At`]: ReturnType<typeof moment>;
};

/**
 * `<prefix>By` and `<prefix>At` (`<prefix>_by`, `<prefix>_at`; the prefix one lower-case
 * word): who changed the row that way last and when, both null until then.
 */
export function whoAndWhen<P extends string>(prefix: P): WhoAndWhen<P> {
  return {
    [`${prefix}By`]: byUser(`${prefix}_by`),
    [`${prefix}At`]: moment(`${prefix}_at`),
  } as WhoAndWhen<P>;
}

/** When a row was created and by whom, both required; the row goes with its user. */
export function createdWhenAndWho() {
  return {
    createdAt: moment('created_at').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}
