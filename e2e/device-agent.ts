// The real device agent (apps/device-agent) for browser tests, and a `Printer` driver that reads
// what it printed: the PDF folder's .pdf (rasterised by poppler, decoded by zbar — neither is
// our code) and the .zpl a Zebra would have received.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo seed's agent (apps/server db/demo-data.ts): app id, key, printer, scale. */
export const DEMO_AGENT = {
  appId: 'DEMO-PC-1',
  agentKey: 'demo-agent-key',
  printerId: 'pdf-1',
  scaleId: 'scale-1',
} as const;

export interface RunningAgent {
  /** The local port (printer websocket and scale API). */
  port: number;
  /** ws://localhost:<port>: the page and the agent share the host name (the cookie check). */
  printerServiceUrl: string;
  /** http://localhost:<port> */
  scaleServiceUrl: string;
  printer: Printer;
  /** Everything the agent logged so far. */
  output(): string;
  /** Resolves once the agent registered with the hub (AddPrinterClient answered). */
  registered(): Promise<void>;
  /** `POST api/simulate {weightKg}` of the simulated scale. */
  simulateWeight(weightKg: number): Promise<void>;
  stop(): Promise<void>;
}

/** What the agent's PDF-folder printer wrote. */
export class Printer {
  constructor(readonly dir: string) {}

