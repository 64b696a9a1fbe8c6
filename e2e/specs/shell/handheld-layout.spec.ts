import type { Page } from '@playwright/test';
import { test, expect, type Scanner } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import {
  ADMINISTRATOR,
  DESKTOP,
  HANDHELD,
  createWorker,
  horizontalProblems,
} from './handheld.helpers';

// Every built page at 360×740 (and at 1366×768), in Russian and English, has
// no sideways scroll and no action outside the viewport: /topology's form was 516 px wide,
// /notifications 380 px, and the tables of returnable boxes, users and time tracking hid their
// row actions off-screen. The pages are those of the administrator's home page (every built
// area: app/home-menu.test.ts keeps the menu and the route table in step) plus the pages that
// have no tile.
test.describe.configure({ timeout: 180_000 });

/** Lets a page settle: its heading, no request in flight, no loader. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('main-loader')).toHaveCount(0);
}

/** /time-tracking with a workplace chosen and one person at it, so its table has a row. */
async function withTrackedUser(
  page: Page,
  scanner: Scanner,
  badge: string,
): Promise<() => Promise<void>> {
  const screen = page.getByTestId('time-tracking-screen');
  await expect(screen).toHaveAttribute('data-state', 'waitWorkplace');
  await scanner.scan('=34717-WP-05');
  await expect(screen).toHaveAttribute('data-state', 'waitUser');
  await scanner.scan(badge);
  await expect(page.getByTestId('tracked-user').first()).toBeVisible();
  await settle(page);
  return async () => {
    await scanner.scan(badge);
    await expect(page.getByTestId('toast').and(page.locator('[data-status="info"]'))).toBeVisible();
  };
}

for (const locale of ['ru', 'en'] as const) {
  const prefix = locale === 'en' ? '/en' : '';
  for (const [size, viewport] of [
    ['360×740', HANDHELD],
    ['1366×768', DESKTOP],
  ] as const) {
    test(`every built page fits ${size} sideways (${locale})`, async ({
      page,
      baseURL,
      scanner,
    }) => {
      await page.setViewportSize(viewport);
      await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
      const badge = await createWorker(page, `Тест Экран ${locale} ${size} ${Date.now()}`);
      await page.goto(`${prefix}/`);
      await expect(page.getByTestId('menu-users')).toBeVisible();
      const tiles = await page
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      // Pages without a tile: the browser notice, sign-in, and the shared page of an area not
      // built yet (a public and a protected one), which a user can still reach by its address.
      const pages = [
        `${prefix}/`,
        ...tiles,
        `${prefix}/outdated-browser`,
        `${prefix}/user-auth`,
        `${prefix}/nfc`,
        `${prefix}/audit`,
      ];
      expect(pages.length).toBeGreaterThanOrEqual(12);

      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await settle(page);
        let leave: (() => Promise<void>) | null = null;
        if (path.endsWith('/time-tracking')) leave = await withTrackedUser(page, scanner, badge);
        if (path.endsWith('/users') || path.endsWith('/returnable-boxes')) {
          // Their tables with rows, whose actions must be reachable.
          await expect(page.locator('tbody tr').first()).toBeVisible();
        }
        for (const problem of await horizontalProblems(page)) found.push(`${path}: ${problem}`);
        await leave?.();
      }
      expect(found).toEqual([]);
    });
  }
}

test.describe('the header on a handheld', () => {
  test.use({ viewport: HANDHELD });

  for (const locale of ['ru', 'en'] as const) {
    test(`one row, the whole name, 48 px targets (${locale})`, async ({ page, baseURL }) => {
      await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
      await page.goto(locale === 'en' ? '/en/sorting' : '/sorting');
      const header = page.getByTestId('header');
      await expect(page.getByTestId('device-status')).toBeVisible();
      const box = await header.boundingBox();
      expect(box?.height).toBeLessThanOrEqual(56);
      const name = page.getByTestId('header-user-name');
      await expect(name).toHaveText(ADMINISTRATOR.name);
      // Not cut: the whole name is shown, not an ellipsis.
      const isCut = await name.evaluate(
        (element) =>
          element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      );
      expect(isCut).toBe(false);
      const logout = page.getByTestId('header-logout');
      await expect(logout).toHaveAccessibleName(locale === 'en' ? 'Sign out' : 'Выйти');
      // The sign-out icon (an arrow leaving a door frame), not the sign-in one it used to be.
      await expect(logout.locator('svg')).toHaveAttribute('data-icon', 'sign-out');
      for (const target of await header.locator('button:visible, a[href]:visible').all()) {
        const target_box = await target.boundingBox();
        expect(
          target_box?.width,
          (await target.getAttribute('data-testid')) ?? '',
        ).toBeGreaterThanOrEqual(48);
        expect(target_box?.height).toBeGreaterThanOrEqual(48);
      }
      expect(await horizontalProblems(page)).toEqual([]);
    });
  }

  test('a long name keeps the header one row; a press shows it whole', async ({
    page,
    baseURL,
  }) => {
    await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
    const longName = `Константинопольская-Щедрина Александра Вениаминовна ${Date.now()}`;
    const badge = await createWorker(page, longName);
    await page.context().clearCookies();
    await signInByBadge(page, baseURL ?? '', badge);
    await page.goto('/sorting');
    await expect(page.getByTestId('device-status')).toBeVisible();
    const header = page.getByTestId('header');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(56);
    const name = page.getByTestId('header-user-name');
    await expect(name).toHaveText(longName);
    // Too long for 360 px: two lines, then cut with an ellipsis, never pushing the actions out.
    expect(
      await name.evaluate(
        (element) =>
          element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      ),
    ).toBe(true);
    expect(await horizontalProblems(page)).toEqual([]);
    // A press shows the whole name, inside the screen; a second press hides it.
    await name.click();
    const full = page.getByTestId('header-user-full-name');
    await expect(full).toHaveText(longName);
    const box = await full.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(HANDHELD.width);
    expect(
      await full.evaluate(
        (element) =>
          element.scrollWidth <= element.clientWidth &&
          element.scrollHeight <= element.clientHeight,
      ),
    ).toBe(true);
    await name.click();
    await expect(full).toHaveCount(0);
  });
});
