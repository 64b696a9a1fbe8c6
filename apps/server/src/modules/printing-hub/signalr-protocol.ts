/**
 * The SignalR JSON hub protocol, version 1, as the official `@microsoft/signalr` client speaks
 * it (no npm package implements the server side; design/stack.md). Text records end with the
 * record separator 0x1E; the first record of a connection is the handshake.
 */
export const RECORD_SEPARATOR = '\x1e';
const SEPARATOR_BYTE = 0x1e;

export const MessageType = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
} as const;

/** A message as received, before the hub looks at its type. */
export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  [key: string]: unknown;
}

/**
 * Collects the text frames of one connection into records. A frame may carry several records
 * and a record may span frames; the unfinished tail is kept for the next frame, but never more
 * than `maxRecordBytes` of it (a client that never sends the separator would
 * otherwise make the server hold all it sends). Bytes, not characters, are counted: 0x1E
 * never occurs inside a multi-byte UTF-8 sequence, and each frame is whole UTF-8 (RFC 6455).
 * Each byte is looked at once, so a record sent a byte per frame costs no quadratic time.
 */
export class RecordReader {
  private tail: Buffer[] = [];
  private tailBytes = 0;

  constructor(private readonly maxRecordBytes: number) {}

  /** The records this frame completes, in order; null once a record outgrew the limit. */
  read(frame: Buffer): string[] | null {
    const records: string[] = [];
    let start = 0;
    for (let end = frame.indexOf(SEPARATOR_BYTE); end !== -1;) {
      const part = frame.subarray(start, end);
      if (this.tailBytes + part.length > this.maxRecordBytes) return null;
      const record = this.tailBytes === 0 ? part : Buffer.concat([...this.tail, part]);
      records.push(record.toString('utf8'));
      this.tail = [];
      this.tailBytes = 0;
      start = end + 1;
      end = frame.indexOf(SEPARATOR_BYTE, start);
    }
    if (start < frame.length) {
      this.tailBytes += frame.length - start;
      if (this.tailBytes > this.maxRecordBytes) return null;
      // A copy, so a short tail does not keep a whole large frame alive.
      this.tail.push(start === 0 ? frame : Buffer.from(frame.subarray(start)));
    }
    return records;
  }
}

/** One record on the wire. */
export function formatRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** Parses the handshake request; an error text for anything but `{"protocol":"json","version":1}`. */
export function readHandshake(record: string): { error: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return { error: 'Handshake request is not valid JSON.' };
  }
  const request = parsed as { protocol?: unknown; version?: unknown };
  if (request.protocol !== 'json') {
    return { error: `The protocol '${String(request.protocol)}' is not supported.` };
  }
  if (request.version !== 1) {
    return {
      error: `The server does not support version ${String(request.version)} of the 'json' protocol.`,
    };
  }
  return { error: null };
}

/** Parses one hub message record, or null when it is not a JSON object with a numeric type. */
export function readMessage(record: string): HubMessage | null {
  try {
    const parsed: unknown = JSON.parse(record);
    if (typeof parsed !== 'object' || parsed === null) return null;
    if (typeof (parsed as { type?: unknown }).type !== 'number') return null;
    return parsed as HubMessage;
  } catch {
    return null;
  }
}

/** The completion of a blocking invocation: its result, or the error text the client throws. */
export function completion(
  invocationId: string,
  outcome: { result: unknown } | { error: string },
): object {
  if ('error' in outcome)
    return { type: MessageType.completion, invocationId, error: outcome.error };
  return outcome.result === undefined
    ? { type: MessageType.completion, invocationId }
    : { type: MessageType.completion, invocationId, result: outcome.result };
}

/** A non-blocking server → client invocation (no invocationId, no completion expected). */
export function invocation(target: string, args: unknown[]): object {
  return { type: MessageType.invocation, target, arguments: args };
}

export const PING_MESSAGE = { type: MessageType.ping } as const;

/** Close message; allowReconnect tells the client's reconnect policy to run. */
export function closeMessage(options: { error?: string; allowReconnect: boolean }): object {
  return options.error === undefined
    ? { type: MessageType.close, allowReconnect: options.allowReconnect }
    : { type: MessageType.close, error: options.error, allowReconnect: options.allowReconnect };
}
