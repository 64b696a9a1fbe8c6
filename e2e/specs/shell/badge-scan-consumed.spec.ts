import { test, expect } from '../../fixtures';
import { OTHER_WORKER, WORKER } from '../auth/auth.helpers';
import { signInByBadge } from '../context/sign-in.helpers';
import { markNames } from './shell.helpers';

// A badge scan that switches the user is consumed by the switch; the page
// under it never sees it (on /returnable-boxes it was also looked up as a dimension type).
test('a badge that switches the user is not also handled by the page', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '', WORKER.badge);
  await page.goto('/returnable-boxes');
  await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
  await expect(page.getByTestId('box-row').first()).toBeVisible();
  const dimensionCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/dimension')) dimensionCalls.push(request.url());
  });

  await scanner.scan(OTHER_WORKER.badge);
  await expect(page.getByTestId('header-user-name')).toHaveText(OTHER_WORKER.name);
  await expect(page).toHaveURL(/\/returnable-boxes$/);
  // The page's own handler would answer within this time with "not a dimension type".
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('toast').and(page.locator('[data-status="error"]'))).toHaveCount(0);
  expect(dimensionCalls).toEqual([]);
  expect(await markNames(page)).not.toContain('sound:err');

  // The page still takes its own scans after the switch.
  await scanner.scan('DIM-S');
  await expect(page.getByTestId('toast').filter({ hasText: 'Короб S' })).toBeVisible();
});
