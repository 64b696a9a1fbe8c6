import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// The dimension types directory (spec part 2 §1, §3, §5, §8, §9) against the real
// server and the demo types of docs/DEMO.md: DIM-S, DIM-M common to all warehouses, DIM-PAL and
// DIM-XL of MSK-SC1. The walk that creates, changes and deletes a type runs on a fresh server.

const rowOf = (page: Page, barcode: string) =>
  page.locator(`[data-testid="dimension-row"][data-barcode="${barcode}"]`);

async function listedBarcodes(page: Page): Promise<string[]> {
  return page
    .getByTestId('dimension-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-barcode') ?? ''));
}

async function openDimensions(page: Page, path = '/dimensions') {
  await page.goto(path);
  await expect(page.getByTestId('dimension-row').first()).toBeVisible();
}

/** Moves the focus off any field, so the scanner's keys reach the page's scan listener. */
async function blur(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
}

test('lists own and common types; a common type cannot be edited; search and scan find a row', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '');
  await openDimensions(page);
  await expect.poll(() => listedBarcodes(page)).toEqual(['DIM-XL', 'DIM-PAL', 'DIM-M', 'DIM-S']);
  const common = rowOf(page, 'DIM-S');
  await expect(common.getByTestId('dimension-row-warehouse')).toHaveText('Общий');
  await expect(common.getByTestId('dimension-row-dimensions')).toHaveText('30x20x15');
  await expect(common.getByTestId('dimension-edit')).toHaveCount(0);
  await expect(common.getByTestId('dimension-delete')).toHaveCount(0);
  const own = rowOf(page, 'DIM-PAL');
  await expect(own.getByTestId('dimension-row-warehouse')).toHaveText('MSK-SC1');
  await expect(own.getByTestId('dimension-edit')).toBeVisible();
  // Another warehouse's types are not shown.
  await expect(page.getByText('PDL-WH2')).toHaveCount(0);

  await page.getByTestId('dimensions-search').fill('паллет');
  await expect.poll(() => listedBarcodes(page)).toEqual(['DIM-PAL']);
  await page.getByTestId('dimensions-search').fill('');

  await blur(page);
  await scanner.scan('DIM-M');
  await expect(page.getByTestId('dimensions-search')).toHaveValue('DIM-M');
  await expect.poll(() => listedBarcodes(page)).toEqual(['DIM-M']);

  // A cell's barcode is no dimension barcode: refused with the reason, no form opens.
  await page.getByTestId('dimensions-search').fill('');
  await blur(page);
  await scanner.scan('=34717-1-a-01');
  await expect(
    page.getByText(
      'Штрихкод =34717-1-a-01 не годится для типоразмера: Такой штрихкод читается как ячейка, короб, бейдж или размер',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('dimension-barcode')).toHaveCount(0);

  // An unknown barcode opens the create form with it; nothing is sent while a field is wrong.
  await page.getByTestId('dimensions-search').fill('');
  await blur(page);
  await scanner.scan('DIM-NEW-1');
  await expect(page.getByTestId('dimension-barcode')).toHaveValue('DIM-NEW-1');
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/dimensions-api/')) posted += 1;
  });
  await page.getByTestId('dimension-barcode').fill('=34717-1-a-01');
  await page.getByTestId('dimension-length').fill('0');
  await page.getByTestId('dimension-save').click();
  await expect(page.getByTestId('name-error')).toHaveText('Введите название');
  await expect(page.getByTestId('barcode-error')).toHaveText(
    'Такой штрихкод читается как ячейка, короб, бейдж или размер',
  );
  await expect(page.getByTestId('length-error')).toHaveText('Число больше 0 и не больше 10000');
  expect(posted).toBe(0);
  await page.getByTestId('dimension-cancel').click();
});

