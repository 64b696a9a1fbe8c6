import { test, expect } from '../../fixtures';
import { chromiumArgs, chromiumPath } from '../../playwright.config';

// A fake camera, but no permission given: the browser refuses getUserMedia.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
  },
});

test('a refused camera permission is said in plain words, with a way to try again', async ({
  page,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([{ name: 'scan_input_device', value: 'camera', url: baseURL ?? '' }]);
  await page.goto('/notifications');
  await page.getByTestId('last-scans-empty').waitFor();
  await page.getByRole('button', { name: 'Сканировать камерой' }).click();
  const alert = page.getByTestId('camera-viewfinder').getByRole('alert');
  await expect(alert).toContainText('Нет доступа к камере');
  await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await expect(page.getByTestId('last-scans-empty')).toBeVisible();
});
