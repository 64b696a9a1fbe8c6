// The header's printer status and dialog with the real runtime: jsdom's WebSocket talks to a
// real `ws` stand-in of the agent, the recent jobs come from a real HTTP server, the hub is
// down (nothing listens), so the local agent is the one way to print.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../../lib/cookies';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { browserScheduler } from '../../lib/scheduler';
import { startAgent } from '../../devices/printer/testing/agent-stand-in';
import type { WebSocketConstructor } from '../../devices/printer/local-socket';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider } from '../shell-services';
import { createDevicesAccess } from './devices-access';
import { createDevicesRuntime } from './devices-runtime';
import DeviceStatus from './device-status';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The server's printing API: two recorded jobs; reprint answers a new job id. */
async function startPrintingApi() {
  const reprinted: string[] = [];
  const server: Server = createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/printing-api/v1/jobs') {
      response.end(
        JSON.stringify({
          IsSuccess: true,
          OperationObject: [
            {
              jobId: 'job-2',
              createdAt: '2026-11-22T03:00:00Z',
              barcodeName: 'cell-bar-long',
              printerId: 'zebra-1',
              appId: 'agent-7',
              state: 'failed',
              message: 'Out of paper',
            },
          ],
        }),
      );
      return;
    }
    const match = /^\/printing-api\/v1\/jobs\/([^/]+)\/reprint$/.exec(request.url ?? '');
    if (match && request.method === 'POST') {
      reprinted.push(match[1] ?? '');
      response.end(JSON.stringify({ IsSuccess: true, OperationObject: { jobId: 'job-3' } }));
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, reprinted };
}

/**
 * The agent's scale API: unstable first, then 2.45 kg. Its cookie check sets a cookie that
 * this test's fetch (Node's, no cookie jar) never sends back: cookies look disabled.
 */
