// @vitest-environment node
// The printer service with its real adapters: a real `ws` WebSocketServer stands in for the
// device agent's local socket, and the official @microsoft/signalr client talks to a real
// SignalR JSON protocol server. Reconnect timings run on a fake clock.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_PRINTER_CLOSE_REASON, type HubPrintRequest } from '@sorting/contracts';
import { createMemoryCookieJar } from '../../lib/cookies';
import { createFakeScheduler, type FakeScheduler } from '../../lib/fake-scheduler';
import { createPrinterIdCookies } from '../device-ids';
import { createSignalRHub } from './hub-connection';
import { createLocalSocketOpener, type WebSocketConstructor } from './local-socket';
import {
  HUB_PRINT_REPORT_TIMEOUT_MS,
  createPrinterService,
  type PrinterProblem,
  type PrinterService,
} from './printer-service';
import { startAgent } from './testing/agent-stand-in';
import { startTestHub, type TestHub } from './testing/signalr-test-hub';

/** A local port nothing listens on: no agent on this workstation. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `ws://127.0.0.1:${port}`;
}

async function waitUntil(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const LABEL = {
  barcodeName: 'user' as const,
  barcodeData: [
    { name: 'barcode', value: 'TEST-1' },
    { name: 'name', value: 'Иванов Пётр' },
  ],
};

interface Rig {
  service: PrinterService;
  clock: FakeScheduler;
  problems: PrinterProblem[];
  cookies: ReturnType<typeof createMemoryCookieJar>;
}

let cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  cleanups = [];
});
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function rig(options: {
  localUrl: string;
  hubUrl: string;
  random?: number;
  ids?: [string, string];
}): Rig {
  const clock = createFakeScheduler();
  const problems: PrinterProblem[] = [];
  const cookies = createMemoryCookieJar();
  const device = createPrinterIdCookies(cookies, () => 'localhost');
  if (options.ids) device.write({ appId: options.ids[0], deviceId: options.ids[1] });
  const service = createPrinterService({
    scheduler: clock,
    random: () => options.random ?? 0.5,
    openLocalSocket: createLocalSocketOpener(
      options.localUrl,
      WebSocket as unknown as WebSocketConstructor,
    ),
    createHub: createSignalRHub(options.hubUrl),
    device: {
      read: () => {
        const ids = device.read();
        return { printerAppId: ids.appId, printerId: ids.deviceId };
      },
      write: (ids) => device.write({ appId: ids.printerAppId, deviceId: ids.printerId }),
    },
    report: (problem) => problems.push(problem),
  });
  cleanups.push(() => service.stop());
  return { service, clock, problems, cookies };
}

async function hubAt(): Promise<TestHub> {
  const hub = await startTestHub();
  cleanups.push(() => hub.close());
  return hub;
}

describe('printer service over the local socket (real ws server)', () => {
  it('asks version and state, then prints over the local socket with an empty printerId', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const hub = await hubAt();
    const { service } = rig({ localUrl: agent.url, hubUrl: hub.url, ids: ['agent-7', 'zebra-1'] });
    service.start();
    await waitUntil(() => service.getSnapshot().local.selectedPrinterId === 'zebra-1', 'state');
    expect(agent.received.slice(0, 2)).toEqual([{ action: 'version' }, { action: 'state' }]);
    expect(service.getSnapshot().local.version).toBe('1.0.0');
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');

    const outcome = await service.print(LABEL);
    expect(outcome).toEqual({ status: 'printed', channel: 'local', jobId: 'local-3' });
    expect(agent.received.at(-1)).toEqual({
      action: 'print',
      token: '',
      printerId: '',
      copies: 1,
      ...LABEL,
    });
    // Version, state and print never went to the hub; only the app's AddPrinterClient did.
    await waitUntil(() => hub.invocations.length > 0, 'AddPrinterClient');
    expect(hub.invocations).toEqual([{ target: 'AddPrinterClient', arguments: ['agent-7'] }]);
  });

  it('selectPrinter goes over the local socket only and keeps the ids in the cookies', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const hub = await hubAt();
    const { service, cookies } = rig({ localUrl: agent.url, hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().local.status === 'connected', 'local');
    expect(await service.selectPrinter('office')).toBe(true);
    expect(agent.received).toContainEqual({
      action: 'selectPrinter',
      token: '',
      printerId: 'office',
    });
    expect(cookies.get('printer_app_id')).toBe('agent-7');
    expect(cookies.get('printer_id')).toBe('office');
    await waitUntil(() => service.getSnapshot().local.selectedPrinterId === 'office', 'select');
    expect(hub.invocations).toEqual([]);
  });

  it('reconnects after a non-clean close: after 1 s, then 2 s, on the fake clock', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const hub = await hubAt();
    hub.failNegotiateWith = 503; // hub down, so the local socket is retried
    const { service, clock } = rig({ localUrl: agent.url, hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().local.status === 'connected', 'local');
    agent.dropAll();
    await waitUntil(() => service.getSnapshot().local.status === 'disconnected', 'drop');
    clock.advance(999);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(agent.connections()).toBe(1);
    clock.advance(1);
    await waitUntil(() => agent.connections() === 2, 'reconnect');
    await waitUntil(() => service.getSnapshot().local.status === 'connected', 'reopened');
  });

  it('does not reconnect the local socket while the hub is connected', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const hub = await hubAt();
    const { service, clock } = rig({ localUrl: agent.url, hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    await waitUntil(() => service.getSnapshot().local.status === 'connected', 'local');
    agent.dropAll();
    await waitUntil(() => service.getSnapshot().local.status === 'disconnected', 'drop');
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(agent.connections()).toBe(1);
  });

  it('a page that does not need the socket closes it with 1000 and the Russian reason', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const hub = await hubAt();
    const { service } = rig({ localUrl: agent.url, hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().local.status === 'connected', 'local');
    service.setLocalNeeded(false);
    await waitUntil(() => agent.closes.length === 1, 'close');
    expect(agent.closes[0]).toEqual({ code: 1000, reason: LOCAL_PRINTER_CLOSE_REASON });
    service.setLocalNeeded(true);
    await waitUntil(() => agent.connections() === 2, 'reopen');
  });

  it('with no agent and no hub printer, printing reports the printer unavailable', async () => {
    const hub = await hubAt();
    const { service, problems } = rig({ localUrl: await closedPortUrl(), hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    await waitUntil(() => service.getSnapshot().local.lastCloseWasClean === false, 'refused');
    expect(await service.print(LABEL)).toEqual({ status: 'unavailable' });
    expect(problems).toEqual([{ kind: 'printerUnavailable' }]);
    expect(hub.invocations).toEqual([]);
  });

  it('a print while the agent is away asks for it again (an agent started since is found)', async () => {
    const hub = await hubAt();
    const { service } = rig({ localUrl: await closedPortUrl(), hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().local.lastCloseWasClean === false, 'refused');
    expect(await service.print(LABEL)).toEqual({ status: 'unavailable' });
    expect(service.getSnapshot().local.status).toBe('connecting');
  });
});

/**
 * The hub answers PrintBarcode with `jobId` and, as the server does once its agent reports,
 * sends PrintJobFinished (here even before the answer: a fast agent).
 */
