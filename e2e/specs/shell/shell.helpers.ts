import type { Page } from '@playwright/test';

export interface ToastOptions {
  status?: 'ok' | 'error' | 'attention' | 'info';
  position?:
    'auto' | 'topLeft' | 'topCenter' | 'topRight' | 'bottomLeft' | 'bottomCenter' | 'bottomRight';
  content?: string;
  isMuteErrorSound?: boolean;
}

/** Raises a toast through the /notifications check page (which must be open). */
export async function showToast(page: Page, options: ToastOptions = {}): Promise<void> {
  await page.getByTestId('notify-status').selectOption(options.status ?? 'error');
  await page.getByTestId('notify-position').selectOption(options.position ?? 'auto');
  if (options.content !== undefined) await page.getByTestId('notify-content').fill(options.content);
  await page.getByTestId('notify-mute').setChecked(options.isMuteErrorSound ?? false);
  await page.getByTestId('notify-show').click();
}

/** Opens the notification check page and waits until it is usable. */
export async function openNotificationsPage(page: Page, path = '/notifications'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('notify-show').waitFor();
}

/** The names of the Performance API marks of the page. */
export function markNames(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

/** Resolves after `ms` milliseconds (to hold back a network answer). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
