import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { createTestConfig } from '../helpers.js';
import { createTestDatabase } from '../test-database.js';

// The answer of a lost database, on either database (the PostgreSQL proxy test shows the
// real failure; here a route fails the way node-postgres does, wrapped as drizzle wraps it).

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    plugins: [
      async (instance) => {
        instance.post('/sorting-api/test-lost-database', async () => {
          const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
          throw new Error('Failed query: insert into "events" …', { cause: reset });
        });
        instance.post('/sorting-api/test-unexpected', async () => {
          throw new Error('a bug');
        });
      },
    ],
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a lost database connection', () => {
  it('answers 503, ErrorCode 503, Retry-After, a clear message, no internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sorting-api/test-lost-database',
      cookies: { NEXT_LOCALE: 'en' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      IsSuccess: false,
      Message: 'The database is unavailable, retry in a few seconds',
      ErrorCode: 503,
      IsCriticalError: false,
      IsRepeat: false,
      OperationObject: null,
      RequestId: response.headers['x-request-id'],
    });
  });

  it('leaves any other failure a critical 500 without its text', async () => {
    const response = await app.inject({ method: 'POST', url: '/sorting-api/test-unexpected' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ ErrorCode: 500, IsCriticalError: true });
    expect(response.body).not.toContain('a bug');
  });
});
