import { DEMO_AGENT, expect, test, useDeviceUrls } from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// /settings without a session (docs/DECISIONS.md "Device pages"), with the real device agent:
// scanner, printer and scale set up, kept across a reload in cookies of path / far ahead, a
// test print read back, the scale's stable weight, the hub asking to sign in, the reset.
test.describe.configure({ timeout: 120_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

const DEVICE_COOKIES = [
  'scan_input_device',
  'scan_keyboard_allowed',
  'printer_app_id',
  'printer_id',
  'scale_app_id',
  'scale_id',
];
const STORAGE_KEYS = ['LAST_PARCEL_SCANNED', 'LAST_PICKING_RECIPIENT', 'LAST_AUDIT_SESSION'];
const DAY_S = 24 * 60 * 60;

test('set up a device without signing in, keep it, print, weigh and reset it', async ({
  page,
  agent,
}) => {
  await useDeviceUrls(page, agent);
  await agent.simulateWeight(1.5);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки устройства');

  // Scanner: camera and the keyboard allowed, kept at once.
  await page.getByTestId('scan-settings-device-camera').check();
  await page.getByTestId('scan-settings-keyboard').check();

  // Printer and scale ids, trimmed; a bad id is refused inline and nothing is written.
  const printer = page.getByTestId('settings-printer');
  await printer.getByTestId('device-printer-app-id').fill('x'.repeat(101));
  await printer.getByTestId('device-printer-save').click();
  await expect(printer.getByTestId('device-printer-app-id-error')).toBeVisible();
  await printer.getByTestId('device-printer-app-id').fill(` ${DEMO_AGENT.appId} `);
  await printer.getByTestId('device-printer-id').fill(DEMO_AGENT.printerId);
  await printer.getByTestId('device-printer-save').click();
  await expect(printer.getByTestId('device-printer-app-id-error')).toHaveCount(0);
  const scale = page.getByTestId('settings-scale');
  await scale.getByTestId('device-scale-app-id').fill(DEMO_AGENT.appId);
  await scale.getByTestId('device-scale-id').fill(DEMO_AGENT.scaleId);
  await scale.getByTestId('device-scale-save').click();

  // The hub needs a session: the page asks to sign in instead.
  const signIn = printer.getByTestId('device-hub-sign-in').getByRole('link');
  await expect(signIn).toHaveText('Войдите, чтобы печатать через хаб');
  await expect(signIn).toHaveAttribute('href', '/user-auth?redirect=/settings');
  await expect(printer.getByTestId('device-hub')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('scan-settings-device-camera')).toBeChecked();
  await expect(page.getByTestId('scan-settings-keyboard')).toBeChecked();
  await expect(page.getByTestId('device-printer-app-id')).toHaveValue(DEMO_AGENT.appId);
  await expect(page.getByTestId('device-printer-id')).toHaveValue(DEMO_AGENT.printerId);
  await expect(page.getByTestId('device-scale-id')).toHaveValue(DEMO_AGENT.scaleId);

  // Path / and an expiry of 2100 as asked; Chromium caps it at 400 days.
  const cookies = await page.context().cookies();
  const now = Date.now() / 1000;
  for (const name of DEVICE_COOKIES) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie, name).toBeDefined();
    expect(cookie?.path, name).toBe('/');
    expect(cookie?.expires ?? 0, name).toBeGreaterThan(now + 399 * DAY_S);
  }

  // The scale's weight once stable.
  await expect(page.getByTestId('device-scale-weight')).toHaveText('1,5 кг', { timeout: 20_000 });
  await expect(page.getByTestId('device-scale-stable')).toHaveText('стабильно');

  // A test print without a user through the real agent: TEST-<hhmmss>, read back.
  await expect(page.getByTestId('device-local')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('device-test-print').click();
  const { pdf } = await agent.printer.waitForLabels(1);
  const decoded = await agent.printer.decodePdf(pdf[0] ?? '');
  expect(decoded).toHaveLength(1);
  expect(decoded[0]).toMatch(/^TEST-\d{6}$/);

  // Reset: asked first, then every listed cookie and key is gone.
  await page.evaluate((keys) => {
    for (const key of keys) localStorage.setItem(key, 'x');
  }, STORAGE_KEYS);
  await page.context().addCookies([{ name: 'LAST_ZONE_NUMBER', value: '1', url: page.url() }]);
  await page.getByTestId('settings-reset').click();
  await page.getByTestId('settings-reset-confirm').click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('scan-settings-device-scanner')).toBeChecked();
  const left = (await page.context().cookies()).map((cookie) => cookie.name);
  for (const name of [...DEVICE_COOKIES, 'LAST_ZONE_NUMBER'])
    expect(left, name).not.toContain(name);
  const kept = await page.evaluate(
    (keys) => keys.filter((key) => localStorage.getItem(key) !== null),
    STORAGE_KEYS,
  );
  expect(kept).toEqual([]);
});

for (const locale of ['ru', 'en'] as const) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ]) {
    test(`/settings and /nfc work without a session in ${locale} at ${viewport.width}×${viewport.height}`, async ({
      page,
      agent,
    }) => {
      await useDeviceUrls(page, agent);
      await page.setViewportSize(viewport);
      const prefix = locale === 'en' ? '/en' : '';
      await page.goto(`${prefix}/settings`);
      await expect(page.getByTestId('settings-device')).toBeVisible();
      await expect(page.getByTestId('settings-width')).toContainText(String(viewport.width));
      await expect(page.getByTestId('settings-server-sortingCenterId')).toBeVisible();
      await expect(page.getByTestId('settings-printer')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await page.goto(`${prefix}/nfc`);
      await expect(page.getByTestId('nfc-unavailable')).toBeVisible();
    });
  }
}
