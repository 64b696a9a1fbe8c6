import net from 'node:net';
import * as signalR from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import {
  HUB_METHODS,
  PRINTERS_HUB_PATH,
  SESSION_COOKIE,
  type AgentPrinter,
  type HubNotification,
  type HubPrintRequest,
} from '@sorting/contracts';
import { LOCALE_COOKIE } from '@sorting/domain';
import { DEMO_PRINTER_AGENTS, DEMO_USERS } from '../src/db/demo-data.js';
import { signInByBadge } from './sessions.js';

export const DEMO_AGENT = DEMO_PRINTER_AGENTS[0]!;

export const DEMO_PRINTERS: AgentPrinter[] = [
  { id: 'zebra-1', name: 'Zebra at the sorting table', output: 'pdf-folder', isReady: true },
];

/** The base URL of a listening app. */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A hub client with what it has received through Notify. */
export interface TestHubClient {
  connection: signalR.HubConnection;
  notifications: HubNotification[];
  /** Resolves with the first matching notification from index `from` on (received or to come). */
  next<T extends HubNotification['type']>(
    type: T,
    where?: (notification: Extract<HubNotification, { type: T }>) => boolean,
    from?: number,
  ): Promise<Extract<HubNotification, { type: T }>>;
}

/** The official client exactly as an app builds it: default reconnect policy and timeouts. */
function createClient(
  url: string,
  options: signalR.IHttpConnectionOptions,
  logLevel = signalR.LogLevel.None,
): TestHubClient {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${url}${PRINTERS_HUB_PATH}`, options)
    .withAutomaticReconnect()
    .configureLogging(logLevel)
    .build();
  const notifications: HubNotification[] = [];
  const waiters: (() => void)[] = [];
  connection.on(HUB_METHODS.notify, (notification: HubNotification) => {
    notifications.push(notification);
    for (const wake of waiters.splice(0)) wake();
  });
  const next: TestHubClient['next'] = (type, where, from = 0) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no Notify ${type} within 10 s; got ${JSON.stringify(notifications)}`)),
        10_000,
      );
      const look = () => {
        const found = notifications
          .slice(from)
          .find((n) => n.type === type && (!where || where(n as never))) as
          Extract<HubNotification, { type: typeof type }> | undefined;
        if (found) {
          clearTimeout(timer);
          resolve(found as never);
        } else {
          waiters.push(look);
        }
      };
      look();
    });
  return { connection, notifications, next };
}

/** A web client: the session cookie rides on negotiate and on the websocket upgrade. */
export function createWebClient(url: string, sessionToken: string, locale = 'en'): TestHubClient {
  return createClient(url, {
    headers: { Cookie: `${SESSION_COOKIE}=${sessionToken}; ${LOCALE_COOKIE}=${locale}` },
  });
}

/** A device agent: its key through accessTokenFactory. */
export function createAgentClient(url: string, key = DEMO_AGENT.key): TestHubClient {
  return createClient(url, { accessTokenFactory: () => key });
}

/** Signs a demo user in and returns the session token. */
export async function signInDemoUser(app: FastifyInstance, index = 0): Promise<string> {
  const { token } = await signInByBadge(app, DEMO_USERS[index]!.badge);
  if (!token) throw new Error('demo sign-in failed');
  return token;
}

/** A cell label job as the web app sends it through the hub. */
export function cellLabelJob(overrides: Partial<HubPrintRequest> = {}): HubPrintRequest {
  return {
    action: 'print',
    token: '',
    printerId: DEMO_PRINTERS[0]!.id,
    barcodeName: 'cell-bar-long',
    barcodeData: [
      { name: 'barcode', value: '=34717-1-a-1' },
      { name: 'name', value: 'A-1' },
    ],
    copies: 2,
    appId: DEMO_AGENT.appId,
    ...overrides,
  };
}

/** Polls until the check passes (database state another process writes). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A raw websocket upgrade of the hub: what it received, and its socket that answers nothing. */
export interface RawHubSocket {
  socket: net.Socket;
  /** Everything received so far, as latin1 text (the HTTP answer, then websocket frames). */
  received: () => string;
}

/**
 * A websocket upgrade of the hub as a device agent sends it (its key as `access_token`), over a
 * plain TCP socket that then never answers: an agent whose network went quiet, or a hostile
 * client. `id` is the connection token the hub checks.
 */
export async function upgradeHubRaw(
  url: string,
  id: string,
  key = DEMO_AGENT.key,
): Promise<RawHubSocket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      `GET ${PRINTERS_HUB_PATH}?id=${id}&access_token=${encodeURIComponent(key)} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      '',
      '',
    ].join('\r\n'),
  );
  return { socket, received: () => received };
}
