import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';

const MESSAGE = 'Приложение было обновлено. Требуется обновить страницу!';

/**
 * A navigation inside the app to /extract-text, whose page chunk is loaded on demand (only its
 * script is refused below; its CSS loads).
 */
async function openPlaceholderInApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.history.pushState({}, '', '/extract-text');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

test.describe('chunk reload', () => {
  test('a page chunk that fails to load reloads the app, which then says it was updated', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('menu-notifications')).toBeVisible();

    let aborted = 0;
    await page.route('**/assets/extract-text-page-*.js', async (route) => {
      if (aborted === 0) {
        aborted += 1;
        await route.abort();
        return;
      }
      await route.continue();
    });

    const reloaded = page.waitForEvent('load');
    await openPlaceholderInApp(page);
    await reloaded;

    const toast = page.getByTestId('toast').filter({ hasText: MESSAGE });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-status', 'attention');
    expect(aborted).toBe(1);
    // The reload opened the page the user asked for.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Распознавание текста');
    expect(await page.evaluate(() => sessionStorage.getItem('sorting:chunk-reload-at'))).toBeNull();
  });

  test('a chunk that keeps failing does not reload in a loop', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('menu-notifications')).toBeVisible();
    await page.route('**/assets/extract-text-page-*.js', (route) => route.abort());

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await openPlaceholderInApp(page);

    await expect(page.getByTestId('toast').filter({ hasText: MESSAGE }).first()).toBeVisible();
    await expect(page.getByTestId('route-error')).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(loads).toBe(1);
  });
});
