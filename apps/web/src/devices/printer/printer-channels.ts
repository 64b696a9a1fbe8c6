import type {
  HubNotification,
  LocalPrinterRequest,
  LocalPrinterResponse,
} from '@sorting/contracts';

/** What the local socket tells the printer service. */
export interface LocalSocketHandlers {
  onOpen(): void;
  onMessage(message: LocalPrinterResponse): void;
  onClose(wasClean: boolean): void;
}

/** One local websocket to the device agent (spec part 1 §7). */
export interface LocalSocket {
  send(request: LocalPrinterRequest): void;
  close(code: number, reason: string): void;
}

/** Opens a new local socket; events of a socket that was replaced are ignored by the caller. */
export type OpenLocalSocket = (handlers: LocalSocketHandlers) => LocalSocket;

/** What the hub connection tells the printer service. */
export interface HubHandlers {
  onNotify(notification: HubNotification): void;
  /** SignalR's automatic reconnect began (the connection was lost). */
  onReconnecting(): void;
  onReconnected(): void;
  /** Closed for good (its reconnect policy gave up, or the server closed it). */
  onClose(): void;
}

/** One connection to the printing hub (spec part 1 §7). */
export interface HubConnectionHandle {
  /** Resolves once connected; rejects when the start fails. */
  start(): Promise<void>;
  invoke<T>(method: string, ...args: unknown[]): Promise<T>;
  /** Stops without reporting onClose. */
  stop(): Promise<void>;
}

/** Creates a new hub connection (not yet started). */
export type CreateHubConnection = (handlers: HubHandlers) => Promise<HubConnectionHandle>;
