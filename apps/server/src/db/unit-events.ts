import type { Db } from './database.js';
import { events } from './schema-base.js';
import { eventUnits } from './schema-sorting.js';

/** An event of the append-only history in a warehouse, by a user. */
export interface WarehouseEvent {
  at: Date;
  userId: number;
  warehouseId: number;
  kind: string;
  payload: Record<string, unknown>;
}

/** An event of the append-only history and the unit barcodes (parcel, box, cell) it concerns. */
export interface UnitEvent extends WarehouseEvent {
  units: (string | null | undefined)[];
}

/** Appends an event that no unit's history lists (a setting, a return's acceptance). */
export async function insertEvent(db: Db, event: WarehouseEvent): Promise<void> {
  await db.insert(events).values(event);
}

/**
 * Appends an event and indexes it under each unit barcode once (`event_units`), so the vision
 * history of a unit finds it (deconsolidation, recipient picking).
 */
export async function insertUnitEvent(db: Db, event: UnitEvent): Promise<void> {
  const [row] = await db
    .insert(events)
    .values({
      at: event.at,
      userId: event.userId,
      warehouseId: event.warehouseId,
      kind: event.kind,
      payload: event.payload,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('event insert returned nothing');
  const units = [...new Set(event.units.filter((unit): unit is string => !!unit))];
  if (units.length > 0) {
    await db.insert(eventUnits).values(units.map((barcode) => ({ barcode, eventId: row.id })));
  }
}
