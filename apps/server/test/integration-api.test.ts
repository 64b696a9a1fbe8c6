import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  INTEGRATION_ADMIN_ROUTES,
  INTEGRATION_API_ROUTES,
  INTEGRATION_CALLS_PER_MINUTE,
  type TApiKey,
  type TBatchResult,
  type TCreatedApiKey,
  type TIntegrationEvent,
  type TIntegrationEventsPage,
  type TParcel,
} from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import { events, integrationObjects, parcels, users, warehouses } from '../src/db/schema.js';
import { generateBadgeToken, hashBadgeToken } from '../src/lib/credentials.js';
import { createTestConfig } from './helpers.js';
import { createSessionTestApp } from './sessions.js';
import { testDatabaseUrlOf } from './test-database.js';
import {
  BADGES,
  newOperationId,
  signInClient,
  warehouseIdOf,
  zoneIdsOf,
  type SortingClient,
} from './sorting-client.js';

// The integration API end to end (docs/DECISIONS.md "Integration", docs/INTEGRATION.md): keys
// made by an administrator, parcels fed by a batch, sorted by a handheld's calls, and the
// floor's events read back by cursor, also after a restart.

const SC = 34717;
const OTHER_CENTRE = 77717;
const OTHER_WAREHOUSE = 77001;
const KEYS = fillPath(INTEGRATION_ADMIN_ROUTES.listKeys.path, { code: SC });
const OTHER_KEYS = fillPath(INTEGRATION_ADMIN_ROUTES.listKeys.path, { code: OTHER_CENTRE });
const BATCH = INTEGRATION_API_ROUTES.parcelsBatch.path;
const EVENTS = INTEGRATION_API_ROUTES.events.path;

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let app: FastifyInstance;
let administrator: SortingClient;
let otherAdministrator: SortingClient;
let worker: SortingClient;
let supervisor: SortingClient;
let sc: number;
let batchNumber = 0;

beforeAll(async () => {
  context = await createSessionTestApp({
    INTEGRATION_CALLS_PER_MINUTE: String(INTEGRATION_CALLS_PER_MINUTE),
  });
  app = context.app;
  const { db } = context.database;
  // Another sorting centre with its own warehouse and administrator.
  await db.insert(warehouses).values({
    number: OTHER_WAREHOUSE,
    code: 'W77001',
    name: 'Другой центр',
    sortingMode: 'SortingCenter',
    sortingCenterId: OTHER_CENTRE,
  });
  const otherBadge = generateBadgeToken();
  await db.insert(users).values({
    number: 97002,
    name: 'Администратор другого центра',
    badgeTokenHash: hashBadgeToken(otherBadge),
    roles: ['administrator'],
    sortingCenterId: OTHER_CENTRE,
  });
  worker = await signInClient(app, BADGES.worker, () => sc);
  sc = await warehouseIdOf(worker, SC);
  administrator = await signInClient(app, '~A3001-5RZ6', () => sc);
  supervisor = await signInClient(app, '~S2001-9TB4', () => sc);
  otherAdministrator = await signInClient(app, otherBadge, () => sc);
});

afterAll(async () => {
  await app?.close();
  await context?.database.close();
});

async function createKey(
  client: SortingClient,
  url: string,
  body: { name: string; scopes: string[]; warehouseNumber?: number },
): Promise<TCreatedApiKey> {
  const response = await client.call('POST', url, body, newOperationId());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().operationObject as TCreatedApiKey;
}

