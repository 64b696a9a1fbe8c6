import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// docs/DECISIONS.md "Sorting screen" and "Web shell", layout shift: on the phone Lighthouse
// emulates (412×823) nothing of /sorting moves while it loads — the header keeps the place of
// the user's name and sign-out while the session is looked up, and the sorting screen shows a
// neutral loading line until the warehouse and zone restore has decided and its list has come.
// Cumulative layout shift "good" is below 0.1; the bound here keeps the headroom (the screen
// measured 0.09 before).
test.use({ viewport: { width: 412, height: 823 } });

const MAX_SHIFT = 0.02;

/** Sums every layout shift not caused by input from the start of the page's load. */
async function watchLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
    );
}

test.describe('sorting: the screen keeps still while it loads', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '');
  });

  test('a worker without a remembered zone: the zone prompt and its list come in one piece', async ({
    page,
  }) => {
    const layoutShift = await watchLayoutShift(page);
    await page.goto('/sorting');
    const screen = page.getByTestId('sorting-entry');
    await expect(screen).toHaveAttribute('data-state', 'scanZone');
    await expect(page.getByTestId('prompt-main')).toBeVisible();
    await expect(page.getByTestId('zone-1')).toBeVisible();
    await expect(page.getByTestId('header-user-name')).toBeVisible();
    // Late arrivals (the device status) have their moment too.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(await layoutShift()).toBeLessThan(MAX_SHIFT);
  });

  test('a worker whose zone is remembered: straight to «scan what», nothing moves on the way', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'LAST_ZONE_NUMBER', value: '1', url: baseURL ?? '' }]);
    const layoutShift = await watchLayoutShift(page);
    await page.goto('/sorting');
    const screen = page.getByTestId('sorting-entry');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-main')).toBeVisible();
    await expect(page.getByTestId('change-zone')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(await layoutShift()).toBeLessThan(MAX_SHIFT);
  });
});
