import { randomBytes, randomUUID } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TokenBucket } from 'limiter';
import type { WebSocket } from 'ws';
import { AppError, isAppError } from '@sorting/contracts';
import {
  MessageType,
  PING_MESSAGE,
  RecordReader,
  closeMessage,
  completion,
  formatRecord,
  invocation,
  readHandshake,
  readMessage,
  type HubMessage,
} from './signalr-protocol.js';
import type { Locale } from '@sorting/domain';
import { toErrorAnswer, wordingIn } from '../../http/error-handler.js';
import { localeOf } from '../../i18n/messages.js';
import { refusal } from '../../lib/refusal.js';

/** Spec part 1 §9: the client's server timeout 30 s and keep-alive 15 s; ours mirror them. */
export interface HubTimings {
  /** How often the server pings every connection. */
  keepAliveMs: number;
  /** A connection that sends nothing (not even a ping) for this long is closed. */
  clientTimeoutMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = { keepAliveMs: 15_000, clientTimeoutMs: 30_000 };

/** What one connection may make the server hold and do (docs/DECISIONS.md "Printing hub"). */
export interface HubLimits {
  /** The largest message: a frame (ws `maxPayload`) and a record across frames; else 1009. */
  maxMessageBytes: number;
  /** Invocations run at most this many per second per connection; the rest wait their turn… */
  invocationsPerSecond: number;
  /** …after a first burst of this many. */
  invocationBurst: number;
  /** With this many invocations waiting, the socket is not read until they drain. */
  pauseAtWaiting: number;
  /**
   * More waiting than this, or more than four largest messages' bytes, closes with 1008: after
   * the pause only what ws had already read arrives, which no real client packs that full.
   */
  maxWaiting: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxMessageBytes: 1024 * 1024,
  invocationsPerSecond: 20,
  invocationBurst: 100,
  pauseAtWaiting: 32,
  maxWaiting: 1_000,
};

/** One live hub connection as the hub's methods see it. */
export interface HubConnection<P> {
  /** Ours, unique per socket, never the connection token the client holds. */
  readonly id: string;
  readonly principal: P;
  /** Sends a non-blocking invocation; false when the socket is no longer open. */
  send(target: string, args: unknown[]): boolean;
}

/** What a hub built on this transport provides. */
export interface HubHandlers<P> {
  /** Who connects: null answers 401 on negotiate and on the websocket upgrade. */
  authenticate(request: FastifyRequest): Promise<P | null>;
  /** After the handshake; invocations of the connection wait for it. */
  onConnected(connection: HubConnection<P>): Promise<void>;
  /** The socket closed (not called while the server shuts down: see onShutdown). */
  onDisconnected(connection: HubConnection<P>): Promise<void>;
  /**
   * A client invocation. The result goes back in the completion; an AppError's message, or a
   * ZodError's issues, go back as the completion error; other errors are logged and answered
   * with a generic text.
   */
  invoke(connection: HubConnection<P>, target: string, args: unknown[]): Promise<unknown>;
  /** Every keep-alive tick, with the connections that completed the handshake. */
  onKeepAlive(connections: HubConnection<P>[]): Promise<void>;
  /** The server is closing: forget these connections before their sockets close. */
  onShutdown(connections: HubConnection<P>[]): Promise<void>;
}

export interface SignalrHubOptions<P> {
  path: string;
  handlers: HubHandlers<P>;
  timings: HubTimings;
  limits?: HubLimits;
}

interface LiveConnection<P> extends HubConnection<P> {
  socket: WebSocket;
  /** The handshake was answered: the client reads records (a close message) from now on. */
  hasHandshake: boolean;
  /** onConnected has run: the connection takes invocations. */
  isReady: boolean;
  /** The language of the socket's request: the hub words its refusals in it (the edge). */
  locale: Locale;
}

/** How long shutdown waits for clients to close their sockets after the close message. */
const CLOSE_GRACE_MS = 1_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the hub's preValidation on negotiate and websocket upgrade. */
    hubPrincipal?: unknown;
  }
}

/**
 * The SignalR server side over WebSocket (JSON protocol only): `POST <path>/negotiate` and the
 * websocket at `GET <path>?id=<connectionToken>`. Authentication runs on both requests, so a
 * negotiate and its upgrade may reach different server processes (no state kept between them).
 */
