import { HUB_METHODS, type HubNotification } from '@sorting/contracts';
import {
  HUB_KEEP_ALIVE_INTERVAL_MS,
  HUB_RECONNECT_DELAYS_MS,
  HUB_SERVER_TIMEOUT_MS,
} from './printer-core';
import type { CreateHubConnection, HubHandlers } from './printer-channels';

function parseNotification(payload: unknown): HubNotification | null {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value === 'object' && value !== null && 'type' in value) {
    return value as HubNotification;
  }
  return null;
}

/**
 * The printing hub through the official SignalR client (spec part 1 §7, §9): automatic
 * reconnect 0, 2, 10, 30 s then stop, server timeout 30 s, keep-alive 15 s. The client is
 * loaded by dynamic import, so it never weighs on the first screen. `url` is the runtime
 * settings' `printingHubUrl` (`/printersHub` on the page's origin by default).
 */
export function createSignalRHub(
  url: string,
  reportError: (error: unknown, flow: string) => void = () => undefined,
): CreateHubConnection {
  // A failed start or invoke is reported (spec part 1 §8), then handled as before.
  const reported = <T>(flow: string, run: () => Promise<T>): Promise<T> =>
    run().catch((error: unknown) => {
      reportError(error, flow);
      throw error;
    });
  return async (handlers: HubHandlers) => {
    const signalR = await import('@microsoft/signalr');
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(url, { withCredentials: true })
      .withAutomaticReconnect([...HUB_RECONNECT_DELAYS_MS])
      .configureLogging(signalR.LogLevel.None)
      .build();
    connection.serverTimeoutInMilliseconds = HUB_SERVER_TIMEOUT_MS;
    connection.keepAliveIntervalInMilliseconds = HUB_KEEP_ALIVE_INTERVAL_MS;
    let isStopping = false;
    connection.on(HUB_METHODS.notify, (payload: unknown) => {
      const notification = parseNotification(payload);
      if (notification) handlers.onNotify(notification);
    });
    connection.onreconnecting(() => handlers.onReconnecting());
    connection.onreconnected(() => handlers.onReconnected());
    connection.onclose(() => {
      if (!isStopping) handlers.onClose();
    });
    return {
      start: () => reported('printing-hub start', () => connection.start()),
      invoke: <T>(method: string, ...args: unknown[]) =>
        reported(`printing-hub ${method}`, () => connection.invoke<T>(method, ...args)),
      async stop() {
        isStopping = true;
        await connection.stop();
      },
    };
  };
}
