import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { registerRoutes } from '../src/http/typed-routes.js';
import { refusal } from '../src/lib/refusal.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

// docs/DECISIONS.md "Contract and errors", declared ErrorCodes: a route's map lists the
// refusals it may answer; answering another is a breach of the contract. Strict (tests, CI):
// 500, so the test that met it fails; otherwise the refusal goes out and the breach is logged.

const schemas = { summary: 'A probe', response: z.object({ ok: z.boolean() }) };
const probes = {
  declared: defineRoute<typeof schemas>()({
    service: 'core',
    method: 'GET',
    path: '/probe/declared',
    answer: 'pascal',
    access: { kind: 'public' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['refused'],
  }),
  undeclared: defineRoute<typeof schemas>()({
    service: 'core',
    method: 'GET',
    path: '/probe/undeclared',
    answer: 'pascal',
    access: { kind: 'public' },
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
};

const refuse = async (): Promise<never> => {
  throw refusal('refused', 'pickingClosed', { id: 7 });
};

async function probeApp(database: Database, strict: boolean, lines: string[]) {
  return buildApp({
    config: createTestConfig({ STRICT_CONTRACT: String(strict), LOG_LEVEL: 'info' }),
    database,
    keepDatabaseOpen: true,
    logStream: { write: (line) => void lines.push(line) },
    plugins: [
      async (app: FastifyInstance) => {
        registerRoutes(
          app,
          probes,
          { declared: schemas, undeclared: schemas },
          { declared: refuse, undeclared: refuse },
        );
      },
    ],
  });
}

let database: Database;
let strict: FastifyInstance;
let lenient: FastifyInstance;
const strictLines: string[] = [];
const lenientLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  strict = await probeApp(database, true, strictLines);
  lenient = await probeApp(database, false, lenientLines);
});

afterAll(async () => {
  await strict?.close();
  await lenient?.close();
  await database?.close();
});

describe('a route answering an ErrorCode its map does not declare', () => {
  it('answers a declared refusal as it is', async () => {
    const answer = await strict.inject({ method: 'GET', url: '/probe/declared' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ IsSuccess: false, ErrorCode: 1 });
  });

  it('fails the call with 500 when strict, naming the breach in the log', async () => {
    const answer = await strict.inject({ method: 'GET', url: '/probe/undeclared' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ IsSuccess: false, IsCriticalError: true });
    expect(strictLines.join('')).toContain('answered an ErrorCode the route does not declare');
  });

  it('still refuses as asked when not strict, and logs the breach', async () => {
    const answer = await lenient.inject({ method: 'GET', url: '/probe/undeclared' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ IsSuccess: false, ErrorCode: 1 });
    expect(lenientLines.join('')).toContain('answered an ErrorCode the route does not declare');
  });

  it('documents a route’s ErrorCodes in /openapi.json', async () => {
    const document = (await strict.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { description?: string; 'x-error-codes'?: unknown }>>;
    };
    const operation = document.paths['/probe/declared']?.get;
    expect(operation?.description).toContain('1 refused');
    expect(operation?.['x-error-codes']).toContainEqual({
      code: 'refused',
      errorCode: 1,
      httpStatus: 200,
      declared: true,
    });
    expect(operation?.['x-error-codes']).toContainEqual({
      code: 'unauthenticated',
      errorCode: 401,
      httpStatus: 401,
      declared: false,
    });
  });
});
