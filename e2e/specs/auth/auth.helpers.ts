import type { Page } from '@playwright/test';

/** Demo badges (docs/DEMO.md). */
export const WORKER = { badge: '~W1001-7KQ2', name: 'Иванов Пётр' } as const;
export const OTHER_WORKER = { badge: '~W1002-3MX8', name: 'Сидорова Анна' } as const;
export const SUPERVISOR = {
  badge: '~S2001-9TB4',
  name: 'Петрова Мария',
  login: 'petrova',
  password: 'demo-supervisor',
} as const;

/** Opens a sign-in page and waits until its prompt shows (the scan listener is then live). */
export async function openSignIn(page: Page, path = '/user-auth'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('user-auth-prompt').waitFor();
}
