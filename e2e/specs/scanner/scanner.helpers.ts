import type { Page } from '@playwright/test';

/** Opens the device check page, whose "last scans" list shows what the scan input received. */
export async function openScanCheckPage(page: Page, path = '/notifications'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('last-scans-empty').waitFor();
}

/** The names of the Performance API marks of the page. */
export function markNames(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

/** Types like a person: `gapMs` between keys (far slower than a scanner). */
export async function typeSlowly(page: Page, text: string, gapMs = 120): Promise<void> {
  for (const char of text) {
    await page.keyboard.type(char);
    await page.waitForTimeout(gapMs);
  }
}
