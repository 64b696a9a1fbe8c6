import type { Response } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config';
import { openSignIn, WORKER } from '../auth/auth.helpers';
import { COOKIES_DISABLED_TOAST } from '../printing/printing.helpers';
import { recordToasts } from '../shell/page-records.helpers';
import { startDeviceAgent } from '../../device-agent';
import { DEMO_AGENT, expect, test as deviceTest } from './devices.fixtures';

// The app as a sorting centre serves it: from its own host name, with the device agent on the
// workstation's localhost. Page and agent are then of two sites, and current Chromium never
// sends the agent's check cookie back (a third-party cookie), which once showed «Cookie
// disabled» on every page all shift. Chromium resolves sorting.test to this machine.
const HOST = 'sorting.test';

const test = deviceTest.extend({
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.url.replace('127.0.0.1', HOST));
  },
  agent: async ({ ownServer, baseURL }, use) => {
    const agent = await startDeviceAgent(ownServer.url, {
      allowedOrigins: [new URL(baseURL ?? '').origin],
    });
    await use(agent);
    await agent.stop();
  },
});

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});
test.describe.configure({ timeout: 90_000 });

test('on a real host name with the agent on localhost: no cookie warning, the sticker prints, the scale weighs', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  expect(new URL(baseURL ?? '').hostname).toBe(HOST);
  // The runtime settings name this test's agent (`useDeviceUrls`, fetched by the test's own
  // client, which does not know the host name).
  await page.route('**/local-settings-newsort', async (route) => {
    const url = route.request().url().replace(HOST, '127.0.0.1');
    const response = await route.fetch({ url });
    const settings = (await response.json()) as Record<string, unknown>;
    const { printerServiceUrl, scaleServiceUrl } = agent;
    await route.fulfill({ response, json: { ...settings, printerServiceUrl, scaleServiceUrl } });
  });
  const toasts = await recordToasts(page);
  // The agent's check: the value came back (in the request, from a page of another site).
  const checked = page.waitForResponse(
    (response: Response) =>
      response.url().startsWith(`http://localhost:${agent.port}/api/cookie?`) &&
      response.request().method() === 'GET',
  );
  // Signed in on the page (Chromium knows the host name; the test's own requests would not).
  await openSignIn(page, '/user-auth?redirect=%2Fsorting');
  await scanner.scan(WORKER.badge);
  await expect(page).toHaveURL(/\/sorting$/, { timeout: 15_000 });
  const answer = await checked;
  expect(await answer.json()).toMatchObject({ value: expect.stringMatching(/^\d+$/) });
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');

  // P100005 needs its sticker: printed through the agent's local socket.
  await scanner.scan('P100005');
  await expect(screen).toHaveAttribute('data-state', 'scanWhere', { timeout: 30_000 });
  await expect(page.getByTestId('prompt-error')).toHaveCount(0);
  const { zpl } = await agent.printer.waitForLabels(1);
  expect(agent.printer.zplFields(zpl[0] ?? '')).toContain('P100005');
  await page.getByTestId('sorting-cancel').click();

  // P100010 needs its weight: the agent's scale (found by the page, 1.25 kg) fills it.
  await scanner.scan('P100010');
  await expect(screen).toHaveAttribute('data-state', 'measure');
  await page.getByTestId('measure-read-scale').click();
  await expect(page.getByTestId('measure-weight')).toHaveValue(/^1[.,]25$/, { timeout: 15_000 });
  await page.getByTestId('measure-submit').click();
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  const cookies = await page.context().cookies(baseURL);
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value;
  expect([value('scale_app_id'), value('scale_id')]).toEqual([
    DEMO_AGENT.appId,
    DEMO_AGENT.scaleId,
  ]);

  // A reload checks again; the toast (shown a moment after the check) never came.
  const again = page.waitForResponse((response: Response) =>
    response.url().startsWith(`http://localhost:${agent.port}/api/cookie?`),
  );
  await page.reload();
  await again;
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await page.waitForTimeout(500);
  expect(toasts.filter((text) => COOKIES_DISABLED_TOAST.test(text))).toEqual([]);
  expect(toasts).toEqual([]);
});
