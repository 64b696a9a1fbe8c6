import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { isEnvelope, OPERATION_ID_HEADER, SESSION_COOKIE } from '@sorting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createFakeWebDist, createTestConfig, makeTempDir } from '../helpers.js';
import { signInByBadge, WEB_HEADERS } from '../sessions.js';
import { BADGES } from '../sorting-client.js';
import { createTestDatabase } from '../test-database.js';
import {
  NOT_FIELD_FUZZED,
  routeSamples,
  sampleIdsOf,
  type RouteSample,
} from './endpoint-samples.js';
import { rowCounts } from './fault-fixtures.js';

// Bad input (docs/DECISIONS.md "Faults and bad input"): every POST/PUT route (enumerated as registered) gets random JSON,
// wrong types, huge strings, SQL and HTML metacharacters, and malformed bodies. The answer is
// always a well-formed envelope with an error code, never a 500 or a stack trace, and a
// refused call leaves every table as it was.

/** Routes that answer a plain object, not an envelope (still never a 500). */
const PLAIN_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  // Sentry's answer ({ id }) on success; its refusals are envelopes (error-reports-ingest.test.ts).
  'POST /api/:projectId/envelope/',
  'GET /openapi.json',
  'GET /api-docs',
  'GET /api-docs/json',
  'GET /api-docs/yaml',
  'GET /api-docs/static/index.html',
  'GET /api-docs/static/swagger-initializer.js',
  'POST /local-settings-newsort',
  'POST /printersHub/negotiate',
]);
/** Sign-in calls record their refusals (events, attempts) on purpose. */
const RECORDING_ROUTES = new Set(['POST /auth-api/users/search', 'POST /auth-api/sign-in']);

const FIELD_NAMES = [
  'parcelId',
  'boxId',
  'cellId',
  'barcode',
  'warehouseId',
  'zoneId',
  'userId',
  'zoneType',
  'number',
  'height',
  'width',
  'length',
  'weight',
  'Count',
  'LengthCm',
  'WidthCm',
  'HeightCm',
  'IsReturnable',
  'Comment',
  'ContainerBarcode',
  'ExternalBarcode',
  'LocationCode',
  'LocationName',
  'login',
  'password',
  'states',
  'searchString',
  'dateBegin',
  'dateEnd',
  'page',
  'pageSize',
  'Name',
  'Barcode',
  'Length',
  'Width',
  'Height',
  'IsCommon',
  // Recipient picking.
  'PickingClientCode',
  'PickingId',
  'UserId',
  'Timestamp',
  'CellBarcode',
  'ValidationData',
  // Picking validation: lost, and end's ValidationData fields.
  'PickingItemId',
  'Description',
  'Kind',
  'Pincode',
  'AttorneyNumber',
  'AttorneyDate',
  'HolderName',
  // Picking payment and return.
  'PaymentTypeCode',
  'ProviderCode',
  'State',
  'pickingId',
  'pickingRouteItemId',
  'PickingRouteItemId',
  'ReturnReasonCode',
  'ReturnReasonComment',
  'search',
  'dateFrom',
  'dateTo',
  'sessionId',
  // Spec part 2 §7 inbound and outbound documents.
  'IsSupplySelected',
  'States',
  'SearchString',
  'DateBegin',
  'DateEnd',
  'Page',
  'PageSize',
  'OutboundId',
  'SyncKey',
  // Delivery to a recipient.
  'fromAddress',
  'toAddress',
  'externalCode',
  'warehouseFrom',
  'warehouseTo',
  'addressFrom',
  'addressTo',
  'itemsCount',
  'pickingId',
  // Guided workflows: the process call's state and action.
  'currentState',
  'action',
  'deliveryId',
  // Topology: cell and box ranges, a new zone.
  'rowFrom',
  'rowTo',
  'colFrom',
  'colTo',
  'numberFrom',
  'numberTo',
  'type',
  'name',
];

const NASTY_STRINGS = [
  "' OR 1=1 --",
  'P100001\u0000',
  '\u0001\u001b[31m\u007f\u0085\u009f',
  '2147483648',
  '-2147483649',
  "'; drop table parcels; --",
  '"; delete from events; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '%00',
  '../../etc/passwd',
  '${7*7}',
  '=34717-1-a-01\u0000',
  '\uD800',
  '𝕊𝕠𝕣𝕥𝕚𝕟𝕘',
  '-1',
  '1e309',
  'NaN',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x'.repeat(10_000), 'я'.repeat(100_000)),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 0, -1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** A body: the call's own field names with wrong values, random JSON, or not JSON at all. */
const anyBody: fc.Arbitrary<{ raw: string; contentType: string }> = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 6 })
    .map((body) => ({ raw: JSON.stringify(body), contentType: 'application/json' })),
  fc.jsonValue().map((body) => ({ raw: JSON.stringify(body), contentType: 'application/json' })),
  fc.constantFrom('{', '{"parcelId":', '[]', 'null', '"x"', '{"a":1}}', '\u0000').map((raw) => ({
    raw,
    contentType: 'application/json',
  })),
  nastyString.map((raw) => ({ raw, contentType: 'text/plain' })),
);