  /** Files with this extension, oldest first (names start with the time). */
  files(extension: 'pdf' | 'zpl'): string[] {
    // The agent creates its folder with the first label.
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(`.${extension}`))
      .sort()
      .map((name) => path.join(this.dir, name));
  }

  /** Waits until `count` labels (PDF and ZPL each) are written. */
  async waitForLabels(
    count: number,
    timeoutMs = 15_000,
  ): Promise<{ pdf: string[]; zpl: string[] }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pdf = this.files('pdf');
      const zpl = this.files('zpl');
      if (pdf.length >= count && zpl.length >= count) return { pdf, zpl };
      if (Date.now() > deadline) {
        throw new Error(
          `expected ${count} labels in ${this.dir}, found ${pdf.length} PDF, ${zpl.length} ZPL`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The barcodes of every page of a PDF: `pdftoppm -r 203 -png` (the resolution of the common
   * thermal label printers), then `zbarimg --raw -q`.
   */
  async decodePdf(pdfPath: string): Promise<string[]> {
    const prefix = pdfPath.replace(/\.pdf$/, '-page');
    await run('pdftoppm', ['-r', '203', '-png', pdfPath, prefix]);
    const pages = readdirSync(this.dir)
      .filter((name) => path.join(this.dir, name).startsWith(`${prefix}-`) && name.endsWith('.png'))
      .sort()
      .map((name) => path.join(this.dir, name));
    const decoded: string[] = [];
    for (const page of pages) {
      const { stdout } = await run('zbarimg', ['--raw', '-q', page]);
      decoded.push(stdout.replace(/\n$/, ''));
      rmSync(page);
    }
    return decoded;
  }

  /** The data of every ^FD field of a ZPL file (^FH\ escapes decoded). */
  zplFields(zplPath: string): string[] {
    return zplFieldsOf(readFileSync(zplPath, 'utf8'));
  }
}

/** The data of every ^FD field of a ZPL document (^FH\ escapes decoded). */
export function zplFieldsOf(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((match) =>
    (match[1] ?? '').replace(/\\([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
  );
}

/**
 * A Zebra-type printer on a raw TCP port (9100 on a real one), in the test: it keeps each label
 * the agent sends (one connection, one ZPL document), and can be switched off and on again on
 * the same port, as a printer that is unplugged mid-run and plugged back in.
 */
export class ZplPrinter {
  /** The ZPL documents received, in order. */
  readonly labels: string[] = [];
  private server: net.Server | null = null;
  private listeners = new Set<() => void>();
  port = 0;

  /** Listens (again) on 127.0.0.1, on its earlier port once it has one. */
  async switchOn(): Promise<void> {
    const server = net.createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => {
        this.labels.push(Buffer.concat(chunks).toString('utf8'));
        for (const listener of [...this.listeners]) listener();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: the agent's next label finds the port closed (connection refused). */
  async switchOff(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Resolves with the labels once `count` came. */
  waitForLabels(count: number, timeoutMs = 30_000): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.labels.length < count) return;
        cleanup();
        resolve([...this.labels]);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`expected ${count} ZPL labels, got ${this.labels.length}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Calls `listener` after each label received; returns the unsubscribe. */
  onLabel(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Starts the agent process (`apps/device-agent/src/main.ts`, as `npm run agent` does) on a free
 * port with a PDF-folder printer in its own temporary folder (or, with `zplPort`, a Zebra-type
 * printer on that raw TCP port of 127.0.0.1), a simulated scale and its hub client pointed at
 * `serverUrl` with the demo agent key; `allowedOrigins` are further pages allowed to use it.
 */
export async function startDeviceAgent(
  serverUrl: string,
  options: { allowedOrigins?: string[]; zplPort?: number } = {},
): Promise<RunningAgent> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sorting-agent-'));
  const labelsDir = path.join(dir, 'labels');
  const configPath = path.join(dir, 'agent.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      appId: DEMO_AGENT.appId,
      agentKey: DEMO_AGENT.agentKey,
      serverUrl,
      host: '127.0.0.1',
      port: 0,
      printers: [
        options.zplPort === undefined
          ? { id: DEMO_AGENT.printerId, name: 'PDF folder', output: 'pdf-folder', dir: labelsDir }
          : {
              id: DEMO_AGENT.printerId,
              name: 'Zebra',
              output: 'zpl-tcp',
              host: '127.0.0.1',
              port: options.zplPort,
            },
      ],
      scale: { kind: 'simulated', scaleId: DEMO_AGENT.scaleId, weightKg: 1.25 },
      // Pages of another host name than the server's (the app on a real host name).
      allowedOrigins: options.allowedOrigins ?? [],
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/device-agent/src/main.ts', '--config', configPath],
    { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const waitForOutput = (pattern: RegExp, what: string, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          cleanup();
          resolve(match);
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`device agent exited with ${code} before ${what}:\n${output}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`device agent: no ${what} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  let port: number;
  try {
    const match = await waitForOutput(/local printer websocket ws:\/\/[\d.]+:(\d+)/, 'local port');
    port = Number(match[1]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    printerServiceUrl: `ws://localhost:${port}`,
    scaleServiceUrl: `http://localhost:${port}`,
    printer: new Printer(labelsDir),
    output: () => output,
    registered: async () => {
      await waitForOutput(/registered with the hub/, 'hub registration', 30_000);
    },
    async simulateWeight(weightKg) {
      const response = await fetch(`http://127.0.0.1:${port}/api/simulate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ weightKg }),
      });
      if (!response.ok) throw new Error(`api/simulate answered ${response.status}`);
    },
    stop,
  };
}

/** True when Debian's poppler-utils and zbar-tools (the independent barcode decoder) are here. */
export function hasLabelDecoder(): boolean {
  const onPath = (tool: string) =>
    (process.env.PATH ?? '')
      .split(path.delimiter)
      .some((dir) => dir !== '' && existsSync(path.join(dir, tool)));
  return onPath('pdftoppm') && onPath('zbarimg');
}

/** Why the label read-back tests are skipped; CI (REQUIRE_BROWSER=1) never skips them. */
export const LABEL_DECODER_HINT =
  "Needs Debian's poppler-utils and zbar-tools (sudo apt-get install -y poppler-utils zbar-tools).";

/** Skip only when the tools are missing outside CI, where a missing tool must fail instead. */
export function skipWithoutLabelDecoder(): boolean {
  return !hasLabelDecoder() && process.env.REQUIRE_BROWSER !== '1';
}
