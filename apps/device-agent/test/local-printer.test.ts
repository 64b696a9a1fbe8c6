// The local printer websocket (spec part 1 §7) with a real ws client, as the web app uses it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PrintJob } from '@sorting/contracts';
import { AGENT_VERSION } from '../src/agent.js';
import { makeTempDir, PrinterSocket, startTestAgent } from './helpers.js';

const cellJob: PrintJob = {
  action: 'print',
  token: 'user-token',
  printerId: '',
  barcodeName: 'cell-bar-long',
  barcodeData: [
    { name: 'barcode', value: '=A-01-02' },
    { name: 'name', value: 'A-01-02' },
  ],
  copies: 2,
};

describe('local printer websocket', () => {
  let dirs: { dir: string; remove: () => Promise<void> }[];
  let agent: Awaited<ReturnType<typeof startTestAgent>>;
  let client: PrinterSocket;

  beforeEach(async () => {
    dirs = [await makeTempDir(), await makeTempDir()];
    agent = await startTestAgent({
      printers: [
        { id: 'front', name: 'Front desk', output: 'pdf-folder', dir: dirs[0]!.dir },
        { id: 'back', name: 'Back room', output: 'pdf-folder', dir: dirs[1]!.dir },
      ],
    });
    client = await PrinterSocket.open(agent.wsUrl);
  });

  afterEach(async () => {
    await client.close();
    await agent.stop();
    await Promise.all(dirs.map((d) => d.remove()));
  });

  it('answers version with the agent version and app id', async () => {
    expect(await client.request({ action: 'version' })).toEqual({
      action: 'version',
      version: AGENT_VERSION,
      appId: 'TEST-PC',
    });
  });

  it('answers state with the printers, the first one selected and ready', async () => {
    expect(await client.request({ action: 'state' })).toEqual({
      action: 'state',
      appId: 'TEST-PC',
      printers: [
        { id: 'front', name: 'Front desk', output: 'pdf-folder', isReady: true },
        { id: 'back', name: 'Back room', output: 'pdf-folder', isReady: true },
      ],
      selectedPrinterId: 'front',
      isReady: true,
    });
  });

  it('prints a job without printer id on the selected printer: a PDF and its ZPL', async () => {
    const answer = await client.request(cellJob);
    expect(answer).toMatchObject({ action: 'print', isSuccess: true, message: null });
    expect(answer.jobId).toMatch(/^[0-9a-f-]{36}$/);

    const files = (await readdir(dirs[0]!.dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-.+-cell-bar-long-${answer.jobId}\\.pdf$`));
    expect(files[1]).toBe(files[0]!.replace(/\.pdf$/, '.zpl'));
    expect(await readFile(path.join(dirs[0]!.dir, files[0]!), 'utf8')).toBe(
      '%PDF-fake cell-bar-long barcode==A-01-02,name=A-01-02 copies=2',
    );
    expect(await readFile(path.join(dirs[0]!.dir, files[1]!), 'utf8')).toBe(
      '^XA^FDcell-bar-long barcode==A-01-02,name=A-01-02^FS^PQ2^XZ',
    );
    expect(await readdir(dirs[1]!.dir)).toEqual([]);
  });

  it('selectPrinter switches where jobs without printer id go, for every connection', async () => {
    expect(
      await client.request({ action: 'selectPrinter', token: 'user-token', printerId: 'back' }),
    ).toEqual({ action: 'selectPrinter', isSuccess: true, printerId: 'back', message: null });

    const other = await PrinterSocket.open(agent.wsUrl);
    try {
      expect(await other.request({ action: 'state' })).toMatchObject({ selectedPrinterId: 'back' });
      expect(await other.request(cellJob)).toMatchObject({ isSuccess: true });
    } finally {
      await other.close();
    }
    expect(await readdir(dirs[0]!.dir)).toEqual([]);
    expect(await readdir(dirs[1]!.dir)).toHaveLength(2);
  });

  it('refuses to select a printer it does not serve and keeps the selection', async () => {
    expect(
      await client.request({ action: 'selectPrinter', token: 't', printerId: 'nope' }),
    ).toEqual({
      action: 'selectPrinter',
      isSuccess: false,
      printerId: 'nope',
      message: 'Printer "nope" is not served by TEST-PC',
    });
    expect(await client.request({ action: 'state' })).toMatchObject({ selectedPrinterId: 'front' });
  });

  it('prints on the named printer when the job names one', async () => {
    expect(await client.request({ ...cellJob, printerId: 'back' })).toMatchObject({
      isSuccess: true,
    });
    expect(await readdir(dirs[1]!.dir)).toHaveLength(2);
    expect(await readdir(dirs[0]!.dir)).toEqual([]);
  });

  it('answers a failure with the reason for an invalid job or an unknown printer', async () => {
    const badTemplate = await client.request({ ...cellJob, barcodeName: 'poster' });
    expect(badTemplate.isSuccess).toBe(false);
    expect(badTemplate.message).toMatch(/^Invalid print job: barcodeName: /);

    const zeroCopies = await client.request({ ...cellJob, copies: 0 });
    expect(zeroCopies.isSuccess).toBe(false);
    expect(zeroCopies.message).toMatch(/copies/);

    expect(await client.request({ ...cellJob, printerId: 'ghost' })).toMatchObject({
      isSuccess: false,
      message: 'Printer "ghost" is not served by TEST-PC',
    });
    expect(await readdir(dirs[0]!.dir)).toEqual([]);
  });

  it('reports a renderer failure as an unsuccessful print and keeps serving', async () => {
    await agent.stop();
    agent = await startTestAgent(
      { printers: [{ id: 'front', name: 'F', output: 'pdf-folder', dir: dirs[0]!.dir }] },
      {
        renderLabel: async () => {
          throw new Error('barcode text is not valid for Code 128');
        },
      },
    );
    await client.close();
    client = await PrinterSocket.open(agent.wsUrl);
    expect(await client.request(cellJob)).toMatchObject({
      isSuccess: false,
      message: 'Print on front failed: barcode text is not valid for Code 128',
    });
    expect(await client.request({ action: 'version' })).toMatchObject({ appId: 'TEST-PC' });
  });

  it('ignores malformed messages and answers the next one', async () => {
    client.sendRaw('not json');
    client.sendRaw(JSON.stringify({ action: 'format-disk' }));
    expect(await client.request({ action: 'version' })).toMatchObject({ action: 'version' });
  });

  it('accepts the pages of its Sorting server only, under each loopback name', async () => {
    // The helper's agent serves http://localhost:3000.
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const socket = await PrinterSocket.open(agent.wsUrl, origin);
      expect(await socket.request({ action: 'version' })).toMatchObject({ appId: 'TEST-PC' });
      await socket.close();
    }
    // Another page on this computer (a dev server, any local tool's page) is not the server.
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'https://localhost:3000',
    ]) {
      expect(await handshakeStatus(agent.wsUrl, origin), origin).toBe(403);
    }
  });

  it('also accepts the origins configured for it', async () => {
    const extra = await startTestAgent({ allowedOrigins: ['http://localhost:5173'] });
    try {
      const socket = await PrinterSocket.open(extra.wsUrl, 'http://localhost:5173');
      expect(await socket.request({ action: 'version' })).toMatchObject({ appId: 'TEST-PC' });
      await socket.close();
      expect(await handshakeStatus(extra.wsUrl, 'http://localhost:5174')).toBe(403);
    } finally {
      await extra.stop();
    }
  });

  it('refuses a websocket from a page of another site with 403', async () => {
    expect(await handshakeStatus(agent.wsUrl, 'https://evil.example')).toBe(403);
  });
});

/** The HTTP status of a refused websocket handshake; fails when the socket opens. */
function handshakeStatus(url: string, origin: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, { origin });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      reject(new Error(`a page of ${origin} got a printer connection`));
    });
    socket.on('error', () => {});
  });
}
