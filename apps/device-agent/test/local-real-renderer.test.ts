// The local printer websocket (spec part 1 §7) with the real renderer of @sorting/labels: what
// the web app prints without the hub comes out as PDFs whose codes zbarimg reads back.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJob } from '@sorting/contracts';
import { renderLabel } from '@sorting/labels';
import { LONG_LABELS, sampleRequest } from '@sorting/labels/testing';
import { makeTempDir, PrinterSocket, startTestAgent } from './helpers.js';
import { SHOULD_DECODE, decodePdfPages } from './label-decoder.js';

let labels: { dir: string; remove: () => Promise<void> };
let agent: Awaited<ReturnType<typeof startTestAgent>>;
let client: PrinterSocket;

beforeAll(async () => {
  labels = await makeTempDir();
  agent = await startTestAgent(
    { printers: [{ id: 'desk', name: 'Desk', output: 'pdf-folder', dir: labels.dir }] },
    { renderLabel },
  );
  client = await PrinterSocket.open(agent.wsUrl);
});

afterAll(async () => {
  await client?.close();
  await agent?.stop();
  await labels?.remove();
});

/** Prints over the local socket as the web app does (printerId empty: the selected printer). */
async function printLocally(job: Omit<PrintJob, 'action' | 'token' | 'printerId'>) {
  const answer = await client.request({ action: 'print', token: '', printerId: '', ...job });
  expect(answer).toMatchObject({ action: 'print', isSuccess: true, message: null });
  const files = (await readdir(labels.dir)).filter((file) => file.includes(answer.jobId)).sort();
  expect(files.map((file) => path.extname(file))).toEqual(['.pdf', '.zpl']);
  return {
    pdf: path.join(labels.dir, files[0]!),
    zpl: await readFile(path.join(labels.dir, files[1]!), 'utf8'),
  };
}

describe('local websocket printing with the real renderer', () => {
  it('prints a QR cell label whose every copy reads back as the cell', async () => {
    const barcode = '=34717-5-z-70';
    const { pdf, zpl } = await printLocally({
      barcodeName: 'cell-qr-long',
      barcodeData: [
        { name: 'barcode', value: barcode },
        { name: 'name', value: '5-z-70' },
        { name: 'zone', value: '5' },
        { name: 'row', value: 'z' },
        { name: 'col', value: '70' },
      ],
      copies: 2,
    });
    // ZPL: a QR field (^BQN) carrying the cell, two copies.
    expect(zpl).toMatch(/\^BQN[^\n]*\^FH\\\^FDMA,=34717-5-z-70\^FS/);
    expect(zpl).toMatch(/\^PQ2,/);
    if (SHOULD_DECODE) expect(await decodePdfPages(pdf)).toEqual([barcode, barcode]);
  });

  it('prints a user badge label that reads back as the badge', async () => {
    const badge = '~W1001-7KQ2';
    const { pdf, zpl } = await printLocally({
      barcodeName: 'user',
      barcodeData: [
        { name: 'barcode', value: badge },
        { name: 'name', value: 'Иванов Пётр' },
        { name: 'number', value: '1001' },
      ],
      copies: 1,
    });
    // ZPL: the badge's '~' (ZPL's control prefix) is hex-escaped in the Code 128 field.
    expect(zpl).toMatch(/\^BCN[^\n]*\^FH\\\^FD\\7EW1001-7KQ2\^FS/);
    expect(zpl).toContain('^FDИванов Пётр^FS');
    if (SHOULD_DECODE) expect(await decodePdfPages(pdf)).toEqual([badge]);
  });

  it('prints every template with long captions and long codes, each reading back', async () => {
    for (const sample of LONG_LABELS) {
      const request = sampleRequest(sample, 1);
      const { pdf, zpl } = await printLocally({
        barcodeName: request.template,
        barcodeData: request.parameters,
        copies: 1,
      });
      expect(zpl).not.toContain('...');
      if (SHOULD_DECODE) {
        expect(await decodePdfPages(pdf), sample.template).toEqual([sample.parameters.barcode]);
      }
    }
  });

  it('answers a label the renderer refuses with its reason and writes nothing', async () => {
    const before = await readdir(labels.dir);
    const answer = await client.request({
      action: 'print',
      token: '',
      printerId: '',
      barcodeName: 'user',
      // A user label needs the worker's name (docs/DECISIONS.md "Labels").
      barcodeData: [{ name: 'barcode', value: '~W1001-7KQ2' }],
      copies: 1,
    });
    expect(answer).toMatchObject({ action: 'print', isSuccess: false });
    expect(answer.message).toMatch(/^Print on desk failed: .*name/);
    expect(await readdir(labels.dir)).toEqual(before);
  });
});
