import { test, expect } from '../../fixtures';
import { cookieOf, signInByBadge } from './sign-in.helpers';

test.describe('sorting entry: warehouse, then zone', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '');
  });

  test('the default warehouse is chosen at once, with a greeting; a zone scan reaches scanWhat', async ({
    page,
    scanner,
  }) => {
    await page.goto('/sorting');
    const entry = page.getByTestId('sorting-entry');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await expect(page.getByTestId('greeting')).toContainText('Иванов Пётр');
    await expect(page.getByTestId('prompt-pre')).toContainText('34717');
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Сканируйте зону, ячейку или выберите рабочее место',
    );
    const fontSize = await page
      .getByTestId('prompt-main')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(28);

    await scanner.scan('%Z34717-1');
    await expect(entry).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Сканируйте посылку (единичное отправление) или грузоместо',
    );
    await expect(page.getByTestId('prompt-pre')).toContainText('Сито');
    const cookie = await cookieOf(page, 'LAST_ZONE_NUMBER');
    expect(cookie).toMatchObject({ value: '1', path: '/' });

    await page.getByTestId('change-zone').click();
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await page.getByTestId('zone-2').click();
    await expect(entry).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-pre')).toContainText('Экспедиция');
  });

  test('an unknown zone shows f-0012 with the barcode and no toast; again, 304', async ({
    page,
    scanner,
  }) => {
    await page.goto('/sorting');
    const entry = page.getByTestId('sorting-entry');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await scanner.scan('%Z34717-99');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Зона со штрихкодом %Z34717-99 не найдена',
    );
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0012');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await expect(page.getByTestId('toast')).toHaveCount(0);

    await scanner.scan('%Z34717-98');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Зона со штрихкодом %Z34717-98 не найдена',
    );
    await expect(page.getByTestId('prompt-error-code')).toHaveText('304');
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a parcel-type scan right after the warehouse step is an f-0015 toast', async ({
    page,
    scanner,
  }) => {
    await page.goto('/sorting');
    await expect(page.getByTestId('sorting-entry')).toHaveAttribute('data-state', 'scanZone');
    await scanner.scan('1234567');
    await expect(page.getByTestId('toast')).toHaveText(['Сканируйте зону или ячейку']);
    await expect(page.getByTestId('sorting-entry')).toHaveAttribute('data-state', 'scanZone');
  });

  test('after a reload the last zone cookie restores the zone', async ({ page, scanner }) => {
    await page.goto('/sorting');
    const entry = page.getByTestId('sorting-entry');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await scanner.scan('%Z34717-3');
    await expect(entry).toHaveAttribute('data-state', 'scanWhat');
    await page.reload();
    await expect(entry).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-pre')).toContainText('Быстрая отгрузка');
  });

  test('change warehouse: an unknown number is "Склад не найден", then a pick from the list', async ({
    page,
    scanner,
  }) => {
    await page.goto('/sorting');
    const entry = page.getByTestId('sorting-entry');
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
    await page.getByTestId('change-warehouse').click();
    await expect(entry).toHaveAttribute('data-state', 'scanWarehouse');
    await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте склад');
    await scanner.scan('99999');
    await expect(page.getByTestId('prompt-error-text')).toHaveText('Склад не найден');
    await expect(entry).toHaveAttribute('data-state', 'scanWarehouse');
    await page.getByTestId('warehouse-34717').click();
    await expect(entry).toHaveAttribute('data-state', 'scanZone');
  });
});
