// The agent as a printing-hub client (official @microsoft/signalr) against a minimal
// SignalR-JSON server: registration, jobs through Notify, results, reconnects.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HubNotification, PrintJob } from '@sorting/contracts';
import { makeTempDir, startTestAgent } from './helpers.js';
import { startSignalrTestServer, type SignalrTestServer } from './signalr-test-server.js';

const job: PrintJob = {
  action: 'print',
  token: 'user-token',
  printerId: 'hub-printer',
  barcodeName: 'user',
  barcodeData: [
    { name: 'barcode', value: '~1234' },
    { name: 'name', value: 'Иванов И.' },
  ],
  copies: 1,
};

describe('printing hub client', () => {
  let hub: SignalrTestServer;
  let temp: { dir: string; remove: () => Promise<void> };
  let agent: Awaited<ReturnType<typeof startTestAgent>> | null;

  beforeEach(async () => {
    hub = await startSignalrTestServer();
    temp = await makeTempDir();
    agent = null;
  });

  afterEach(async () => {
    await agent?.stop();
    await hub.stop();
    await temp.remove();
  });

  const startHubAgent = (
    retryIntervalMs = 30_000,
    reconnectDelaysMs = [0, 2_000, 10_000, 30_000],
  ) =>
    startTestAgent(
      {
        appId: 'HUB-PC',
        agentKey: 'secret-agent-key',
        serverUrl: `${hub.url}/`,
        printers: [{ id: 'hub-printer', name: 'Hub printer', output: 'pdf-folder', dir: temp.dir }],
      },
      {
        isHubEnabled: true,
        hubRetryIntervalMs: retryIntervalMs,
        hubReconnectDelaysMs: reconnectDelaysMs,
      },
    );

  it('connects with the agent key and registers its printers with AddPrinterClient', async () => {
    agent = await startHubAgent();
    const registration = await hub.nextInvocation('AddPrinterClient');
    expect(registration.arguments).toEqual([
      'HUB-PC',
      [{ id: 'hub-printer', name: 'Hub printer', output: 'pdf-folder', isReady: true }],
    ]);
    expect(hub.tokens.length).toBeGreaterThanOrEqual(2);
    expect(new Set(hub.tokens)).toEqual(new Set(['Bearer secret-agent-key']));
    expect(agent.hub?.isConnected).toBe(true);
  });

  it('prints a PrintBarcode notification on the named printer and reports PrintResult', async () => {
    agent = await startHubAgent();
    await hub.nextInvocation('AddPrinterClient');

    const notification: HubNotification = {
      type: 'PrintBarcode',
      jobId: 'job-42',
      appId: 'HUB-PC',
      job,
    };
    hub.send('Notify', notification);
    const result = await hub.nextInvocation('PrintResult');
    expect(result.arguments).toEqual(['job-42', true, null]);
    const files = (await readdir(temp.dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/-user-job-42\.pdf$/);
    expect(files[1]).toMatch(/-user-job-42\.zpl$/);
  });

  it('reports a failed job with its reason', async () => {
    agent = await startHubAgent();
    await hub.nextInvocation('AddPrinterClient');
    hub.send('Notify', {
      type: 'PrintBarcode',
      jobId: 'job-43',
      appId: 'HUB-PC',
      job: { ...job, printerId: 'elsewhere' },
    } satisfies HubNotification);
    expect((await hub.nextInvocation('PrintResult')).arguments).toEqual([
      'job-43',
      false,
      'Printer "elsewhere" is not served by HUB-PC',
    ]);
    expect(await readdir(temp.dir)).toEqual([]);
  });

  it('does not resend a result the connected hub refused, after a reconnect either', async () => {
    agent = await startHubAgent();
    await hub.nextInvocation('AddPrinterClient');
    hub.refuse('PrintResult', 'Print job not found: job-44');
    hub.send('Notify', { type: 'PrintBarcode', jobId: 'job-44', appId: 'HUB-PC', job });
    expect((await hub.nextInvocation('PrintResult')).arguments[0]).toBe('job-44');
    hub.refuse('PrintResult', null);

    hub.dropConnections();
    await hub.nextInvocation('AddPrinterClient');
    hub.send('Notify', { type: 'PrintBarcode', jobId: 'job-45', appId: 'HUB-PC', job });
    expect((await hub.nextInvocation('PrintResult')).arguments[0]).toBe('job-45');
    expect(
      hub.invocations.filter((i) => i.target === 'PrintResult').map((i) => i.arguments[0]),
    ).toEqual(['job-44', 'job-45']);
  });

  it('ignores PrinterConnected and other apps’ notifications', async () => {
    agent = await startHubAgent();
    await hub.nextInvocation('AddPrinterClient');
    hub.send('Notify', { type: 'PrinterConnected', appId: 'X', printers: [] });
    hub.send('Notify', { type: 'PrintBarcode', jobId: 'j-other', appId: 'OTHER-PC', job });
    hub.send('Notify', { type: 'PrintBarcode', jobId: 'j-mine', appId: 'HUB-PC', job });
    expect((await hub.nextInvocation('PrintResult')).arguments[0]).toBe('j-mine');
    expect(hub.invocations.filter((i) => i.target === 'PrintResult')).toHaveLength(1);
    expect(await readdir(temp.dir)).toHaveLength(2);
  });

  it('reconnects after the connection drops and registers again', async () => {
    agent = await startHubAgent();
    await hub.nextInvocation('AddPrinterClient');
    hub.dropConnections();
    // Reconnect delay 0: back at once, with a new registration.
    expect((await hub.nextInvocation('AddPrinterClient')).arguments[0]).toBe('HUB-PC');
    hub.send('Notify', { type: 'PrintBarcode', jobId: 'after-drop', appId: 'HUB-PC', job });
    expect((await hub.nextInvocation('PrintResult')).arguments).toEqual(['after-drop', true, null]);
  });

  it('keeps trying after the reconnect policy gives up, and registers when the server is back', async () => {
    agent = await startHubAgent(300, [0, 50]);
    await hub.nextInvocation('AddPrinterClient');
    await hub.stop();
    // Reconnect attempts at 0 and 50 ms fail; the policy gives up. Well past that:
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(agent.hub?.isConnected).toBe(false);
    await hub.restart();
    const registration = await hub.nextInvocation('AddPrinterClient', 3_000);
    expect(registration.arguments[0]).toBe('HUB-PC');
  });

  it('starts even when the server is down at first, and connects when it comes up', async () => {
    await hub.stop();
    agent = await startHubAgent(200);
    // The local server works without the hub.
    expect((await fetch(`${agent.baseUrl}/api/version`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await hub.restart();
    expect((await hub.nextInvocation('AddPrinterClient', 3_000)).arguments[0]).toBe('HUB-PC');
  });

  it('drops a refused registration and registers on a later try', async () => {
    hub.refuse('AddPrinterClient', 'Unknown printer app HUB-PC');
    agent = await startHubAgent(200);
    await hub.nextInvocation('AddPrinterClient');
    // The agent stops that connection instead of sitting on a useless one.
    await waitFor(() => hub.connectionCount === 0);
    hub.refuse('AddPrinterClient', null);
    await hub.nextInvocation('AddPrinterClient', 3_000);
    await waitFor(() => agent?.hub?.isConnected === true);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