test('in English on a handheld: common types read «Common»', async ({ page, baseURL }) => {
  // A handheld's screen (design: 360×740): no sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await openDimensions(page, '/en/dimensions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dimension types');
  await expect(rowOf(page, 'DIM-M').getByTestId('dimension-row-warehouse')).toHaveText('Common');
  await expect(rowOf(page, 'DIM-XL').getByTestId('dimension-edit')).toHaveText('Edit');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

freshTest(
  'creates, edits and deletes a type; the returnable boxes form takes its sizes by scan',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(90_000);
    await signInByBadge(page, baseURL ?? '');
    await openDimensions(page);
    const toasts = page.getByTestId('toast');

    await test.step('create DIM-E2E 45×35×25: its toast, first in the list', async () => {
      await page.getByTestId('dimension-add').click();
      await page.getByTestId('dimension-name').fill('Короб e2e');
      await page.getByTestId('dimension-barcode').fill('DIM-E2E');
      await page.getByTestId('dimension-length').fill('45');
      await page.getByTestId('dimension-width').fill('35');
      await page.getByTestId('dimension-height').fill('25,5');
      const posted = page.waitForRequest((request) => request.method() === 'POST');
      await page.getByTestId('dimension-save').click();
      const body = (await posted).postDataJSON();
      expect(body).toEqual({
        Name: 'Короб e2e',
        Barcode: 'DIM-E2E',
        Length: 45,
        Width: 35,
        Height: 25.5,
        IsCommon: false,
      });
      await expect(
        toasts.filter({ hasText: 'Типоразмер «Короб e2e» (DIM-E2E) создан' }),
      ).toBeVisible();
      await expect.poll(() => listedBarcodes(page)).toContain('DIM-E2E');
      expect((await listedBarcodes(page))[0]).toBe('DIM-E2E');
      await expect(rowOf(page, 'DIM-E2E').getByTestId('dimension-row-dimensions')).toHaveText(
        // The ru interface's decimal comma.
        '45x35x25,5',
      );
    });

    await test.step('a taken barcode is refused with the server message', async () => {
      await page.getByTestId('dimension-add').click();
      await page.getByTestId('dimension-name').fill('Дубль');
      await page.getByTestId('dimension-barcode').fill('DIM-S');
      for (const field of ['length', 'width', 'height']) {
        await page.getByTestId(`dimension-${field}`).fill('10');
      }
      await page.getByTestId('dimension-save').click();
      await expect(
        toasts.filter({
          hasText: 'Ошибка при создании типоразмера: Штрихкод DIM-S уже занят другим типоразмером',
        }),
      ).toBeVisible();
      await page.getByTestId('dimension-cancel').click();
    });

    await test.step('edit its height to 30: its toast and new size', async () => {
      await rowOf(page, 'DIM-E2E').getByTestId('dimension-edit').click();
      await expect(page.getByTestId('dimension-name')).toHaveValue('Короб e2e');
      await page.getByTestId('dimension-height').fill('30');
      await page.getByTestId('dimension-save').click();
      await expect(
        toasts.filter({ hasText: 'Типоразмер «Короб e2e» (DIM-E2E) изменён' }),
      ).toBeVisible();
      await expect(rowOf(page, 'DIM-E2E').getByTestId('dimension-row-dimensions')).toHaveText(
        '45x35x30',
      );
    });

    await test.step('the returnable boxes form takes its sizes when it is scanned', async () => {
      await page.goto('/returnable-boxes');
      await expect(page.getByTestId('box-count')).toBeVisible();
      await page.getByRole('heading', { name: 'Новая тара' }).click();
      await scanner.scan('DIM-E2E');
      await expect(page.getByTestId('box-length')).toHaveValue('45');
      await expect(page.getByTestId('box-width')).toHaveValue('35');
      await expect(page.getByTestId('box-height')).toHaveValue('30');
    });

    await test.step('delete it after confirming: its toast, gone from the list', async () => {
      await openDimensions(page);
      await rowOf(page, 'DIM-E2E').getByTestId('dimension-delete').click();
      await expect(page.getByTestId('confirm-delete-text')).toHaveText(
        'Типоразмер «Короб e2e» (DIM-E2E, 45x35x30) будет удалён из справочника.',
      );
      await page.getByTestId('confirm-delete').click();
      await expect(
        toasts.filter({ hasText: 'Типоразмер «Короб e2e» (DIM-E2E) удалён' }),
      ).toBeVisible();
      await expect(rowOf(page, 'DIM-E2E')).toHaveCount(0);
    });
  },
);
