// `node --import tsx bench/picking.ts` (or `npm run bench -- --only=picking`): the pick-up
// recipient picking figures on PostgreSQL with the bench seed plus CLIENTS waiting recipients
// of 4 parcels each (and BIG recipients of 30 parcels): the clients page of 30 with a search
// (p95 ≤ 50 ms), search of a 30-item picking (p95 ≤ 30 ms), pickup at a fixed 50/s from 16
// devices (p95 ≤ 25 ms, p99 ≤ 50 ms) and end (p95 ≤ 100 ms). The BIG recipients are
// COURIER with a tariff: the tariff check (p95 ≤ 10 ms), the items of a 99-package delivery
// (p95 ≤ 30 ms) and a package's measure (p95 ≤ 30 ms).
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startServer } from '../e2e/server-process.js';
import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  createBenchPostgres,
  prepareBenchDatabase,
} from './bench-database.js';
import { percentiles, type Percentiles } from './stats.js';
import { signInHeaders, timedCall } from './http-client.js';
import {
  PAYING_DEVICES,
  PAYMENT_BENCH_ENV,
  paymentRows,
  runPaymentPhase,
  type PaymentBenchResult,
} from './picking-payment.js';

const DEVICES = 16;
const PICKUP_RATE = 50;

export interface PickingBenchResult {
  clientsPage: Percentiles;
  search30: Percentiles;
  pickup: Percentiles;
  end: Percentiles;
  tariff: Percentiles;
  deliveryItems99: Percentiles;
  measure: Percentiles;
  /** Payment (bench/picking-payment.ts). */
  payment: PaymentBenchResult;
  errors: number;
}

/** CLIENTS recipients of 4 parcels and BIG of 30, each recipient's parcels in a closed box. */
async function seedRecipients(databaseUrl: string, clients: number, big: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statements = [
      `insert into picking_clients (warehouse_id, code, name, delivery_type,
         warehouse_code_from, warehouse_code_to, address_from, address_to)
       select w.id, 'B-' || lpad(i::text, 6, '0'), 'Получатель ' || i,
         case when i > ${clients} then 'COURIER' else 'SELF' end, w.code,
         case when i > ${clients} then 'BENCH-TO' else w.code end, 'Москва', 'Москва'
       from warehouses w, generate_series(1, ${clients + big}) as i where w.number = $1`,
      // One closed box per recipient, in the bench zones' cells round robin.
      `with cell_list as (
         select c.id, row_number() over (order by c.id) - 1 as n, count(*) over () as total
         from cells c join zones z on z.id = c.zone_id
         join warehouses w on w.id = z.warehouse_id
         where w.number = $1 and z.number >= ${BENCH_FIRST_ZONE})
       insert into boxes (warehouse_id, number, barcode, cell_id, sorting_key, is_closed)
       select pc.warehouse_id, 500000 + pc.id, '_' || $1 || '-' || (500000 + pc.id), cl.id,
         'PICK', true
       from picking_clients pc
       join cell_list cl on cl.n = pc.id % cl.total
       where pc.code like 'B-%'`,
      `insert into parcels (warehouse_id, number, name, sorting_key, sorting_name, box_id,
         is_receipted)
       select pc.warehouse_id, 'PK' || pc.id || '-' || k, 'Деталь ' || k, 'PICK', 'Pick', b.id, true
       from picking_clients pc
       join boxes b on b.number = 500000 + pc.id and b.warehouse_id = pc.warehouse_id
       cross join lateral generate_series(1, case when pc.id > ${clients} then 30 else 4 end) as k
       where pc.code like 'B-%'`,
      `insert into picking_parcels (parcel_id, client_id, storage_deadline)
       select p.id, pc.id, date '2030-12-31'
       from parcels p join picking_clients pc on p.number like 'PK' || pc.id || '-%'
       where pc.code like 'B-%'`,
      `insert into delivery_tariffs (warehouse_code_from, warehouse_code_to, tariff_code, name,
         price_kopecks, days)
       select w.code, 'BENCH-TO', 'STD', 'Стандарт', 45000, 2 from warehouses w where w.number = $1`,
      'analyze',
    ];
    for (const statement of statements) {
      await client.query(statement, statement.includes('$1') ? [BENCH_WAREHOUSE_NUMBER] : []);
    }
    const warehouse = await client.query<{ code: string }>(
      'select code from warehouses where number = $1',
      [BENCH_WAREHOUSE_NUMBER],
    );
    return warehouse.rows[0]?.code ?? '';
  } finally {
    await client.end();
  }
}

