import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, readEnvelope, SESSION_COOKIE } from '@sorting/contracts';
import { buildApp } from '../../src/app.js';
import type { Database, Db } from '../../src/db/database.js';
import { events } from '../../src/db/schema.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createFakeWebDist, createTestConfig } from '../helpers.js';
import { callWithSession, createClock, signInByBadge, WEB_HEADERS } from '../sessions.js';
import { BADGES } from '../sorting-client.js';
import { createTestDatabase } from '../test-database.js';
import { selectRows } from './fault-fixtures.js';
import { routeSamples, sampleIdsOf } from './endpoint-samples.js';
import {
  MAPPED_ROUTES,
  MATRIX,
  callNaming,
  namedWarehouseOf,
  targetOf,
  undeclaredWarehouseInputs,
  type Method,
} from './security-matrix.js';

// Security: every registered route is enumerated (an onRoute hook), so a new route
// is covered the day it is added.

/**
 * The public calls, each with why: anything else must answer 401 without a session. A new
 * public route fails the test until it is added here on purpose.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'operators and load balancers (liveness)',
  'GET /readyz': 'load balancers (readiness: database, migrations, draining)',
  'POST /api/:projectId/envelope/': 'error reports, also of the sign-in page (Sentry ingest)',
  'POST /local-settings-newsort': 'runtime settings before sign-in (part 2 §7)',
  'POST /auth-api/users/search': 'the sign-in call itself (part 1 §7)',
  'POST /auth-api/sign-in': 'password sign-in',
  'GET /auth-api/demo-users': 'demo badges on the sign-in page, only with the demo seed',
  'DELETE /users-api/v1/sessions': 'sign-out is idempotent: without a session it is done',
  'GET /demo-sheet': 'the printable demo sheet (demo seed only)',
  'GET /en/demo-sheet': 'the printable demo sheet (demo seed only)',
  'GET /openapi.json': 'the API document: the routes and their shapes, no data',
  'GET /api-docs': 'the human page of the API document (Swagger UI)',
  'GET /api-docs/json': 'the same document, as Swagger UI asks for it',
  'GET /api-docs/yaml': 'the same document in YAML',
  'GET /api-docs/static/index.html': "Swagger UI's page",
  'GET /api-docs/static/swagger-initializer.js': "Swagger UI's start script",
  'GET /api-docs/static/*': "Swagger UI's files",
  'GET /manifest.webmanifest': 'web app manifest',
  'GET /ru/manifest.webmanifest': 'web app manifest',
  'GET /en/manifest.webmanifest': 'web app manifest',
  'GET /*': 'the SPA pages and assets',
  'GET /printersHub': 'websocket upgrade; authenticated on the upgrade (printing hub tests)',
  'POST /printersHub/negotiate': 'authenticated in preValidation (printing hub tests)',
};

const routes: { method: string; url: string }[] = [];
let database: Database;
let app: FastifyInstance;
let secureApp: FastifyInstance;
const webDist = createFakeWebDist();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  const clock = createClock();
  app = await buildApp({
    config: createTestConfig({ WEB_DIST: webDist.dir }),
    database,
    keepDatabaseOpen: true,
    now: clock.now,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') routes.push({ method, url: route.url });
      }
    },
  });
  secureApp = await buildApp({
    config: createTestConfig({ TRUST_PROXY: 'true' }),
    database,
    keepDatabaseOpen: true,
  });
});

afterAll(async () => {
  await app?.close();
  await secureApp?.close();
  await database?.close();
  webDist.remove();
});

/** A concrete URL for a route pattern: every parameter filled with `value`. */
function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value);
}

/**
 * A fingerprint of every table the application writes (sessions, sign-in attempts and the
 * parcel a user last saw excepted): any change by a call shows up as a different digest.
 */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await selectRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    if (['sessions', 'sign_in_attempts', 'parcel_views'].includes(name)) continue;
    const [digest] = await selectRows<{ h: string }>(
      db,
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
      ),
    );
    result[name] = digest?.h ?? '';
  }
  return result;
}

function describeAnswer(response: LightMyRequestResponse): string {
  return `${response.statusCode} ${response.body.slice(0, 300)}`;
}