/**
 * A few operation ids every route's fuzz draws from: an id that one call stored its answer
 * under comes back on other routes and with other bodies, which must be refused (422), never
 * answered with the stored answer of another call nor a 5xx (docs/DECISIONS.md "Contract and
 * errors", operation ids).
 */
const SHARED_OPERATION_IDS = ['fuzz-shared-op-0001', 'fuzz-shared-op-0002', 'fuzz-shared-op-0003'];
const anyOperationId = fc.option(fc.constantFrom(...SHARED_OPERATION_IDS), { nil: undefined });

/** Every registered route but HEAD (which runs its GET's handler). */
const routes: { method: string; url: string }[] = [];
let database: Database;
let app: FastifyInstance;
const dataDir = makeTempDir('sorting-fuzz-');
const webDist = createFakeWebDist();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  app = await buildApp({
    // The upload's photos go to a folder of this test's own.
    config: createTestConfig({ DATA_DIR: dataDir.dir, WEB_DIST: webDist.dir }),
    database,
    keepDatabaseOpen: true,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') routes.push({ method, url: route.url });
      }
    },
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  dataDir.remove();
  webDist.remove();
});

const STACK = /\n\s+at |\.ts:\d+|\.js:\d+|node_modules/;

describe('every endpoint body fuzzed', () => {
  it('answers a well-formed envelope with an error code, never a 500, never a partial write', async () => {
    const { token } = await signInByBadge(app, BADGES.worker);
    expect(token).not.toBeNull();
    const writes = routes.filter((route) => route.method === 'POST' || route.method === 'PUT');
    expect(writes.length).toBeGreaterThan(15);
    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      const before = await rowCounts(database.db);
      let succeeded = 0;
      await fc.assert(
        fc.asyncProperty(
          anyBody,
          fc.oneof(fc.constant('1'), fc.constant('999999999'), nastyString),
          anyOperationId,
          async (body, param, operationId) => {
            const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(param || 'x'));
            const response = await app.inject({
              method: route.method as 'POST' | 'PUT',
              url,
              headers: {
                ...WEB_HEADERS,
                'content-type': body.contentType,
                ...(operationId ? { [OPERATION_ID_HEADER]: operationId } : {}),
              },
              cookies: { [SESSION_COOKIE]: token! },
              payload: body.raw,
            });
            const label = `${key} ${url.slice(0, 80)} ${operationId ?? ''} ${body.raw.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, label).not.toBe(500);
            expect(response.statusCode, label).toBeLessThan(500);
            expect(response.body, label).not.toMatch(STACK);
            const json = JSON.parse(response.body) as Record<string, unknown>;
            if (PLAIN_ROUTES.has(key)) return;
            const isSuccess = json.IsSuccess ?? json.isSuccess;
            expect(typeof isSuccess, label).toBe('boolean');
            if (isSuccess === true) {
              succeeded += 1;
              return;
            }
            expect(typeof (json.ErrorCode ?? json.errorCode), label).toBe('number');
            expect(typeof (json.Message ?? json.message), label).toBe('string');
          },
        ),
        { numRuns: process.env.DATABASE_URL ? 25 : 15, seed: 8 },
      );
      if (succeeded === 0 && !RECORDING_ROUTES.has(key)) {
        expect(await rowCounts(database.db), key).toEqual(before);
      }
    }
  });
});

// One hostile value at a time in one place (path, query, body field at
// any depth, input cookie or header) while the rest of the request stays valid, so the value
// reaches as far as it can: a NUL (PostgreSQL SQLSTATE 22021) or a number past int4 (22003)
// must be refused by validation, never reach SQL as a 500.

/** C0 and C1 control characters, inside text so that trimming does not remove them. */
const CONTROL_TEXTS = [
  '\u0000',
  'P100001\u0000',
  'a\u0000b',
  '\u0001',
  'a\u0008b',
  'a\u001b[31mb',
  'a\u001fb',
  'a\u007fb',
  'a\u0085b',
  'a\u009fb',
  'a\tb',
  'a\nb',
  'a\r\nb',
];
/** TAB, LF and CR: legitimate in a free-text comment only. */
const LINE_TEXTS = new Set(['a\tb', 'a\nb', 'a\r\nb']);

const HOSTILE_VALUES: unknown[] = [
  ...CONTROL_TEXTS,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  -1,
  0,
  1.5,
  '2147483648',
  '-2147483649',
  '99999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '',
  ' ',
  'x'.repeat(100_000),
  '9'.repeat(1000),
  "' OR 1=1 --",
  '\uD800',
  '%00',
  null,
  true,
  [],
  {},
  [1],
  { a: 1 },
];

type Location = 'path' | 'query' | 'body' | 'cookie' | 'header';

interface Slot {
  location: Location;
  /** `path id`, `query barcode`, `body 0.comment`, `cookie lkdToken`, `header user-agent`. */
  label: string;
  /** The key, or the body's path of keys ([] = the whole body). */
  key: string[];
}

function bodySlots(value: unknown, at: string[] = []): Slot[] {
  const own: Slot[] = [{ location: 'body', label: `body ${at.join('.') || '(whole)'}`, key: at }];
  if (Array.isArray(value)) {
    return [...own, ...value.flatMap((item, index) => bodySlots(item, [...at, String(index)]))];
  }
  if (typeof value === 'object' && value !== null) {
    return [
      ...own,
      ...Object.entries(value).flatMap(([name, item]) => bodySlots(item, [...at, name])),
    ];
  }
  return own;
}

function slotsOf(sample: RouteSample): Slot[] {
  const named = (location: Location, record: Record<string, string> | undefined) =>
    Object.keys(record ?? {}).map((key) => ({ location, label: `${location} ${key}`, key: [key] }));
  return [
    ...named('path', sample.params),
    ...named('query', sample.query),
    ...named('cookie', sample.cookies),
    ...named('header', sample.headers),
    ...(sample.body === undefined ? [] : bodySlots(sample.body)),
  ];
}

/** Text a URL or a cookie can carry (a lone surrogate cannot be percent-encoded). */
const URL_TEXT = /^[^\uD800-\uDFFF]*$/;

/** The value as text, for places that carry only text; undefined: not expressible there. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return URL_TEXT.test(value) ? value : undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return '';
  return undefined;
}

function withBodyValue(body: unknown, key: string[], value: unknown): unknown {
  if (key.length === 0) return value;
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const part of key.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[key[key.length - 1]!] = value;
  return copy;
}

interface BuiltRequest {
  url: string;
  payload?: string;
  cookies: Record<string, string>;
  headers: Record<string, string>;
}

/** The sample's request with `value` in `slot` (no slot: the sample as it is). */
function buildRequest(
  routeUrl: string,
  sample: RouteSample,
  slot?: Slot,
  value?: unknown,
): BuiltRequest | null {
  const replace = (location: Location, key: string, original: string): string | undefined =>
    slot?.location === location && slot.key[0] === key ? asText(value) : original;
  const params: Record<string, string> = {};
  for (const [key, original] of Object.entries(sample.params ?? {})) {
    const text = replace('path', key, original);
    if (text === undefined) return null;
    params[key] = text;
  }
  const query = new URLSearchParams();
  for (const [key, original] of Object.entries(sample.query ?? {})) {
    if (slot?.location === 'query' && slot.key[0] === key && Array.isArray(value)) {
      for (const item of value) query.append(key, asText(item) ?? '');
      continue;
    }
    const text = replace('query', key, original);
    if (text === undefined) return null;
    query.append(key, text);
  }
  const pick = (location: Location, record: Record<string, string> | undefined) => {
    const result: Record<string, string> = {};
    for (const [key, original] of Object.entries(record ?? {})) {
      const text = replace(location, key, original);
      if (text === undefined) return null;
      result[key] = text;
    }
    return result;
  };
  const cookies = pick('cookie', sample.cookies);
  const headers = pick('header', sample.headers);
  if (cookies === null || headers === null) return null;
  const path = routeUrl
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    .replace('*', (params['*'] ?? '').split('/').map(encodeURIComponent).join('/'));
  const search = query.toString();
  const body =
    slot?.location === 'body' ? withBodyValue(sample.body, slot.key, value) : sample.body;
  return {
    url: search ? `${path}?${search}` : path,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    cookies,
    headers,
  };
}

describe('every field, path and query value of every route fuzzed', () => {
  it(
    'refuses control characters with a 400 and never answers a 5xx',
    { timeout: 600_000 },
    async () => {
      const { token: adminToken } = await signInByBadge(app, '~A3001-5RZ6');
      expect(adminToken).not.toBeNull();
      const samples = routeSamples(await sampleIdsOf(database.db));
      const keys = routes.map((route) => `${route.method} ${route.url}`);
      // A new route fails here until it has a sample (or a reason not to be fuzzed here).
      const missing = keys.filter((key) => !(key in samples) && !(key in NOT_FIELD_FUZZED));
      expect(missing).toEqual([]);
      for (const key of Object.keys(samples)) expect(keys, 'stale sample').toContain(key);

      const failures: string[] = [];
      let sent = 0;
      let remote = 0;
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        if (!sample) continue;
        const cases: Array<{ slot?: Slot; value?: unknown }> = [{}];
        for (const slot of slotsOf(sample)) {
          for (const value of HOSTILE_VALUES) cases.push({ slot, value });
        }
        for (const { slot, value } of cases) {
          const built = buildRequest(route.url, sample, slot, value);
          if (built === null) continue;
          remote += 1;
          const response = await app.inject({
            method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
            url: built.url,
            // Each call from its own address: sign-in throttling must not hide what follows it.
            remoteAddress: `10.${(remote >> 16) & 255}.${(remote >> 8) & 255}.${remote & 255}`,
            headers: {
              ...WEB_HEADERS,
              ...built.headers,
              ...(built.payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            cookies: {
              ...(sample.anonymous ? {} : { [SESSION_COOKIE]: adminToken! }),
              ...built.cookies,
            },
            ...(built.payload === undefined ? {} : { payload: built.payload }),
          });
          sent += 1;
          const shown = JSON.stringify(value)?.slice(0, 40);
          const label = `${key} ${slot?.label ?? '(sample)'}=${shown} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode >= 500 || STACK.test(response.body)) {
            failures.push(label);
            continue;
          }
          const isJson = String(response.headers['content-type'] ?? '').includes('json');
          if (isJson && !PLAIN_ROUTES.has(key) && !key.includes('manifest')) {
            const json = JSON.parse(response.body) as Record<string, unknown>;
            if (!isEnvelope(json)) failures.push(`no envelope: ${label}`);
            else if ((json.IsSuccess ?? json.isSuccess) === false) {
              const message = json.Message ?? json.message;
              if (typeof (json.ErrorCode ?? json.errorCode) !== 'number' || !message) {
                failures.push(`no code or message: ${label}`);
              }
            }
          }
          const isControl = typeof value === 'string' && CONTROL_TEXTS.includes(value);
          const isExempt =
            slot === undefined ||
            (sample.notValidated ?? {})[slot.label] !== undefined ||
            (LINE_TEXTS.has(value as string) &&
              (sample.multiline ?? []).includes(slot.key.join('.')));
          if (isControl && !isExempt && response.statusCode !== 400) {
            failures.push(`control character not refused: ${label}`);
          }
        }
      }
      if (process.env.FUZZ_REPORT)
        (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
      expect(sent).toBeGreaterThan(3000);
      expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    },
  );
});

