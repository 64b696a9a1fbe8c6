// The printer outputs end to end through the local websocket: a Zebra-type printer on raw TCP
// (a net.Server stands in for its paper) and CUPS (a fake `lp` first on PATH).
import { chmod, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintJob } from '@sorting/contracts';
import { makeTempDir, PrinterSocket, startTestAgent } from './helpers.js';

const boxJob: PrintJob = {
  action: 'print',
  token: '',
  printerId: '',
  barcodeName: 'box',
  barcodeData: [{ name: 'barcode', value: '_000123' }],
  copies: 3,
};

/** A raw-port printer: collects every connection's bytes. */
async function startFakeZebra(): Promise<{
  port: number;
  received: () => Promise<string>;
  close: () => Promise<void>;
}> {
  let resolveFirst: (text: string) => void;
  const first = new Promise<string>((resolve) => (resolveFirst = resolve));
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      resolveFirst(Buffer.concat(chunks).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => first,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('zpl-tcp printer', () => {
  it('sends the rendered ZPL, copies included, to the printer raw port', async () => {
    const zebra = await startFakeZebra();
    const agent = await startTestAgent({
      printers: [
        { id: 'zebra', name: 'Zebra', output: 'zpl-tcp', host: '127.0.0.1', port: zebra.port },
      ],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      expect(await client.request(boxJob)).toMatchObject({ isSuccess: true, message: null });
      expect(await zebra.received()).toBe('^XA^FDbox barcode=_000123^FS^PQ3^XZ');
    } finally {
      await client.close();
      await agent.stop();
      await zebra.close();
    }
  });

  it('answers a failure and shows the printer not ready when it is unreachable', async () => {
    const port = await freePort();
    const agent = await startTestAgent({
      printers: [{ id: 'zebra', name: 'Zebra', output: 'zpl-tcp', host: '127.0.0.1', port }],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      const answer = await client.request(boxJob);
      expect(answer.isSuccess).toBe(false);
      expect(answer.message).toMatch(
        new RegExp(`^Print on zebra failed: printer 127\\.0\\.0\\.1:${port} unreachable: `),
      );
      expect(await client.request({ action: 'state' })).toMatchObject({
        isReady: false,
        printers: [{ id: 'zebra', isReady: false }],
      });
    } finally {
      await client.close();
      await agent.stop();
    }
  });
});

describe('zpl-tcp printer that resets the connection', () => {
  it('answers a failure when the printer drops the label instead of closing after it', async () => {
    // A printer switched off as it took the label: the whole label arrives, then the connection
    // is reset instead of closed, and nothing is printed.
    const server = net.createServer((socket) => {
      socket.resume();
      socket.on('end', () => socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const agent = await startTestAgent({
      printers: [{ id: 'zebra', name: 'Zebra', output: 'zpl-tcp', host: '127.0.0.1', port }],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      const answer = await client.request(boxJob);
      expect(answer.isSuccess).toBe(false);
      expect(answer.message).toMatch(
        /^Print on zebra failed: printer 127\.0\.0\.1:\d+ unreachable: /,
      );
    } finally {
      await client.close();
      await agent.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('cups printer', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  let originalPath: string | undefined;

  beforeEach(async () => {
    temp = await makeTempDir();
    originalPath = process.env.PATH;
  });

  afterEach(async () => {
    process.env.PATH = originalPath;
    await temp.remove();
  });

  /** A fake `lp` that records its arguments and the file it was given, then exits with code. */
  async function installFakeLp(exitCode: number, stderr = ''): Promise<void> {
    const script = path.join(temp.dir, 'lp');
    await writeFile(
      script,
      [
        '#!/bin/sh',
        `printf '%s\\n' "$@" > "${temp.dir}/lp-args"`,
        // The last argument is the file; copy it, the agent removes its own after lp exits.
        `for last in "$@"; do :; done; cp "$last" "${temp.dir}/lp-file"`,
        stderr ? `echo '${stderr}' >&2` : '',
        `exit ${exitCode}`,
      ].join('\n'),
    );
    await chmod(script, 0o755);
    process.env.PATH = `${temp.dir}${path.delimiter}${originalPath ?? ''}`;
  }

  it('runs lp -d <queue> -n <copies> <file> with a one-copy PDF', async () => {
    await installFakeLp(0);
    const agent = await startTestAgent({
      printers: [{ id: 'office', name: 'Office', output: 'cups', queue: 'Office_Laser' }],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      expect(await client.request({ action: 'state' })).toMatchObject({ isReady: true });
      const answer = await client.request(boxJob);
      expect(answer).toMatchObject({ isSuccess: true, message: null });

      const args = (await readFile(path.join(temp.dir, 'lp-args'), 'utf8')).trim().split('\n');
      expect(args.slice(0, 4)).toEqual(['-d', 'Office_Laser', '-n', '3']);
      expect(args[4]).toMatch(new RegExp(`box-${answer.jobId}\\.pdf$`));
      expect(args).toHaveLength(5);
      expect(await readFile(path.join(temp.dir, 'lp-file'), 'utf8')).toBe(
        '%PDF-fake box barcode=_000123 copies=1',
      );
    } finally {
      await client.close();
      await agent.stop();
    }
  });

  it('answers lp failure with what lp said', async () => {
    await installFakeLp(1, 'lp: The printer or class does not exist.');
    const agent = await startTestAgent({
      printers: [{ id: 'office', name: 'Office', output: 'cups', queue: 'Gone' }],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      expect(await client.request(boxJob)).toMatchObject({
        isSuccess: false,
        message:
          'Print on office failed: lp exited with code 1: lp: The printer or class does not exist.',
      });
    } finally {
      await client.close();
      await agent.stop();
    }
  });

  it('shows the printer not ready when lp is not installed', async () => {
    process.env.PATH = temp.dir;
    const agent = await startTestAgent({
      printers: [{ id: 'office', name: 'Office', output: 'cups', queue: 'Office_Laser' }],
    });
    const client = await PrinterSocket.open(agent.wsUrl);
    try {
      expect(await client.request({ action: 'state' })).toMatchObject({ isReady: false });
      expect(await client.request(boxJob)).toMatchObject({
        isSuccess: false,
        message: 'Print on office failed: lp not found: install the CUPS client (cups-client)',
      });
    } finally {
      await client.close();
      await agent.stop();
    }
  });
});
