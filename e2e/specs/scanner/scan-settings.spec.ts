import { test, expect } from '../../fixtures';
import { markNames, openScanCheckPage } from './scanner.helpers';

const YEAR_S = 365 * 24 * 60 * 60;

test.describe('scan settings', () => {
  test('the header button opens the settings; they persist in cookies across a reload', async ({
    page,
    context,
  }) => {
    await openScanCheckPage(page);
    const button = page.getByRole('button', { name: 'Настройки сканирования (Сканер)' });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByTestId('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Настройки сканирования');
    await page.getByTestId('scan-settings-device-camera').check();
    await page.getByTestId('scan-settings-keyboard').check();
    await page.getByTestId('scan-settings-done').click();
    await expect(dialog).toBeHidden();

    const cookies = await context.cookies();
    const now = Date.now() / 1000;
    for (const [name, value] of [
      ['scan_input_device', 'camera'],
      ['scan_keyboard_allowed', 'true'],
    ] as const) {
      const cookie = cookies.find((candidate) => candidate.name === name);
      expect(cookie, name).toBeDefined();
      expect(cookie?.value).toBe(value);
      expect(cookie?.path).toBe('/');
      // Asked for 2100; Chromium caps cookie lifetime at 400 days.
      expect(cookie?.expires ?? 0).toBeGreaterThan(now + YEAR_S);
    }

    await page.reload();
    await page.getByTestId('last-scans-empty').waitFor();
    await expect(page.getByTestId('scan-settings-button')).toHaveAttribute('data-device', 'camera');
    await expect(page.getByTestId('scan-panel-input')).toBeVisible();
    await page.getByTestId('scan-settings-button').click();
    await expect(page.getByTestId('scan-settings-device-camera')).toBeChecked();
    await expect(page.getByTestId('scan-settings-keyboard')).toBeChecked();
  });

  test('keyboard input allowed: the scan panel takes typed entry as a scan', async ({ page }) => {
    await openScanCheckPage(page);
    await expect(page.getByTestId('scan-panel-input')).toHaveCount(0);
    await page.getByTestId('scan-settings-button').click();
    await page.getByTestId('scan-settings-keyboard').check();
    await page.getByTestId('scan-settings-done').click();

    const input = page.getByTestId('scan-panel-input');
    await expect(input).toBeVisible();
    await input.fill('=1-2-3');
    await page.getByTestId('scan-panel-submit').click();
    await expect(page.getByTestId('last-scan-text')).toHaveText(['=1-2-3']);
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-source', 'keyboard');
    await expect(input).toHaveValue('');
    expect(await markNames(page)).toContain('sound:scan');

    // Typed by a person, sent with Enter.
    await input.pressSequentially('_B7', { delay: 120 });
    await input.press('Enter');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['_B7', '=1-2-3']);
  });
});
