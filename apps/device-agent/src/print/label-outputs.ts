// Where a printer's labels go (docs/DECISIONS.md "Device agent"): a PDF folder (PDF and the ZPL
// a Zebra would receive, side by side), a CUPS queue (`lp`), or a Zebra-type printer over raw TCP.
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PrintJob } from '@sorting/contracts';
import type { LabelFormat, LabelRequest } from '@sorting/labels';
import type { PrinterConfig } from '../config.js';

/** The label renderer (`renderLabel` of @sorting/labels), injected so tests can pass their own. */
export type RenderLabel = (request: LabelRequest, format: LabelFormat) => Promise<Uint8Array>;

/** One printer's output channel. */
export interface LabelOutput {
  /** Renders the job and hands it to the printer; resolves with where it went, for the log. */
  send(job: PrintJob, jobId: string): Promise<string>;
  /** Whether the printer can take a job now, as far as the agent can tell. */
  isReady(): boolean;
}

function toLabelRequest(job: PrintJob, copies = job.copies): LabelRequest {
  return { template: job.barcodeName, parameters: job.barcodeData, copies };
}

/** A file-name-safe form of a time: 2026-11-22T03-44-00-123Z. */
function fileTime(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** A job id from the hub is the server's; keep only characters every file system accepts. */
function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
}

/** Writes `<time>-<template>-<jobId>.pdf` and the matching `.zpl` into a folder. */
export function createPdfFolderOutput(
  dir: string,
  render: RenderLabel,
  now: () => Date = () => new Date(),
): LabelOutput {
  return {
    async send(job, jobId) {
      const request = toLabelRequest(job);
      const [pdf, zpl] = await Promise.all([render(request, 'pdf'), render(request, 'zpl')]);
      await mkdir(dir, { recursive: true });
      const base = path.join(dir, `${fileTime(now())}-${job.barcodeName}-${fileSafe(jobId)}`);
      await writeFile(`${base}.pdf`, pdf);
      await writeFile(`${base}.zpl`, zpl);
      return `${base}.pdf`;
    },
    isReady: () => true,
  };
}

/** Whether an executable of that name is on PATH (an absolute path is checked as it is). */
function isOnPath(command: string): boolean {
  const candidates = path.isAbsolute(command)
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Prints a PDF through CUPS: `lp -d <queue> -n <copies> <file>`. The PDF holds one copy and lp
 * asks for the count, so the spooler (not a bigger file) makes the copies.
 */
export function createCupsOutput(queue: string, render: RenderLabel, command = 'lp'): LabelOutput {
  return {
    async send(job, jobId) {
      const pdf = await render(toLabelRequest(job, 1), 'pdf');
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sorting-agent-'));
      const file = path.join(dir, `${job.barcodeName}-${fileSafe(jobId)}.pdf`);
      try {
        await writeFile(file, pdf);
        const output = await run(command, ['-d', queue, '-n', String(job.copies), file]);
        return `CUPS queue ${queue}${output ? ` (${output})` : ''}`;
      } finally {
        // lp has handed the file to the spooler by the time it exits.
        await rm(dir, { recursive: true, force: true });
      }
    },
    isReady: () => isOnPath(command),
  };
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} not found: install the CUPS client (cups-client)`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout.trim());
      else
        reject(new Error(`${command} exited with code ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}

/** Sends ZPL to a Zebra-type printer's raw port (9100); the printer makes the copies (^PQ). */
export function createZplTcpOutput(
  host: string,
  port: number,
  render: RenderLabel,
  timeoutMs = 10_000,
): LabelOutput {
  let isReachable = true;
  return {
    async send(job) {
      const zpl = await render(toLabelRequest(job), 'zpl');
      try {
        await sendRaw(host, port, zpl, timeoutMs);
        isReachable = true;
      } catch (error) {
        isReachable = false;
        throw error;
      }
      return `ZPL to ${host}:${port}`;
    },
    isReady: () => isReachable,
  };
}

function sendRaw(host: string, port: number, data: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let isDone = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = (error?: Error) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new Error(`printer ${host}:${port} did not take the label in ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (error) =>
      finish(new Error(`printer ${host}:${port} unreachable: ${error.message}`)),
    );
    socket.on('connect', () => socket.end(data));
    // Whatever the printer says (status) is read and dropped, so its closing is seen.
    socket.resume();
    // The whole label has left once our side is flushed and closed; the printer took it once it
    // closes its side too. A reset in between (a printer switched off as it accepted the
    // connection) is a failure, so «Продолжить с n» starts at that label instead of losing it;
    // a printer that keeps its side open is trusted after a short grace.
    socket.on('finish', () => {
      graceTimer = setTimeout(() => finish(), PEER_CLOSE_GRACE_MS);
    });
    socket.on('close', (hadError) => {
      if (!hadError) finish();
    });
  });
}

/** How long a sent label waits for the printer to close its side before it counts as taken. */
const PEER_CLOSE_GRACE_MS = 1_000;

/** Builds the output of one configured printer. */
export function createLabelOutput(printer: PrinterConfig, render: RenderLabel): LabelOutput {
  switch (printer.output) {
    case 'pdf-folder':
      return createPdfFolderOutput(printer.dir, render);
    case 'cups':
      return createCupsOutput(printer.queue, render);
    case 'zpl-tcp':
      return createZplTcpOutput(printer.host, printer.port, render);
  }
}
