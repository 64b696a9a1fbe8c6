import type { LocalPrinterResponse } from '@sorting/contracts';
import type { LocalSocketHandlers, OpenLocalSocket } from './printer-channels';

/** The part of the WebSocket API the local socket uses (the browser's, or `ws` in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { wasClean: boolean }) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;

function parseResponse(data: unknown): LocalPrinterResponse | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    if (typeof message === 'object' && message !== null && 'action' in message) {
      return message as LocalPrinterResponse;
    }
  } catch {
    // Not JSON: not an answer of the agent.
  }
  return null;
}

/**
 * The local printer websocket (spec part 1 §7): JSON requests out, the agent's JSON answers in.
 * `url` comes from the runtime settings (`printerServiceUrl`, ws://localhost:55557 by default).
 */
export function createLocalSocketOpener(
  url: string,
  WebSocketImpl: WebSocketConstructor,
): OpenLocalSocket {
  return (handlers: LocalSocketHandlers) => {
    let socket: WebSocketLike;
    try {
      socket = new WebSocketImpl(url);
    } catch {
      // A malformed URL throws at once; report it as a failed connection.
      queueMicrotask(() => handlers.onClose(false));
      return { send: () => undefined, close: () => undefined };
    }
    socket.addEventListener('open', () => handlers.onOpen());
    socket.addEventListener('message', (event) => {
      const message = parseResponse(event.data);
      if (message) handlers.onMessage(message);
    });
    // A refused connection is an error followed by a non-clean close; the close is what counts.
    socket.addEventListener('error', () => undefined);
    socket.addEventListener('close', (event) => handlers.onClose(event.wasClean));
    return {
      send(request) {
        if (socket.readyState === OPEN) socket.send(JSON.stringify(request));
      },
      close(code, reason) {
        socket.close(code, reason);
      },
    };
  };
}
