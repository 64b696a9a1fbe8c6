// The payment rows of `npm run bench -- --only=picking` (bench/picking.ts runs this phase on its
// server and database): POST pay through the simulated terminal (p95 ≤ 50 ms; the server runs
// with a simulator delay longer than the phase, so no delay is counted and every poll finds
// the payment pending and asks the terminal) and GET pay polled by 50 devices once a second
// (p95 ≤ 20 ms).
import pg from 'pg';
import { percentiles, type Percentiles } from './stats.js';

export const PAYING_DEVICES = 50;

/** The env the picking bench's server runs with: the simulated terminal answers late. */
export const PAYMENT_BENCH_ENV = { PAYMENT_TERMINAL_SIM_DELAY_MS: '600000' };

export interface PaymentBenchResult {
  pay: Percentiles;
  poll: Percentiles;
}

type Call = <T>(
  session: number,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ ms: number; value: T }>;

/**
 * PAYING_DEVICES recipients (codes given) get 100,00 ₽ of cash on delivery per parcel, are
 * begun, picked and paid through the terminal; then each device polls its payment once a
 * second for `seconds`.
 */
export async function runPaymentPhase(options: {
  databaseUrl: string;
  codes: string[];
  sessions: number;
  seconds: number;
  call: Call;
}): Promise<PaymentBenchResult> {
  const { call, codes } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update picking_parcels set cash_on_delivery_kopecks = 10000
       where client_id in (select id from picking_clients where code = any($1))`,
      [codes],
    );
  } finally {
    await client.end();
  }
  const paid: { session: number; pickingId: number }[] = [];
  const payTimes: number[] = [];
  for (const [index, code] of codes.entries()) {
    const session = index % options.sessions;
    const begun = await call<{ pickingId: number }>(session, 'POST', '/picking-api/picking/begin', {
      PickingClientCode: code,
    });
    const pickingId = begun.value.pickingId;
    const items = await call<{ barcode: string; cell: { barcode: string | null } }[]>(
      session,
      'POST',
      '/picking-api/picking/search',
      { PickingId: pickingId },
    );
    for (const item of items.value) {
      await call(session, 'POST', '/picking-api/picking/pickup', {
        PickingId: pickingId,
        Timestamp: new Date().toISOString(),
        Barcode: item.barcode,
        CellBarcode: item.cell.barcode,
      });
    }
    const { ms } = await call(session, 'POST', `/picking-api/picking/${pickingId}/pay`, {
      PaymentTypeCode: 'card',
      ProviderCode: 'terminal',
      Timestamp: new Date().toISOString(),
    });
    payTimes.push(ms);
    paid.push({ session, pickingId });
  }

  // Each device polls its payment once a second, the devices spread over the second.
  const pollTimes: number[] = [];
  const started = performance.now();
  await Promise.all(
    paid.map(async (payment, index) => {
      for (let tick = 0; tick < options.seconds; tick += 1) {
        const due = started + tick * 1000 + (index * 1000) / paid.length;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const { ms } = await call(
          payment.session,
          'GET',
          `/picking-api/picking/${payment.pickingId}/pay`,
        );
        pollTimes.push(ms);
      }
    }),
  );
  return { pay: percentiles(payTimes), poll: percentiles(pollTimes) };
}

/** The rows of the bench table (bench/run.ts through bench/picking.ts). */
export function paymentRows(result: PaymentBenchResult): [string, string, string, boolean][] {
  return [
    [
      'picking: POST pay (simulated terminal) p95 ms',
      String(result.pay.p95),
      '≤ 50',
      result.pay.p95 <= 50,
    ],
    [
      `picking: GET pay polled by ${PAYING_DEVICES} devices at 1/s p95 ms`,
      String(result.poll.p95),
      '≤ 20',
      result.poll.p95 <= 20,
    ],
  ];
}