function withKey(
  secret: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  on: FastifyInstance = app,
): Promise<LightMyRequestResponse> {
  return on.inject({
    method,
    url,
    headers: { ...(secret === null ? {} : { authorization: `Bearer ${secret}` }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function feed(secret: string, body: unknown, idempotencyKey = `batch-${++batchNumber}`) {
  return withKey(secret, 'POST', BATCH, body, { 'idempotency-key': idempotencyKey });
}

function parcel(externalId: string, overrides: Record<string, unknown> = {}) {
  return {
    externalId,
    number: `EXT-${externalId}`,
    name: `Посылка ${externalId}`,
    warehouseNumber: SC,
    sortingKey: 'SPB-01',
    sortingName: 'Санкт-Петербург',
    routeNumber: 'R-7',
    clientName: 'ООО Ромашка',
    makeName: 'Bosch',
    detailNumber: 'D-1',
    detailName: 'Фильтр',
    quantity: 2,
    factoryBarcodes: ['4600000000017'],
    ...overrides,
  };
}

async function parcelCount(): Promise<number> {
  const [row] = await context.database.db.select({ n: sql<number>`count(*)::int` }).from(parcels);
  return row?.n ?? 0;
}

/** Every event after `cursor`, page by page; answers them and the last cursor. */
async function readAll(
  secret: string,
  cursor: string,
  on: FastifyInstance = app,
): Promise<{ events: TIntegrationEvent[]; cursor: string }> {
  const all: TIntegrationEvent[] = [];
  let after = cursor;
  for (;;) {
    const response = await withKey(
      secret,
      'GET',
      `${EVENTS}?after=${after}&limit=50`,
      undefined,
      {},
      on,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().operationObject as TIntegrationEventsPage;
    all.push(...page.events);
    if (page.events.length === 0) return { events: all, cursor: page.nextCursor };
    after = page.nextCursor;
  }
}

/**
 * readAll until `isThere` holds of everything read. On a PostgreSQL server the feed holds back
 * what committed after the oldest transaction still running anywhere on the server (other test
 * files' too, docs/DECISIONS.md "Integration"); on PGlite the first read has it all.
 */
async function readUntil(
  secret: string,
  cursor: string,
  isThere: (events: TIntegrationEvent[]) => boolean,
): Promise<{ events: TIntegrationEvent[]; cursor: string }> {
  const all: TIntegrationEvent[] = [];
  let after = cursor;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const page = await readAll(secret, after);
    all.push(...page.events);
    after = page.cursor;
    if (isThere(all)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { events: all, cursor: after };
}

describe('API keys', () => {
  it('are created by an administrator (secret once), listed with last use, revoked at once', async () => {
    const created = await createKey(administrator, KEYS, { name: 'ERP', scopes: ['read'] });
    expect(created.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'ERP', scopes: ['read'], lastUsedAt: null });

    const before = await administrator.call('GET', KEYS);
    const listed = (before.json().operationObject.items as TApiKey[]).find(
      (key) => key.id === created.id,
    );
    expect(listed).toMatchObject({ prefix: created.prefix, scopes: ['read'], lastUsedAt: null });
    expect(JSON.stringify(before.json())).not.toContain(created.secret);

    expect((await withKey(created.secret, 'GET', EVENTS)).statusCode).toBe(200);
    const after = await administrator.call('GET', KEYS);
    const used = (after.json().operationObject.items as TApiKey[]).find(
      (key) => key.id === created.id,
    );
    expect(used?.lastUsedAt).not.toBeNull();

    const revoked = await administrator.call(
      'DELETE',
      fillPath(INTEGRATION_ADMIN_ROUTES.revokeKey.path, { code: SC, apiKeyId: created.id }),
      undefined,
      newOperationId(),
    );
    expect(revoked.json().operationObject.revokedAt).not.toBeNull();
    const refused = await withKey(created.secret, 'GET', EVENTS);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 401 });
  });

  it('are not for supervisors, workers or another centre', async () => {
    for (const client of [worker, supervisor, otherAdministrator]) {
      const list = await client.call('GET', KEYS);
      expect(list.statusCode).toBe(403);
      const create = await client.call(
        'POST',
        KEYS,
        { name: 'x', scopes: ['read'] },
        newOperationId(),
      );
      expect(create.statusCode).toBe(403);
    }
    // A key of another centre's warehouse cannot be made here.
    const foreign = await administrator.call(
      'POST',
      KEYS,
      { name: 'x', scopes: ['read'], warehouseNumber: OTHER_WAREHOUSE },
      newOperationId(),
    );
    expect(foreign.json()).toMatchObject({ isSuccess: false, errorCode: 1 });
  });

  it('a key opens only the integration API, a session never opens it', async () => {
    const key = await createKey(administrator, KEYS, { name: 'both', scopes: ['read'] });
    // No key, a malformed one, an unknown one: 401.
    expect((await withKey(null, 'GET', EVENTS)).statusCode).toBe(401);
    expect((await withKey('sk_unknown', 'GET', EVENTS)).statusCode).toBe(401);
    // A browser session on the integration API: 401, it is not a key.
    expect((await administrator.call('GET', EVENTS)).statusCode).toBe(401);
    // A key on browser routes: 401, it is not a session.
    for (const url of [KEYS, `/sorting-api/zones?warehouseId=${sc}`]) {
      expect((await withKey(key.secret, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('refuses a scope the key lacks (403) and a key over its rate limit (429)', async () => {
    const reader = await createKey(administrator, KEYS, { name: 'reader', scopes: ['read'] });
    const denied = await feed(reader.secret, { parcels: [parcel('scope-1')] });
    expect(denied.statusCode).toBe(403);
    const writer = await createKey(administrator, KEYS, {
      name: 'writer',
      scopes: ['write:operations'],
    });
    expect((await withKey(writer.secret, 'GET', EVENTS)).statusCode).toBe(403);

    const busy = await createKey(administrator, KEYS, { name: 'busy', scopes: ['read'] });
    context.clock.advanceMinutes(1);
    let last: LightMyRequestResponse | null = null;
    for (let call = 0; call <= INTEGRATION_CALLS_PER_MINUTE; call += 1) {
      last = await withKey(busy.secret, 'GET', `${EVENTS}?limit=1`);
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    context.clock.advanceMinutes(1);
    expect((await withKey(busy.secret, 'GET', `${EVENTS}?limit=1`)).statusCode).toBe(200);
  });
});

describe('parcels in, sorted on the floor, events out', () => {
  let writer: TCreatedApiKey;
  let reader: TCreatedApiKey;

  beforeAll(async () => {
    writer = await createKey(administrator, KEYS, {
      name: 'orders',
      scopes: ['write:operations'],
      warehouseNumber: SC,
    });
    reader = await createKey(administrator, KEYS, { name: 'feed', scopes: ['read'] });
  });

  it('feeds a batch, a handheld sorts it, and its events are read once by cursor, also after a restart', async () => {
    const start = (await readAll(reader.secret, '0')).cursor;

    const batch = { parcels: [parcel('A-1'), parcel('A-2', { warehouseNumber: undefined })] };
    const fed = await feed(writer.secret, batch, 'day-1');
    expect(fed.statusCode, fed.body).toBe(200);
    const answer = fed.json().operationObject as TBatchResult;
    expect(answer.applied).toBe(true);
    expect(answer.results.map((result) => result.status)).toEqual(['created', 'created']);

    // The same key and body: the stored answer, nothing more written.
    const count = await parcelCount();
    const replay = await feed(writer.secret, batch, 'day-1');
    expect(replay.json().operationObject).toEqual(answer);
    expect(await parcelCount()).toBe(count);
    // The same key with another body: refused with a code.
    const reused = await feed(writer.secret, { parcels: [parcel('A-3')] }, 'day-1');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ isSuccess: false, errorCode: 409 });
    // The same body under a new key: every object unchanged.
    const again = await feed(writer.secret, batch);
    expect(
      (again.json().operationObject as TBatchResult).results.map((result) => result.status),
    ).toEqual(['unchanged', 'unchanged']);

    // A handheld scans and moves it as on the floor (spec part 1 §5).
    const zones = await zoneIdsOf(worker, sc);
    const scanned: TParcel = await worker.scan('EXT-A-1', zones.get(1)!);
    expect(scanned).toMatchObject({ number: 'EXT-A-1', sortingKey: 'SPB-01' });
    const moved = await worker.call(
      'POST',
      '/sorting-api/move',
      { parcelId: scanned.id, cellId: scanned.cells[0]?.id, userId: 1 },
      newOperationId(),
    );
    expect(moved.json(), moved.body).toMatchObject({ IsSuccess: true });

    const { events: read, cursor } = await readUntil(reader.secret, start, (page) =>
      page.some((event) => event.kind === 'parcel.moved'),
    );
    const moves = read.filter((event) => event.kind === 'parcel.moved');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ warehouseId: sc, units: expect.arrayContaining(['EXT-A-1']) });
    expect(moves[0]?.userId).toBeGreaterThan(0);
    // Ids, not names; each event once; the feed's own bookkeeping is not in it.
    expect(JSON.stringify(read)).not.toMatch(/Иванов|cellName|Санкт/);
    expect(new Set(read.map((event) => event.id)).size).toBe(read.length);
    expect(read.some((event) => event.kind.startsWith('integration.'))).toBe(false);
    expect((await readAll(reader.secret, cursor)).events).toEqual([]);

    // A restart: a new app over the same database reads the same history by the same cursors.
    const restarted = await buildApp({
      config: createTestConfig({
        INTEGRATION_CALLS_PER_MINUTE: String(INTEGRATION_CALLS_PER_MINUTE),
      }),
      database: context.database,
      keepDatabaseOpen: true,
      now: context.clock.now,
    });
    try {
      expect((await readAll(reader.secret, cursor, restarted)).events).toEqual([]);
      expect((await readAll(reader.secret, start, restarted)).events).toEqual(read);
    } finally {
      await restarted.close();
    }

    // The floor moved it on: a change is refused, and with it the whole batch.
    const countBefore = await parcelCount();
    const refused = await feed(writer.secret, {
      parcels: [parcel('A-9'), parcel('A-1', { sortingKey: 'MSK-01' })],
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().operationObject).toMatchObject({
      applied: false,
      results: [
        { index: 0, status: 'created', id: null },
        { index: 1, status: 'refused', code: 'parcelMovedOn', field: 'sortingKey' },
      ],
    });
    expect(await parcelCount()).toBe(countBefore);
    const [link] = await context.database.db
      .select()
      .from(integrationObjects)
      .where(eq(integrationObjects.externalId, 'A-9'));
    expect(link).toBeUndefined();
  });

  it('updates a parcel the floor has not touched yet', async () => {
    await feed(writer.secret, { parcels: [parcel('U-1')] });
    const changed = await feed(writer.secret, {
      parcels: [parcel('U-1', { attentionMessage: 'Хрупкое', needsWeight: true })],
    });
    expect((changed.json().operationObject as TBatchResult).results[0]).toMatchObject({
      status: 'updated',
    });
    const [row] = await context.database.db
      .select()
      .from(parcels)
      .where(eq(parcels.number, 'EXT-U-1'));
    expect(row).toMatchObject({ attentionMessage: 'Хрупкое', needsWeight: true, quantity: 2 });
  });

  it('takes a full batch of 1,000 in one go, and the same again is 1,000 unchanged', async () => {
    const count = await parcelCount();
    const full = {
      parcels: Array.from({ length: 1000 }, (_, index) =>
        parcel(`K-${index}`, { sortingKey: `KEY-${index % 7}` }),
      ),
    };
    const fed = await feed(writer.secret, full);
    const answer = fed.json().operationObject as TBatchResult;
    expect(answer.applied).toBe(true);
    expect(new Set(answer.results.map((result) => result.status))).toEqual(new Set(['created']));
    expect(new Set(answer.results.map((result) => result.id)).size).toBe(1000);
    expect(await parcelCount()).toBe(count + 1000);
    const [row] = await context.database.db
      .select()
      .from(parcels)
      .where(eq(parcels.id, answer.results[999]!.id!));
    expect(row).toMatchObject({ number: 'EXT-K-999', sortingKey: 'KEY-5' });
    const again = await feed(writer.secret, full);
    expect(
      new Set(
        (again.json().operationObject as TBatchResult).results.map((result) => result.status),
      ),
    ).toEqual(new Set(['unchanged']));
  });

  it('keeps centres apart: a key of centre B neither writes nor reads centre A', async () => {
    const other = await createKey(otherAdministrator, OTHER_KEYS, {
      name: 'B',
      scopes: ['read', 'write:operations'],
    });
    const count = await parcelCount();
    const refused = await feed(other.secret, { parcels: [parcel('B-1')] });
    expect(refused.json().operationObject).toMatchObject({
      applied: false,
      results: [{ status: 'refused', code: 'warehouseForbidden', field: 'warehouseNumber' }],
    });
    // A's external id is another object in B: B's feed creates its own, never touches A's.
    const own = await feed(other.secret, {
      parcels: [parcel('A-1', { number: 'B-A-1', warehouseNumber: OTHER_WAREHOUSE })],
    });
    expect((own.json().operationObject as TBatchResult).results[0]?.status).toBe('created');
    expect(await parcelCount()).toBe(count + 1);
    // A number of A's parcel is refused, not taken over.
    const taken = await feed(other.secret, {
      parcels: [parcel('B-2', { number: 'EXT-A-2', warehouseNumber: OTHER_WAREHOUSE })],
    });
    expect((taken.json().operationObject as TBatchResult).results[0]).toMatchObject({
      status: 'refused',
      code: 'numberTaken',
    });
    const { events: seen } = await readAll(other.secret, '0');
    expect(seen.every((event) => event.warehouseId !== sc)).toBe(true);
  });

  it('answers bad input with a clear 400 naming the object and field, and writes nothing', async () => {
    const count = await parcelCount();
    const huge = 'x'.repeat(100_001);
    const cases: [unknown, string][] = [
      [{ parcels: [parcel('F-1', { name: 'bad\u0000name' })] }, 'parcels.0.name'],
      [
        { parcels: [parcel('F-1'), parcel('F-2', { sortingKey: 'a\u0007b' })] },
        'parcels.1.sortingKey',
      ],
      [{ parcels: [parcel('F-1', { detailName: huge })] }, 'parcels.0.detailName'],
      [{ parcels: [parcel('F-1', { quantity: 2 ** 31 })] }, 'parcels.0.quantity'],
      [{ parcels: [parcel('F-1', { quantity: -(2 ** 31) })] }, 'parcels.0.quantity'],
      [{ parcels: [parcel('F-1', { warehouseNumber: 2 ** 31 })] }, 'parcels.0.warehouseNumber'],
      [{ parcels: [parcel('F-1', { quantity: '2' })] }, 'parcels.0.quantity'],
      [{ parcels: [parcel('F-1', { needsWeight: 'yes' })] }, 'parcels.0.needsWeight'],
      [{ parcels: [parcel('F-1', { externalId: 7 })] }, 'parcels.0.externalId'],
      [{ parcels: [parcel('F-1', { unknownField: 1 })] }, 'parcels.0'],
      [{ parcels: [parcel('F-1'), parcel('F-1', { number: 'other' })] }, 'parcels.1.externalId'],
      [{ parcels: [parcel('F-1'), parcel('F-2', { number: 'EXT-F-1' })] }, 'parcels.1.number'],
      [{ parcels: Array.from({ length: 1001 }, (_, index) => parcel(`F-${index}`)) }, 'parcels'],
      [{ parcels: [] }, 'parcels'],
      [{ parcels: 'all' }, 'parcels'],
    ];
    for (const [body, field] of cases) {
      const response = await feed(writer.secret, body);
      expect(response.statusCode, `${field}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, errorCode: 400 });
      expect(response.json().message).toContain(field);
    }
    // Without an Idempotency-Key, or a malformed one.
    expect(
      (await withKey(writer.secret, 'POST', BATCH, { parcels: [parcel('F-1')] })).statusCode,
    ).toBe(400);
    expect((await feed(writer.secret, { parcels: [parcel('F-1')] }, 'bad key!')).statusCode).toBe(
      400,
    );
    // A bad cursor or page size.
    for (const query of [
      'after=-1',
      'after=abc',
      'after=5',
      'after=1:2:3',
      'limit=0',
      'limit=1001',
    ]) {
      expect((await withKey(reader.secret, 'GET', `${EVENTS}?${query}`)).statusCode).toBe(400);
    }
    expect(await parcelCount()).toBe(count);
  });
});

describe('the event feed under concurrent transactions (PostgreSQL)', () => {
  // PGlite has one connection: no transaction can stay open beside another.
  it.runIf(process.env.DATABASE_URL)(
    'holds back an event committed after a still-running one, then serves both in order',
    async () => {
      const reader = await createKey(administrator, KEYS, { name: 'order', scopes: ['read'] });
      const start = (await readAll(reader.secret, '0')).cursor;
      const slow = new pg.Client({ connectionString: testDatabaseUrlOf(context.database) });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query(
          `insert into events (warehouse_id, kind, payload) values ($1, 'test.slow', '{}')`,
          [sc],
        );
        // A later transaction commits first.
        await context.database.db
          .insert(events)
          .values({ warehouseId: sc, kind: 'test.fast', payload: {} });
        const early = await readAll(reader.secret, start);
        expect(early.events.map((event) => event.kind)).not.toContain('test.fast');
        await slow.query('commit');
        const kinds = (read: TIntegrationEvent[]) =>
          read.map((event) => event.kind).filter((kind) => kind.startsWith('test.'));
        const late = await readUntil(
          reader.secret,
          early.cursor,
          (read) => kinds(read).length >= 2,
        );
        expect(kinds(late.events)).toEqual(['test.slow', 'test.fast']);
      } finally {
        await slow.end();
      }
    },
  );
});

describe('the API document', () => {
  it('describes the integration routes with examples', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>;
    };
    const batch = document.paths[BATCH]?.post;
    expect(batch?.summary).toContain('Idempotency-Key');
    expect(JSON.stringify(batch)).toContain('ORD-1001-1');
    expect(JSON.stringify(document.paths[EVENTS]?.get)).toContain('parcel.moved');
    expect(document.paths[KEYS.replace(String(SC), '{code}')]?.post).toBeDefined();
  });
});
