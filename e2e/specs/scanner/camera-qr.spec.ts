import { test, expect } from '../../fixtures';
import { OTHER_WORKER, WORKER, openSignIn } from '../auth/auth.helpers';
import { fakeCameraLaunchOptions, writeBarcodeVideo } from './fake-camera';

// Another worker's badge as a QR code in front of the fake camera.
const video = writeBarcodeVideo({ bcid: 'qrcode', text: OTHER_WORKER.badge, module: 8 });

test.use({ launchOptions: fakeCameraLaunchOptions(video) });

test('a badge QR code read by the camera switches the user, as a scanned badge does', async ({
  page,
  baseURL,
  scanner,
}) => {
  await page
    .context()
    .addCookies([{ name: 'scan_input_device', value: 'camera', url: baseURL ?? '' }]);
  await openSignIn(page, '/user-auth?redirect=%2Fnotifications');
  await scanner.scan(WORKER.badge);
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);

  await page.getByRole('button', { name: 'Сканировать камерой' }).click();
  await expect(page.getByTestId('header-user-name')).toHaveText(OTHER_WORKER.name, {
    timeout: 15_000,
  });
  // Newest first: the camera's read of the badge.
  await expect(page.getByTestId('last-scan-text').first()).toHaveText(OTHER_WORKER.badge);
  await expect(page.getByTestId('last-scan').first()).toHaveAttribute('data-source', 'camera');
  await page.getByRole('button', { name: 'Закрыть камеру' }).click();
  await expect(page.getByTestId('camera-viewfinder')).toHaveCount(0);
});
