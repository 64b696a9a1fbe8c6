// Terminal logs a person at the workstation can read: time, level, message, a few fields.
import { inspect } from 'node:util';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the agent's parts log through; tests pass a silent or recording one. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const COLOURS: Record<LogLevel, string> = {
  debug: '\x1b[90m',
  info: '\x1b[36m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
};

/** A logger writing one line per event to stderr, coloured when stderr is a terminal. */
export function createTerminalLogger(
  minimum: LogLevel = 'info',
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Logger {
  const isColour = Boolean(stream.isTTY) && !process.env.NO_COLOR;
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[minimum]) return;
    const time = new Date().toISOString().slice(11, 23);
    const label = level.toUpperCase().padEnd(5);
    const details =
      fields === undefined
        ? ''
        : ' ' +
          Object.entries(fields)
            .map(([key, value]) => `${key}=${formatValue(value)}`)
            .join(' ');
    const line = isColour
      ? `\x1b[90m${time}\x1b[0m ${COLOURS[level]}${label}\x1b[0m ${message}${details}`
      : `${time} ${label} ${message}${details}`;
    stream.write(line + '\n');
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  return inspect(value, { breakLength: Infinity, depth: 3 });
}
