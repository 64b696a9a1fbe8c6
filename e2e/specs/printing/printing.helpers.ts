import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** Spec part 1 §8 "cookies disabled" in each interface language (the devices catalogue). */
export const COOKIES_DISABLED = {
  ru: 'Cookie отключены: включите cookie в настройках браузера',
  en: 'Cookie disabled, please enable cookies',
} as const;

/** The cookies-disabled toast in either language. */
export const COOKIES_DISABLED_TOAST = new RegExp(`(${COOKIES_DISABLED.ru}|${COOKIES_DISABLED.en})`);

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * This workstation has no device agent: the runtime settings the real server answers are kept,
 * except the local printer socket, which points at a port nothing listens on (the default
 * localhost:55557 may be taken by an agent another test run started on this machine).
 */
export async function withoutLocalAgent(page: Page): Promise<void> {
  const port = await closedPort();
  await page.route('**/local-settings-newsort', async (route) => {
    const response = await route.fetch();
    const settings = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...settings,
        printerServiceUrl: `ws://127.0.0.1:${port}`,
        scaleServiceUrl: `http://127.0.0.1:${port}`,
      },
    });
  });
}
