// One typed route map per service (docs/DECISIONS.md "Contract and errors"): a call's
// method, path, service, casing, access and errors are declared once here; the server
// registers its routes from the map with the zod schemas of `<service>.schemas.ts`, and the web
// app calls through one typed client built on the same map. This file imports zod for types
// only, so the web app's first screen does not carry the schemas.
import type { z } from 'zod';
import type { AppErrorCode } from '../errors.js';
import type { EnvelopeCasing } from '../envelope.js';
import type { TRuntimeSettings } from '../settings.js';

/**
 * A service of the spec whose base path comes from the runtime settings, or one of two that
 * are not listed there: `core` answers at the page's origin (it serves the settings
 * themselves) and `printing` beside the printing hub (`printingApiBase(printingHubUrl)`).
 */
export type ServiceName =
  | keyof TRuntimeSettings['services']
  | 'core'
  | 'printing'
  /** The integration API for the systems around a centre (docs/DECISIONS.md "Integration"). */
  | 'integration';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The roles of packages/domain `USER_ROLES`, spelled here so contracts stays a leaf. */
export type RouteRole = 'worker' | 'supervisor' | 'administrator';

/**
 * What a route needs before its handler runs, checked by one shared hook on the server:
 * - `public`: nobody needs to be signed in;
 * - `session`: a signed-in user (else 401), with one of `roles` when given (else 403), and for
 *   `sortingCenter: true` the `{code}` path parameter must be the user's sorting centre (else
 *   403; spec part 1 §6: 401/403 → f-007). Services still check the rows they touch.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'session'; roles?: readonly RouteRole[]; sortingCenter?: boolean }
  | { kind: 'apiKey'; scope: RouteApiKeyScope };

/**
 * `apiKey`: an integration key (`Authorization: Bearer`, never a session) that is not revoked
 * (else 401) and holds `scope` (else 403); docs/DECISIONS.md "Integration".
 */
export type RouteApiKeyScope = 'read' | 'write:master' | 'write:operations';

/**
 * Where a route's warehouse comes from (docs/DECISIONS.md "Contract and errors", the warehouse on
 * the route). The shared hook of the server resolves it once after validation, refuses a
 * warehouse the caller may not use (403 `warehouseForbidden`, or `zoneForbidden` where the
 * route's refusal speaks of a zone; nothing read) and hands it to the handler as
 * `call.warehouse`; a warehouse that does not exist is handed as null, and the service answers
 * its own not-found (the spec words it per call).
 * - `path`: a `{warehouseCode}`/`{warehouse}` path value, the warehouse's code or its number;
 * - `body`/`query`: a field holding the warehouse's `id` or `number`; `absent: 'user'` reads
 *   the caller's default warehouse when the field is not sent;
 * - `user`: the caller's default warehouse (part 2 §7: the lists are of it);
 * - `none`: the route names no warehouse: none is involved, or the objects it names (a parcel,
 *   a picking, a document) carry theirs and the service checks them.
 */
export type RouteWarehouse =
  | { from: 'path'; param: 'warehouseCode' | 'warehouse' }
  | {
      from: 'body' | 'query';
      field: string;
      by: 'id' | 'number';
      absent?: 'user';
      refusal?: 'zoneForbidden';
    }
  | { from: 'user' }
  | { from: 'none' };

/** The zod schemas of one call: what it takes and the operation object it answers. */
export interface CallSchemas {
  /**
   * One line for the API document. Here, with the schemas the server binds, not on the route
   * definition: the web app imports route definitions, and the first screen's budget (150 kB)
   * has no room for documentation it never shows.
   */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's operation object on success; `raw` routes describe their body here. */
  response: z.ZodType;
}

/** A route of the map; `S` only carries the schemas' types to the typed client. */
export interface RouteDefinition<S extends CallSchemas = CallSchemas> {
  service: ServiceName;
  method: HttpMethod;
  /** The spec's path with `{name}` parameters, e.g. `/users-api/v1/{code}/Users/{userId}`. */
  path: string;
  /** Envelope casing of the answer (spec part 1 §3); `raw` answers something else (a file). */
  answer: EnvelopeCasing | 'raw';
  access: RouteAccess;
  /** Where its warehouse comes from; required, so a new route must say (RouteWarehouse). */
  warehouse: RouteWarehouse;
  /**
   * A change made once per user action: the client sends `X-Operation-Id` and a replay answers
   * the stored result with IsRepeat (architecture "Data and identity").
   */
  isOperation: boolean;
  /**
   * The AppError codes it may answer besides the shared ones (401, 403, 400, 503, and for an
   * operation `operationIdReused`).
   */
  errors: readonly AppErrorCode[];
  /**
   * The envelope's ErrorCode on success when the spec gives one (part 2 §4: receiptplaceid
   * answers 0 for OK); null otherwise.
   */
  successErrorCode?: 0;
  /** Phantom: never set; carries `S` to the typed client and the server's registration. */
  readonly schemas?: S;
}

/**
 * Declares a route with the types of its schemas, e.g.
 * `defineRoute<UsersSchemas['list']>()({ service: 'users', method: 'GET', … })`.
 */
export function defineRoute<S extends CallSchemas>() {
  return <const D extends Omit<RouteDefinition<S>, 'schemas'>>(definition: D) =>
    definition as D & { readonly schemas?: S };
}

/** A map of a service's routes by call name. */
export type RouteMap = Record<string, RouteDefinition>;

/** The schemas of a route map, by call name: what the server binds to each route. */
export type SchemasOf<M extends RouteMap> = {
  [K in keyof M]: NonNullable<M[K]['schemas']>;
};

type SchemaInput<T> = T extends z.ZodType ? z.input<T> : undefined;
type SchemaOutput<T> = T extends z.ZodType ? z.output<T> : undefined;
type SchemasOfRoute<R extends RouteDefinition> = NonNullable<R['schemas']>;

/**
 * What a caller gives for a route: its path parameters and query as the server reads them
 * (they travel as text and are coerced back, so their read shape is the useful one), and its
 * body as it goes out.
 */
export type CallInput<R extends RouteDefinition> = DropUndefined<{
  params: SchemaOutput<SchemasOfRoute<R>['params']>;
  query: SchemaOutput<SchemasOfRoute<R>['query']>;
  body: SchemaInput<SchemasOfRoute<R>['body']>;
}> &
  (R['isOperation'] extends true ? { operationId: string } : { operationId?: undefined });

/** What the handler is given: path parameters, query and body after validation. */
export type CallArguments<R extends RouteDefinition> = {
  params: SchemaOutput<SchemasOfRoute<R>['params']>;
  query: SchemaOutput<SchemasOfRoute<R>['query']>;
  body: SchemaOutput<SchemasOfRoute<R>['body']>;
};

/** The operation object a route answers on success. */
export type CallOutput<R extends RouteDefinition> = z.output<SchemasOfRoute<R>['response']>;

type DropUndefined<T> = {
  [K in keyof T as T[K] extends undefined ? never : K]: T[K];
};

const PARAMETER = /\{(\w+)\}/g;

/** The names of a path's `{name}` parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1] ?? '');
}

/** `/a/{code}/b` → `/a/:code/b`, the path as Fastify registers it. */
export function toRouterPath(path: string): string {
  return path.replace(PARAMETER, ':$1');
}

/**
 * The path with its parameters filled in, each encoded as one path segment; a missing one is
 * a programming error.
 */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PARAMETER, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
