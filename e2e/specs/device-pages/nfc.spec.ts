import { test, expect } from '../../fixtures';
import { WORKER } from '../auth/auth.helpers';
import { installFakeNfc, nearTag, tapTag } from './nfc.helpers';

// /nfc and the «Читать NFC-метки» switch with a fake Web NFC (docs/DECISIONS.md "Device pages").
const CELL = '=34717-1-a-01';

test.describe('NFC tags', () => {
  test('a text tag read on /nfc is shown and becomes a scan with source nfc', async ({ page }) => {
    await installFakeNfc(page);
    await page.goto('/nfc');
    await page.getByTestId('nfc-read-start').click();
    await expect(page.getByTestId('nfc-reading')).toBeVisible();
    await tapTag(page, {
      serialNumber: '04:a2:19:7f',
      records: [{ recordType: 'text', data: CELL, lang: 'ru' }],
    });
    const tag = page.getByTestId('nfc-tag').first();
    await expect(tag).toHaveAttribute('data-serial', '04:a2:19:7f');
    await expect(tag.getByTestId('nfc-record')).toContainText(CELL);
    await expect(tag.getByTestId('nfc-record')).toContainText('язык ru');
    await tapTag(page, {
      serialNumber: '04:00:00:01',
      records: [{ recordType: 'mime', mediaType: 'application/octet-stream', data: 'x' }],
    });
    await expect(page.getByTestId('nfc-tag-no-text')).toHaveText(
      'Метка без текстовой записи (серийный номер 04:00:00:01)',
    );
  });

  test('with the switch on, a tag on /notifications is in the last scans with source nfc', async ({
    page,
  }) => {
    await installFakeNfc(page);
    await page.goto('/settings');
    await page.getByTestId('scan-settings-nfc').check();
    await page.goto('/notifications');
    await page.getByTestId('notify-show').waitFor();
    await expect(async () => {
      await tapTag(page, { serialNumber: '04:a2', records: [{ recordType: 'text', data: CELL }] });
      await expect(page.getByTestId('last-scan').first()).toHaveAttribute('data-source', 'nfc', {
        timeout: 500,
      });
    }).toPass();
    await expect(page.getByTestId('last-scan-text').first()).toHaveText(CELL);
  });

  test('a badge tag on /user-auth signs in', async ({ page, baseURL }) => {
    await installFakeNfc(page);
    await page
      .context()
      .addCookies([{ name: 'scan_nfc_enabled', value: 'true', url: baseURL ?? '' }]);
    await page.goto('/user-auth');
    await page.getByTestId('header').waitFor();
    await expect(async () => {
      await tapTag(page, {
        serialNumber: '04:b1',
        records: [{ recordType: 'text', data: WORKER.badge }],
      });
      await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name, {
        timeout: 1_000,
      });
    }).toPass();
  });

  test('writing a badge is refused; a cell is written over a record when confirmed, then read back', async ({
    page,
  }) => {
    await installFakeNfc(page);
    await page.goto('/nfc');
    await page.getByTestId('nfc-write-text').fill(WORKER.badge);
    await page.getByTestId('nfc-write-start').click();
    await expect(page.getByTestId('nfc-write-refused')).toHaveText(
      'Бейджи на NFC-метки не записываются: метку можно скопировать',
    );

    await page.getByTestId('nfc-write-text').fill(CELL);
    await page.getByTestId('nfc-write-start').click();
    await expect(page.getByTestId('nfc-write-waiting')).toBeVisible();
    await tapTag(page, {
      serialNumber: '04:c3',
      records: [{ recordType: 'text', data: '=34717-9-z-99' }],
    });
    await expect(page.getByTestId('nfc-write-confirm')).toContainText('=34717-9-z-99');
    await page.getByTestId('nfc-write-overwrite').click();
    await expect(page.getByTestId('nfc-write-verified')).toHaveText('Записано и проверено');
    expect((await nearTag(page))?.records).toEqual([
      { recordType: 'text', data: CELL, lang: 'ru', encoding: 'utf-8' },
    ]);
  });

  test('without NDEFReader the page says NFC is unavailable', async ({ page }) => {
    await page.goto('/nfc');
    await expect(page.getByTestId('nfc-unavailable')).toHaveText(
      'NFC недоступен на этом устройстве: нужен Chrome на Android и HTTPS',
    );
    await page.goto('/en/nfc');
    await expect(page.getByTestId('nfc-unavailable')).toHaveText(
      'NFC is not available on this device: Chrome on Android and HTTPS are needed',
    );
  });
});
