import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import type { Db } from '../src/db/database.js';
import {
  parcels,
  pickingClients,
  pickingItems,
  pickingParcels,
  pickings,
  simulatedTerminalTransactions,
  users,
  warehouses,
} from '../src/db/schema.js';

// Open pickings ready to pay, for the payment tests: each a recipient of its own with PICKED
// parcels owing cash on delivery (one unless told), begun by a user of the demo sorting centre.

export interface PayablePicking {
  pickingId: number;
  clientCode: string;
}

/**
 * `count` open pickings of user `userNumber`, each with `parcelsEach` (1 unless told) PICKED
 * parcels owing `kopecks` each.
 */
export async function seedPayablePickings(
  db: Db,
  options: {
    count: number;
    prefix: string;
    userNumber: number;
    kopecks: number;
    parcelsEach?: number;
  },
): Promise<PayablePicking[]> {
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.number, DEFAULT_SORTING_CENTER_ID));
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.number, options.userNumber));
  if (!warehouse || !user) throw new Error('seed the demo first');
  const made: PayablePicking[] = [];
  for (let index = 1; index <= options.count; index += 1) {
    const code = `${options.prefix}-${index}`;
    const [client] = await db
      .insert(pickingClients)
      .values({ warehouseId: warehouse.id, code, name: `Получатель ${code}`, deliveryType: 'SELF' })
      .returning({ id: pickingClients.id });
    const at = new Date();
    const [picking] = await db
      .insert(pickings)
      .values({ warehouseId: warehouse.id, clientId: client!.id, userId: user.id, begunAt: at })
      .returning({ id: pickings.id });
    const parcelsEach = options.parcelsEach ?? 1;
    for (let position = 1; position <= parcelsEach; position += 1) {
      // The first parcel keeps the number it had when every picking held one.
      const suffix = position === 1 ? '' : `-${position}`;
      const [parcel] = await db
        .insert(parcels)
        .values({
          warehouseId: warehouse.id,
          number: `${options.prefix}P${String(index).padStart(5, '0')}${suffix}`,
          name: `Посылка ${code}`,
          sortingKey: code,
          sortingName: code,
        })
        .returning({ id: parcels.id });
      await db.insert(pickingParcels).values({
        parcelId: parcel!.id,
        clientId: client!.id,
        cashOnDeliveryKopecks: options.kopecks,
        hold: 'PICKED',
      });
      await db.insert(pickingItems).values({
        pickingId: picking!.id,
        parcelId: parcel!.id,
        state: 'PICKED',
        pickedAt: at,
        pickedBy: user.id,
      });
    }
    made.push({ pickingId: picking!.id, clientCode: code });
  }
  return made;
}

/** What the simulated terminal started for a picking: its transactions and start requests. */
export async function terminalStartsOf(
  db: Db,
  pickingId: number,
): Promise<{ transactionId: string; startRequests: number }[]> {
  return db
    .select({
      transactionId: simulatedTerminalTransactions.transactionId,
      startRequests: simulatedTerminalTransactions.startRequests,
    })
    .from(simulatedTerminalTransactions)
    .where(eq(simulatedTerminalTransactions.pickingId, pickingId))
    .orderBy(sql`${simulatedTerminalTransactions.startedAt}`);
}
