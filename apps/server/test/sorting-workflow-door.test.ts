import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { boxes, cells, parcels, users, warehouses } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import type { CallContext } from '../src/lib/call-context.js';
import { sortingDoorOver } from '../src/modules/sorting/index.js';
import { createTestDatabase } from './test-database.js';

// Sorting's door as the guided workflows use it (docs/DECISIONS.md "Guided workflows"): a
// parcel into a cell is its own operation (spec part 1 §7 `move` of a parcel into a cell), over
// the demo seed's recipients' parcels and FAST cell 3-a-01 of 34717.

let database: Database;
let context: CallContext;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  const [user] = await database.db.select().from(users).where(eq(users.number, 1001));
  const [warehouse] = await database.db
    .select()
    .from(warehouses)
    .where(eq(warehouses.number, 34717));
  context = {
    user: {
      id: user!.id,
      number: user!.number,
      name: user!.name,
      roles: user!.roles,
      sortingCenterId: user!.sortingCenterId,
      defaultWarehouseNumber: user!.defaultWarehouseNumber,
    },
    operationId: null,
    operationScope: null,
    sortingCenterId: null,
    warehouse: {
      id: warehouse!.id,
      number: warehouse!.number,
      code: warehouse!.code,
      sortingCenterId: warehouse!.sortingCenterId,
      isSinglePickingPerDevice: warehouse!.isSinglePickingPerDevice,
      disableAutomove: warehouse!.disableAutomove,
    },
  };
});

afterAll(async () => {
  await database?.close();
});

async function idsOf(numbers: string[]) {
  const rows = await database.db
    .select({ id: parcels.id, number: parcels.number })
    .from(parcels)
    .where(inArray(parcels.number, numbers));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** A parcel into a cell through the door, in a transaction of its own (as a step's). */
function moveParcelToCell(parcelId: number, cellId: number) {
  return database.db.transaction((tx) =>
    sortingDoorOver(tx, context).moveParcelToCell(parcelId, cellId),
  );
}

describe("sorting's door: a parcel into a cell", () => {
  it('puts a parcel into the cell’s box keyed by its recipient, refuses another recipient’s', async () => {
    const ids = await idsOf(['P450001', 'P450002', 'P450003']);
    const [cell] = await database.db.select().from(cells).where(eq(cells.barcode, '=34717-3-a-01'));

    const first = await moveParcelToCell(ids.get('P450001')!, cell!.id);
    expect(first).toMatchObject({ cellId: cell!.id, isNewBox: true, isAlreadyInPlace: false });
    const [box] = await database.db.select().from(boxes).where(eq(boxes.id, first.boxId!));
    expect(box).toMatchObject({ cellId: cell!.id, sortingKey: 'recipient:R-4501' });

    // The same recipient's next parcel joins that box; a move there again changes nothing.
    const second = await moveParcelToCell(ids.get('P450002')!, cell!.id);
    expect(second).toMatchObject({ boxId: box!.id, isNewBox: false });
    const again = await moveParcelToCell(ids.get('P450002')!, cell!.id);
    expect(again).toMatchObject({ boxId: box!.id, isAlreadyInPlace: true });

    // Another recipient's parcel is refused there and stays where it was.
    await expect(moveParcelToCell(ids.get('P450003')!, cell!.id)).rejects.toMatchObject({
      key: 'boxOtherKey',
      params: { barcode: box!.barcode, sortingKey: 'recipient:R-4501' },
    });
    const [third] = await database.db
      .select({ boxId: parcels.boxId })
      .from(parcels)
      .where(eq(parcels.id, ids.get('P450003')!));
    expect(third!.boxId).toBeNull();
  });

  it('keeps `move` for a parcel into a box or a box into a cell: its box is required', () => {
    const door = {} as ReturnType<typeof sortingDoorOver>;
    // Never called: the compiler checks that a box-less move is no longer accepted.
    const boxLess = () =>
      // @ts-expect-error a parcel into a cell goes through moveParcelToCell
      door.move({ parcelId: 1, cellId: 2 });
    expect(typeof boxLess).toBe('function');
  });
});
