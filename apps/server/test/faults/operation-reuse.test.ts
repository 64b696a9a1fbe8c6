import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { ROUTE_MAPS, SESSION_COOKIE, toRouterPath, type RouteDefinition } from '@sorting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { users } from '../../src/db/schema.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createFakeWebDist, createTestConfig, makeTempDir } from '../helpers.js';
import { signInByBadge, WEB_HEADERS } from '../sessions.js';
import { BADGES } from '../sorting-client.js';
import { createTestDatabase } from '../test-database.js';
import { routeSamples, sampleIdsOf, sampleRequest, type RouteSample } from './endpoint-samples.js';
import { rowCounts } from './fault-fixtures.js';

// An operation id is bound to the call that claimed it (docs/DECISIONS.md "Contract and
// errors", operation ids): its user, its route and its input. Every operation route of the
// contract is sent an id that another route stored its answer under, and an id of its own
// stored for another input: each answers 422 with ErrorCode 412 and writes nothing, never the
// stored answer of another call and never a 5xx; the same id with the same input answers the
// stored answer with IsRepeat. PGlite, or PostgreSQL with DATABASE_URL.

const ADMIN_BADGE = '~A3001-5RZ6';
/** The anchor: an operation that succeeds with its sample, whose id the others reuse. */
const ANCHOR = 'POST /sorting-api/boxes/create';

/**
 * Routes whose sample is refused before the operation id is claimed, each with why: the
 * answer is then that refusal (still never a stored answer, a success or a write).
 */
const REFUSED_BEFORE_CLAIM: Record<string, string> = {};

interface OperationRoute {
  /** `POST /sorting-api/move`, as registered (and as the samples are keyed). */
  key: string;
  /** `POST /sorting-api/move`, as the contract declares it (and as the id is bound). */
  bound: string;
  sample: RouteSample;
}

let database: Database;
let app: FastifyInstance;
let adminToken: string;
let adminId: number;
let operationRoutes: OperationRoute[];
const dataDir = makeTempDir('sorting-operation-reuse-');
const webDist = createFakeWebDist();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  app = await buildApp({
    config: createTestConfig({ DATA_DIR: dataDir.dir, WEB_DIST: webDist.dir }),
    database,
    keepDatabaseOpen: true,
  });
  adminToken = (await signInByBadge(app, ADMIN_BADGE)).token!;
  const [admin] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.number} = 3001`);
  adminId = admin!.id;
  const samples = routeSamples(await sampleIdsOf(database.db));
  const declared = Object.values(ROUTE_MAPS).flatMap(
    (map) => Object.values(map) as RouteDefinition[],
  );
  operationRoutes = declared
    .filter((route) => route.isOperation)
    .map((route) => {
      const key = `${route.method} ${toRouterPath(route.path)}`;
      const sample = samples[key];
      if (!sample) throw new Error(`${key}: no sample in endpoint-samples.ts`);
      return { key, bound: `${route.method} ${route.path}`, sample };
    });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  dataDir.remove();
  webDist.remove();
});

function send(
  route: OperationRoute,
  operationId: string,
  token = adminToken,
): Promise<LightMyRequestResponse> {
  const request = sampleRequest(route.key.slice(route.key.indexOf(' ') + 1), route.sample);
  const { 'x-operation-id': _sampleId, ...headers } = request.headers;
  return app.inject({
    method: route.key.slice(0, route.key.indexOf(' ')) as 'POST' | 'PUT' | 'DELETE',
    url: request.url,
    headers: { ...WEB_HEADERS, ...headers, 'x-operation-id': operationId },
    cookies: { [SESSION_COOKIE]: token },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

function envelopeOf(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.json() as Record<string, unknown>).map(([name, value]) => [
      name.charAt(0).toUpperCase() + name.slice(1),
      value,
    ]),
  );
}

/**
 * The call was refused because its id is another call's: 422, ErrorCode 412, nothing written
 * (or, for a route listed in REFUSED_BEFORE_CLAIM, its own refusal). Never a success.
 */
async function expectReuseRefused(
  route: OperationRoute,
  operationId: string,
  wording: RegExp,
): Promise<void> {
  const before = await rowCounts(database.db);
  const response = await send(route, operationId);
  const label = `${route.key} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  const envelope = envelopeOf(response);
  expect(envelope.IsSuccess, label).toBe(false);
  expect(envelope.IsRepeat, label).toBe(false);
  if (!(route.key in REFUSED_BEFORE_CLAIM)) {
    expect(response.statusCode, label).toBe(422);
    expect(envelope, label).toMatchObject({ ErrorCode: 412, IsCriticalError: false });
    expect(String(envelope.Message), label).toMatch(wording);
  }
  expect(await rowCounts(database.db), label).toEqual(before);
}

