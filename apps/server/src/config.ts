import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_SORTING_CENTER_ID, INTEGRATION_CALLS_PER_MINUTE } from '@sorting/contracts';

/** The web app's build output, next to this package in the monorepo. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The integrated payment terminals picking can drive (docs/DECISIONS.md "Picking payment"). */
export const PAYMENT_TERMINAL_KINDS = ['simulated'] as const;
export type PaymentTerminalKind = (typeof PAYMENT_TERMINAL_KINDS)[number];

export interface PaymentTerminalConfig {
  kind: PaymentTerminalKind;
  /** The simulator approves (or declines) this long after the start. */
  simDelayMs: number;
  /** The simulator answers a start this long after it began it (a terminal's own latency). */
  simStartMs: number;
  /** A transaction still pending this long after its start is cancelled (the service judges). */
  timeoutMs: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment flags read as the shell writes them: true/false, 1/0, yes/no, on/off. */
const ZFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** An unset or blank variable counts as absent, so `FOO= npm start` means the default. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

const ZEnvironment = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  ),
  DATABASE_PREPARED_STATEMENTS: optional(ZFlag),
  DATA_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  LOG_SLOW_REQUEST_MS: optional(z.coerce.number().int().min(0).max(3_600_000)),
  WEB_DIST: optional(z.string()),
  SIGN_IN_URL: optional(z.string()),
  ALTERNATIVE_AUTHENTICATION: optional(ZFlag),
  PRINTER_SERVICE_URL: optional(z.string()),
  PRINTING_HUB_URL: optional(z.string()),
  SCALE_SERVICE_URL: optional(z.string()),
  SORTING_CENTER_ID: optional(z.coerce.number().int().positive()),
  DEMO_SEED: optional(ZFlag),
  SESSION_IDLE_MINUTES: optional(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  ),
  SESSION_MAX_HOURS: optional(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30),
  ),
  TRUST_PROXY: optional(ZFlag),
  PHOTO_STORE_URL: optional(
    z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, {
      error: 'must be s3://<bucket>[/<prefix>] (absent = a folder in DATA_DIR)',
    }),
  ),
  PHOTO_STORE_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  PHOTO_STORE_REGION: optional(z.string()),
  AWS_REGION: optional(z.string()),
  AWS_ACCESS_KEY_ID: optional(z.string()),
  AWS_SECRET_ACCESS_KEY: optional(z.string()),
  DOCUMENT_SIGNING_KEY: optional(z.string()),
  // docs/DECISIONS.md "Picking payment": the integrated payment terminal.
  PAYMENT_TERMINAL: optional(z.enum(PAYMENT_TERMINAL_KINDS)),
  PAYMENT_TERMINAL_SIM_DELAY_MS: optional(z.coerce.number().int().min(0).max(600_000)),
  PAYMENT_TERMINAL_SIM_START_MS: optional(z.coerce.number().int().min(0).max(60_000)),
  PAYMENT_TERMINAL_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(3_600_000)),
  STRICT_CONTRACT: optional(ZFlag),
  // docs/DECISIONS.md "Error reporting": reports, metrics and shutdown's draining.
  SENTRY_DSN: optional(z.url({ protocol: /^https?$/ })),
  SENTRY_DSN_WEB: optional(z.url({ protocol: /^https?$/ })),
  ERROR_REPORT_RETENTION_DAYS: optional(z.coerce.number().int().min(1).max(3650)),
  ERROR_REPORTS_PER_MINUTE: optional(z.coerce.number().int().min(1).max(10_000)),
  // docs/DECISIONS.md "Integration": calls per API key and minute.
  INTEGRATION_CALLS_PER_MINUTE: optional(z.coerce.number().int().min(1).max(1_000_000)),
  METRICS_TOKEN: optional(z.string().min(16, { error: 'must be at least 16 characters' })),
  DRAIN_SECONDS: optional(z.coerce.number().int().min(0).max(600)),
});

