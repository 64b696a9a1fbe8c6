import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, RUNTIME_SETTINGS_PATH, ZRuntimeSettings } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database, Db, PoolStats } from '../src/db/database.js';
import { createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: createTestConfig(),
    database,
    keepDatabaseOpen: true,
    plugins: [
      // Throwaway routes that exercise the one error handler.
      async (test) => {
        test.envelopeCasing.register('/camel-api', 'camel');
        test.get('/test-api/zone', async () => {
          throw new AppError('zoneNotFound', { message: 'Zone %Z1-9 not found' });
        });
        test.get('/test-api/forbidden', async () => {
          throw new AppError('forbidden', { message: 'No access' });
        });
        test.post('/test-api/validate', async (request) => {
          const body = z.object({ barcode: z.string().min(1) }).parse(request.body);
          return { body };
        });
        test.post(
          '/test-api/schema',
          { schema: { body: z.object({ count: z.number() }) } },
          async () => ({ ok: true }),
        );
        test.get('/test-api/crash', async () => {
          throw new Error('secret detail');
        });
        test.get('/camel-api/zone', async () => {
          throw new AppError('zoneNotFound', { message: 'Zone not found' });
        });
        test.get(
          '/test-api/camel-route',
          { config: { envelopeCasing: 'camel' } },
          async (request) =>
            test.envelopeCasing.present(request, new AppError('refused').toEnvelope()),
        );
      },
    ],
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** `url` of an app whose database refuses every statement. */
async function askBroken(url: string) {
  const broken = {
    ...database,
    db: { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db,
  };
  const sick = await buildApp({
    config: createTestConfig(),
    database: broken,
    keepDatabaseOpen: true,
  });
  try {
    return await sick.inject({ method: 'GET', url });
  } finally {
    await sick.close();
  }
}

describe('GET /healthz (liveness)', () => {
  it('answers ok without asking the database, even when it fails', async () => {
    const response = await askBroken('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: database.kind });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz (readiness)', () => {
  it('answers ok with the database kind after select 1 and the migrations check', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    if (database.kind === 'pglite') {
      expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
    } else {
      // PostgreSQL: the pool as it was, with no request but this one: nothing checked out
      // but the LISTEN clients of the session cache and the printing hub.
      const body = response.json<{ pool: PoolStats }>();
      expect(body).toEqual({
        status: 'ok',
        database: 'postgres',
        pool: { total: expect.any(Number), idle: expect.any(Number), waiting: 0, listening: 2 },
      });
      expect(body.pool.total - body.pool.idle - body.pool.listening).toBe(0);
    }
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database fails', async () => {
    const response = await askBroken('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'unavailable',
      reason: 'database',
      database: database.kind,
    });
  });

  it('answers 503 while a migration of this build is missing', async () => {
    const behind = {
      ...database,
      db: {
        execute: async (query: unknown) => {
          const text = JSON.stringify(query);
          if (text.includes('__drizzle_migrations')) return { rows: [{ applied: 1 }] };
          return database.db.execute(query as Parameters<Db['execute']>[0]);
        },
      } as unknown as Db,
    };
    const sick = await buildApp({
      config: createTestConfig(),
      database: behind,
      keepDatabaseOpen: true,
    });
    try {
      const response = await sick.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', reason: 'migrations' });
    } finally {
      await sick.close();
    }
  });

  it('answers 503 draining once draining has begun, before the process closes', async () => {
    const draining = await buildApp({
      config: createTestConfig(),
      database,
      keepDatabaseOpen: true,
    });
    try {
      expect((await draining.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      draining.startDraining();
      const ready = await draining.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'draining' });
      // Still alive, and still serving everyone else's calls meanwhile.
      expect((await draining.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id: echoed on the answer and in the error envelope', async () => {
    const sent = 'scan-7f3a9c2e-01';
    const response = await app.inject({
      method: 'GET',
      url: '/test-api/zone',
      headers: { 'x-request-id': sent },
    });
    expect(response.headers['x-request-id']).toBe(sent);
    expect(response.json()).toMatchObject({ ErrorCode: 204, RequestId: sent });
  });

  it('replaces a malformed one (newline, too short, too long) with its own UUID', async () => {
    for (const sent of [
      'ab',
      'x'.repeat(129),
      'a b c d e f g h',
      'abc\u0000defgh',
      '../../etc/passwd',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/test-api/crash',
        headers: { 'x-request-id': sent },
      });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(response.json()).toMatchObject({ ErrorCode: 500, RequestId: id });
    }
  });

  it('names a camelCase error envelope requestId and answers pages and successes with the header', async () => {
    const camel = await app.inject({ method: 'GET', url: '/camel-api/unknown' });
    expect(camel.json()).toMatchObject({
      isSuccess: false,
      requestId: camel.headers['x-request-id'],
    });
    const settings = await app.inject({ method: 'POST', url: RUNTIME_SETTINGS_PATH });
    expect(settings.headers['x-request-id']).toEqual(expect.any(String));
    expect(settings.json()).not.toHaveProperty('RequestId');
  });
});

describe(`POST ${RUNTIME_SETTINGS_PATH}`, () => {
  it('answers the default runtime settings as a plain object', async () => {
    const response = await app.inject({ method: 'POST', url: RUNTIME_SETTINGS_PATH });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(ZRuntimeSettings.parse(body)).toEqual(body);
    expect(body).not.toHaveProperty('IsSuccess');
    expect(body).toMatchObject({
      signInUrl: null,
      printerServiceUrl: 'ws://localhost:55557',
      printingHubUrl: '/printersHub',
      scaleServiceUrl: 'http://localhost:55557',
      sortingCenterId: 34717,
      features: { userBarcodeAuthorization: true, alternativeAuthentication: true, demo: true },
    });
    expect(Object.values(body.services)).toSatisfy((paths: unknown[]) =>
      paths.every((path) => path === ''),
    );
  });

  it('points the web app at its own ingest on the page origin without SENTRY_DSN_WEB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: RUNTIME_SETTINGS_PATH,
      headers: { host: 'sorting.example:8080' },
    });
    expect(response.json()).toMatchObject({
      errorReportsDsn: 'http://sorting@sorting.example:8080/1',
    });
  });

  it('answers SENTRY_DSN_WEB and lets the page send to its host', async () => {
    const configured = await buildApp({
      config: createTestConfig({ SENTRY_DSN_WEB: 'https://webkey@glitchtip.example/3' }),
      database,
      keepDatabaseOpen: true,
    });
    try {
      const response = await configured.inject({ method: 'POST', url: RUNTIME_SETTINGS_PATH });
      expect(response.json()).toMatchObject({
        errorReportsDsn: 'https://webkey@glitchtip.example/3',
      });
      const page = await configured.inject({ method: 'GET', url: '/user-auth' });
      expect(String(page.headers['content-security-policy'])).toMatch(
        /connect-src [^;]*https:\/\/glitchtip\.example/,
      );
    } finally {
      await configured.close();
    }
  });

  it('accepts an empty JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: RUNTIME_SETTINGS_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('carries SIGN_IN_URL and the configured devices', async () => {
    const configured = await buildApp({
      config: createTestConfig({
        SIGN_IN_URL: 'https://sso.example.ru/login',
        ALTERNATIVE_AUTHENTICATION: 'false',
        SORTING_CENTER_ID: '50001',
        DEMO_SEED: 'false',
        PRINTER_SERVICE_URL: 'ws://10.0.0.5:55557',
      }),
      database,
      keepDatabaseOpen: true,
    });
    try {
      const body = (await configured.inject({ method: 'POST', url: RUNTIME_SETTINGS_PATH })).json();
      expect(body).toMatchObject({
        signInUrl: 'https://sso.example.ru/login',
        sortingCenterId: 50001,
        printerServiceUrl: 'ws://10.0.0.5:55557',
        features: { demo: false, alternativeAuthentication: false },
      });
    } finally {
      await configured.close();
    }
  });
});

describe('unknown routes and errors', () => {
  it('answers an unknown API route with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/sorting-api/nothing-here'],
      ['POST', '/sorting-api/nothing-here'],
      ['GET', RUNTIME_SETTINGS_PATH],
      ['GET', '/printersHub/negotiate'],
      ['DELETE', '/users'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({
        IsSuccess: false,
        ErrorCode: 404,
        IsCriticalError: false,
        OperationObject: null,
      });
    }
  });

  it('maps an AppError through the error table', async () => {
    const zone = await app.inject({ method: 'GET', url: '/test-api/zone' });
    expect(zone.statusCode).toBe(200);
    expect(zone.json()).toEqual({
      IsSuccess: false,
      Message: 'Zone %Z1-9 not found',
      ErrorCode: 204,
      IsCriticalError: false,
      IsRepeat: false,
      OperationObject: null,
      RequestId: zone.headers['x-request-id'],
    });
    const forbidden = await app.inject({ method: 'GET', url: '/test-api/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ ErrorCode: 403, Message: 'No access' });
  });

  it('answers validation errors with 400 and the issues as Message', async () => {
    const zod = await app.inject({ method: 'POST', url: '/test-api/validate', payload: {} });
    expect(zod.statusCode).toBe(400);
    expect(zod.json()).toMatchObject({ IsSuccess: false, ErrorCode: 400 });
    expect(zod.json().Message).toContain('barcode');

    const schema = await app.inject({ method: 'POST', url: '/test-api/schema', payload: {} });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().Message).toContain('count');

    const malformed = await app.inject({
      method: 'POST',
      url: '/test-api/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"barcode":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ IsSuccess: false, IsCriticalError: false });
  });

  it('answers an unexpected error with 500, IsCriticalError and no detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/test-api/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 500,
      IsCriticalError: true,
      Message: 'Internal server error',
    });
    expect(response.body).not.toContain('secret detail');
  });

  it('answers in camelCase where a module registered it', async () => {
    const byPrefix = await app.inject({ method: 'GET', url: '/camel-api/zone' });
    expect(byPrefix.json()).toMatchObject({ isSuccess: false, errorCode: 204 });
    const unknown = await app.inject({ method: 'GET', url: '/camel-api/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ isSuccess: false, errorCode: 404 });
    const byRoute = await app.inject({ method: 'GET', url: '/test-api/camel-route' });
    expect(byRoute.json()).toMatchObject({ isSuccess: false, errorCode: 1 });
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request before closing the database', async () => {
    const order: string[] = [];
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    const tracked: Database = {
      ...database,
      close: async () => {
        order.push('database closed');
      },
    };
    const server = await buildApp({
      config: createTestConfig(),
      database: tracked,
      plugins: [
        async (test) => {
          test.get('/test-api/slow', async () => {
            entered();
            await new Promise((resolve) => setTimeout(resolve, 300));
            order.push('request finished');
            return { done: true };
          });
        },
      ],
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const pending = fetch(`http://127.0.0.1:${port}/test-api/slow`);
    await handlerEntered;
    const closing = server.close();
    const response = await pending;
    await closing;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(order).toEqual(['request finished', 'database closed']);
  });

  it('ends a keep-alive connection whose answer was already on its way when close began', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const server = await buildApp({
      config: createTestConfig(),
      database,
      keepDatabaseOpen: true,
      plugins: [
        async (test) => {
          // A long answer (a large asset or report to a slow handheld): its headers go first.
          test.get('/test-api/long', async (_request, reply) => {
            const body = new PassThrough();
            body.write('first part;');
            void gate.then(() => body.end('last part'));
            return reply.type('text/plain').send(body);
          });
        },
      ],
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      let started!: () => void;
      const headersArrived = new Promise<void>((resolve) => (started = resolve));
      const answered = new Promise<{ headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/test-api/long', agent }, (response) => {
              started();
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () => resolve({ headers: response.headers, body }));
            })
            .on('error', reject);
        },
      );
      await headersArrived;
      const closing = server.close().then(() => 'closed');
      // close() has begun (its preClose hooks ran) before the rest of the answer goes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      finish();
      const answer = await answered;
      expect(answer.body).toBe('first part;last part');
      expect(answer.headers.connection).toBe('keep-alive');
      // The client keeps its connection; the server must end it itself, not wait 72 s.
      const late = new Promise((resolve) => setTimeout(resolve, 3_000, 'still open'));
      expect(await Promise.race([closing, late])).toBe('closed');
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
