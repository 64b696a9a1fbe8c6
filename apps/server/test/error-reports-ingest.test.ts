import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { errorReports } from '../src/db/schema-error-reports.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

// The server's own Sentry-compatible ingest (docs/DECISIONS.md "Error reporting"): what an SDK
// sends is stored with its context and nothing personal; bad input is a clear 4xx and stores
// nothing; a device is held to its reports per minute; old reports expire.

let database: Database;
let app: FastifyInstance;
let clock = new Date('2026-11-29T10:00:05Z');
let nextEvent = 1;

const eventId = () => (nextEvent++).toString(16).padStart(32, 'a');

function eventOf(overrides: Record<string, unknown> = {}) {
  return {
    event_id: eventId(),
    platform: 'javascript',
    release: 'sorting-web@1.4.0+abc123',
    exception: { values: [{ type: 'TypeError', value: "Cannot read 'Иванов Пётр' of undefined" }] },
    tags: {
      f_code: 'f-104',
      error_code: '104',
      request_id: 'act-1234abcd',
      warehouse: 3,
      route: '/sorting',
    },
    user: { id: '12' },
    contexts: { browser: { name: 'Chrome', version: '131.0' } },
    ...overrides,
  };
}

function envelope(...events: object[]): string {
  const lines = [
    JSON.stringify({ sent_at: new Date().toISOString(), sdk: { name: 'sentry.javascript.react' } }),
  ];
  for (const event of events) {
    const payload = JSON.stringify(event);
    lines.push(JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) }), payload);
  }
  return `${lines.join('\n')}\n`;
}

function post(body: string | Buffer, headers: Record<string, string> = {}, device = 'dev-1') {
  return app.inject({
    method: 'POST',
    url: '/api/1/envelope/?sentry_key=sorting&sentry_version=7',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    cookies: { [DEVICE_COOKIE]: device },
    payload: body,
  });
}

async function storedRows() {
  return database.db.select().from(errorReports);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: createTestConfig({ ERROR_REPORTS_PER_MINUTE: '5', ERROR_REPORT_RETENTION_DAYS: '30' }),
    database,
    keepDatabaseOpen: true,
    now: () => clock,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(errorReports);
  // A new minute for every test: the device limit starts afresh.
  clock = new Date(clock.getTime() + 60_000);
});

describe('POST /api/{projectId}/envelope/', () => {
  it('stores an event with its context, and no name from its text', async () => {
    const event = eventOf({
      tags: {
        error_code: 'TypeError',
        request_id: 'act-1234abcd',
        warehouse: '3',
        route: '/sorting',
      },
    });
    const response = await post(envelope(event));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: event.event_id });
    const [row] = await storedRows();
    expect(row).toMatchObject({
      platform: 'javascript',
      groupKey: 'TypeError',
      fCode: null,
      exceptionType: 'TypeError',
      userId: 12,
      warehouseId: 3,
      route: '/sorting',
      appVersion: 'sorting-web@1.4.0+abc123',
      requestId: 'act-1234abcd',
      browser: 'Chrome 131.0',
    });
    expect(JSON.stringify(row)).not.toContain('Иванов');
  });

  it('groups an f-code toast by its f-code and keeps no text of it', async () => {
    await post(envelope(eventOf({ exception: undefined, message: 'Посылка Иванова не найдена' })));
    const [row] = await storedRows();
    expect(row).toMatchObject({ groupKey: 'f-104', fCode: 'f-104', message: null });
  });

  it('reads a gzip envelope, reads past other items, stores a retried event once', async () => {
    const event = eventOf();
    const session = JSON.stringify({ sid: 'x', status: 'ok' });
    const body = `${envelope(event)}${JSON.stringify({ type: 'session' })}\n${session}\n`;
    expect((await post(gzipSync(body), { 'content-encoding': 'gzip' })).statusCode).toBe(200);
    expect((await post(envelope(event))).statusCode).toBe(200);
    expect(await storedRows()).toHaveLength(1);
  });

  it('holds a device to its reports per minute (429), other devices still report', async () => {
    for (let i = 0; i < 5; i += 1) expect((await post(envelope(eventOf()))).statusCode).toBe(200);
    const refused = await post(envelope(eventOf()));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(envelope(eventOf()), {}, 'dev-2')).statusCode).toBe(200);
    expect(await storedRows()).toHaveLength(6);
    expect(app.errorReports.counters.dropped).toBeGreaterThanOrEqual(1);
  });

  it('deletes reports older than the retention', async () => {
    await post(envelope(eventOf()));
    clock = new Date(clock.getTime() + 31 * 24 * 60 * 60 * 1000);
    await post(envelope(eventOf()));
    expect(await app.errorReports.sweep()).toBe(1);
    expect(await storedRows()).toHaveLength(1);
  });
});

describe('the ingest under bad input: a clear 4xx, nothing stored', () => {
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
  const corpus: [string, () => ReturnType<typeof post>, number][] = [
    ['an empty body', () => post(''), 400],
    ['an invalid JSON header', () => post('{not json\n'), 400],
    ['a header that is no object', () => post('[1,2]\n'), 400],
    ['an invalid JSON item', () => post(`{}\n{"type":"event"}\n{"event_id": oops}\n`), 400],
    ['an item cut short', () => post(`{}\n{"type":"event","length":500}\n{}\n`), 400],
    ['a NUL in a tag', () => post(envelope(eventOf({ tags: { route: '/a\u0000b' } }))), 400],
    [
      'control characters in a type',
      () => post(envelope(eventOf({ exception: { values: [{ type: 'Type\u001bError' }] } }))),
      400,
    ],
    ['an event without an id', () => post(envelope(eventOf({ event_id: 'nope' }))), 400],
    ['invalid gzip', () => post('not gzip at all', { 'content-encoding': 'gzip' }), 400],
    ['a gzip bomb (64 MiB of zeros)', () => post(bomb, { 'content-encoding': 'gzip' }), 413],
    ['an unknown encoding', () => post(envelope(eventOf()), { 'content-encoding': 'br' }), 415],
    ['over 1 MiB', () => post(`{}\n${'x'.repeat(1024 * 1024 + 10)}`), 413],
    [
      'a form upload instead of an envelope',
      () =>
        post('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--', {
          'content-type': 'multipart/form-data; boundary=b',
        }),
      400,
    ],
  ];
  it.each(corpus)('%s', async (_name, send, status) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ IsSuccess: false });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a project id that is no number (400)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/x1/envelope/',
      payload: envelope(eventOf()),
    });
    expect(response.statusCode).toBe(400);
    expect(await storedRows()).toEqual([]);
  });
});
