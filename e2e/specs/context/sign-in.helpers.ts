import { expect, type Page } from '@playwright/test';

/** The demo seed's worker of sorting centre 34717 (default warehouse 34717), Иванов Пётр. */
export const WORKER_BADGE = '~W1001-7KQ2';

/**
 * Signs in without the sign-in page: the badge goes into the lkdToken cookie and
 * `users/search` answers with the session cookie, which lands in the page's context.
 */
export async function signInByBadge(page: Page, baseURL: string, badge = WORKER_BADGE) {
  await page.context().addCookies([{ name: 'lkdToken', value: badge, url: baseURL }]);
  const response = await page.request.post('/auth-api/users/search', {
    headers: { 'X-Requested-With': 'sorting' },
  });
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ IsSuccess: true });
}

/** The value of a cookie of the page's context, with its path. */
export async function cookieOf(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name);
}
