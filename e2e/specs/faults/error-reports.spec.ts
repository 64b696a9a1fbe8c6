import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { test, expect, Scanner } from '../../fixtures';
import { startServer } from '../../server-process';
import { signInByBadge } from '../context/sign-in.helpers';

// Error reports without a DSN (docs/DECISIONS.md "Error reporting", the SDKs): the web app's
// Sentry SDK sends to the server's own ingest; an f-code toast (a sorting scan of an unknown
// parcel) and a forced exception each arrive with the user, warehouse, route, request id and
// app version, and nothing that names the worker or carries a token.

const ADMIN_BADGE = '~A3001-5RZ6';
const WORKER_NAME = 'Иванов';

interface ReportGroup {
  fCode: string | null;
  exceptionType: string | null;
  userId: number | null;
  warehouseId: number | null;
  route: string | null;
  appVersion: string | null;
  requestId: string | null;
}

/** The groups of the administrators' list, read in a context of its own. */
async function reportGroups(browser: Browser, baseURL: string): Promise<ReportGroup[]> {
  const admin = await browser.newContext({ baseURL });
  try {
    const page = await admin.newPage();
    await signInByBadge(page, baseURL, ADMIN_BADGE);
    const response = await page.request.get('/errors-api/reports?page=1', {
      headers: { 'X-Requested-With': 'sorting' },
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { operationObject: { groups: ReportGroup[] } };
    const text = JSON.stringify(body);
    expect(text).not.toContain(WORKER_NAME);
    expect(text).not.toContain('~W1001');
    return body.operationObject.groups;
  } finally {
    await admin.close();
  }
}

test('an f-code toast and a forced exception arrive in the error reports', async ({
  page,
  browser,
  baseURL,
  scanner,
}) => {
  test.setTimeout(90_000);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-3');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');

  const scanCall = page.waitForRequest('**/sorting-api/parcels/scan');
  await scanner.scan('P999998');
  const requestId = (await scanCall).headers()['x-request-id'];
  expect(requestId).toBeTruthy();
  await expect(page.getByTestId('toast').first()).toContainText('P999998');

  await page.evaluate(() => {
    setTimeout(() => {
      const error = new Error('forced for the error reports test');
      error.name = 'E2eForcedError';
      throw error;
    }, 0);
  });

  const expectContext = (group: ReportGroup | undefined) => {
    expect(group).toMatchObject({
      userId: expect.any(Number),
      warehouseId: 34717,
      route: '/sorting',
      appVersion: expect.any(String),
      requestId: expect.any(String),
    });
  };
  await expect
    .poll(
      async () =>
        (await reportGroups(browser, baseURL ?? '')).find(
          (group) => group.fCode === 'f-0001' && group.requestId === requestId,
        ),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await expect
    .poll(
      async () =>
        (await reportGroups(browser, baseURL ?? '')).find(
          (group) => group.exceptionType === 'E2eForcedError',
        ),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const groups = await reportGroups(browser, baseURL ?? '');
  expectContext(groups.find((group) => group.fCode === 'f-0001' && group.requestId === requestId));
  expectContext(groups.find((group) => group.exceptionType === 'E2eForcedError'));

  // The administrators' page shows both groups, the scan's request id with the f-code; a
  // worker is told the page is an administrator's (f-007).
  const admin = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  try {
    const adminPage = await admin.newPage();
    await signInByBadge(adminPage, baseURL ?? '', ADMIN_BADGE);
    await adminPage.goto('/errors');
    await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Отчёты об ошибках');
    const fCodeRow = adminPage.getByTestId('error-group').filter({
      has: adminPage.getByTestId('error-group-key').getByText('f-0001', { exact: true }),
    });
    await expect(fCodeRow.first()).toBeVisible();
    await expect(
      adminPage.getByTestId('error-group').filter({ hasText: 'E2eForcedError' }).first(),
    ).toBeVisible();
    await expect(adminPage.getByTestId('errors-screen')).toContainText(requestId ?? '');
    expect(
      await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  } finally {
    await admin.close();
  }
  await page.goto('/errors');
  await expect(page.getByTestId('no-data-code')).toHaveText('f-007');
});

test('with SENTRY_DSN_WEB the SDK sends its envelope there, with the same context', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A stand-in for Sentry's ingest: it keeps the envelopes the SDK posts.
  const envelopes: string[] = [];
  const ingest = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        })
        .end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const { port } = ingest.address() as AddressInfo;
  const server = await startServer({ SENTRY_DSN_WEB: `http://standin@127.0.0.1:${port}/9` });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const wedge = new Scanner(page);
    await signInByBadge(page, server.url);
    await page.goto('/sorting');
    const screen = page.getByTestId('sorting-entry');
    await expect(screen).toHaveAttribute('data-state', 'scanZone');
    await wedge.scan('%Z34717-3');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    const scanCall = page.waitForRequest('**/sorting-api/parcels/scan');
    await wedge.scan('P999997');
    const requestId = (await scanCall).headers()['x-request-id'] ?? '';
    await expect(page.getByTestId('toast').first()).toContainText('P999997');

    await expect
      .poll(() => envelopes.find((body) => body.includes(`"request_id":"${requestId}"`)), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const envelope = envelopes.find((body) => body.includes(`"request_id":"${requestId}"`)) ?? '';
    expect(envelope).toContain('"f_code":"f-0001"');
    expect(envelope).toContain('"route":"/sorting"');
    expect(envelope).toContain('"warehouse":"34717"');
    expect(envelope).toMatch(/"user":\{"id":"\d+"\}/);
    expect(envelope).toMatch(/"release":"[^"]+"/);
    expect(envelope).not.toContain(WORKER_NAME);
    expect(envelope).not.toContain('~W1001');
  } finally {
    await context.close();
    await server.stop();
    await new Promise((resolve) => ingest.close(resolve));
  }
});
