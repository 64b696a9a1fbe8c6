import type { Page } from '@playwright/test';
import { test as base, expect, Scanner } from '../../fixtures';
import { DEMO_AGENT, startDeviceAgent, type RunningAgent } from '../../device-agent';
import { startServer, type RunningServer } from '../../server-process';
import { closedPort } from '../printing/printing.helpers';

export { expect, Scanner, DEMO_AGENT };

/**
 * Tests with the real device agent. Each worker gets its own server (own database): the agent
 * registers the demo app id DEMO-PC-1, and the newest connection of an app wins, so two agents
 * must never share a server; these specs also use demo parcels other specs sort. The page is
 * opened on `localhost`, the host name the agent is addressed by (its cookie check needs the
 * page and the agent on the same site). Each test has its own agent and label folder.
 */
export const test = base.extend<{ agent: RunningAgent }, { ownServer: RunningServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.url.replace('127.0.0.1', 'localhost'));
  },
  agent: async ({ ownServer }, use) => {
    const agent = await startDeviceAgent(ownServer.url);
    await use(agent);
    await agent.stop();
  },
});

/**
 * The runtime settings the real server answers, with the device URLs of this test: the agent's
 * port, or a closed port for "no local agent".
 */
export async function useDeviceUrls(
  page: Page,
  urls: { printerServiceUrl: string; scaleServiceUrl: string },
): Promise<void> {
  await page.route('**/local-settings-newsort', async (route) => {
    const response = await route.fetch();
    const settings = (await response.json()) as Record<string, unknown>;
    // Only the two URLs: `urls` may be the whole agent fixture (`useDeviceUrls(page, agent)`).
    const { printerServiceUrl, scaleServiceUrl } = urls;
    await route.fulfill({ response, json: { ...settings, printerServiceUrl, scaleServiceUrl } });
  });
}

/** Local printer socket and scale at a port nothing listens on. */
export async function noLocalAgent(page: Page): Promise<void> {
  const port = await closedPort();
  await useDeviceUrls(page, {
    printerServiceUrl: `ws://localhost:${port}`,
    scaleServiceUrl: `http://localhost:${port}`,
  });
}

/** Device cookies (spec part 1 §3) as the dialog writes them, for the page's host. */
export async function setDeviceCookies(
  page: Page,
  baseURL: string,
  cookies: Record<string, string>,
): Promise<void> {
  await page
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL })));
}
