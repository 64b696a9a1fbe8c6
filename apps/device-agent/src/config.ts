// The agent's configuration: a small JSON file (`--config device-agent.json`) and flags that
// override it. Without either the agent runs the demo setup, so `npm run agent` just works
// beside `npm start` (the server's PORT is followed, as the server reads it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { LOCAL_PRINTER_PORT } from '@sorting/contracts';

const ZPrinterBase = {
  id: z.string().trim().min(1),
  name: z.string().trim().min(1),
};

const ZPrinter = z.discriminatedUnion('output', [
  z.object({
    ...ZPrinterBase,
    output: z.literal('pdf-folder'),
    dir: z.string().trim().min(1).default('./labels-out'),
  }),
  z.object({
    ...ZPrinterBase,
    output: z.literal('cups'),
    /** The CUPS queue: `lp -d <queue>`. */
    queue: z.string().trim().min(1),
  }),
  z.object({
    ...ZPrinterBase,
    output: z.literal('zpl-tcp'),
    host: z.string().trim().min(1),
    port: z.number().int().min(1).max(65535).default(9100),
  }),
]);
export type PrinterConfig = z.infer<typeof ZPrinter>;

const ZScale = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('simulated'),
    scaleId: z.string().trim().min(1),
    /** The weight on the simulated platform at start, kg. */
    weightKg: z.number().min(0).default(0),
  }),
  z.object({
    kind: z.literal('serial'),
    scaleId: z.string().trim().min(1),
    /** The serial device, e.g. /dev/ttyUSB0 or COM3. */
    path: z.string().trim().min(1),
    baudRate: z.number().int().positive().default(9600),
  }),
]);
export type ScaleConfig = z.infer<typeof ZScale>;

/** An origin (`https://sorting.example.com`) or one with any port (`http://localhost:*`). */
const ZOriginPattern = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/:*\s]+(:(\d+|\*))?$/, 'must be scheme://host[:port|:*], no path');

export const ZAgentConfig = z
  .object({
    appId: z.string().trim().min(1),
    agentKey: z.string().trim().min(1),
    serverUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }),
    host: z.string().trim().min(1).default('127.0.0.1'),
    port: z.number().int().min(0).max(65535).default(LOCAL_PRINTER_PORT),
    /** Web origins that may use the agent besides the server's own (defaultAllowedOrigins). */
    allowedOrigins: z.array(ZOriginPattern).optional(),
    printers: z.array(ZPrinter).min(1),
    scale: ZScale.nullable().default(null),
  })
  .strict()
  .superRefine((config, context) => {
    const ids = new Set<string>();
    for (const [index, printer] of config.printers.entries()) {
      if (ids.has(printer.id)) {
        context.addIssue({
          code: 'custom',
          path: ['printers', index, 'id'],
          message: `duplicate printer id "${printer.id}"`,
        });
      }
      ids.add(printer.id);
    }
  });

/** The configuration as the file or flags give it (defaults not yet applied). */
export type AgentConfigInput = z.input<typeof ZAgentConfig>;

/** The validated configuration with every default filled in. */
export interface AgentConfig extends Omit<z.output<typeof ZAgentConfig>, 'allowedOrigins'> {
  allowedOrigins: string[];
}

/** The server's default port (apps/server config: `PORT`, default 3000). */
const DEFAULT_SERVER_PORT = 3000;

/**
 * The demo setup used without a config file: the demo seed's workstation (its app id and key
 * are registered by the seed), the server on this computer at the port the server takes from
 * `PORT`, a PDF-folder printer and a simulated scale.
 */
export function demoConfig(env: NodeJS.ProcessEnv = process.env): AgentConfigInput {
  const port = (env.PORT ?? '').trim() === '' ? DEFAULT_SERVER_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(
      `PORT=${env.PORT} names no server port (1..65535); pass the server with --server-url`,
    );
  }
  return {
    appId: 'DEMO-PC-1',
    agentKey: 'demo-agent-key',
    serverUrl: `http://localhost:${port}`,
    printers: [{ id: 'pdf-1', name: 'PDF folder', output: 'pdf-folder', dir: './labels-out' }],
    // A weight on the platform from the start, so the demo's measure step has one to read.
    scale: { kind: 'simulated', scaleId: 'scale-1', weightKg: 1.25 },
  };
}

