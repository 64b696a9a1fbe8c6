import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { inboundPlaces, inbounds, parcelBarcodes, parcels, warehouses } from '../src/db/schema.js';
import { createTestDatabase } from './test-database.js';

// Migration 0023 (docs/DECISIONS.md "Guided workflows", receipt of cargo and stock matching):
// the places of a supply, the factory barcodes of a parcel's goods, and what a parcel keeps of
// them; the database refuses what the receipt must never write.

let database: Database;
let inboundId: number;
let parcelId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [warehouse] = await db
    .insert(warehouses)
    .values({ number: 99_001, code: 'SC-T', name: 'Test', sortingMode: 'SortingCenter' })
    .returning({ id: warehouses.id });
  const warehouseId = warehouse?.id ?? 0;
  const [inbound] = await db
    .insert(inbounds)
    .values({ warehouseId, number: 'IN-T1', senderName: 'T', acceptanceBarcode: '.69.IN-T1' })
    .returning({ id: inbounds.id });
  inboundId = inbound?.id ?? 0;
  const [parcel] = await db
    .insert(parcels)
    .values({ warehouseId, number: 'PT-1', name: 'Part', sortingKey: 'k', sortingName: 'K' })
    .returning({ id: parcels.id });
  parcelId = parcel?.id ?? 0;
});

afterAll(async () => {
  await database?.close();
});

describe('inbound places, parcel barcodes (migration 0023)', () => {
  it('links a parcel to its place, with its receipt and factory barcodes', async () => {
    const { db } = database;
    const [place] = await db
      .insert(inboundPlaces)
      .values({ inboundId, barcode: 'PL-T1-1' })
      .returning({ id: inboundPlaces.id, isMissing: inboundPlaces.isMissing });
    expect(place?.isMissing).toBe(false);
    await db
      .update(parcels)
      .set({ inboundPlaceId: place?.id, receiptBarcode: 'RC-T1' })
      .where(eq(parcels.id, parcelId));
    await db.insert(parcelBarcodes).values([
      { parcelId, barcode: '4607012345678' },
      { parcelId, barcode: '4607012345679' },
    ]);
    const rows = await db
      .select({ place: inboundPlaces.barcode, barcode: parcelBarcodes.barcode })
      .from(parcels)
      .innerJoin(inboundPlaces, eq(inboundPlaces.id, parcels.inboundPlaceId))
      .innerJoin(parcelBarcodes, eq(parcelBarcodes.parcelId, parcels.id))
      .where(eq(parcels.id, parcelId));
    expect(rows.map((row) => `${row.place} ${row.barcode}`).sort()).toEqual([
      'PL-T1-1 4607012345678',
      'PL-T1-1 4607012345679',
    ]);
  });

  it.each([
    ['a reason not in the list', { reason: 'lost' }],
    ['a negative count', { receivedCount: -1 }],
    ['a weight of 0 g', { weightGrams: 0 }],
  ])('refuses %s', async (_, values) => {
    await expect(
      database.db
        .insert(inboundPlaces)
        .values({ inboundId, barcode: 'PL-T1-X', ...values } as never),
    ).rejects.toThrow();
  });

  it('refuses a place barcode twice and a parcel barcode twice on one parcel', async () => {
    await database.db.insert(inboundPlaces).values({ inboundId, barcode: 'PL-T1-2' });
    await expect(
      database.db.insert(inboundPlaces).values({ inboundId, barcode: 'PL-T1-2' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(parcelBarcodes).values({ parcelId, barcode: '4607012345678' }),
    ).rejects.toThrow();
  });

  it('records a received place with its count, reason and measures', async () => {
    const [place] = await database.db
      .insert(inboundPlaces)
      .values({
        inboundId,
        barcode: 'PL-T1-3',
        receivedCount: 2,
        reason: 'shortage',
        lengthCm: 40,
        widthCm: 30,
        heightCm: 20,
        weightGrams: 2500,
        receivedAt: new Date(),
      })
      .returning({ reason: inboundPlaces.reason, weightGrams: inboundPlaces.weightGrams });
    expect(place).toEqual({ reason: 'shortage', weightGrams: 2500 });
  });
});
