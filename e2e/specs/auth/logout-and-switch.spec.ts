import { test, expect } from '../../fixtures';
import { OTHER_WORKER, WORKER, openSignIn } from './auth.helpers';

test.describe('logout and user switch', () => {
  test('logout goes to sign-in, and protected pages ask for sign-in again', async ({
    page,
    scanner,
  }) => {
    await openSignIn(page);
    await scanner.scan(WORKER.badge);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
    await page.evaluate(() => localStorage.setItem('LAST_PARCEL_SCANNED', 'P-1'));
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/user-auth$/);
    await expect(page.getByTestId('header-user-name')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('LAST_PARCEL_SCANNED'))).toBeNull();
    await page.goto('/sorting');
    await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fsorting$/);
  });

  test('scanning another badge while signed in switches the user on the same page', async ({
    page,
    scanner,
  }) => {
    await openSignIn(page, '/user-auth?redirect=%2Fnotifications');
    await scanner.scan(WORKER.badge);
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
    await scanner.scan(OTHER_WORKER.badge);
    await expect(page.getByTestId('header-user-name')).toHaveText(OTHER_WORKER.name);
    await expect(page).toHaveURL(/\/notifications$/);
    // The new session is the server's too.
    await page.goto('/sorting');
    await expect(page).toHaveURL(/\/sorting$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(OTHER_WORKER.name);
  });

  test('a company sign-on return with ?lkdToken= signs in and leaves no token in the URL', async ({
    page,
  }) => {
    await page.goto(`/sorting?lkdToken=${encodeURIComponent(WORKER.badge)}`);
    await expect(page).toHaveURL(/\/sorting$/);
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
  });
});