describe('security', () => {
  it('answers 401 to every non-public route without a session', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const keys = new Set(routes.map((route) => `${route.method} ${route.url}`));
    // The allow-list names only routes that exist (no stale exemptions).
    for (const key of Object.keys(PUBLIC_ROUTES)) expect(keys, key).toContain(key);
    const checked: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (key in PUBLIC_ROUTES) continue;
      const response = await app.inject({
        method: route.method as Method,
        url: fill(route.url, '1'),
        headers: { ...WEB_HEADERS, 'x-operation-id': 'security-check-1' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${key}: ${describeAnswer(response)}`).toBe(401);
      // Each service answers in its own casing (spec part 1 §3); either way the code is 401.
      expect(readEnvelope(response.json()).errorCode, key).toBe(401);
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('keeps each sorting centre to its own data (users × calls × ids)', async () => {
    const sc = await targetOf(database.db, 34717);
    const regular = await targetOf(database.db, 1201);
    const users = [];
    // Signed in first: sign-ins are events of their own.
    for (const [badge, own, foreign] of [
      [BADGES.worker, sc, regular],
      [BADGES.foreignWorker, regular, sc],
    ] as const) {
      const { token } = await signInByBadge(app, badge);
      expect(token).not.toBeNull();
      users.push({ badge, own, foreign, token: token! });
    }
    const before = await fingerprint(database.db);
    for (const user of users) {
      const { token } = user;
      for (const call of MATRIX) {
        const request = call.request(user.foreign);
        if (request === null) continue;
        const response = await callWithSession(
          app,
          token,
          request.method,
          request.url,
          request.payload,
          {
            'x-operation-id': `matrix-${call.name}-${user.own.warehouseNumber}`.replace(/\W/g, '-'),
          },
        );
        const label = `${user.badge} → ${call.name} of ${user.foreign.warehouseNumber}: ${describeAnswer(response)}`;
        const body = response.json();
        expect(body.IsSuccess ?? body.isSuccess, label).toBe(false);
        expect(body.OperationObject ?? body.operationObject ?? null, label).toBeNull();
        if (response.statusCode === 200) {
          // Refused as unknown: the other centre's object is not even named.
          expect([104, 204, 304, 404], label).toContain(body.ErrorCode ?? body.errorCode);
        } else {
          expect(response.statusCode, label).toBe(403);
        }
      }
    }
    // Nothing of either centre changed.
    expect(await fingerprint(database.db)).toEqual(before);

    // The same reads of their own centre succeed: the refusals above are about ownership.
    for (const { token, ...user } of users) {
      for (const call of MATRIX.filter((c) => c.isOwnerRead)) {
        const request = call.request(user.own)!;
        const response = await callWithSession(
          app,
          token,
          request.method,
          request.url,
          request.payload,
        );
        // Each service answers in its own casing (the audit's is camelCase).
        expect(
          readEnvelope(response.json()).isSuccess,
          `${user.badge} own ${call.name}: ${describeAnswer(response)}`,
        ).toBe(true);
      }
    }
  });

  it('has every route declare its warehouse, and every route naming one read it', async () => {
    const samples = routeSamples(await sampleIdsOf(database.db));
    const sources = new Set(['path', 'body', 'query', 'user', 'none']);
    expect(MAPPED_ROUTES.length).toBeGreaterThan(80);
    for (const { name, key, route } of MAPPED_ROUTES) {
      // The type requires it; this holds a route map built around the type too.
      expect(sources, name).toContain(route.warehouse?.from);
      const sample = samples[key];
      expect(sample, `${name}: no valid sample in endpoint-samples.ts`).toBeDefined();
      expect(undeclaredWarehouseInputs(route, sample!), name).toEqual([]);
    }
  });

  it("refuses another centre's warehouse on every route that names one (from the maps)", async () => {
    const samples = routeSamples(await sampleIdsOf(database.db));
    const sc = await targetOf(database.db, 34717);
    const regular = await targetOf(database.db, 1201);
    const users = [];
    for (const [badge, own, foreign] of [
      [BADGES.worker, sc, regular],
      [BADGES.foreignWorker, regular, sc],
    ] as const) {
      const { token } = await signInByBadge(app, badge);
      users.push({ badge, own, foreign, token: token! });
    }
    const named = MAPPED_ROUTES.flatMap((entry) => {
      const source = namedWarehouseOf(entry.route);
      return source ? [{ ...entry, source, sample: samples[entry.key]! }] : [];
    });
    // Audit 7, deconsolidation 2, vision 1, sorting 7, returns 1 today.
    expect(named.length).toBeGreaterThanOrEqual(18);
    const before = await fingerprint(database.db);
    for (const user of users) {
      for (const { name, route, source, sample } of named) {
        const keys = source.from === 'path' ? (['code', 'number'] as const) : (['code'] as const);
        for (const pathKey of keys) {
          const request = callNaming(route, source, sample, user.foreign, pathKey);
          const response = await callWithSession(
            app,
            user.token,
            request.method,
            request.url,
            request.payload,
            route.isOperation
              ? { 'x-operation-id': `wh-${name}-${pathKey}-${user.own.warehouseNumber}` }
              : {},
          );
          const label = `${user.badge} → ${name} of ${user.foreign.warehouseNumber} (${request.url}): ${describeAnswer(response)}`;
          expect(response.statusCode, label).toBe(403);
          const envelope = readEnvelope(response.json());
          expect(envelope.isSuccess, label).toBe(false);
          expect(envelope.errorCode, label).toBe(403);
          expect(envelope.operationObject ?? null, label).toBeNull();
        }
      }
    }
    // Nothing of either centre changed.
    expect(await fingerprint(database.db)).toEqual(before);

    // The same reads with the user's own warehouse are not refused: the 403s are ownership.
    // (The samples name the demo centre's objects, so its worker makes them.)
    for (const user of users.slice(0, 1)) {
      for (const { name, route, source, sample } of named.filter((n) => !n.route.isOperation)) {
        const request = callNaming(route, source, sample, user.own);
        const response = await callWithSession(
          app,
          user.token,
          request.method,
          request.url,
          request.payload,
        );
        expect(
          response.statusCode,
          `${user.badge} own ${name}: ${describeAnswer(response)}`,
        ).not.toBe(403);
      }
    }
  });

  it('sets the session cookie HttpOnly, SameSite and, behind TLS, Secure', async () => {
    const plain = await signInByBadge(app, BADGES.worker);
    const cookie = plain.response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toMatch(/^(Lax|Strict)$/);
    expect(cookie.secure ?? false).toBe(false);
    const behindTls = await signInByBadge(secureApp, BADGES.worker, {
      'x-forwarded-proto': 'https',
    });
    const secure = behindTls.response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(secure).toMatchObject({ httpOnly: true, secure: true });
    expect(secure.sameSite).toMatch(/^(Lax|Strict)$/);
  });

  it('refuses a cross-site form post with the session cookie and writes nothing', async () => {
    const { token } = await signInByBadge(app, BADGES.worker);
    const sc = await targetOf(database.db, 34717);
    const before = await fingerprint(database.db);
    // What a foreign page's <form method=post> sends: the cookie rides along (were SameSite
    // not to stop it), a form body, the foreign Origin, no custom header.
    const forms = [
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of forms) {
      const response = await app.inject({
        method: 'POST',
        url: '/sorting-api/move',
        headers,
        cookies: { [SESSION_COOKIE]: token! },
        payload: `parcelId=${sc.parcelId}&cellId=${sc.cellId}`,
      });
      // Refused before anything runs: the form body is not even parsed (415), or the
      // same-site check refuses it (403).
      expect([403, 415], describeAnswer(response)).toContain(response.statusCode);
    }
    // JSON without the custom header (what a page could send after a preflight it fails).
    const withoutHeader = await app.inject({
      method: 'POST',
      url: '/sorting-api/move',
      headers: { 'content-type': 'application/json' },
      cookies: { [SESSION_COOKIE]: token! },
      payload: { parcelId: sc.parcelId, cellId: sc.cellId },
    });
    expect(withoutHeader.statusCode, describeAnswer(withoutHeader)).toBe(403);
    // A JSON post with the header but from a foreign origin (a CORS-less attacker) too.
    const foreign = await callWithSession(
      app,
      token!,
      'POST',
      '/sorting-api/move',
      { parcelId: sc.parcelId, cellId: sc.cellId },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await fingerprint(database.db)).toEqual(before);
  });

  it('changes nothing on any GET', async () => {
    const { token } = await signInByBadge(app, BADGES.worker);
    const sc = await targetOf(database.db, 34717);
    const before = await fingerprint(database.db);
    const gets = routes.filter((route) => route.method === 'GET' && route.url !== '/printersHub');
    for (const route of gets) {
      const url = fill(route.url, String(sc.parcelId)).replace('*', 'sorting');
      for (const query of [
        '',
        `?barcode=${encodeURIComponent(sc.parcelNumber)}&warehouseId=${sc.warehouseId}&lang=en`,
      ]) {
        const response = await callWithSession(app, token!, 'GET', `${url}${query}`);
        expect(response.statusCode, `${route.url}: ${describeAnswer(response)}`).toBeLessThan(500);
      }
    }
    expect(gets.length).toBeGreaterThan(8);
    expect(await fingerprint(database.db)).toEqual(before);
  });

  it('throttles sign-in attempts but never a device scanning at 2 scans/s', async () => {
    const device = { 'user-agent': 'Handheld/1.0 (throttle test)' };
    const deviceCookie = { [DEVICE_COOKIE]: 'throttle-test-device-0123' };
    const { token } = await signInByBadge(app, BADGES.worker, device, deviceCookie);
    expect(token).not.toBeNull();
    const sc = await targetOf(database.db, 34717);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const refused = await signInByBadge(app, `~WRONG-${attempt}`, device, deviceCookie);
      statuses.push(refused.response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);

    // The same device (address and user agent) keeps scanning: 40 scans back to back, far
    // faster than 2 scans/s, every one answered; only sign-in failures count.
    for (let scan = 0; scan < 40; scan += 1) {
      const response = await callWithSession(
        app,
        token!,
        'POST',
        '/sorting-api/parcels/scan',
        { barcode: sc.parcelNumber, warehouseId: sc.warehouseId, zoneId: sc.zoneId },
        device,
      );
      expect(response.statusCode, describeAnswer(response)).toBe(200);
      expect(response.json().IsSuccess).toBe(true);
    }
  });

  it('lets the application role append events but never change or delete them', async () => {
    const db = database.db;
    const [row] = await db
      .insert(events)
      .values({ kind: 'security.test', payload: { n: 1 } })
      .returning({ id: events.id });
    await expect(
      db.update(events).set({ kind: 'tampered' }).where(eq(events.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.delete(events).where(eq(events.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate events`)).rejects.toThrow();
    const [kept] = await db.select().from(events).where(eq(events.id, row!.id));
    expect(kept?.kind).toBe('security.test');
  });
});
