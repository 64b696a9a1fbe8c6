import { test, expect } from '../../fixtures';
import { cookieOf, signInByBadge } from '../context/sign-in.helpers';
import { fakeCameraLaunchOptions, writeBarcodeVideo } from './fake-camera';
import { markNames } from './scanner.helpers';

// The zone barcode of the demo warehouse, as a Code 128 label in front of Chromium's fake
// camera (a file-based capture device, looped). Written before the worker starts the browser.
const ZONE_BARCODE = '%Z34717-1';
const video = writeBarcodeVideo({ bcid: 'code128', text: ZONE_BARCODE });

test.use({ launchOptions: fakeCameraLaunchOptions(video) });

test.describe('camera scanning', () => {
  test('a barcode in front of the camera is a scan: the zone is chosen on /sorting', async ({
    page,
    baseURL,
  }) => {
    await signInByBadge(page, baseURL ?? '');
    await page.goto('/sorting');
    const entry = page.getByTestId('sorting-entry');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    // Debian's chromium has no BarcodeDetector: this is the zxing-wasm path.
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

    // Scanner mode: no camera button.
    await expect(page.getByTestId('scan-panel-camera')).toHaveCount(0);
    await page.getByTestId('scan-settings-button').click();
    await page.getByTestId('scan-settings-device-camera').check();
    await page.getByTestId('scan-settings-done').click();

    const wasm: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.wasm')) {
        const type = response.headers()['content-type'] ?? '';
        wasm.push(`${response.status()} ${type} ${response.url()}`);
      }
    });
    await page.getByRole('button', { name: 'Сканировать камерой' }).click();
    const viewfinder = page.getByTestId('camera-viewfinder');
    await expect(viewfinder).toBeVisible();
    await expect(viewfinder.getByRole('heading')).toHaveText('Камера');

    // The zone lookup ran with the camera's text, as with a scanner.
    await expect(entry).toHaveAttribute('data-state', 'scanWhat', { timeout: 15_000 });
    await expect(viewfinder).toHaveAttribute('data-decoder', 'zxing');
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Сканируйте посылку (единичное отправление) или грузоместо',
    );
    expect(await cookieOf(page, 'LAST_ZONE_NUMBER')).toMatchObject({ value: '1' });
    expect(await markNames(page)).toContain('sound:scan');
    // The decoder's .wasm came from our own server, not a CDN.
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(
      new RegExp(`^200 application/wasm ${baseURL}/assets/zxing_reader-[\\w-]+\\.wasm$`),
    );

    // Closing the viewfinder releases the camera: its tracks end.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.querySelector('video');
          const stream = element?.srcObject as MediaStream | null;
          return stream?.getVideoTracks()[0]?.readyState ?? 'none';
        }),
      )
      .toBe('live');
    await page.evaluate(() => {
      const element = document.querySelector('video');
      (window as unknown as { cameraStream?: MediaStream }).cameraStream =
        element?.srcObject as MediaStream;
    });
    await page.getByRole('button', { name: 'Закрыть камеру' }).click();
    await expect(viewfinder).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        (window as unknown as { cameraStream: MediaStream }).cameraStream
          .getTracks()
          .map((track) => track.readyState),
      ),
    ).toEqual(['ended']);
  });

  test('a decoder that does not load is said so in English; Try again loads it', async ({
    page,
    baseURL,
  }) => {
    await signInByBadge(page, baseURL ?? '');
    await page
      .context()
      .addCookies([{ name: 'scan_input_device', value: 'camera', url: baseURL ?? '' }]);
    // The warehouse is offline from the decoder's point of view: its .wasm does not come.
    await page.route('**/*.wasm', (route) => route.abort('internetdisconnected'));
    await page.goto('/en/sorting');
    await expect(page.getByTestId('sorting-entry')).toHaveAttribute('data-state', 'scanZone');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const alert = page.getByTestId('camera-viewfinder').getByRole('alert');
    await expect(alert).toHaveText(/The barcode reader could not be loaded/, { timeout: 15_000 });
    // The camera is not held while nothing reads it.
    expect(
      await page.evaluate(() => document.querySelector('video')?.srcObject ?? null),
    ).toBeNull();

    await page.unroute('**/*.wasm');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('sorting-entry')).toHaveAttribute('data-state', 'scanWhat', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Scan a parcel (single shipment) or a shipping container',
    );
  });
});
