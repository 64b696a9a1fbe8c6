import { test as base, expect } from '@playwright/test';
import { Scanner } from './scanner';

export { expect, Scanner };

/** Playwright's test, pointed at the real server that global-setup started. */
export const test = base.extend<{ scanner: Scanner }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through npm run test:e2e');
    await use(url);
  },
  scanner: async ({ page }, use) => {
    await use(new Scanner(page));
  },
});
