import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  ERROR_TABLE,
  success,
  toRouterPath,
  type AppErrorCode,
  type CallArguments,
  type CallOutput,
  type CallSchemas,
  type EnvelopeCasing,
  type RouteAccess,
  type RouteDefinition,
  type RouteMap,
  type SchemasOf,
} from '@sorting/contracts';
import type {
  ApiKeyCallContext,
  ApiKeyCaller,
  CallContext,
  PublicCallContext,
  SessionUser,
} from '../lib/call-context.js';
import type { OperationOutcome } from '../db/operations.js';
import { refusal } from '../lib/refusal.js';
import { operationIdOf, operationScopeOf } from './operation-id.js';
import { resolveRouteWarehouse } from './route-warehouse.js';

// The server side of the typed route map (docs/DECISIONS.md "Contract and errors"):
// each route of a service's map is registered here with its zod schemas on the route (validated
// by fastify-type-provider-zod, published in /openapi.json), its access checked by one shared
// hook with its warehouse (route-warehouse.ts), and its answer wrapped in the envelope of the route's casing.

type ContextOf<R extends RouteDefinition> = R['access'] extends { kind: 'session' }
  ? CallContext
  : R['access'] extends { kind: 'apiKey' }
    ? ApiKeyCallContext
    : PublicCallContext;

/** A handler answers the operation object, the outcome of an operation, or (raw) anything. */
type AnswerOf<R extends RouteDefinition> = R['answer'] extends 'raw'
  ? unknown
  : R['isOperation'] extends true
    ? OperationOutcome<CallOutput<R>>
    : CallOutput<R>;

/**
 * A handler answers its route's value, or the reply itself when it has sent something else
 * on it (a file: the CSV of a report, a photo); the reply is then passed on as it is.
 */
export type RouteHandler<R extends RouteDefinition> = (
  input: CallArguments<R> & { call: ContextOf<R>; request: FastifyRequest; reply: FastifyReply },
) => Promise<AnswerOf<R> | FastifyReply>;

export type RouteHandlers<M extends RouteMap> = { [K in keyof M]: RouteHandler<M[K]> };

const ENVELOPE_FIELDS = [
  ['isSuccess', z.boolean()],
  ['message', z.string().nullable()],
  ['errorCode', z.union([z.number(), z.string()]).nullable()],
  ['isCriticalError', z.boolean()],
  ['isRepeat', z.boolean()],
] as const;

/**
 * The envelope of spec part 1 §3 in a casing, around an operation object: the schema of a
 * route's HTTP 200 answer. A refusal answered 200 (ErrorCode 104, 204, …) has no operation
 * object, hence nullable.
 */
export function envelopeSchema(casing: EnvelopeCasing, operationObject: z.ZodType): z.ZodType {
  const name = (camel: string) =>
    casing === 'camel' ? camel : camel.charAt(0).toUpperCase() + camel.slice(1);
  return z.object({
    ...Object.fromEntries(ENVELOPE_FIELDS.map(([field, schema]) => [name(field), schema])),
    [name('operationObject')]: operationObject.nullable(),
    // An error envelope names its request id (error-handler.ts `withRequestId`).
    [name('requestId')]: z.string().optional(),
  });
}

/**
 * ErrorCodes every route may answer without declaring them: the edge's own (no session, a
 * role or sorting centre refused, malformed input, an unknown path, the database unreachable,
 * an unexpected failure). An operation may also answer `operationIdReused`.
 */
const SHARED_ERRORS: readonly AppErrorCode[] = [
  'badRequest',
  'unauthenticated',
  'forbidden',
  'routeNotFound',
  'unavailable',
  'internal',
];

/** What a route may answer besides success: its declared codes and the shared ones. */
export function answerableErrors(route: RouteDefinition): Set<AppErrorCode> {
  return new Set<AppErrorCode>([
    ...SHARED_ERRORS,
    ...(route.isOperation ? (['operationIdReused'] as const) : []),
    ...route.errors,
  ]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest of `apiKey` routes: an active integration key or 401, over the key's rate
     * limit 429 (sets `request.apiKey`; the integration module installs it).
     */
    requireApiKey?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The integration key of the call; set by `requireApiKey`, read it only behind it. */
    apiKey?: ApiKeyCaller;
  }
  interface FastifyContextConfig {
    /** The ErrorCodes the route's map lets it answer (registerRoutes sets it). */
    answerableErrors?: ReadonlySet<AppErrorCode>;
  }
}

/**
 * The route's ErrorCodes for /openapi.json: refusals answer HTTP 200 with the envelope's
 * ErrorCode (spec part 1 §3, §8), so they are listed beside the responses, in the
 * description and as `x-error-codes`.
 */
function documentedErrors(route: RouteDefinition) {
  const codes = [...answerableErrors(route)].map((code) => ({
    code,
    errorCode: ERROR_TABLE[code].errorCode,
    httpStatus: ERROR_TABLE[code].status,
    declared: route.errors.includes(code),
  }));
  const own = codes.filter((entry) => entry.declared);
  const description =
    own.length === 0
      ? 'No refusal of its own besides the shared ErrorCodes (x-error-codes).'
      : `Refusals (ErrorCode): ${own.map((entry) => `${entry.errorCode} ${entry.code}`).join(', ')}; and the shared ErrorCodes (x-error-codes).`;
  return { description, 'x-error-codes': codes };
}

