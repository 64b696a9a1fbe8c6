import http from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  LKD_TOKEN_COOKIE,
  OPERATION_ID_HEADER,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  SESSION_COOKIE,
} from '@sorting/contracts';

export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
  setCookies: string[];
}

/** One JSON POST over a keep-alive agent, as a device's browser sends it. */
export function postJson(
  agent: http.Agent,
  baseUrl: string,
  path: string,
  payload: unknown,
  headers: Record<string, string>,
): Promise<JsonResponse> {
  const url = new URL(path, baseUrl);
  const data = Buffer.from(JSON.stringify(payload ?? {}));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(data.length),
          [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { raw: text };
          }
          const cookies = response.headers['set-cookie'] ?? [];
          resolve({ status: response.statusCode ?? 0, body, setCookies: cookies });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

export type CallName = 'scan' | 'suggest' | 'move';

/** Milliseconds per call of one scan → suggest → move cycle; throws on any refusal. */
export interface CycleTimings {
  scan: number;
  suggest: number;
  move: number;
}

/** A signed-in simulated device: its own session, its own connection. */
export interface Device {
  index: number;
  session: string;
  agent: http.Agent;
  baseUrl: string;
}

/** Signs in by badge the way the web app does (lkdToken cookie, users/search). */
export async function signInDevice(
  baseUrl: string,
  index: number,
  badge: string,
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 }),
): Promise<Device> {
  const response = await postJson(
    agent,
    baseUrl,
    '/auth-api/users/search',
    {},
    {
      cookie: `${LKD_TOKEN_COOKIE}=${encodeURIComponent(badge)}`,
    },
  );
  const cookie = response.setCookies
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  const session = cookie?.slice(SESSION_COOKIE.length + 1);
  if (!session) throw new Error(`sign-in of ${badge} failed: ${JSON.stringify(response.body)}`);
  return { index, session, agent, baseUrl };
}

function call(device: Device, path: string, payload: unknown, extra: Record<string, string> = {}) {
  return postJson(device.agent, device.baseUrl, path, payload, {
    cookie: `${SESSION_COOKIE}=${device.session}`,
    ...extra,
  });
}

function expectSuccess(name: CallName, response: JsonResponse): Record<string, unknown> {
  if (response.status !== 200 || response.body.IsSuccess !== true) {
    throw new Error(`${name} refused (${response.status}): ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

/**
 * The real sorting cycle of part 1 §7: parcels/scan, cells/suggest, move with a fresh
 * X-Operation-Id into the first suggested cell. `startedAt` lets an open-model caller count
 * the wait before the first call (scheduled start) into the scan time.
 */
export async function runCycle(
  device: Device,
  ids: { warehouseId: number; zoneId: number },
  barcode: string,
  startedAt = performance.now(),
): Promise<CycleTimings> {
  const scan = expectSuccess(
    'scan',
    await call(device, '/sorting-api/parcels/scan', {
      barcode,
      warehouseId: ids.warehouseId,
      zoneId: ids.zoneId,
    }),
  );
  const afterScan = performance.now();
  const parcel = scan.OperationObject as { id: number };
  const suggest = expectSuccess(
    'suggest',
    await call(device, '/sorting-api/cells/suggest', {
      parcelId: parcel.id,
      warehouseId: ids.warehouseId,
      zoneId: ids.zoneId,
    }),
  );
  const afterSuggest = performance.now();
  const cells = suggest.OperationObject as Array<{ id: number }>;
  const cell = cells[0];
  if (!cell) throw new Error(`no cell suggested for ${barcode}`);
  expectSuccess(
    'move',
    await call(
      device,
      '/sorting-api/move',
      { parcelId: parcel.id, cellId: cell.id },
      { [OPERATION_ID_HEADER]: randomUUID() },
    ),
  );
  const afterMove = performance.now();
  return {
    scan: afterScan - startedAt,
    suggest: afterSuggest - afterScan,
    move: afterMove - afterSuggest,
  };
}

/** Warehouse id and the zone ids by number, through the context calls. */
export async function lookUpIds(
  device: Device,
  warehouseNumber: number,
): Promise<{ warehouseId: number; zoneIds: Map<number, number> }> {
  const warehouse = expectSuccess(
    'scan',
    await call(device, '/sorting-api/warehouses/search', { number: warehouseNumber }),
  );
  const warehouseId = (warehouse.OperationObject as { Id: number }).Id;
  const zones = await new Promise<JsonResponse>((resolve, reject) => {
    const request = http.get(
      new URL(`/sorting-api/zones?warehouseId=${warehouseId}`, device.baseUrl),
      {
        agent: device.agent,
        headers: {
          cookie: `${SESSION_COOKIE}=${device.session}`,
          [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            setCookies: [],
          }),
        );
      },
    );
    request.on('error', reject);
  });
  const list = zones.body.OperationObject as Array<{ Id: number; Number: number }>;
  return { warehouseId, zoneIds: new Map(list.map((zone) => [zone.Number, zone.Id])) };
}

/**
 * Signs a badge in with fetch (the lkdToken cookie and `users/search`, as the web app does) and
 * answers the headers every later call of that session sends: the CSRF header and the cookie.
 */
export async function signInHeaders(
  serverUrl: string,
  badge: string,
): Promise<Record<string, string>> {
  const signIn = await fetch(new URL('/auth-api/users/search', serverUrl), {
    method: 'POST',
    headers: {
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      cookie: `${LKD_TOKEN_COOKIE}=${encodeURIComponent(badge)}`,
    },
  });
  const session = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in of ${badge} failed: ${signIn.status}`);
  return { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, cookie: session };
}

/**
 * One call of the API over fetch, timed from the request to the parsed answer (what a page
 * waits for): its milliseconds and operation object, in either envelope casing. A change
 * (anything but GET) carries a new X-Operation-Id; a refusal throws.
 */
export async function timedCall<T = unknown>(
  baseUrl: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { [OPERATION_ID_HEADER]: randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as {
    isSuccess?: boolean;
    IsSuccess?: boolean;
    operationObject?: T;
    OperationObject?: T;
  };
  const ms = performance.now() - started;
  if ((envelope.isSuccess ?? envelope.IsSuccess) !== true) {
    throw new Error(`${method} ${path}: ${JSON.stringify(envelope).slice(0, 300)}`);
  }
  return { ms, value: (envelope.operationObject ?? envelope.OperationObject) as T };
}