export async function signalrHub<P>(
  app: FastifyInstance,
  options: SignalrHubOptions<P>,
): Promise<void> {
  const { path, handlers, timings, limits = DEFAULT_HUB_LIMITS } = options;
  const connections = new Map<string, LiveConnection<P>>();
  let isClosing = false;

  // Added before @fastify/websocket, so it runs before that plugin closes the sockets bare.
  app.addHook('preClose', async () => {
    isClosing = true;
    clearInterval(keepAlive);
    const live = [...connections.values()];
    const ready = live.filter((connection) => connection.isReady);
    try {
      await handlers.onShutdown(ready);
    } catch (error) {
      app.log.error({ err: error }, 'printing hub shutdown');
    }
    const closed = live.map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.socket.readyState === connection.socket.CLOSED) return resolve();
          connection.socket.once('close', () => resolve());
          // The client's reconnect policy then brings it back to the restarted server. Every
          // client past the handshake is told, also one whose onConnected is still running.
          if (connection.hasHandshake) {
            sendRecord(connection, closeMessage({ allowReconnect: true }));
          }
          connection.socket.close(1000);
        }),
    );
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const connection of live) connection.socket.terminate();
  });

  // A larger frame is refused by ws itself with 1009.
  await app.register(fastifyWebsocket, { options: { maxPayload: limits.maxMessageBytes } });

  const keepAlive = setInterval(() => {
    const ready = [...connections.values()].filter((connection) => connection.isReady);
    for (const connection of ready) sendRecord(connection, PING_MESSAGE);
    handlers.onKeepAlive(ready).catch((error: unknown) => {
      app.log.error({ err: error }, 'printing hub keep-alive');
    });
  }, timings.keepAliveMs);
  keepAlive.unref();
  app.addHook('onClose', async () => clearInterval(keepAlive));

  const authenticate = async (request: FastifyRequest) => {
    const principal = await handlers.authenticate(request);
    if (principal === null) {
      throw refusal('unauthenticated', 'notSignedIn');
    }
    request.hubPrincipal = principal;
  };

  app.post(`${path}/negotiate`, { preValidation: authenticate }, async (request) => {
    const query = request.query as { negotiateVersion?: string };
    const connectionToken = randomBytes(24).toString('base64url');
    // negotiateVersion 1: the client puts connectionToken (not connectionId) in `id`.
    return {
      negotiateVersion: query.negotiateVersion === '1' ? 1 : 0,
      connectionId: randomBytes(16).toString('base64url'),
      connectionToken,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  });

  app.route({
    method: 'GET',
    url: path,
    preValidation: authenticate,
    handler: async () => {
      throw new AppError('badRequest', { message: 'Only the WebSockets transport is served.' });
    },
    wsHandler: (socket, request) => {
      const token = (request.query as { id?: unknown }).id;
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(token) || isClosing) {
        socket.close(1008, isClosing ? 'Server closing' : 'Connection ID required');
        // Not a connection of the hub, so its shutdown never cuts it: a client that does not
        // answer the close would keep the server's close() waiting 30 s.
        setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
        return;
      }
      accept(socket, request.hubPrincipal as P, localeOf(request));
    },
  });

  function sendRecord(connection: LiveConnection<P>, message: object): boolean {
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    connection.socket.send(formatRecord(message));
    return true;
  }

  function accept(socket: WebSocket, principal: P, locale: Locale): void {
    const connection: LiveConnection<P> = {
      id: randomUUID(),
      principal,
      socket,
      locale,
      hasHandshake: false,
      isReady: false,
      send: (target, args) => sendRecord(connection, invocation(target, args)),
    };
    connections.set(connection.id, connection);
    const reader = new RecordReader(limits.maxMessageBytes);
    // Invocations run one at a time per connection, in order (as ASP.NET Core's default).
    let queue: Promise<void> = Promise.resolve();
    const inbox = createInbox(connection, (work) => {
      queue = queue.then(work, work);
    });

    /** Ends the connection for a broken rule: the client's close event says why. */
    const refuse = (code: number, reason: string) => {
      if (connection.hasHandshake) {
        sendRecord(connection, closeMessage({ error: reason, allowReconnect: false }));
      }
      socket.close(code, reason);
    };

    const timeout = setTimeout(() => {
      // A socket we stopped reading (backpressure) is silent because of us, not of the client.
      if (socket.isPaused) {
        timeout.refresh();
        return;
      }
      app.log.info({ connectionId: connection.id }, 'hub client timed out');
      sendRecord(
        connection,
        closeMessage({
          error: 'Server timeout elapsed without receiving a message from the client.',
          allowReconnect: true,
        }),
      );
      socket.close(1000);
    }, timings.clientTimeoutMs);
    timeout.unref();

    socket.on('message', (data, isBinary) => {
      // ws still hands over what it had read when the socket began closing.
      if (socket.readyState !== socket.OPEN) return;
      timeout.refresh();
      if (isBinary) {
        socket.close(1003, 'Text frames only');
        return;
      }
      const frame = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      const records = reader.read(frame);
      if (records === null) {
        app.log.info({ connectionId: connection.id }, 'hub message too big');
        refuse(1009, `Message too big: over ${limits.maxMessageBytes} bytes`);
        return;
      }
      for (const record of records) {
        if (socket.readyState !== socket.OPEN) return;
        if (!connection.hasHandshake) {
          connection.hasHandshake = true;
          const { error } = readHandshake(record);
          if (error !== null) {
            socket.send(formatRecord({ error }));
            socket.close(1000);
            return;
          }
          socket.send(formatRecord({}));
          queue = queue.then(async () => {
            await handlers.onConnected(connection);
            connection.isReady = true;
          });
          queue.catch((error: unknown) => {
            app.log.error({ err: error }, 'hub connect failed');
            socket.close(1011);
          });
          continue;
        }
        const message = readMessage(record);
        if (message === null) {
          sendRecord(
            connection,
            closeMessage({ error: 'Invalid message.', allowReconnect: false }),
          );
          socket.close(1000);
          return;
        }
        if (!inbox.accept(message, Buffer.byteLength(record))) {
          app.log.info({ connectionId: connection.id }, 'hub client sent too many invocations');
          refuse(1008, 'Too many invocations waiting');
          return;
        }
      }
    });

    socket.on('close', () => {
      clearTimeout(timeout);
      connections.delete(connection.id);
      if (isClosing || !connection.hasHandshake) return;
      // After the queued invocations, so a disconnect never overtakes a registration.
      void queue
        .catch(() => {})
        .then(() => handlers.onDisconnected(connection))
        .catch((error: unknown) => app.log.error({ err: error }, 'hub disconnect'));
    });
  }

  /**
   * What a connection has sent and the server has not done yet. Invocations run at most
   * `invocationsPerSecond` (a token bucket, full at the start); while `pauseAtWaiting` of them
   * wait, the socket is not read, so a client that sends faster fills its own buffers, not the
   * server's memory (as ASP.NET Core's transport stops reading). Invocations of a socket that
   * closed are not run: nobody is there for their completion.
   */
  function createInbox(
    connection: LiveConnection<P>,
    enqueue: (work: () => Promise<void>) => void,
  ): { accept(message: HubMessage, bytes: number): boolean } {
    const { socket } = connection;
    const bucket = new TokenBucket({
      bucketSize: limits.invocationBurst,
      tokensPerInterval: limits.invocationsPerSecond,
      interval: 'second',
    });
    bucket.content = limits.invocationBurst;
    let waiting = 0;
    let waitingBytes = 0;
    const isOpen = () => socket.readyState === socket.OPEN;
    const isFull = () => waiting >= limits.pauseAtWaiting || waitingBytes >= limits.maxMessageBytes;

    return {
      accept(message, bytes) {
        if (
          message.type !== MessageType.invocation &&
          message.type !== MessageType.streamInvocation
        ) {
          handleOther(connection, message);
          return true;
        }
        waiting += 1;
        waitingBytes += bytes;
        if (waiting > limits.maxWaiting || waitingBytes > 4 * limits.maxMessageBytes) return false;
        if (isFull() && !socket.isPaused) socket.pause();
        enqueue(async () => {
          try {
            if (!isOpen()) return;
            await bucket.removeTokens(1);
            if (isOpen()) await runInvocation(connection, message);
          } finally {
            waiting -= 1;
            waitingBytes -= bytes;
            if (socket.isPaused && !isFull()) socket.resume();
          }
        });
        return true;
      },
    };
  }

  /** An invocation or stream invocation, when its turn comes. */
  async function runInvocation(connection: LiveConnection<P>, message: HubMessage): Promise<void> {
    const invocationId =
      typeof message.invocationId === 'string' ? message.invocationId : undefined;
    if (message.type === MessageType.streamInvocation) {
      if (invocationId !== undefined) {
        sendRecord(connection, completion(invocationId, { error: 'Streaming is not supported.' }));
      }
      return;
    }
    const target = typeof message.target === 'string' ? message.target : '';
    const args = Array.isArray(message.arguments) ? message.arguments : [];
    let outcome: { result: unknown } | { error: string };
    try {
      outcome = { result: await handlers.invoke(connection, target, args) };
    } catch (error) {
      // A refusal, or arguments the input rules refused (a ZodError, worded here as a route's
      // validation is by the error handler): the client's fault, told in its language.
      const answer = toErrorAnswer(error, connection.locale);
      if (isAppError(error) || !answer.isUnexpected) {
        outcome = { error: wordingIn(answer.error, connection.locale) };
      } else {
        app.log.error({ err: error, target }, 'hub invocation failed');
        outcome = { error: `An unexpected error occurred invoking '${target}' on the server.` };
      }
    }
    // Non-blocking invocations (no invocationId) get no completion.
    if (invocationId !== undefined) sendRecord(connection, completion(invocationId, outcome));
  }

  /** Any other message, at once. */
  function handleOther(connection: LiveConnection<P>, message: HubMessage): void {
    if (message.type === MessageType.close) connection.socket.close(1000);
    // Pings only keep the connection alive (the timeout was refreshed); completions of
    // client results and stream items are not used by this hub.
  }
}
