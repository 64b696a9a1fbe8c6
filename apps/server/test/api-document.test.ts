import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTE_MAPS,
  SCHEMA_MAPS,
  toRouterPath,
  type CallSchemas,
  type RouteDefinition,
} from '@sorting/contracts';
import { createSessionTestApp } from './sessions.js';

// The route map of packages/contracts, the routes the server registers and the API document
// it serves at /openapi.json are one and the same (docs/DECISIONS.md "Contract and errors").

/**
 * Registered routes that are no call of a service: pages, files, the hub's socket and the API
 * document itself. Every other route must come from a route map.
 */
const NOT_CALLS = new Set([
  'GET /*',
  'GET /healthz',
  'GET /readyz',
  'POST /api/:projectId/envelope/',
  'GET /openapi.json',
  'GET /manifest.webmanifest',
  'GET /ru/manifest.webmanifest',
  'GET /en/manifest.webmanifest',
  'GET /demo-sheet',
  'GET /en/demo-sheet',
  'GET /printersHub',
  'POST /printersHub/negotiate',
]);

/** Calls still registered by hand, converted to the route map service by service. */
const NOT_YET_IN_A_MAP = new Set<string>([]);

const mapRoutes: Array<{ key: string; name: string; route: RouteDefinition }> = Object.entries(
  ROUTE_MAPS,
).flatMap(([service, map]) =>
  Object.entries(map).map(([name, route]) => ({
    key: `${route.method} ${toRouterPath(route.path)}`,
    name: `${service}.${name}`,
    route: route as RouteDefinition,
  })),
);

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
const registered: RouteOptions[] = [];

beforeAll(async () => {
  context = await createSessionTestApp({}, { onRoute: (route) => registered.push(route) });
});

afterAll(async () => {
  await context?.close();
});

const keysOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);

describe('the route map, the server and /openapi.json', () => {
  it('registers every route of the map, with its schemas on the route', () => {
    for (const { key, name, route } of mapRoutes) {
      const found = registered.find((options) => keysOf(options).includes(key));
      expect(found, `${name}: ${key} is not registered`).toBeDefined();
      const schema = found!.schema as Record<string, unknown> | undefined;
      expect(schema?.response, `${name} has no response schema`).toBeDefined();
      if (route.path.includes('{')) expect(schema?.params, `${name}: params`).toBeDefined();
    }
  });

  it('registers no call outside a route map', () => {
    const inMaps = new Set(mapRoutes.map(({ key }) => key));
    // Fastify answers HEAD for every GET by itself; the document's page serves its own files.
    const strays = registered
      .flatMap(keysOf)
      .filter((key) => !key.startsWith('HEAD ') && !key.includes(' /api-docs'))
      .filter((key) => !inMaps.has(key) && !NOT_CALLS.has(key) && !NOT_YET_IN_A_MAP.has(key));
    expect(strays).toEqual([]);
  });

  it('documents every route of the map at /openapi.json with its request and answer', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const { name, route } of mapRoutes) {
      const [service = '', call = ''] = name.split('.');
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${name}: ${route.method} ${route.path} is not documented`).toBeDefined();
      expect(operation?.operationId).toBe(name);
      const answer = (operation?.responses as Record<string, unknown> | undefined)?.['200'];
      expect(answer, `${name}: no answer`).toBeDefined();
      const schemas = (SCHEMA_MAPS as Record<string, Record<string, CallSchemas>>)[service]?.[call];
      expect(schemas, `${name}: no schemas`).toBeDefined();
      if (schemas?.body) expect(operation?.requestBody, `${name}: no request body`).toBeDefined();
      if (schemas?.params || schemas?.query) {
        expect(operation?.parameters, `${name}: no parameters`).toBeDefined();
      }
      // Its ErrorCodes: the map's own, beside the shared ones.
      const codes = (operation?.['x-error-codes'] ?? []) as Array<{
        code: string;
        declared: boolean;
      }>;
      const declared = codes.filter((entry) => entry.declared).map((entry) => entry.code);
      expect(declared.sort(), `${name}: ErrorCodes`).toEqual([...route.errors].sort());
      expect(
        codes.map((entry) => entry.code),
        `${name}: shared ErrorCodes`,
      ).toContain('unauthenticated');
    }
    // Nothing documented that the map does not hold.
    const expected = mapRoutes.map(({ route }) => `${route.method} ${route.path}`).sort();
    expect(documented.sort()).toEqual(expected);
  });

  it('serves a human page for the document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});
