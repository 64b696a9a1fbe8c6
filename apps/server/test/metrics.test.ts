import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExtraParcels } from './faults/fault-fixtures.js';
import { callWithSession, createSessionTestApp } from './sessions.js';
import {
  BADGES,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// `/metrics` (docs/DECISIONS.md "Error reporting", metrics; docs/OPERATIONS.md): Prometheus
// text behind METRICS_TOKEN; after a sorting flow the route histogram and the moves moved.

const TOKEN = 'scrape-token-0123456789abcdef';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let sc: number;

beforeAll(async () => {
  context = await createSessionTestApp({ METRICS_TOKEN: TOKEN });
  worker = await signInClient(context.app, BADGES.worker, () => sc);
  sc = await warehouseIdOf(worker, 34717);
});

afterAll(async () => {
  await context?.close();
});

async function scrape(): Promise<string> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

/** The value of a sample line (`name{labels} value`), 0 when absent. */
function valueOf(text: string, sample: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('after a sorting flow: the move route histogram and the moves counter moved', async () => {
    const before = await scrape();
    const zones = await zoneIdsOf(worker, sc);
    const [barcode] = await seedExtraParcels(context.database.db, { count: 1, prefix: 'MX' });
    if (!barcode) throw new Error('no extra parcel');
    const parcel = await worker.scan(barcode, zones.get(3) ?? 0);
    const moved = await worker.call(
      'POST',
      '/sorting-api/move',
      { parcelId: parcel.id, cellId: parcel.cells[0]?.id },
      newOperationId(),
    );
    expect(moved.json()).toMatchObject({ IsSuccess: true });
    // A refused move (an unknown parcel) is a refusal, not a move.
    await worker.call(
      'POST',
      '/sorting-api/move',
      { parcelId: 999999, cellId: 1 },
      newOperationId(),
    );

    const after = await scrape();
    const moveCount =
      'http_request_duration_seconds_count{method="POST",route="/sorting-api/move",status="200"}';
    expect(valueOf(after, moveCount)).toBeGreaterThan(valueOf(before, moveCount));
    const scanCount =
      'http_request_duration_seconds_count{method="POST",route="/sorting-api/parcels/scan",status="200"}';
    expect(valueOf(after, scanCount)).toBeGreaterThan(0);
    const moves = after
      .split('\n')
      .filter((line) => line.startsWith('sorting_operations_total{operation="move"'));
    expect(moves.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)).toBe(1);
    expect(after).toMatch(/http_refusals_total\{code="[A-Za-z]+",route="\/sorting-api\/move"\} 1/);
    expect(after).toMatch(/error_reports_total\{outcome="received"\} \d+/);
    // No barcode ever becomes a label.
    expect(after).not.toContain(barcode);
  });

  it('refuses a scrape without its token, with a wrong one, and to a browser session', async () => {
    const without = await context.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.body).not.toContain('http_request_duration_seconds');
    const wrong = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const session = await callWithSession(context.app, worker.token, 'GET', '/metrics');
    expect(session.statusCode).toBe(401);
  });
});
