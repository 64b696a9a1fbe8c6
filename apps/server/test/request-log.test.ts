import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

// A user's day wrote 4,600 info lines in 25 minutes, two for every request.
// Requests are logged at debug; a failed answer (4xx/5xx) and a slow one (LOG_SLOW_REQUEST_MS)
// at info, with the call they were (docs/DECISIONS.md "Serving and shutdown").

/** pino's numeric levels. */
const DEBUG = 20;
const INFO = 30;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  code?: string;
}

let database: Database;
const lines: LogLine[] = [];

async function appWithLog(env: Record<string, string>): Promise<FastifyInstance> {
  return buildApp({
    config: createTestConfig(env),
    database,
    keepDatabaseOpen: true,
    logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    plugins: [
      async (test) => {
        test.get('/test-api/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          return { done: true };
        });
        test.get('/test-api/refused', async () => {
          throw new AppError('objectNotFound', { message: 'Parcel P1 not found' });
        });
        test.get('/test-api/bad', async () => {
          throw new AppError('badRequest', { message: 'barcode: too long' });
        });
        test.get('/test-api/crash', async () => {
          throw new Error('secret detail');
        });
      },
    ],
  });
}

/** The lines of the request that answered `url` (a request's lines share its reqId). */
function linesOf(url: string): LogLine[] {
  const ids = new Set(lines.filter((line) => line.req?.url === url).map((line) => line.reqId));
  return lines.filter((line) => line.reqId !== undefined && ids.has(line.reqId));
}

let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // Far above any quick request, also on a loaded machine; the slow test has its own app.
  app = await appWithLog({ LOG_LEVEL: 'info', LOG_SLOW_REQUEST_MS: '10000' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request logging at LOG_LEVEL=info', () => {
  it('writes nothing for a normal, quick request', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(lines.filter((line) => line.level >= INFO)).toEqual([]);
  });

  it('writes a failed answer at info, with its call and status', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/test-api/bad' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/test-api/crash' })).statusCode).toBe(500);
    for (const [url, status] of [
      ['/test-api/bad', 400],
      ['/test-api/crash', 500],
    ] as const) {
      const completed = linesOf(url).filter((line) => line.level >= INFO && line.res);
      expect(completed, url).toEqual([
        expect.objectContaining({
          level: INFO,
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url }),
          res: { statusCode: status },
          responseTime: expect.any(Number),
        }),
      ]);
    }
  });

  it('writes a refusal answered in the envelope (HTTP 200) at info, naming the call', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/test-api/refused' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
    expect(linesOf('/test-api/refused').filter((line) => line.level >= INFO)).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'request refused',
        req: expect.objectContaining({ method: 'GET', url: '/test-api/refused' }),
        code: 'objectNotFound',
      }),
    ]);
  });

  it('writes a request slower than LOG_SLOW_REQUEST_MS at info', async () => {
    const quick = await appWithLog({ LOG_LEVEL: 'info', LOG_SLOW_REQUEST_MS: '100' });
    try {
      lines.length = 0;
      expect((await quick.inject({ method: 'GET', url: '/test-api/slow' })).statusCode).toBe(200);
      const slow = linesOf('/test-api/slow').filter((line) => line.level >= INFO);
      expect(slow).toEqual([
        expect.objectContaining({
          level: INFO,
          msg: 'slow request',
          req: expect.objectContaining({ method: 'GET', url: '/test-api/slow' }),
          res: { statusCode: 200 },
        }),
      ]);
      expect(slow[0]!.responseTime).toBeGreaterThanOrEqual(100);
    } finally {
      await quick.close();
    }
  });
});

describe('request logging at LOG_LEVEL=debug', () => {
  it('writes every request, at debug', async () => {
    const verbose = await appWithLog({ LOG_LEVEL: 'debug' });
    try {
      lines.length = 0;
      await verbose.inject({ method: 'GET', url: '/healthz' });
      const mine = linesOf('/healthz');
      expect(mine.map((line) => [line.level, line.msg])).toEqual([
        [DEBUG, 'incoming request'],
        [DEBUG, 'request completed'],
      ]);
    } finally {
      await verbose.close();
    }
  });
});

describe('request ids in the log', () => {
  it("writes a failed request's lines under the id its 500 envelope and header carry", async () => {
    lines.length = 0;
    const sent = 'action-5d1c0e7a-crash';
    const response = await app.inject({
      method: 'GET',
      url: '/test-api/crash',
      headers: { 'x-request-id': sent },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe(sent);
    expect(response.json()).toMatchObject({ ErrorCode: 500, RequestId: sent });
    const failed = lines.filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.reqId).toBe(sent);
  });
});
