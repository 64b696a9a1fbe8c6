import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { errorReports } from '../src/db/schema-error-reports.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

// The server's own exceptions (docs/DECISIONS.md "Error reporting"): one inside a route is
// reported with the request id its 500 envelope and its log line carry; without SENTRY_DSN
// into the error reports table, with it to Sentry through @sentry/node.

interface LogLine {
  reqId?: string;
  msg?: string;
  level?: number;
}

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function appWithFailingRoute(
  env: Record<string, string>,
  lines: LogLine[],
): Promise<FastifyInstance> {
  return buildApp({
    config: createTestConfig({ LOG_LEVEL: 'info', ...env }),
    database,
    keepDatabaseOpen: true,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    plugins: [
      async (test) => {
        test.get('/test-api/crash/:barcode', async () => {
          // A bug: what it says must not carry a person's data into the report.
          throw new TypeError('Cannot read "Иванов Пётр" of undefined');
        });
      },
    ],
  });
}

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never arrived');
}

describe('an exception inside a route, without SENTRY_DSN', () => {
  it('is stored with the request id of its 500 envelope and of its log line', async () => {
    const lines: LogLine[] = [];
    const app = await appWithFailingRoute({}, lines);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/test-api/crash/P123456',
        headers: { 'x-request-id': 'act-crash-0001' },
      });
      expect(response.statusCode).toBe(500);
      const requestId = response.json<{ RequestId: string }>().RequestId;
      expect(requestId).toBe('act-crash-0001');
      const logged = lines.find((line) => line.msg === 'request failed');
      expect(logged?.reqId).toBe(requestId);

      const row = await waitFor(async () => {
        const [found] = await database.db
          .select()
          .from(errorReports)
          .where(eq(errorReports.requestId, requestId));
        return found;
      });
      expect(row).toMatchObject({
        platform: 'node',
        exceptionType: 'TypeError',
        route: '/test-api/crash/:barcode',
        requestId,
      });
      expect(JSON.stringify(row)).not.toContain('Иванов');
      expect(JSON.stringify(row)).not.toContain('P123456');
    } finally {
      await app.close();
    }
  });
});

describe('an exception inside a route, with SENTRY_DSN', () => {
  let ingest: http.Server;
  const received: string[] = [];

  beforeAll(async () => {
    // A stand-in for Sentry's ingest: it keeps the envelopes the SDK posts.
    ingest = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const isGzip = request.headers['content-encoding'] === 'gzip';
        received.push((isGzip ? gunzipSync(body) : body).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => ingest.close(resolve));
  });

  it('goes to Sentry with the same request id, and not into the table', async () => {
    const { port } = ingest.address() as AddressInfo;
    const lines: LogLine[] = [];
    const app = await appWithFailingRoute({ SENTRY_DSN: `http://key@127.0.0.1:${port}/5` }, lines);
    let requestId: string;
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/test-api/crash/P654321',
        headers: { 'x-request-id': 'act-crash-0002' },
      });
      expect(response.statusCode).toBe(500);
      requestId = response.json<{ RequestId: string }>().RequestId;
      expect(lines.find((line) => line.msg === 'request failed')?.reqId).toBe(requestId);
    } finally {
      // Closing flushes what the SDK still holds.
      await app.close();
    }
    const envelope = await waitFor(async () =>
      received.find((body) => body.includes('"type":"event"')),
    );
    expect(envelope).toContain(`"request_id":"${requestId}"`);
    expect(envelope).toContain('TypeError');
    expect(envelope).toContain('"route":"/test-api/crash/:barcode"');
    expect(envelope).not.toContain('P654321');
    const stored = await database.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.requestId, requestId));
    expect(stored).toEqual([]);
  });
});
