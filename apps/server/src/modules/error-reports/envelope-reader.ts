import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { AppError, ERROR_INGEST_MAX_BYTES, REPORT_TAGS, scrubText } from '@sorting/contracts';

/**
 * Sentry's envelope protocol (docs/DECISIONS.md "Error reporting"): newline-separated JSON, a
 * header line, then items, each an item header line (`type`, optional `length` in bytes) and
 * its payload. Only `event` items are kept; sessions, client reports and others are read past.
 */

/** One stored report, as the repository writes it. */
export interface ReportRow {
  eventId: string;
  platform: string;
  groupKey: string;
  fCode: string | null;
  errorCode: string | null;
  exceptionType: string | null;
  message: string | null;
  userId: number | null;
  warehouseId: number | null;
  route: string | null;
  appVersion: string | null;
  requestId: string | null;
  browser: string | null;
}

const refuse = (message: string) => new AppError('badRequest', { message });

/** A client error with its own status (413, 415): the error handler keeps it as ErrorCode. */
function clientError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** The body as bytes: gzip inflated, never past the limit (a gzip bomb stops there). */
export function inflate(body: Buffer, encoding: string | undefined): Buffer {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return body;
  if (name !== 'gzip') {
    throw clientError(415, `Content-Encoding ${name} is not accepted`);
  }
  try {
    return gunzipSync(body, { maxOutputLength: ERROR_INGEST_MAX_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw clientError(413, `The envelope inflates past ${ERROR_INGEST_MAX_BYTES} bytes`);
    }
    throw refuse('The body is not valid gzip');
  }
}

/** Text without NUL or other control characters but tab (an id, a tag, a type). */
const ZLine = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    .regex(/^[^\u0000-\u0008\u000b-\u001f\u007f]*$/);

const ZItemHeader = z.object({ type: ZLine(64), length: z.number().int().min(0).optional() });

const ZEvent = z.object({
  event_id: z.string().regex(/^[0-9a-f]{32}$|^[0-9a-f-]{36}$/i),
  platform: ZLine(32).optional(),
  release: ZLine(128).optional(),
  transaction: ZLine(300).optional(),
  message: z.union([ZLine(2000), z.object({ formatted: ZLine(2000).optional() })]).optional(),
  exception: z
    .object({
      values: z
        .array(z.object({ type: ZLine(200).optional(), value: z.string().max(2000).optional() }))
        .max(50)
        .optional(),
    })
    .optional(),
  tags: z.record(ZLine(64), z.union([ZLine(300), z.number(), z.boolean()])).optional(),
  user: z.object({ id: z.union([z.string(), z.number()]).optional() }).optional(),
  contexts: z
    .object({
      browser: z.object({ name: ZLine(64).optional(), version: ZLine(64).optional() }).optional(),
    })
    .optional(),
});

type SentryEvent = z.infer<typeof ZEvent>;

/** A JSON line, or a 400 naming which line is wrong. */
function parseLine(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(`${what} is not valid JSON`);
  }
}

function intOrNull(value: unknown): number | null {
  const number = typeof value === 'number' ? value : Number(String(value ?? ''));
  return Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}

function textOrNull(value: unknown, max = 300): string | null {
  if (value === undefined || value === null || value === '') return null;
  return String(value).slice(0, max);
}

/** A Sentry event as a stored report. */
export function toReportRow(event: SentryEvent): ReportRow {
  const tags = event.tags ?? {};
  const exception = event.exception?.values?.at(-1);
  const message =
    typeof event.message === 'string' ? event.message : (event.message?.formatted ?? null);
  const fCode = textOrNull(tags[REPORT_TAGS.fCode], 32);
  const exceptionType = textOrNull(exception?.type, 200);
  const browser = event.contexts?.browser;
  return {
    eventId: event.event_id.replace(/-/g, '').toLowerCase(),
    platform: textOrNull(event.platform, 32) ?? 'javascript',
    groupKey: fCode ?? exceptionType ?? textOrNull(message, 100) ?? 'unknown',
    fCode,
    errorCode: textOrNull(tags[REPORT_TAGS.errorCode], 32),
    exceptionType,
    // An f-code report's text is the toast the user saw: it may name a recipient; the f-code says it.
    message: fCode
      ? null
      : exception?.value
        ? scrubText(exception.value)
        : message
          ? scrubText(message)
          : null,
    userId: intOrNull(event.user?.id),
    warehouseId: intOrNull(tags[REPORT_TAGS.warehouse]),
    route: textOrNull(tags[REPORT_TAGS.route] ?? event.transaction, 300),
    appVersion: textOrNull(event.release, 128),
    requestId: textOrNull(tags[REPORT_TAGS.requestId], 128),
    browser: browser?.name ? `${browser.name} ${browser.version ?? ''}`.trim() : null,
  };
}

/** The events of an envelope, or a 400 for anything malformed (nothing is stored then). */
export function readEnvelope(bytes: Buffer): ReportRow[] {
  let offset = 0;
  const nextLine = (): string | null => {
    if (offset >= bytes.length) return null;
    const end = bytes.indexOf(0x0a, offset);
    const stop = end === -1 ? bytes.length : end;
    const line = bytes.subarray(offset, stop).toString('utf8');
    offset = stop + 1;
    return line;
  };
  const header = nextLine();
  if (header === null || header.trim() === '') throw refuse('The envelope is empty');
  const parsedHeader = parseLine(header, 'The envelope header');
  if (typeof parsedHeader !== 'object' || parsedHeader === null || Array.isArray(parsedHeader)) {
    throw refuse('The envelope header is not an object');
  }
  const rows: ReportRow[] = [];
  let items = 0;
  for (let line = nextLine(); line !== null; line = nextLine()) {
    if (line.trim() === '') continue;
    items += 1;
    if (items > 100) throw refuse('Too many items in one envelope');
    const item = ZItemHeader.safeParse(parseLine(line, `Item header ${items}`));
    if (!item.success) throw refuse(`Item header ${items} is malformed`);
    let payload: string;
    if (item.data.length !== undefined) {
      if (offset + item.data.length > bytes.length) throw refuse(`Item ${items} is cut short`);
      payload = bytes.subarray(offset, offset + item.data.length).toString('utf8');
      offset += item.data.length;
      if (bytes[offset] === 0x0a) offset += 1;
    } else {
      payload = nextLine() ?? '';
    }
    if (item.data.type !== 'event') continue;
    const event = ZEvent.safeParse(parseLine(payload, `Item ${items}`));
    if (!event.success) throw refuse(`Item ${items} is not a valid event`);
    rows.push(toReportRow(event.data));
  }
  return rows;
}