/** A configuration the agent cannot start with; the message lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates a configuration object and fills in defaults (allowed origins included). */
export function parseConfig(input: unknown, source = 'configuration'): AgentConfig {
  const result = ZAgentConfig.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid ${source}:\n${lines.join('\n')}`);
  }
  const config = result.data;
  const allowedOrigins = [...defaultAllowedOrigins(config.serverUrl)];
  for (const origin of config.allowedOrigins ?? []) {
    if (!allowedOrigins.includes(origin)) allowedOrigins.push(origin);
  }
  return { ...config, serverUrl: config.serverUrl.replace(/\/+$/, ''), allowedOrigins };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The pages of the Sorting server the agent serves: the origin of
 * `serverUrl` only, so no other local web page (another dev server, anything on another port)
 * can print or read the scale. A server on this computer is one server under each loopback
 * name, so `http://localhost:3000` also allows `http://127.0.0.1:3000` and `http://[::1]:3000`.
 */
export function defaultAllowedOrigins(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port === '' ? '' : `:${url.port}`;
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

export const USAGE = `Usage: npm run agent -- [options]

  --config <file>       JSON configuration (see apps/device-agent/device-agent.example.json)
  --app-id <id>         printer/scale app id of this workstation
  --agent-key <key>     key the agent presents to the Sorting server's printing hub
  --server-url <url>    the Sorting server, e.g. http://localhost:3000
  --host <host>         local server address (default 127.0.0.1)
  --port <port>         local server port (default ${LOCAL_PRINTER_PORT})
  --labels-dir <dir>    folder of the PDF-folder printers (default ./labels-out)
  --allow-origin <url>  one more web origin that may use the agent, e.g. the Vite dev server
                        http://localhost:5173 (repeatable; the server's own is always allowed)
  --help                this text

Without --config the demo setup runs: app DEMO-PC-1, one PDF-folder printer, a simulated
scale 'scale-1', and the server http://localhost:$PORT (PORT as the server reads it,
default 3000).`;

/** What the command line asks for: a configuration, or the usage text. */
export type CommandLine = { kind: 'run'; config: AgentConfig; source: string } | { kind: 'help' };

/** Reads flags and the optional config file; flags win over the file, the file over the demo. */
export async function loadConfig(
  argv: string[],
  // npm runs scripts in the package's folder; INIT_CWD is where the user typed the command.
  cwd = process.env.INIT_CWD ?? process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandLine> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        'app-id': { type: 'string' },
        'agent-key': { type: 'string' },
        'server-url': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'labels-dir': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const flags = parsed.values;
  if (flags.help) return { kind: 'help' };

  let base: Record<string, unknown>;
  let source = 'demo setup (no --config)';
  if (flags.config === undefined) {
    // An explicit --server-url makes PORT irrelevant (a bad PORT must not stop the agent then).
    base = { ...demoConfig(flags['server-url'] === undefined ? env : {}) };
  } else {
    const file = path.resolve(cwd, flags.config);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`Cannot read config file ${file}: ${(error as Error).message}`);
    }
    try {
      base = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(`Config file ${file} is not JSON: ${(error as Error).message}`);
    }
    source = file;
  }

  const overrides: Record<string, unknown> = {};
  if (flags['app-id'] !== undefined) overrides.appId = flags['app-id'];
  if (flags['agent-key'] !== undefined) overrides.agentKey = flags['agent-key'];
  if (flags['server-url'] !== undefined) overrides.serverUrl = flags['server-url'];
  if (flags.host !== undefined) overrides.host = flags.host;
  if (flags.port !== undefined) {
    const port = Number(flags.port);
    if (!Number.isInteger(port))
      throw new ConfigError(`--port must be a number, got "${flags.port}"`);
    overrides.port = port;
  }
  const extraOrigins = flags['allow-origin'];
  if (extraOrigins !== undefined) {
    const configured = Array.isArray(base.allowedOrigins) ? (base.allowedOrigins as unknown[]) : [];
    overrides.allowedOrigins = [...configured, ...extraOrigins];
  }
  const merged = { ...base, ...overrides };
  const labelsDir = flags['labels-dir'];
  if (labelsDir !== undefined && Array.isArray(merged.printers)) {
    merged.printers = (merged.printers as Record<string, unknown>[]).map((printer) =>
      printer.output === 'pdf-folder' ? { ...printer, dir: labelsDir } : printer,
    );
  }
  const config = parseConfig(merged, source);
  // Relative label folders are relative to where the agent was started.
  config.printers = config.printers.map((printer) =>
    printer.output === 'pdf-folder' ? { ...printer, dir: path.resolve(cwd, printer.dir) } : printer,
  );
  return { kind: 'run', config, source };
}
