// Shared test setup: an agent on a free port with a simple label renderer, and a websocket
// client that speaks the local printer protocol.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { LabelFormat, LabelRequest } from '@sorting/labels';
import type { LocalPrinterRequest, LocalPrinterResponse } from '@sorting/contracts';
import { startAgent, type AgentDependencies, type RunningAgent } from '../src/agent.js';
import { parseConfig, type AgentConfigInput } from '../src/config.js';
import { silentLogger } from '../src/logger.js';

/**
 * Stands in for @sorting/labels: a readable text per format, so a test can see which template,
 * parameters and copies reached the printer.
 */
export async function fakeRenderLabel(
  request: LabelRequest,
  format: LabelFormat,
): Promise<Uint8Array> {
  const fields = request.parameters.map((p) => `${p.name}=${p.value}`).join(',');
  const text =
    format === 'pdf'
      ? `%PDF-fake ${request.template} ${fields} copies=${request.copies}`
      : `^XA^FD${request.template} ${fields}^FS^PQ${request.copies}^XZ`;
  return new TextEncoder().encode(text);
}

export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** An agent on 127.0.0.1 and a free port; the hub is off unless a test turns it on. */
export async function startTestAgent(
  config: Partial<AgentConfigInput>,
  deps: Partial<AgentDependencies> = {},
): Promise<RunningAgent & { baseUrl: string; wsUrl: string }> {
  const agent = await startAgent(
    parseConfig({
      appId: 'TEST-PC',
      agentKey: 'test-key',
      serverUrl: 'http://localhost:3000',
      host: '127.0.0.1',
      port: 0,
      printers: [{ id: 'pdf-1', name: 'PDF', output: 'pdf-folder', dir: os.tmpdir() }],
      ...config,
    }),
    { renderLabel: fakeRenderLabel, logger: silentLogger, isHubEnabled: false, ...deps },
  );
  return Object.assign(agent, {
    baseUrl: `http://127.0.0.1:${agent.port}`,
    wsUrl: `ws://127.0.0.1:${agent.port}`,
  });
}

/** A local-printer websocket client as the web app would open it. */
export class PrinterSocket {
  private constructor(private readonly socket: WebSocket) {}

  static open(url: string, origin = 'http://localhost:3000'): Promise<PrinterSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { origin });
      socket.once('open', () => resolve(new PrinterSocket(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends one request and waits for the answer with the same action. */
  request<A extends LocalPrinterRequest['action']>(
    message: Extract<LocalPrinterRequest, { action: A }> | Record<string, unknown>,
  ): Promise<Extract<LocalPrinterResponse, { action: A }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        const response = JSON.parse(data.toString()) as LocalPrinterResponse;
        if (response.action !== message.action) return;
        this.socket.off('message', onMessage);
        resolve(response as Extract<LocalPrinterResponse, { action: A }>);
      };
      this.socket.on('message', onMessage);
      this.socket.send(JSON.stringify(message), (error) => error && reject(error));
    });
  }

  /** Sends raw text (for malformed messages). */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close(1000);
    });
  }
}
