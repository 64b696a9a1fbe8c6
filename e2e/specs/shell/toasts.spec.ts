import { test, expect } from '../../fixtures';
import { markNames, openNotificationsPage, showToast } from './shell.helpers';

const STATUSES = ['ok', 'error', 'attention', 'info'] as const;

test.describe('toasts', () => {
  test('each status has its own icon and role', async ({ page }) => {
    await openNotificationsPage(page);
    for (const status of STATUSES) {
      await showToast(page, { status, position: 'topRight', content: `status ${status}` });
    }
    const toasts = page.getByTestId('toasts-topRight').getByTestId('toast');
    await expect(toasts).toHaveCount(4);
    for (const [index, status] of STATUSES.entries()) {
      const toast = toasts.nth(index);
      await expect(toast).toHaveAttribute('data-status', status);
      await expect(toast.getByTestId('toast-icon')).toHaveAttribute('data-icon', status);
      // Urgent ones are alerts; ok and info are read by their container, a polite live
      // region there from the start (docs/DECISIONS.md "Web shell", what a screen reader hears).
      if (status === 'error' || status === 'attention') {
        await expect(toast).toHaveAttribute('role', 'alert');
      } else {
        await expect(toast).not.toHaveAttribute('role');
      }
    }
    await expect(page.getByTestId('toasts-topRight')).toHaveAttribute('aria-live', 'polite');
    const paths = await toasts.evaluateAll((elements) =>
      elements.map((element) =>
        element.querySelector('[data-testid="toast-icon"] path')?.getAttribute('d'),
      ),
    );
    expect(new Set(paths).size).toBe(4);
  });

  test('defaults to bottom right on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openNotificationsPage(page);
    await showToast(page, { status: 'info', content: 'wide' });
    await expect(page.getByTestId('toasts-bottomRight').getByTestId('toast')).toHaveText('wide');
  });

  test('defaults to bottom centre on a handheld', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await openNotificationsPage(page);
    await showToast(page, { status: 'info', content: 'narrow' });
    await expect(page.getByTestId('toasts-bottomCenter').getByTestId('toast')).toHaveText('narrow');
  });

  test('bottom positions prepend new toasts, top positions append them', async ({ page }) => {
    await openNotificationsPage(page);
    for (const content of ['first', 'second', 'third']) {
      await showToast(page, { status: 'ok', position: 'bottomLeft', content });
      await showToast(page, { status: 'ok', position: 'topLeft', content });
    }
    await expect(page.getByTestId('toasts-bottomLeft').getByTestId('toast')).toHaveText([
      'third',
      'second',
      'first',
    ]);
    await expect(page.getByTestId('toasts-topLeft').getByTestId('toast')).toHaveText([
      'first',
      'second',
      'third',
    ]);
  });

  test('a toast closes by itself after 10 s', async ({ page }) => {
    await page.clock.install();
    await openNotificationsPage(page);
    // The page's clock stands still from here: the 10 s count starts when the toast shows, and
    // a slow machine's real seconds between the steps do not count towards it.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 2_000);
    await showToast(page, { status: 'ok', content: 'short-lived' });
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveText('short-lived');
    await page.clock.fastForward(9_000);
    await expect(toast).toBeVisible();
    await page.clock.fastForward(1_500);
    await expect(toast).toHaveCount(0);
  });

  test('the close button removes a toast', async ({ page }) => {
    await openNotificationsPage(page);
    await showToast(page, { status: 'info', content: 'close me' });
    const close = page.getByTestId('toast-close');
    await expect(close).toHaveAttribute('aria-label', 'Закрыть уведомление');
    await close.click();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('content over 450 characters gets a title with its text', async ({ page }) => {
    await openNotificationsPage(page);
    const long = 'Длинное сообщение. '.repeat(30).trim();
    expect(long.length).toBeGreaterThan(450);
    await showToast(page, { status: 'info', position: 'topCenter', content: long });
    await showToast(page, { status: 'info', position: 'topCenter', content: 'short' });
    const toasts = page.getByTestId('toasts-topCenter').getByTestId('toast');
    await expect(toasts.nth(0)).toHaveAttribute('title', long);
    await expect(toasts.nth(1)).not.toHaveAttribute('title');
  });

  test('content is sanitised', async ({ page }) => {
    await openNotificationsPage(page);
    await showToast(page, {
      status: 'info',
      content: '<img src=x onerror="window.__xss = 1"><b>bold</b><script>window.__xss = 2</script>',
    });
    const toast = page.getByTestId('toast');
    await expect(toast.locator('b')).toHaveText('bold');
    await expect(toast.locator('img')).toHaveCount(1);
    await expect(toast.locator('img')).not.toHaveAttribute('onerror');
    await expect(toast.locator('script')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
  });

  test('an error toast plays err.flac', async ({ page }) => {
    await openNotificationsPage(page);
    const request = page.waitForRequest('**/sounds/ru/err.flac');
    await showToast(page, { status: 'error', content: 'boom' });
    await request;
    expect(await markNames(page)).toContain('sound:err');
  });

  test('the error sound is English on /en', async ({ page }) => {
    await openNotificationsPage(page, '/en/notifications');
    const request = page.waitForRequest('**/sounds/en/err.flac');
    await showToast(page, { status: 'error', content: 'boom' });
    await request;
  });

  test('a muted error toast plays no sound', async ({ page }) => {
    const sounds: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sounds/')) sounds.push(request.url());
    });
    await openNotificationsPage(page);
    await showToast(page, { status: 'error', content: 'quiet', isMuteErrorSound: true });
    await expect(page.getByTestId('toast')).toHaveText('quiet');
    await page.waitForTimeout(500);
    expect(await markNames(page)).not.toContain('sound:err');
    expect(sounds).toEqual([]);
  });

  test('the sound buttons play each sound of the locale', async ({ page }) => {
    await openNotificationsPage(page);
    const request = page.waitForRequest('**/sounds/ru/ok-new.wav');
    await page.getByTestId('sound-ok-new').click();
    await request;
    const letter = page.waitForRequest('**/sounds/ru/letters/a.flac');
    await page.getByTestId('sound-letter').click();
    await letter;
    expect(await markNames(page)).toEqual(
      expect.arrayContaining(['sound:ok-new', 'sound:letters/a']),
    );
  });

  test('the offset pair moves the toast', async ({ page }) => {
    await openNotificationsPage(page);
    await page.getByTestId('notify-offset-x').fill('40');
    await page.getByTestId('notify-offset-y').fill('-60');
    await showToast(page, { status: 'info', position: 'topLeft', content: 'moved' });
    const toast = page.getByTestId('toasts-topLeft').getByTestId('toast');
    await expect(toast).toHaveText('moved');
    expect(await toast.evaluate((element) => [element.style.left, element.style.top])).toEqual([
      '40px',
      '-60px',
    ]);
  });

  test('«Длинный текст» fills more than 450 characters and the toast gets its title', async ({
    page,
  }) => {
    await openNotificationsPage(page);
    await page.getByTestId('notify-long').click();
    const long = await page.getByTestId('notify-content').inputValue();
    expect(long.length).toBeGreaterThan(450);
    await page.getByTestId('notify-status').selectOption('info');
    await page.getByTestId('notify-position').selectOption('topCenter');
    await page.getByTestId('notify-show').click();
    await expect(page.getByTestId('toasts-topCenter').getByTestId('toast')).toHaveAttribute(
      'title',
      long,
    );
  });

  test('all kinds and positions: one toast of each status in each of the six positions', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openNotificationsPage(page);
    await expect(page.getByTestId('notify-lifetime')).toContainText('10');
    await page.getByTestId('notify-all').click();
    for (const position of [
      'topLeft',
      'topCenter',
      'topRight',
      'bottomLeft',
      'bottomCenter',
      'bottomRight',
    ]) {
      const toasts = page.getByTestId(`toasts-${position}`).getByTestId('toast');
      await expect(toasts).toHaveCount(4);
      const statuses = await toasts.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('data-status')).sort(),
      );
      expect(statuses).toEqual([...STATUSES].sort());
    }
  });

  test('under /en the sound buttons play the English files', async ({ page }) => {
    await openNotificationsPage(page, '/en/notifications');
    const request = page.waitForRequest('**/sounds/en/ok-new.wav');
    await page.getByTestId('sound-ok-new').click();
    await request;
    const letter = page.waitForRequest('**/sounds/en/letters/a.flac');
    await page.getByTestId('sound-letter').click();
    await letter;
  });
});
