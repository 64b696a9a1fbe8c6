import {
  OPERATION_ID_HEADER,
  REQUEST_ID_HEADER,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  fillPath,
  isEnvelope,
  readEnvelope,
  type CallArguments,
  type CallInput,
  type CallOutput,
  type Envelope,
  type HttpMethod,
  type RouteDefinition,
  type ServiceName,
} from '@sorting/contracts';

export type { HttpMethod, ServiceName };

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: HttpMethod;
  /** Sent as JSON; leave it out for an empty body (spec: "empty body"). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** The only way to cancel a call: the client has no default timeout (spec part 1 §7). */
  signal?: AbortSignal;
  /**
   * One id per user action, sent as `X-Operation-Id`; a retry of the same action sends the
   * same id, so the server answers the stored result (IsRepeat) instead of acting twice.
   */
  operationId?: string;
}

/** An answer read into the casing-free envelope, with the HTTP status beside it. */
export interface ApiResult<T> extends Envelope<T> {
  status: number;
}

/**
 * What a flow's machine reads of a call's answer: the casing-free envelope and the HTTP status
 * (declared once, here, for every machine).
 */
export type CallResult<T> = Pick<
  ApiResult<T>,
  'isSuccess' | 'message' | 'errorCode' | 'operationObject' | 'status'
>;

/**
 * What a feature gives for a route under the sorting centre's `{code}` (users, time tracking):
 * its other path parameters and its operation id. The service adds the centre's id, which it
 * reads from the runtime settings.
 */
export type CentreCallInput<R extends RouteDefinition> = Omit<CallArguments<R>['params'], 'code'> &
  Pick<CallInput<R>, 'operationId'>;

type PartOf<T, K extends string> = T extends { [P in K]: infer V }
  ? V extends undefined
    ? unknown
    : V
  : unknown;

/**
 * A route's input as one flat object: its path parameters, query and body fields and, for an
 * operation, its operation id. A feature whose call takes exactly what the route takes declares
 * it with this, so the fields are written once, in the contract. The fields are typed
 * as the server reads them after validation (an id is a number, not whatever it accepts).
 */
export type FlatCallInput<R extends RouteDefinition> = PartOf<CallArguments<R>, 'params'> &
  PartOf<CallArguments<R>, 'query'> &
  PartOf<CallArguments<R>, 'body'> &
  Pick<CallInput<R>, 'operationId'>;

/** A feature's call of a route whose input is the route's own, flat (`FlatCallInput`). */
export type FlatCall<R extends RouteDefinition> = (
  input: FlatCallInput<R>,
) => Promise<CallResult<CallOutput<R>>>;

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientDeps {
  fetch: FetchFn;
  /** Base path of a service ('' means the page origin); the spec path follows it. */
  getServiceBase: (service: ServiceName) => string | Promise<string>;
  /**
   * The interface's language, sent as Accept-Language: the server words its messages in it
   * (an /en/… page without the NEXT_LOCALE cookie still reads English refusals).
   */
  getLanguage?: () => string;
  /** The current user action's request id, sent as `X-Request-Id` (lib/request-id.ts). */
  getRequestId?: () => string;
}

/**
 * A call of a route map of packages/contracts: the path, method, service and the
 * shapes of input and answer come from the map, never written again in a feature.
 */
export type CallRoute = <R extends RouteDefinition>(
  route: R,
  input: CallInput<R>,
  init?: { signal?: AbortSignal },
) => Promise<ApiResult<CallOutput<R>>>;

export interface ApiClient {
  /**
   * The typed call of a route of the map, the client's only door: a feature never writes a
   * call's path, method or shapes by hand.
   */
  call: CallRoute;
}

/** Joins a service base and a spec path, and appends the query (empty values left out). */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  let url = `${base.replace(/\/+$/, '')}${cleanPath}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === null || value === undefined) continue;
      params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return null;
}

/**
 * Reads an HTTP answer. A successful status is read as an envelope in either casing (a bare
 * body is a successful operation object, as `readEnvelope` defines). A failed status is never
 * a success, whatever its body says; its ErrorCode falls back to the status.
 */
export function toApiResult<T>(
  status: number,
  isOk: boolean,
  statusText: string,
  body: unknown,
): ApiResult<T> {
  if (isOk) return { ...readEnvelope<T>(body), status };
  const envelope = isEnvelope(body) ? readEnvelope<T>(body) : null;
  return {
    isSuccess: false,
    message: envelope?.message ?? messageOf(body) ?? (statusText || null),
    errorCode: envelope?.errorCode ?? status,
    isCriticalError: envelope?.isCriticalError ?? status >= 500,
    isRepeat: envelope?.isRepeat ?? false,
    operationObject: envelope?.operationObject ?? null,
    status,
  };
}

/**
 * The HTTP client of the spec's calls: credentials included, `X-Requested-With: sorting` on
 * every call, JSON in and out, base path per
 * service from the runtime settings, either envelope casing, no default timeout. A network
 * failure rejects; every HTTP answer resolves to an `ApiResult`.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const request = async <T>(service: ServiceName, path: string, init: ApiRequest = {}) => {
    const base = await deps.getServiceBase(service);
    const language = deps.getLanguage?.();
    const requestId = deps.getRequestId?.();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(language ? { 'Accept-Language': language } : {}),
      ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      ...init.headers,
      ...(init.operationId ? { [OPERATION_ID_HEADER]: init.operationId } : {}),
      // CSRF defence: the server refuses cookie-authenticated writes without it
      // (docs/DECISIONS.md "Sessions and sign-in").
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    };
    const hasBody = init.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    const response = await deps.fetch(buildUrl(base, path, init.query), {
      method: init.method ?? 'GET',
      credentials: 'include',
      headers,
      body: hasBody ? JSON.stringify(init.body) : null,
      signal: init.signal ?? null,
    });
    const body = await readBody(response);
    return toApiResult<T>(response.status, response.ok, response.statusText, body);
  };
  const call: CallRoute = (route, input, init = {}) => {
    const { params, query, body, operationId } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, QueryValue>;
      body?: unknown;
      operationId?: string;
    };
    return request(route.service, fillPath(route.path, params), {
      method: route.method,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(operationId ? { operationId } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  };
  return { call };
}

/** The one input a machine's port takes (its actor's input beside `ports`). */
export type PortInput<F> = F extends (input: infer I) => unknown ? I : never;