describe('what a refused value says', () => {
  it("names the field in the caller's language and records nothing", async () => {
    const { token } = await signInByBadge(app, BADGES.worker);
    const before = await rowCounts(database.db);
    const nul = await app.inject({
      method: 'POST',
      url: '/auth-api/sign-in',
      headers: WEB_HEADERS,
      payload: { login: 'admin\u0000', password: 'demo-admin' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 400,
      IsCriticalError: false,
      Message: 'Поле login содержит недопустимые управляющие символы',
    });
    const big = await app.inject({
      method: 'GET',
      url: '/sorting-api/Parcels/99999999999/sticker',
      headers: WEB_HEADERS,
      cookies: { [SESSION_COOKIE]: token!, NEXT_LOCALE: 'en' },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      IsCriticalError: false,
      Message: 'Field id must be a whole number from 1 to 2147483647',
    });
    // A GS1 code keeps its separator GS (U+001D) inside: a barcode of no parcel, not bad input.
    const gs1 = await app.inject({
      method: 'POST',
      url: '/sorting-api/parcels/scan',
      headers: WEB_HEADERS,
      cookies: { [SESSION_COOKIE]: token! },
      payload: {
        barcode: '01\u001d17250101',
        warehouseId: (await sampleIdsOf(database.db)).warehouseId,
      },
    });
    expect(gs1.statusCode).toBe(200);
    expect(gs1.json()).toMatchObject({ IsSuccess: false, ErrorCode: 404 });
    expect(await rowCounts(database.db)).toEqual(before);
  });
});