interface Session {
  headers: Record<string, string>;
}

async function signIn(baseUrl: string, badge: string): Promise<Session> {
  return { headers: await signInHeaders(baseUrl, badge) };
}

/** One call; answers its time and operation object, throws on a refusal. */
function call<T>(
  baseUrl: string,
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ ms: number; value: T }> {
  return timedCall<T>(baseUrl, session.headers, method, path, body);
}

interface Item {
  barcode: string;
  cell: { barcode: string | null };
}

export async function runPickingBench(options: {
  serverUrl: string;
  quick: boolean;
  log: (message: string) => void;
}): Promise<PickingBenchResult> {
  const clients = options.quick ? 1000 : 5000;
  const big = 20;
  const bench = await createBenchPostgres(options.serverUrl);
  try {
    await prepareBenchDatabase(
      { databaseUrl: bench.url },
      { devices: DEVICES, parcelsPerZone: 100 },
    );
    const warehouseCode = await seedRecipients(bench.url, clients, big);
    options.log(`picking: ${clients} recipients × 4 parcels and ${big} × 30 seeded`);
    const server = await startServer({
      DATABASE_URL: bench.url,
      LOG_LEVEL: 'warn',
      ...PAYMENT_BENCH_ENV,
    });
    let errors = 0;
    try {
      const base = server.url;
      const sessions: Session[] = [];
      for (let i = 1; i <= DEVICES; i += 1) sessions.push(await signIn(base, benchBadge(i)));
      const first = sessions[0]!;
      const code = (i: number) => `B-${String(i).padStart(6, '0')}`;

      // Clients page of 30 with a search (a code, a name part, a parcel barcode).
      const pageTimes: number[] = [];
      const pages = options.quick ? 100 : 300;
      for (let i = 0; i < pages; i += 1) {
        const n = 1 + ((i * 7919) % clients);
        const search = [code(n), `Получатель ${n}`, `PK${n}-2`][i % 3] ?? '';
        const query = new URLSearchParams({ pageSize: '30', search });
        if (i % 4 === 3) query.delete('search');
        const { ms } = await call(base, first, 'GET', `/picking-api/picking/clients?${query}`);
        pageTimes.push(ms);
      }

      // Search of a 30-item picking.
      const bigIds: number[] = [];
      for (let i = 0; i < big; i += 1) {
        const begun = await call<{ pickingId: number }>(
          base,
          first,
          'POST',
          '/picking-api/picking/begin',
          {
            PickingClientCode: code(clients + 1 + i),
          },
        );
        bigIds.push(begun.value.pickingId);
      }
      const searchTimes: number[] = [];
      for (let i = 0; i < (options.quick ? 100 : 300); i += 1) {
        const { ms } = await call(base, first, 'POST', '/picking-api/picking/search', {
          PickingId: bigIds[i % bigIds.length],
        });
        searchTimes.push(ms);
      }

      // The tariff check, the items of a 99-package delivery and measures.
      const tariffTimes: number[] = [];
      const tariffQuery = new URLSearchParams({
        fromAddress: warehouseCode,
        toAddress: 'BENCH-TO',
      });
      for (let i = 0; i < (options.quick ? 100 : 300); i += 1) {
        const { ms } = await call(
          base,
          first,
          'GET',
          `/delivery-api/delivery/tariff?${tariffQuery}`,
        );
        tariffTimes.push(ms);
      }
      const delivery = await call<{ deliveryId: number; items: { deliveryItemId: number }[] }>(
        base,
        first,
        'POST',
        '/delivery-api/delivery',
        {
          externalCode: bigIds[0],
          warehouseFrom: warehouseCode,
          warehouseTo: 'BENCH-TO',
          addressFrom: 'Москва',
          addressTo: 'Москва',
          itemsCount: 99,
        },
      );
      const deliveryPath = `/delivery-api/delivery/${delivery.value.deliveryId}`;
      const itemsTimes: number[] = [];
      for (let i = 0; i < (options.quick ? 100 : 300); i += 1) {
        const { ms } = await call(base, first, 'GET', `${deliveryPath}/items`);
        itemsTimes.push(ms);
      }
      const measureTimes: number[] = [];
      for (let i = 0; i < (options.quick ? 100 : 300); i += 1) {
        const item = delivery.value.items[i % delivery.value.items.length];
        const { ms } = await call(
          base,
          first,
          'POST',
          `${deliveryPath}/items/${item?.deliveryItemId ?? 0}/measure`,
          { height: 10 + (i % 7), width: 20, length: 30, weight: 1000 + i },
        );
        measureTimes.push(ms);
      }

      // Pickups at a fixed rate from 16 devices: each device begins its recipients first.
      const seconds = options.quick ? 10 : 30;
      const recipients = Math.ceil((PICKUP_RATE * seconds) / 4);
      const work: { session: Session; pickingId: number; item: Item }[] = [];
      const pickings: { session: Session; pickingId: number }[] = [];
      for (let i = 0; i < recipients; i += 1) {
        const session = sessions[i % DEVICES]!;
        const begun = await call<{ pickingId: number }>(
          base,
          session,
          'POST',
          '/picking-api/picking/begin',
          {
            PickingClientCode: code(1 + i),
          },
        );
        const items = await call<Item[]>(base, session, 'POST', '/picking-api/picking/search', {
          PickingId: begun.value.pickingId,
        });
        pickings.push({ session, pickingId: begun.value.pickingId });
        for (const item of items.value)
          work.push({ session, pickingId: begun.value.pickingId, item });
      }
      const pickupTimes: number[] = [];
      const started = performance.now();
      const running: Promise<void>[] = [];
      for (const [index, job] of work.entries()) {
        const due = started + (index * 1000) / PICKUP_RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        running.push(
          call(base, job.session, 'POST', '/picking-api/picking/pickup', {
            PickingId: job.pickingId,
            Timestamp: new Date().toISOString(),
            Barcode: job.item.barcode,
            CellBarcode: job.item.cell.barcode,
          }).then(
            ({ ms }) => void pickupTimes.push(ms),
            (error: unknown) => {
              errors += 1;
              if (errors === 1) options.log(`pickup failed: ${(error as Error).message}`);
            },
          ),
        );
      }
      await Promise.all(running);

      const endTimes: number[] = [];
      for (const picking of pickings) {
        const { ms } = await call(base, picking.session, 'POST', '/picking-api/picking/end', {
          PickingId: picking.pickingId,
        });
        endTimes.push(ms);
      }

      // Pay and the payment's state polled, on recipients no phase above touched.
      const payment = await runPaymentPhase({
        databaseUrl: bench.url,
        codes: Array.from({ length: PAYING_DEVICES }, (_, i) => code(clients - i)),
        sessions: DEVICES,
        seconds: options.quick ? 10 : 30,
        call: (session, method, path, body) => call(base, sessions[session]!, method, path, body),
      });
      return {
        clientsPage: percentiles(pageTimes),
        search30: percentiles(searchTimes),
        pickup: percentiles(pickupTimes),
        end: percentiles(endTimes),
        tariff: percentiles(tariffTimes),
        deliveryItems99: percentiles(itemsTimes),
        measure: percentiles(measureTimes),
        payment,
        errors,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

/** The rows of the bench table (bench/run.ts). */
export function pickingRows(
  result: PickingBenchResult,
): [string, string, string, boolean | null][] {
  return [
    [
      'picking: clients page of 30 with search p95 ms',
      String(result.clientsPage.p95),
      '≤ 50',
      result.clientsPage.p95 <= 50,
    ],
    [
      'picking: search of a 30-item picking p95 ms',
      String(result.search30.p95),
      '≤ 30',
      result.search30.p95 <= 30,
    ],
    [
      `picking: pickup at ${PICKUP_RATE}/s p95 ms`,
      String(result.pickup.p95),
      '≤ 25',
      result.pickup.p95 <= 25,
    ],
    [
      `picking: pickup at ${PICKUP_RATE}/s p99 ms`,
      String(result.pickup.p99),
      '≤ 50',
      result.pickup.p99 <= 50,
    ],
    ['picking: end p95 ms', String(result.end.p95), '≤ 100', result.end.p95 <= 100],
    ['delivery: tariff p95 ms', String(result.tariff.p95), '≤ 10', result.tariff.p95 <= 10],
    [
      'delivery: items of a 99-package delivery p95 ms',
      String(result.deliveryItems99.p95),
      '≤ 30',
      result.deliveryItems99.p95 <= 30,
    ],
    [
      'delivery: measure a package p95 ms',
      String(result.measure.p95),
      '≤ 30',
      result.measure.p95 <= 30,
    ],
    ...paymentRows(result.payment),
    ['picking: errors', String(result.errors), '0', result.errors === 0],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runPickingBench({
    serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    quick: process.argv.includes('--quick'),
    log: (message) => process.stderr.write(`[picking] ${message}\n`),
  });
  for (const [name, value, target] of pickingRows(result))
    console.log(`${name}: ${value} (${target})`);
}
