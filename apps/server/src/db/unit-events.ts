import type { Db } from './database.js';
import { events } from './schema-base.js';
import { eventUnits } from './schema-sorting.js';

/** An event of the append-only history and the unit barcodes it concerns. */
export interface UnitEvent {
  at: Date;
  userId: number;
  warehouseId: number;
  kind: string;
  payload: Record<string, unknown>;
  units: string[];
}

/**
 * Appends an event and indexes it under the unit barcodes it concerns (`event_units`), so the
 * vision history of each unit finds it (deconsolidation, audit).
 */
export async function recordUnitEvent(db: Db, event: UnitEvent): Promise<void> {
  const { units, ...values } = event;
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  if (!row) throw new Error('event insert returned nothing');
  const barcodes = [...new Set(units)];
  if (barcodes.length > 0) {
    await db.insert(eventUnits).values(barcodes.map((barcode) => ({ barcode, eventId: row.id })));
  }
}
