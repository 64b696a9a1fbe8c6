import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';
import { SUPERVISOR, openSignIn } from './auth.helpers';

// docs/DECISIONS.md "Sessions and sign-in": wrong passwords make the next
// attempts wait longer and longer (no hard lock); the sign-in page says how long; an
// administrator unlocks the login from /users and its owner signs in at once.

const ADMIN_BADGE = '~A3001-5RZ6';

/** Wrong passwords from this browser until the next attempt must wait at least `seconds`. */
async function failUntilHeldFor(page: Page, seconds: number): Promise<void> {
  for (;;) {
    const response = await page.request.post('/auth-api/sign-in', {
      data: { login: SUPERVISOR.login, password: 'not-the-password' },
    });
    const wait = Number(response.headers()['retry-after'] ?? 0);
    if (response.status() === 429 && wait >= seconds) return;
    // Judged (and failed) or held for less: wait it out and fail once more.
    if (response.status() === 429) await page.waitForTimeout(wait * 1000);
  }
}

async function signInWithPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Логин').fill(SUPERVISOR.login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

test('a held-back login says how long to wait; an administrator unlocks it from /users', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await openSignIn(page);
  await page.getByText('Вход по логину и паролю').click();
  await failUntilHeldFor(page, 8);

  // The right password now is held back too: the page shows the server's wait.
  await signInWithPassword(page, SUPERVISOR.password);
  const toast = page.getByTestId('toast').filter({ hasText: 'Слишком много попыток' });
  await expect(toast).toHaveText(/Слишком много попыток, подождите \d+ секунд/);
  await expect(page.getByTestId('header-user-name')).toHaveCount(0);

  // The administrator, on their own device, unlocks Петрова's sign-in.
  const adminContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const admin = await adminContext.newPage();
  await withoutLocalAgent(admin);
  await signInByBadge(admin, baseURL ?? '', ADMIN_BADGE);
  await admin.goto('/users');
  await admin.getByTestId('users-search').fill('Петрова');
  await admin.getByTestId('users-search').press('Enter');
  await expect(admin.getByTestId('user-row-name')).toHaveText([SUPERVISOR.name]);
  await admin
    .getByRole('button', { name: `Разблокировать вход пользователю ${SUPERVISOR.name}` })
    .click();
  await expect(
    admin.getByTestId('toast').filter({ hasText: `Вход для ${SUPERVISOR.name} разблокирован` }),
  ).toBeVisible();
  await adminContext.close();

  // At once, well inside the wait she was given.
  await signInWithPassword(page, SUPERVISOR.password);
  await expect(page.getByTestId('header-user-name')).toHaveText(SUPERVISOR.name);
});
