import { test, expect } from '../../fixtures';
import { OTHER_WORKER, SUPERVISOR, WORKER, openSignIn } from './auth.helpers';

test.describe('sign-in page', () => {
  test('a badge scan signs in and goes home with the name in the header', async ({
    page,
    scanner,
  }) => {
    await openSignIn(page);
    await scanner.scan(WORKER.badge);
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });

  test('a protected page sends to sign-in and comes back after the badge scan', async ({
    page,
    scanner,
  }) => {
    await page.goto('/sorting');
    await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fsorting$/);
    await page.getByTestId('user-auth-prompt').waitFor();
    await scanner.scan(WORKER.badge);
    await expect(page).toHaveURL(/\/sorting$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
  });

  test('a foreign redirect target goes home instead', async ({ page, scanner }) => {
    await openSignIn(page, '/user-auth?redirect=%2F%2Fevil.example%2Fx');
    await scanner.scan(WORKER.badge);
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
  });

  test('office staff sign in with login and password', async ({ page }) => {
    await openSignIn(page);
    await page.getByText('Вход по логину и паролю').click();
    await page.getByLabel('Логин').fill(SUPERVISOR.login);
    await page.getByLabel('Пароль').fill(SUPERVISOR.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByTestId('header-user-name')).toHaveText(SUPERVISOR.name);
  });

  test('an unknown badge shows the server message as an error toast', async ({ page, scanner }) => {
    await openSignIn(page);
    await scanner.scan('~W9999-XXXX');
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveAttribute('data-status', 'error');
    await expect(toast).not.toHaveText('');
    await expect(page).toHaveURL(/\/user-auth$/);
    await expect(page.getByTestId('header-user-name')).toHaveCount(0);
  });

  test('a demo user signs in with one tap', async ({ page }) => {
    await openSignIn(page);
    await page.getByRole('button', { name: `Войти как ${OTHER_WORKER.name}` }).click();
    await expect(page.getByTestId('header-user-name')).toHaveText(OTHER_WORKER.name);
  });

  test('/en/user-auth is in English', async ({ page, scanner }) => {
    await openSignIn(page, '/en/user-auth');
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Scan your employee badge');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByText('Sign in with login and password')).toBeVisible();
    await scanner.scan(WORKER.badge);
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('works at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openSignIn(page);
    await expect(page.getByTestId('user-auth-prompt')).toBeInViewport();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: `Войти как ${SUPERVISOR.name}` }).click();
    await expect(page.getByTestId('header-user-name')).toHaveText(SUPERVISOR.name);
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeInViewport();
    expect(await width()).toBeLessThanOrEqual(360);
  });
});