/** A configuration the server cannot start with; the message names every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where return photos are kept (docs/DECISIONS.md "Returns"). */
export type PhotoStoreConfig =
  | { kind: 'folder'; folder: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket, '' or ending with '/'. */
      prefix: string;
      /** An S3-compatible server (MinIO, s3rver); null = AWS itself. */
      endpoint: string | null;
      region: string;
      /** null = the AWS SDK's own credential chain (instance role, profile, …). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

function photoStoreOf(e: z.infer<typeof ZEnvironment>, dataDir: string): PhotoStoreConfig {
  if (!e.PHOTO_STORE_URL) return { kind: 'folder', folder: path.join(dataDir, 'photos') };
  const url = new URL(e.PHOTO_STORE_URL);
  const prefix = url.pathname.replace(/^\/+/, '');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    endpoint: e.PHOTO_STORE_ENDPOINT ?? null,
    region: e.PHOTO_STORE_REGION ?? e.AWS_REGION ?? 'us-east-1',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : null,
  };
}

/**
 * Twice the delay after which the web app shows its main loader (part 2 §2: 250 ms): a worker
 * watched the loader for a while, worth a line at info.
 */
const DEFAULT_LOG_SLOW_REQUEST_MS = 500;

/** Everything the server reads from its environment, validated and with defaults applied. */
export interface Config {
  port: number;
  host: string;
  /** A real PostgreSQL server; null means the embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | null;
  /**
   * PostgreSQL: send statements as named prepared statements (planned once per connection).
   * Off only for a connection pooler that cannot keep them (PgBouncer before 1.21 in
   * transaction mode).
   */
  databasePreparedStatements: boolean;
  /** Absolute folder for the server's own files (the PGlite database). */
  dataDir: string;
  logLevel: LogLevel;
  /**
   * A request answered in this many milliseconds or more is logged at info ("slow request");
   * quicker successful ones only at debug (docs/DECISIONS.md "Serving and shutdown").
   */
  logSlowRequestMs: number;
  /** Absolute folder of the built web app. */
  webDist: string;
  /** External sign-in page; null means our own /user-auth (spec part 1 §4). */
  signInUrl: string | null;
  /**
   * Spec part 1 §4 "alternative authentication": our own sign-in page may be used. Off, every
   * sign-in goes through SIGN_IN_URL, which is then required (docs/DECISIONS.md "Sessions and
   * sign-in").
   */
  alternativeAuthentication: boolean;
  printerServiceUrl: string;
  printingHubUrl: string;
  scaleServiceUrl: string;
  /** Spec part 1 §7: default sortingCenterId 34717. */
  sortingCenterId: number;
  /** Seed an empty database with the demo warehouses, zones, cells and users. */
  demoSeed: boolean;
  /** A session ends after this many minutes without a request (shared handhelds). */
  sessionIdleMinutes: number;
  /** A session ends this many hours after sign-in, however active. */
  sessionMaxHours: number;
  /**
   * Behind a reverse proxy: read the client address and https from X-Forwarded-For and
   * X-Forwarded-Proto. Off by default, since anyone can send those headers.
   */
  trustProxy: boolean;
  /** Return photos: `<dataDir>/photos` unless PHOTO_STORE_URL names an S3 bucket. */
  photoStore: PhotoStoreConfig;
  /**
   * The organisation's Ed25519 private key that signs documents (PEM, or base64 PKCS#8 DER;
   * docs/DECISIONS.md "Document flow"); null = a key kept in `<dataDir>/document-signing-key.pem`,
   * made on first use (the demo).
   */
  documentSigningKey: string | null;
  /**
   * The integrated payment terminal of picking: `PAYMENT_TERMINAL` (default
   * `simulated`), the simulator's delay, its latency in answering a start
   * (`PAYMENT_TERMINAL_SIM_START_MS`, 0) and the timeout after which a silent one is cancelled.
   */
  paymentTerminal: PaymentTerminalConfig;
  /**
   * A route answering an ErrorCode its map does not declare answers 500 instead of the
   * refusal (tests and CI: every test then checks the contract); off, it is only logged
   * (docs/DECISIONS.md "Contract and errors", declared ErrorCodes).
   */
  strictContract: boolean;
  /** The server's own Sentry DSN (`@sentry/node`); null = exceptions only in the log. */
  sentryDsn: string | null;
  /** The web app's DSN; null = the server's own ingest (`/api/1/envelope/`). */
  sentryDsnWeb: string | null;
  /** Stored error reports older than this many days are deleted. */
  errorReportRetentionDays: number;
  /** The ingest keeps at most this many reports per device per minute. */
  errorReportsPerMinute: number;
  /** The integration API answers 429 past this many calls per key per minute. */
  integrationCallsPerMinute: number;
  /** `/metrics` answers only with `Authorization: Bearer <token>`; null = no /metrics at all. */
  metricsToken: string | null;
  /** On SIGTERM, `/readyz` answers 503 this long before the process stops taking calls. */
  drainSeconds: number;
}

/**
 * Reads the configuration from an environment (process.env in main.ts, a literal in tests).
 * Pure apart from resolving relative folders against the current directory.
 * Throws a ConfigError that names every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const alternativeAuthentication = e.ALTERNATIVE_AUTHENTICATION ?? true;
  if (!alternativeAuthentication && e.SIGN_IN_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration: ALTERNATIVE_AUTHENTICATION: off needs SIGN_IN_URL, or nobody can sign in',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL ?? null,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    dataDir,
    logLevel: e.LOG_LEVEL ?? 'info',
    logSlowRequestMs: e.LOG_SLOW_REQUEST_MS ?? DEFAULT_LOG_SLOW_REQUEST_MS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    signInUrl: e.SIGN_IN_URL ?? null,
    alternativeAuthentication,
    printerServiceUrl: e.PRINTER_SERVICE_URL ?? 'ws://localhost:55557',
    printingHubUrl: e.PRINTING_HUB_URL ?? '/printersHub',
    scaleServiceUrl: e.SCALE_SERVICE_URL ?? 'http://localhost:55557',
    sortingCenterId: e.SORTING_CENTER_ID ?? DEFAULT_SORTING_CENTER_ID,
    demoSeed: e.DEMO_SEED ?? true,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 30,
    sessionMaxHours: e.SESSION_MAX_HOURS ?? 12,
    trustProxy: e.TRUST_PROXY ?? false,
    photoStore: photoStoreOf(e, dataDir),
    documentSigningKey: e.DOCUMENT_SIGNING_KEY ?? null,
    paymentTerminal: {
      kind: e.PAYMENT_TERMINAL ?? 'simulated',
      simDelayMs: e.PAYMENT_TERMINAL_SIM_DELAY_MS ?? 2000,
      simStartMs: e.PAYMENT_TERMINAL_SIM_START_MS ?? 0,
      timeoutMs: e.PAYMENT_TERMINAL_TIMEOUT_MS ?? 120_000,
    },
    strictContract: e.STRICT_CONTRACT ?? false,
    sentryDsn: e.SENTRY_DSN ?? null,
    sentryDsnWeb: e.SENTRY_DSN_WEB ?? null,
    errorReportRetentionDays: e.ERROR_REPORT_RETENTION_DAYS ?? 30,
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE ?? 60,
    integrationCallsPerMinute: e.INTEGRATION_CALLS_PER_MINUTE ?? INTEGRATION_CALLS_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN ?? null,
    drainSeconds: e.DRAIN_SECONDS ?? 0,
  };
}
