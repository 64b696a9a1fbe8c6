// A minimal server of the SignalR JSON hub protocol for the adapter tests (node only): negotiate,
// handshake, invocation → completion, server → client invocations, ping. The real hub is the
// server's (apps/server); this stand-in lets the official client run against a real
// socket in the test process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const RS = '\x1e';

export interface HubInvocation {
  target: string;
  arguments: unknown[];
}

export interface TestHub {
  url: string;
  invocations: HubInvocation[];
  negotiations: number;
  /** Answers an invocation: a result, or an error string (a failed completion). */
  answer: (invocation: HubInvocation) => { result?: unknown; error?: string };
  /** When set, negotiate answers this HTTP status instead (start failure). */
  failNegotiateWith: number | null;
  connections(): number;
  send(target: string, ...args: unknown[]): void;
  /** Drops every connection without a close message (a lost network). */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startTestHub(path = '/printersHub'): Promise<TestHub> {
  const sockets = new Set<WebSocket>();
  const hub: TestHub = {
    url: '',
    invocations: [],
    negotiations: 0,
    answer: () => ({ result: null }),
    failNegotiateWith: null,
    connections: () => sockets.size,
    send(target, ...args) {
      const frame = JSON.stringify({ type: 1, target, arguments: args }) + RS;
      for (const socket of sockets) socket.send(frame);
    },
    dropAll() {
      for (const socket of sockets) socket.terminate();
    },
    close: async () => undefined,
  };
  let nextId = 1;
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST' && request.url?.startsWith(`${path}/negotiate`)) {
      hub.negotiations++;
      if (hub.failNegotiateWith) {
        response.writeHead(hub.failNegotiateWith).end();
        return;
      }
      const id = `c${nextId++}`;
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
  });
  const wss = new WebSocketServer({ server, path });
  wss.on('connection', (socket) => {
    let isHandshakeDone = false;
    socket.on('message', (data) => {
      for (const frame of data.toString().split(RS).filter(Boolean)) {
        if (!isHandshakeDone) {
          isHandshakeDone = true;
          sockets.add(socket);
          socket.send(`{}${RS}`);
          continue;
        }
        const message = JSON.parse(frame) as {
          type: number;
          invocationId?: string;
          target?: string;
          arguments?: unknown[];
        };
        if (message.type === 1 && message.target) {
          const invocation = { target: message.target, arguments: message.arguments ?? [] };
          hub.invocations.push(invocation);
          const outcome = hub.answer(invocation);
          if (message.invocationId) {
            socket.send(
              JSON.stringify({
                type: 3,
                invocationId: message.invocationId,
                ...(outcome.error !== undefined
                  ? { error: outcome.error }
                  : { result: outcome.result }),
              }) + RS,
            );
          }
        }
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  hub.url = `http://127.0.0.1:${port}${path}`;
  hub.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return hub;
}
