import { test, expect } from '../../fixtures';
import { delay } from './shell.helpers';

test.describe('progress bar', () => {
  test('shows in #f9b122 while a lazy route chunk loads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('menu-notifications')).toBeVisible();

    await page.route('**/assets/*.js', async (route) => {
      await delay(1_500);
      await route.continue();
    });
    await page.getByTestId('menu-notifications').click();

    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('background-color', 'rgb(249, 177, 34)');
    await expect(page.locator('#nprogress .spinner')).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Проверка уведомлений и звуков',
    );
    await expect(bar).toHaveCount(0);
  });
});

test.describe('main loader', () => {
  for (const [path, label] of [
    ['/', 'Загрузка'],
    ['/en', 'Loading'],
  ] as const) {
    test(`${path}: appears with "${label}" once the runtime settings have been pending for 250 ms`, async ({
      page,
    }) => {
      // Record when the loader first shows and with which text: it may come and go before
      // goto() returns, or after the page is already usable.
      await page.addInitScript(() => {
        const win = window as unknown as { mainLoader?: { at: number; text: string } };
        new MutationObserver(() => {
          const loader = document.querySelector('[data-testid="main-loader"]');
          if (loader && !win.mainLoader) {
            win.mainLoader = { at: performance.now(), text: loader.textContent ?? '' };
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.route('**/local-settings-newsort', async (route) => {
        await delay(800);
        await route.continue();
      });
      await page.goto(path);
      await page.waitForFunction(() => 'mainLoader' in window);
      await expect(page.getByTestId('main-loader')).toBeHidden({ timeout: 5_000 });
      const seen = await page.evaluate(() => {
        const win = window as unknown as { mainLoader: { at: number; text: string } };
        const settings = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/local-settings-newsort'));
        return { ...win.mainLoader, requestedAt: settings?.startTime ?? null };
      });
      expect(seen.text).toBe(label);
      expect(seen.requestedAt).not.toBeNull();
      expect(seen.at - (seen.requestedAt ?? 0)).toBeGreaterThanOrEqual(200);
    });
  }

  test('never appears for work shorter than 250 ms', async ({ page }) => {
    // The page's clock is paused, so the only time that passes is what the test lets pass:
    // the 100 ms of the settings answer. Real time spent loading chunks on a busy test
    // machine does not count, which makes the 250 ms rule testable without flakiness.
    await page.addInitScript(() => {
      const win = window as unknown as { mainLoaderSeen: boolean; settingsDone: boolean };
      win.mainLoaderSeen = false;
      win.settingsDone = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="main-loader"]')) win.mainLoaderSeen = true;
      }).observe(document, { childList: true, subtree: true });
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith('/local-settings-newsort')) return realFetch(input, init);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const response = await realFetch(input, init);
        win.settingsDone = true;
        return response;
      };
    });
    const start = new Date('2030-01-01T08:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    // A page that needs no settings to show (the home page waits for the session lookup).
    await page.goto('/notifications');
    await expect(page.getByTestId('notify-show')).toBeVisible();
    await page.clock.runFor(100);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { settingsDone: boolean }).settingsDone),
      )
      .toBe(true);
    await page.clock.runFor(1_000);
    expect(
      await page.evaluate(() => (window as unknown as { mainLoaderSeen: boolean }).mainLoaderSeen),
    ).toBe(false);
  });

  test('with a paused clock, 250 ms of pending settings do show it', async ({ page }) => {
    await page.addInitScript(() => {
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith('/local-settings-newsort')) {
          await new Promise((resolve) => setTimeout(resolve, 800));
        }
        return realFetch(input, init);
      };
    });
    const start = new Date('2030-01-01T08:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    // A page that needs no settings to show (the home page waits for the session lookup).
    await page.goto('/notifications');
    await expect(page.getByTestId('notify-show')).toBeVisible();
    await page.clock.runFor(249);
    await expect(page.getByTestId('main-loader')).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(page.getByTestId('main-loader')).toHaveText('Загрузка');
    await page.clock.runFor(600);
    await expect(page.getByTestId('main-loader')).toHaveCount(0);
  });
});
