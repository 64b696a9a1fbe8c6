import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { COOKIES_DISABLED_TOAST, withoutLocalAgent } from './printing.helpers';

test.describe('printer unavailable (spec part 2 §5)', () => {
  for (const [prefix, text] of [
    ['', 'Принтер недоступен'],
    ['/en', 'Printer unavailable'],
  ] as const) {
    test(`no agent and no hub printer: a test print says "${text}"`, async ({ page, baseURL }) => {
      await withoutLocalAgent(page);
      await signInByBadge(page, baseURL ?? '');
      await page.goto(`${prefix}/users`);
      const status = page.getByTestId('device-status');
      await expect(status).toHaveAttribute('data-printer', 'none');
      // No device cookies name a hub printer.
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'printer_id')).toBeUndefined();

      await status.click();
      await expect(page.getByTestId('device-local')).toHaveAttribute('data-status', 'disconnected');
      await page.getByTestId('device-test-print').click();
      const toast = page.getByTestId('toast').filter({ hasText: text });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveAttribute('data-status', 'error');
      // Cookies work in this browser: no cookies-disabled warning.
      await expect(
        page.getByTestId('toast').filter({ hasText: COOKIES_DISABLED_TOAST }),
      ).toHaveCount(0);
    });
  }
});