async function startScaleApi(options: { info?: unknown } = {}) {
  let reads = 0;
  const server: Server = createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/api/version' && options.info !== undefined) {
      response.end(JSON.stringify(options.info));
    } else if (url.pathname === '/api/cookie/check') {
      response.setHeader('Set-Cookie', 'agent_cookie_check=1; Path=/; HttpOnly');
      response.end(JSON.stringify({ isSuccess: true, name: 'agent_cookie_check' }));
    } else if (url.pathname === '/api/cookie') {
      response.end(JSON.stringify({ name: 'agent_cookie_check', value: null }));
    } else if (url.pathname === '/api/connect' && request.method === 'POST') {
      response.end(JSON.stringify({ isSuccess: true }));
    } else if (url.pathname === '/api/connect') {
      reads++;
      response.end(
        JSON.stringify({
          appId: url.searchParams.get('appId'),
          scaleId: url.searchParams.get('scaleId'),
          weightKg: reads < 2 ? null : 2.45,
          isStable: reads >= 2,
        }),
      );
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The real devices runtime over the test services; the hub is down unless a URL is given. */
function startRuntime(
  services: ReturnType<typeof createTestServices>,
  cookies: ReturnType<typeof createMemoryCookieJar>,
  settings: { printerServiceUrl: string; printingHubUrl: string; scaleServiceUrl: string },
) {
  const runtime = createDevicesRuntime({
    cookies,
    getHost: () => 'localhost',
    scheduler: browserScheduler,
    fetch: (input, init) => fetch(input, init),
    WebSocket: window.WebSocket as unknown as WebSocketConstructor,
    random: () => 0.5,
    isCookieEnabled: () => true,
    notify: (input) => services.toasts.notify(input),
    translate: async (key) => key,
    settings,
  });
  services.devices = createDevicesAccess(async () => runtime);
  cleanups.push(() => runtime.printer.stop());
  return runtime;
}

describe('device status in the header', () => {
  it('reads the stable weight of the scale whose ids were typed; a cookie the agent set that does not come back warns', async () => {
    const scaleUrl = await startScaleApi();
    const cookies = createMemoryCookieJar();
    const services = createTestServices({ cookies });
    services.session.setUser({
      userId: '11',
      number: null,
      userName: 'A',
      defaultWarehouseNumber: null,
    });
    startRuntime(services, cookies, {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: 'http://127.0.0.1:1/printersHub',
      scaleServiceUrl: scaleUrl,
    });
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'en',
      ['devices'],
    );
    const status = await screen.findByTestId('device-status');
    expect(status.dataset.printer).toBe('none');
    expect(status.dataset.scale).toBe('none');
    // The agent's cookie did not come back: spec part 1 §8.
    await waitFor(() =>
      expect(services.toasts.getSnapshot().bottomRight.map((toast) => toast.content)).toContain(
        'cookiesDisabled',
      ),
    );

    await userEvent.click(status);
    const scale = await screen.findByTestId('device-scale');
    await userEvent.type(within(scale).getByTestId('device-scale-app-id'), 'agent-7');
    await userEvent.type(within(scale).getByTestId('device-scale-id'), 'sim');
    await userEvent.click(within(scale).getByTestId('device-scale-save'));
    expect(cookies.get('scale_app_id')).toBe('agent-7');
    expect(cookies.get('scale_id')).toBe('sim');
    expect(
      (await within(scale).findByTestId('device-scale-weight', {}, { timeout: 3000 })).textContent,
    ).toBe('2.45 kg');
  });

  it('a screen reads the scale of the device cookies and opens the dialog through the runtime', async () => {
    const scaleUrl = await startScaleApi();
    const cookies = createMemoryCookieJar();
    cookies.set('scale_app_id', 'agent-7', { path: '/' });
    cookies.set('scale_id', 'sim', { path: '/' });
    const services = createTestServices({ cookies });
    services.session.setUser({
      userId: '11',
      number: null,
      userName: 'A',
      defaultWarehouseNumber: null,
    });
    const runtime = startRuntime(services, cookies, {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: 'http://127.0.0.1:1/printersHub',
      scaleServiceUrl: scaleUrl,
    });
    await expect(runtime.readStableWeight()).resolves.toBe(2.45);

    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'en',
      ['devices'],
    );
    await screen.findByTestId('device-status');
    expect(screen.queryByTestId('device-dialog')).toBeNull();
    act(() => runtime.openDialog());
    expect(await screen.findByTestId('device-dialog')).toBeTruthy();
  });

  it('with no scale cookies a screen reads the scale of the agent on this computer and keeps its ids', async () => {
    const scaleUrl = await startScaleApi({
      info: { appId: 'agent-7', version: '1.0.0', printers: [], scaleId: 'sim' },
    });
    const cookies = createMemoryCookieJar();
    const services = createTestServices({ cookies });
    const runtime = startRuntime(services, cookies, {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: 'http://127.0.0.1:1/printersHub',
      scaleServiceUrl: scaleUrl,
    });
    await expect(runtime.readStableWeight()).resolves.toBe(2.45);
    expect(cookies.get('scale_app_id')).toBe('agent-7');
    expect(cookies.get('scale_id')).toBe('sim');
  });

  it('an agent without a scale, or none at all: the read fails and a toast says what to do', async () => {
    for (const info of [
      { appId: 'agent-7', version: '1.0.0', printers: [], scaleId: null },
      undefined,
    ]) {
      const scaleUrl = await startScaleApi({ info });
      const cookies = createMemoryCookieJar();
      const services = createTestServices({ cookies });
      const runtime = startRuntime(services, cookies, {
        printerServiceUrl: 'ws://127.0.0.1:1',
        printingHubUrl: 'http://127.0.0.1:1/printersHub',
        scaleServiceUrl: scaleUrl,
      });
      await expect(runtime.readStableWeight()).rejects.toMatchObject({ code: 'notConfigured' });
      await waitFor(() =>
        expect(services.toasts.getSnapshot().bottomRight.map((toast) => toast.content)).toContain(
          'scaleNotConfigured',
        ),
      );
      expect(cookies.get('scale_app_id')).toBeUndefined();
    }
  });

  it('the dialog shows the agent’s scale and its weight without typing anything', async () => {
    const scaleUrl = await startScaleApi({
      info: { appId: 'agent-7', version: '1.0.0', printers: [], scaleId: 'sim' },
    });
    const cookies = createMemoryCookieJar();
    const services = createTestServices({ cookies });
    services.session.setUser({
      userId: '11',
      number: null,
      userName: 'A',
      defaultWarehouseNumber: null,
    });
    startRuntime(services, cookies, {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: 'http://127.0.0.1:1/printersHub',
      scaleServiceUrl: scaleUrl,
    });
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'en',
      ['devices'],
    );
    await userEvent.click(await screen.findByTestId('device-status'));
    const scale = await screen.findByTestId('device-scale');
    await waitFor(() =>
      expect((within(scale).getByTestId('device-scale-app-id') as HTMLInputElement).value).toBe(
        'agent-7',
      ),
    );
    expect((within(scale).getByTestId('device-scale-id') as HTMLInputElement).value).toBe('sim');
    expect(
      (await within(scale).findByTestId('device-scale-weight', {}, { timeout: 3000 })).textContent,
    ).toBe('2.45 kg');
  });

  it('a dialog asked for before the header listens opens when the header comes', async () => {
    const services = createTestServices({ cookies: createMemoryCookieJar() });
    const runtime = startRuntime(services, createMemoryCookieJar(), {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: 'http://127.0.0.1:1/printersHub',
      scaleServiceUrl: 'http://127.0.0.1:1',
    });
    // The sorting screen had no printer for a sticker while the header chunk was still loading.
    runtime.openDialog();

    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'en',
      ['devices'],
    );
    expect(await screen.findByTestId('device-dialog')).toBeTruthy();
  });

  it('shows the local agent, selects its printer, test-prints the user label and reprints a job', async () => {
    const agent = await startAgent();
    cleanups.push(() => agent.close());
    const api = await startPrintingApi();
    const cookies = createMemoryCookieJar();
    const services = createTestServices({ cookies });
    services.session.setUser({
      userId: '11',
      number: 'W1001',
      userName: 'Иванов Пётр',
      defaultWarehouseNumber: null,
    });
    startRuntime(services, cookies, {
      printerServiceUrl: agent.url,
      // The printing API sits beside the hub; the hub itself is not served there.
      printingHubUrl: `${api.url}/printersHub`,
      scaleServiceUrl: 'http://127.0.0.1:1',
    });

    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'ru',
      ['devices'],
    );
    const status = await screen.findByTestId('device-status');
    await waitFor(() => expect(status.dataset.printer).toBe('local'));
    // The name starts with the tag the button shows (WCAG 2.5.3), then says it in words.
    expect(status.getAttribute('aria-label')).toBe(
      'ЛОК. Принтер: локальный агент. Весы: не настроены',
    );

    await userEvent.click(status);
    const dialog = await screen.findByTestId('device-dialog');
    const printers = await within(dialog).findByTestId('device-agent-printers');
    expect(
      within(printers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ZebraВыбран', 'OfficeВыбрать']);

    await userEvent.click(within(dialog).getByTestId('device-select-office'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('device-select-office').getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(agent.received).toContainEqual({
      action: 'selectPrinter',
      token: '',
      printerId: 'office',
    });
    expect(cookies.get('printer_app_id')).toBe('agent-7');
    expect(cookies.get('printer_id')).toBe('office');

    await userEvent.click(within(dialog).getByTestId('device-test-print'));
    await waitFor(() => expect(agent.received.at(-1)?.action).toBe('print'));
    expect(agent.received.at(-1)).toEqual({
      action: 'print',
      token: '',
      printerId: '',
      copies: 1,
      barcodeName: 'user',
      barcodeData: [
        { name: 'barcode', value: 'TEST-W1001' },
        { name: 'name', value: 'Иванов Пётр' },
      ],
    });
    await waitFor(() =>
      expect(services.toasts.getSnapshot().bottomRight.map((toast) => toast.content)).toContain(
        'Этикетка напечатана',
      ),
    );

    const job = await within(dialog).findByTestId('device-job');
    expect(job.dataset.state).toBe('failed');
    expect(job.textContent).toContain('ошибка');
    expect(job.textContent).toContain('Out of paper');
    await userEvent.click(within(job).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(api.reprinted).toEqual(['job-2']));

    await act(async () => {
      await userEvent.click(screen.getByTestId('device-dialog-done'));
    });
    expect(screen.queryByTestId('device-dialog')).toBeNull();
  });

  it('shows job times in the interface locale and follows a job until the agent reports it', async () => {
    // The hub's job list: the job is "sent" until the agent's PrintResult comes (third read).
    let reads = 0;
    const server: Server = createServer((request, response) => {
      response.setHeader('Content-Type', 'application/json');
      reads++;
      response.end(
        JSON.stringify({
          IsSuccess: true,
          OperationObject: [
            {
              jobId: 'job-1',
              createdAt: '2026-11-22T20:27:05Z',
              barcodeName: 'cell-qr-long',
              printerId: 'pdf-1',
              appId: 'DEMO-PC-1',
              state: reads >= 3 ? 'printed' : 'sent',
              message: null,
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const scheduler = createFakeScheduler();
    const cookies = createMemoryCookieJar();
    const services = createTestServices({ cookies, scheduler });
    startRuntime(services, cookies, {
      printerServiceUrl: 'ws://127.0.0.1:1',
      printingHubUrl: `http://127.0.0.1:${port}/printersHub`,
      scaleServiceUrl: 'http://127.0.0.1:1',
    });
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <DeviceStatus />
      </ShellServicesProvider>,
      'ru',
      ['devices'],
    );
    await userEvent.click(await screen.findByTestId('device-status'));
    const job = await within(await screen.findByTestId('device-jobs')).findByTestId('device-job');
    expect(job.dataset.state).toBe('sent');
    const time = new Intl.DateTimeFormat('ru', { timeStyle: 'medium' }).format(
      new Date('2026-11-22T20:27:05Z'),
    );
    expect(job.textContent).toContain(time);
    expect(job.textContent).not.toMatch(/AM|PM/);

    // No tap, no reopening: the dialog reads the list again while a job is on its way.
    for (let step = 0; step < 2; step++) {
      await act(async () => {
        scheduler.advance(5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    await waitFor(() => expect(screen.getByTestId('device-job').dataset.state).toBe('printed'));
    expect(screen.getByTestId('device-job').textContent).toContain('напечатано');
    const readsWhenDone = reads;
    await act(async () => {
      scheduler.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // A finished list is not read again.
    expect(reads).toBe(readsWhenDone);
  });
});