function answerAndReport(
  hub: TestHub,
  jobId: string,
  report: { state: 'printed' | 'failed'; message: string | null } | null = {
    state: 'printed',
    message: null,
  },
): void {
  hub.answer = (invocation) => {
    if (invocation.target !== 'PrintBarcode') return { result: null };
    if (report)
      hub.send('Notify', { type: 'PrintJobFinished', jobId, appId: 'agent-7', ...report });
    return { result: { jobId } };
  };
}

/** A service with no local agent, started and connected to the hub, printer app agent-7. */
async function connectedToHub(hub: TestHub): Promise<Rig> {
  const started = rig({
    localUrl: await closedPortUrl(),
    hubUrl: hub.url,
    ids: ['agent-7', 'zebra-1'],
  });
  started.service.start();
  await waitUntil(() => started.service.getSnapshot().hub.status === 'connected', 'hub');
  return started;
}

describe('printer service through the hub (official SignalR client, real socket)', () => {
  it('prints through PrintBarcode with the cookie app id and printer id', async () => {
    const hub = await hubAt();
    answerAndReport(hub, 'job-42');
    const { service } = rig({
      localUrl: await closedPortUrl(),
      hubUrl: hub.url,
      ids: ['agent-7', 'zebra-1'],
    });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    expect(await service.print(LABEL)).toEqual({
      status: 'printed',
      channel: 'hub',
      jobId: 'job-42',
    });
    expect(hub.invocations.map((invocation) => invocation.target)).toEqual([
      'AddPrinterClient',
      'PrintBarcode',
    ]);
    const sent = JSON.parse(hub.invocations[1]?.arguments[0] as string) as HubPrintRequest;
    expect(sent).toEqual({
      action: 'print',
      token: '',
      printerId: 'zebra-1',
      appId: 'agent-7',
      copies: 1,
      ...LABEL,
    });
  });

  it('a hub print is printed only when the agent reports it: a jam is a failed print', async () => {
    const hub = await hubAt();
    const { service, problems } = await connectedToHub(hub);
    answerAndReport(hub, 'job-jam', { state: 'failed', message: 'Paper jam' });
    expect(await service.print(LABEL)).toEqual({
      status: 'failed',
      channel: 'hub',
      message: 'Paper jam',
    });
    expect(problems).toEqual([{ kind: 'printFailed', message: 'Paper jam' }]);
    // A failed print is no hub error: the connection stays.
    expect(service.getSnapshot().hub.status).toBe('connected');
  });

  it('a hub print with no report in time is failed and the worker is told', async () => {
    const hub = await hubAt();
    const { service, problems, clock } = await connectedToHub(hub);
    answerAndReport(hub, 'job-lost', null);
    const timers = clock.pending();
    const outcome = service.print(LABEL);
    // The hub's answer arrives on the real socket; then the report's timer runs on the clock.
    await waitUntil(() => clock.pending() > timers, 'the report timer');
    clock.advance(HUB_PRINT_REPORT_TIMEOUT_MS - 1);
    expect(problems).toEqual([]);
    clock.advance(1);
    expect(await outcome).toEqual({ status: 'failed', channel: 'hub', message: null });
    expect(problems).toEqual([{ kind: 'printNotConfirmed' }]);
  });

  it('Notify PrinterDisconnected / PrinterConnected of the cookie app switch printing', async () => {
    const hub = await hubAt();
    answerAndReport(hub, 'job-1');
    const { service, problems } = rig({
      localUrl: await closedPortUrl(),
      hubUrl: hub.url,
      ids: ['agent-7', 'zebra-1'],
    });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    hub.send('Notify', { type: 'PrinterDisconnected', appId: 'agent-7' });
    await waitUntil(() => service.getSnapshot().hub.printer === 'disconnected', 'notify');
    expect(await service.print(LABEL)).toEqual({ status: 'unavailable' });
    expect(problems).toEqual([{ kind: 'printerUnavailable' }]);
    hub.send('Notify', { type: 'PrinterConnected', appId: 'agent-7', printers: [] });
    await waitUntil(() => service.getSnapshot().hub.printer === 'connected', 'notify');
    expect((await service.print(LABEL)).status).toBe('printed');
  });

  it('invokes AddPrinterClient(app id) on every (re)connect; an unserved app is "printer unavailable", no job', async () => {
    const hub = await hubAt();
    // Like the server: AddPrinterClient from a web client is answered at once with Notify.
    hub.answer = (invocation) => {
      if (invocation.target === 'AddPrinterClient') {
        hub.send('Notify', { type: 'PrinterDisconnected', appId: invocation.arguments[0] });
      }
      return { result: { jobId: 'job-9' } };
    };
    const { service, problems } = rig({
      localUrl: await closedPortUrl(),
      hubUrl: hub.url,
      ids: ['agent-7', 'zebra-1'],
    });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.printer === 'disconnected', 'answer');
    expect(hub.invocations).toEqual([{ target: 'AddPrinterClient', arguments: ['agent-7'] }]);
    expect(await service.print(LABEL)).toEqual({ status: 'unavailable' });
    expect(problems).toEqual([{ kind: 'printerUnavailable' }]);

    hub.dropAll();
    await waitUntil(() => hub.invocations.length === 2, 'announced again after the reconnect');
    expect(hub.invocations[1]).toEqual({ target: 'AddPrinterClient', arguments: ['agent-7'] });
    expect(hub.invocations.some((invocation) => invocation.target === 'PrintBarcode')).toBe(false);
  });

  it('an invoke failure marks the hub errored and reconnects after the random delay', async () => {
    const hub = await hubAt();
    hub.answer = (invocation) =>
      invocation.target === 'PrintBarcode' ? { error: 'Printer zebra-1 is not served' } : {};
    const { service, clock, problems } = rig({
      localUrl: await closedPortUrl(),
      hubUrl: hub.url,
      ids: ['agent-7', 'zebra-1'],
      random: 0.37,
    });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    expect(hub.negotiations).toBe(1);
    const outcome = await service.print(LABEL);
    expect(outcome).toMatchObject({ status: 'failed', channel: 'hub' });
    expect(problems[0]).toMatchObject({ kind: 'printFailed' });
    expect(JSON.stringify(problems[0])).toContain('Printer zebra-1 is not served');
    expect(service.getSnapshot().hub.status).toBe('errored');
    await waitUntil(() => hub.connections() === 0, 'stopped');
    clock.advance(3699);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hub.negotiations).toBe(1);
    clock.advance(1);
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'reconnected');
    expect(hub.negotiations).toBe(2);
  });

  it('a start failure is retried after a random delay of at most 10 s', async () => {
    const hub = await hubAt();
    hub.failNegotiateWith = 500;
    const { service, clock } = rig({
      localUrl: await closedPortUrl(),
      hubUrl: hub.url,
      random: 0.9999,
    });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'errored', 'errored');
    expect(hub.negotiations).toBe(1);
    hub.failNegotiateWith = null;
    clock.advance(9998);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hub.negotiations).toBe(1);
    clock.advance(2); // 10 000 ms: the longest possible delay
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'connected');
    expect(hub.negotiations).toBe(2);
  });

  it('a lost hub connection is reconnected by the client policy (first retry at once)', async () => {
    const hub = await hubAt();
    const { service } = rig({ localUrl: await closedPortUrl(), hubUrl: hub.url });
    service.start();
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'hub');
    hub.dropAll();
    await waitUntil(() => hub.negotiations === 2, 'automatic reconnect');
    await waitUntil(() => service.getSnapshot().hub.status === 'connected', 'reconnected');
  });
});
