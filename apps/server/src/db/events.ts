import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database.js';
import { rowsOf } from './raw-rows.js';

// The one way to append to the history (`events`, architecture "Data and identity"): every
// service records who did what, where and when through `events.record`, and the units an event
// concerns are indexed in `event_units` in the same statement, so the vision history of a unit
// (deconsolidation, recipient picking) finds it.

/** Who recorded an event, in which warehouse and when. */
export interface EventOrigin {
  /** The caller (the call context's user), the one signing in, or null when nobody is known. */
  userId: number | null;
  /** Null for what belongs to no warehouse (a setting, a sign-in, a document of the flow). */
  warehouseId: number | null;
  /** The service's clock (`now()`); omitted: the database's clock at the transaction's start. */
  at?: Date;
}

/** What an event says: a JSON object, read back by the history and the tests byte for byte. */
export type EventPayload = Record<string, unknown>;

/** The unit barcodes (parcel, box, cell) an event concerns; empty and repeated ones are dropped. */
export type EventUnits = readonly (string | null | undefined)[];

/** The arguments of `events.record`, for a helper that builds an event for several services. */
export type RecordedEvent = [
  origin: EventOrigin,
  kind: string,
  payload: EventPayload,
  units?: EventUnits,
];

export interface EventRecorder {
  /** Appends an event and indexes it under its units; answers the event's id. */
  record(...event: RecordedEvent): Promise<number>;
}

/**
 * The event and its unit rows as two CTEs, `event` (its id) and `units`, for a statement that
 * makes a change and records it at once (a parcel's move, a picking's pickup: one round trip,
 * docs/PERFORMANCE.md); `record` runs them alone. A data-modifying CTE runs once.
 */
export function eventCtes(...[origin, kind, payload, units = []]: RecordedEvent): SQL {
  const distinct = [...new Set(units.filter((unit): unit is string => !!unit))];
  const unitArray =
    distinct.length === 0
      ? sql`array[]::text[]`
      : sql`array[${sql.join(
          distinct.map((unit) => sql`${unit}`),
          sql`, `,
        )}]::text[]`;
  return sql`event as (
      insert into events (at, user_id, warehouse_id, kind, payload)
      values (coalesce(${origin.at?.toISOString() ?? null}::timestamptz, now()),
        ${origin.userId}::int, ${origin.warehouseId}::int, ${kind},
        ${JSON.stringify(payload)}::jsonb)
      returning id
    ), units as (
      insert into event_units (barcode, event_id)
      select unit, event.id from event, unnest(${unitArray}) as unit
    )`;
}

/** The history over a database handle (a module's repository hands out the transaction's). */
export function createEventRecorder(db: Db): EventRecorder {
  return {
    async record(...event) {
      const result = await db.execute(sql`with ${eventCtes(...event)} select id from event`);
      const id = rowsOf<{ id: unknown }>(result)[0]?.id;
      if (id === undefined || id === null) throw new Error('event insert returned nothing');
      return Number(id);
    },
  };
}