describe('an operation id reused on another call', () => {
  it('every operation route refuses the id another route stored its answer under', async () => {
    expect(operationRoutes.length).toBeGreaterThan(40);
    const anchor = operationRoutes.find((route) => route.key === ANCHOR)!;
    const anchorId = randomUUID();
    const first = await send(anchor, anchorId);
    expect(envelopeOf(first), first.body).toMatchObject({ IsSuccess: true, IsRepeat: false });
    for (const route of operationRoutes) {
      if (route === anchor) continue;
      await expectReuseRefused(route, anchorId, /другого действия \(POST \/sorting-api\/boxes/);
    }
    // The anchor itself with the same input still answers its stored answer.
    const again = await send(anchor, anchorId);
    expect(envelopeOf(again)).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
      OperationObject: envelopeOf(first).OperationObject,
    });
  });

  it('every operation route refuses its own id stored for another input; the same input repeats', async () => {
    let stored = 0;
    for (const route of operationRoutes) {
      const operationId = randomUUID();
      const first = await send(route, operationId);
      expect(first.statusCode, `${route.key} ${first.body}`).toBeLessThan(500);
      if (envelopeOf(first).IsSuccess === true) {
        stored += 1;
        const again = await send(route, operationId);
        expect(envelopeOf(again), `${route.key} ${again.body}`).toMatchObject({
          IsSuccess: true,
          IsRepeat: true,
        });
        // As if its first call had sent another input under this id.
        await database.db.execute(
          sql`update operations set request_hash = 'another input' where operation_id = ${operationId}`,
        );
      } else {
        // Refused: nothing was stored; the id is given a stored answer of another input.
        await database.db.execute(sql`
          insert into operations (operation_id, user_id, route, request_hash, result)
          values (${operationId}, ${adminId}, ${route.bound}, 'another input',
            '{"value": {"Id": 1}}'::jsonb)`);
      }
      await expectReuseRefused(route, operationId, /этого действия с другими данными/);
    }
    // Enough samples succeed for the repeat to be seen on many routes.
    expect(stored).toBeGreaterThan(5);
  });

  it("refuses another user's id (422) and the English wording", async () => {
    const anchor = operationRoutes.find((route) => route.key === ANCHOR)!;
    const operationId = randomUUID();
    expect(envelopeOf(await send(anchor, operationId)).IsSuccess).toBe(true);
    const { token } = await signInByBadge(app, BADGES.worker);
    const before = await rowCounts(database.db);
    const other = await send(anchor, operationId, token!);
    expect(other.statusCode).toBe(422);
    expect(envelopeOf(other)).toMatchObject({
      IsSuccess: false,
      ErrorCode: 412,
      Message: 'Идентификатор операции уже использован другим пользователем',
    });
    expect(await rowCounts(database.db)).toEqual(before);
    const move = operationRoutes.find((route) => route.key === 'POST /sorting-api/move')!;
    const request = sampleRequest('/sorting-api/move', move.sample);
    const english = await app.inject({
      method: 'POST',
      url: request.url,
      headers: {
        ...WEB_HEADERS,
        'content-type': 'application/json',
        'accept-language': 'en',
        'x-operation-id': operationId,
      },
      cookies: { [SESSION_COOKIE]: adminToken },
      payload: request.payload!,
    });
    expect(english.statusCode).toBe(422);
    expect(english.json()).toMatchObject({
      ErrorCode: 412,
      Message:
        'The operation id was already used for another call (POST /sorting-api/boxes/create)',
    });
  });
});