const ANONYMOUS_USER: SessionUser | null = null;

/** The user behind the session hook: always there on a route whose access is `session`. */
function signedInUser(request: FastifyRequest): SessionUser {
  const user: SessionUser | null = request.user;
  if (!user) throw new Error(`${request.routeOptions.url}: no session hook`);
  return user;
}

/**
 * The shared access check of part 1 §6 after validation: the route's roles, and its sorting
 * centre (`{code}` or `{sortingCenterId}`) being the user's own; 403 otherwise (→ f-007 in the web app).
 */
function checkAccess(access: RouteAccess, request: FastifyRequest): number | null {
  if (access.kind === 'public') return null;
  if (access.kind === 'apiKey') {
    if (!request.apiKey?.scopes.includes(access.scope)) {
      throw refusal('forbidden', 'apiKeyScopeMissing', { scope: access.scope });
    }
    return request.apiKey.sortingCenterId;
  }
  const user = signedInUser(request);
  let sortingCenterId: number | null = null;
  if (access.sortingCenter) {
    // `{code}` of the users and time tracking calls, `{sortingCenterId}` of the workflows'.
    const params = request.params as { code?: unknown; sortingCenterId?: unknown };
    const code = params.code ?? params.sortingCenterId;
    if (typeof code !== 'number' || code !== user.sortingCenterId) {
      throw refusal('forbidden', 'sortingCenterForbidden', { code: String(code) });
    }
    sortingCenterId = code;
  }
  if (access.roles && !user.roles.some((role) => access.roles?.includes(role))) {
    throw refusal('forbidden', 'roleForbidden');
  }
  return sortingCenterId;
}

/** The hook that checks the route's caller before anything is validated (401 first). */
function accessHook(app: FastifyInstance, route: RouteDefinition): Pick<RouteOptions, 'onRequest'> {
  if (route.access.kind === 'session') return { onRequest: app.requireSession };
  if (route.access.kind !== 'apiKey') return {};
  const requireApiKey = app.requireApiKey;
  if (!requireApiKey) throw new Error(`${route.path}: no API key hook`);
  return { onRequest: requireApiKey };
}

/** The call context a handler is given, by the route's access. */
function callOf(
  route: RouteDefinition,
  request: FastifyRequest,
  sortingCenterId: number | null,
  warehouse: CallContext['warehouse'],
) {
  if (route.access.kind === 'apiKey') {
    const apiKey = request.apiKey;
    if (!apiKey) throw new Error(`${route.path}: no API key hook`);
    return { apiKey } satisfies ApiKeyCallContext;
  }
  const operationId = operationIdOf(request);
  // The id is bound to this call: the same id on another route or input is refused.
  const operationScope = operationId === null ? null : operationScopeOf(request, route);
  return route.access.kind === 'session'
    ? { user: signedInUser(request), operationId, operationScope, sortingCenterId, warehouse }
    : { user: request.user ?? ANONYMOUS_USER, operationId, operationScope };
}

/** Registers every route of a service's map with its schemas and handler. */
export function registerRoutes<M extends RouteMap>(
  app: FastifyInstance,
  routes: M,
  schemas: SchemasOf<M>,
  handlers: RouteHandlers<M>,
): void {
  for (const name of Object.keys(routes) as Array<keyof M & string>) {
    const route = routes[name] as RouteDefinition;
    const bound = schemas[name] as CallSchemas;
    const handler = handlers[name] as unknown as RouteHandler<RouteDefinition>;
    const casing = route.answer === 'raw' ? undefined : route.answer;
    const options: RouteOptions = {
      method: route.method,
      url: toRouterPath(route.path),
      config: {
        ...(casing ? { envelopeCasing: casing } : {}),
        answerableErrors: answerableErrors(route),
      },
      schema: {
        operationId: `${route.service}.${name}`,
        summary: bound.summary,
        ...documentedErrors(route),
        tags: [route.service],
        ...(bound.params ? { params: bound.params } : {}),
        ...(bound.query ? { querystring: bound.query } : {}),
        ...(bound.body ? { body: bound.body } : {}),
        response: { 200: casing ? envelopeSchema(casing, bound.response) : bound.response },
      },
      // Part 1 §6: no session (or key) answers 401 before anything is validated or looked up.
      ...accessHook(app, route),
      handler: async (request, reply) => {
        const sortingCenterId = checkAccess(route.access, request);
        // The route's warehouse, resolved once and refused before the handler reads anything
        // (docs/DECISIONS.md "Contract and errors", the warehouse on the route).
        const warehouse =
          route.access.kind === 'session'
            ? await resolveRouteWarehouse(
                app.database.db,
                route.warehouse,
                request,
                signedInUser(request),
              )
            : null;
        const call = callOf(route, request, sortingCenterId, warehouse);
        const answer = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          call,
          request,
          reply,
        } as never);
        if (answer === reply || route.answer === 'raw') return answer;
        const outcome = route.isOperation
          ? (answer as OperationOutcome<unknown>)
          : { value: answer, isRepeat: false };
        return app.envelopeCasing.present(
          request,
          success(outcome.value, {
            isRepeat: outcome.isRepeat,
            errorCode: route.successErrorCode ?? null,
          }),
        );
      },
    };
    app.route(options);
  }
}
