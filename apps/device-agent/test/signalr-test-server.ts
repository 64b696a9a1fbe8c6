// A minimal server of the SignalR JSON hub protocol over WebSocket, standing in for the Sorting
// server's printersHub while it is written: negotiate, handshake, invocation → completion,
// server-to-client invocations. Enough for the official @microsoft/signalr client.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const RS = '\x1e';

export interface ReceivedInvocation {
  target: string;
  arguments: unknown[];
}

export interface SignalrTestServer {
  readonly port: number;
  readonly url: string;
  /** Every invocation the clients made, in order. */
  readonly invocations: ReceivedInvocation[];
  /** Authorization header or access_token of each negotiate and websocket request. */
  readonly tokens: string[];
  /** Resolves with the next invocation of target (or an earlier one not yet waited for). */
  nextInvocation(target: string, timeoutMs?: number): Promise<ReceivedInvocation>;
  /** Calls a client method on every connected client. */
  send(target: string, ...args: unknown[]): void;
  /** Makes the next invocations of target fail with this error. */
  refuse(target: string, error: string | null): void;
  readonly connectionCount: number;
  /** Cuts every connection without a close message (a crashed server). */
  dropConnections(): void;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  restart(): Promise<void>;
}

export async function startSignalrTestServer(
  hubPath = '/printersHub',
  port = 0,
): Promise<SignalrTestServer> {
  const invocations: ReceivedInvocation[] = [];
  const tokens: string[] = [];
  const refusals = new Map<string, string>();
  const sockets = new Set<WebSocket>();
  const waiters: { target: string; from: number; resolve: (i: ReceivedInvocation) => void }[] = [];
  const consumed = new Map<string, number>();

  const tokenOf = (request: http.IncomingMessage) => {
    const header = request.headers.authorization;
    if (header) return header;
    const query = new URL(request.url ?? '/', 'http://x').searchParams.get('access_token');
    return query ? `Bearer ${query}` : '(none)';
  };

  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.method === 'POST' && url.pathname === `${hubPath}/negotiate`) {
      tokens.push(tokenOf(request));
      const id = randomUUID();
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          negotiateVersion: 1,
          connectionId: id,
          connectionToken: id,
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
        }),
      );
      return;
    }
    response.writeHead(404).end();
  };

  const onConnection = (socket: WebSocket, request: http.IncomingMessage) => {
    tokens.push(tokenOf(request));
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let isHandshakeDone = false;
    socket.on('message', (data) => {
      for (const frame of data.toString().split(RS)) {
        if (frame === '') continue;
        const message = JSON.parse(frame) as {
          type?: number;
          invocationId?: string;
          target?: string;
          arguments?: unknown[];
        };
        if (!isHandshakeDone) {
          isHandshakeDone = true;
          socket.send(`{}${RS}`);
          continue;
        }
        if (message.type !== 1) continue; // pings (6) and the like
        const invocation = { target: message.target ?? '', arguments: message.arguments ?? [] };
        invocations.push(invocation);
        const refusal = refusals.get(invocation.target);
        if (message.invocationId !== undefined) {
          socket.send(
            JSON.stringify(
              refusal === undefined
                ? { type: 3, invocationId: message.invocationId, result: null }
                : { type: 3, invocationId: message.invocationId, error: refusal },
            ) + RS,
          );
        }
        for (const waiter of [...waiters]) {
          if (waiter.target === invocation.target) {
            waiters.splice(waiters.indexOf(waiter), 1);
            consumed.set(waiter.target, invocations.lastIndexOf(invocation) + 1);
            waiter.resolve(invocation);
            break;
          }
        }
      }
    });
  };

  let server: http.Server;
  let wss: WebSocketServer;
  const listen = async (onPort: number) => {
    server = http.createServer(onRequest);
    wss = new WebSocketServer({ server, path: hubPath });
    wss.on('connection', onConnection);
    await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const boundPort = await listen(port);

  return {
    port: boundPort,
    url: `http://127.0.0.1:${boundPort}`,
    invocations,
    tokens,
    get connectionCount() {
      return sockets.size;
    },
    nextInvocation(target, timeoutMs = 5_000) {
      const from = consumed.get(target) ?? 0;
      const index = invocations.findIndex((i, n) => n >= from && i.target === target);
      if (index >= 0) {
        consumed.set(target, index + 1);
        return Promise.resolve(invocations[index]!);
      }
      return new Promise((resolve, reject) => {
        const waiter = { target, from, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (!waiters.includes(waiter)) return;
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${target} invocation within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    send(target, ...args) {
      const text = JSON.stringify({ type: 1, target, arguments: args }) + RS;
      for (const socket of sockets) socket.send(text);
    },
    refuse(target, error) {
      if (error === null) refusals.delete(target);
      else refusals.set(target, error);
    },
    dropConnections() {
      for (const socket of sockets) socket.terminate();
    },
    async stop() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async restart() {
      await listen(boundPort);
    },
  };
}
