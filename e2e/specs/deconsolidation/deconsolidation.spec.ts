import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { recordCalls, soundMarks } from '../shell/page-records.helpers';

// Deconsolidation (spec part 2 §2, §4, §5, §8) against the real server and the demo
// consolidations of docs/DEMO.md: box _34717-111 in =34717-7-a-01 (3 parcels, measured),
// _34717-112 in =34717-7-a-02 (P420005 not measured). The walk that unpacks a box runs on a
// fresh server of its own (demo.fixtures.ts): the shared one keeps its boxes for the others.

const screenOf = (page: Page) => page.getByTestId('deconsolidation-screen');

async function openDeconsolidation(page: Page) {
  await page.goto('/deconsolidation');
  await expect(screenOf(page)).toHaveAttribute('data-view', 'waiting');
}

freshTest(
  'a box by its cell, scans ignored while shown, unpacked with ok-new; the unmeasured «—»; an unknown cell; the parcel sorted again',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(90_000);
    await signInByBadge(page, baseURL ?? '');
    const calls = recordCalls(page, '/deconsolidating-api/');
    await openDeconsolidation(page);
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Сканируйте ячейку или короб консолидации',
    );

    await test.step('the cell =34717-7-a-01 shows box 111 with 3 parcels in kg and cm', async () => {
      await scanner.scan('=34717-7-a-01');
      await expect(screenOf(page)).toHaveAttribute('data-view', 'info');
      await expect(page.getByTestId('prompt-main')).toHaveText('Короб 111 · _34717-111');
      await expect(page.getByTestId('box-destination')).toHaveText('Направление: Новосибирск');
      await expect(page.getByTestId('box-cell')).toHaveText('Ячейка 7-a-01 · =34717-7-a-01');
      await expect(page.getByTestId('box-detail')).toHaveCount(3);
      await expect(page.getByTestId('detail-weight')).toHaveText(['1,4 кг', '6,5 кг', '0,1 кг']);
      await expect(page.getByTestId('detail-size')).toHaveText(['60×13×12', '32×32×8', '10×4×3']);
      await expect(page.getByTestId('box-totals')).toHaveText('Посылок: 3 · вес: 8,0 кг');
      expect(calls).toEqual(['GET /deconsolidating-api/v1/34717/Consolidating/=34717-7-a-01']);
    });

    await test.step('a scan while the box is shown changes nothing', async () => {
      await scanner.scan('=34717-7-a-02');
      await page.waitForTimeout(300);
      await expect(screenOf(page)).toHaveAttribute('data-view', 'info');
      await expect(page.getByTestId('prompt-main')).toHaveText('Короб 111 · _34717-111');
      expect(calls).toHaveLength(1);
    });

    await test.step('deconsolidate asks, then unpacks the cell: close with ok-new', async () => {
      await page.getByTestId('deconsolidate').click();
      await expect(page.getByTestId('confirm-deconsolidate-text')).toHaveText(
        'Короб _34717-111 будет распакован: 3 посылки вернутся в сортировку',
      );
      const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
      await page.getByTestId('confirm-deconsolidate').click();
      const response = await deleted;
      expect(response.request().headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(await response.json()).toMatchObject({
        IsSuccess: true,
        OperationObject: { Barcode: '_34717-111', CellBarcode: '=34717-7-a-01', ParcelsCount: 3 },
      });
      await expect(screenOf(page)).toHaveAttribute('data-view', 'close');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Короб _34717-111 расконсолидирован, 3 посылки — в сортировку',
      );
      expect(await soundMarks(page)).toContain('sound:ok-new');
    });

    await test.step('box _34717-112: the unmeasured parcel shows «—»', async () => {
      await scanner.scan('_34717-112');
      await expect(screenOf(page)).toHaveAttribute('data-view', 'info');
      await expect(page.getByTestId('box-detail')).toHaveCount(2);
      await expect(page.getByTestId('detail-size')).toHaveText(['30×20×5', '—']);
      await expect(page.getByTestId('detail-weight')).toHaveText(['0,5 кг', '—']);
      await page.getByTestId('deconsolidation-cancel').click();
      await expect(screenOf(page)).toHaveAttribute('data-view', 'waiting');
    });

    await test.step('an unknown cell is store.a-001 with the server message', async () => {
      await scanner.scan('=34717-7-a-05');
      await expect(page.getByTestId('prompt-error-code')).toHaveText('store.a-001');
      const text =
        'Не удалось загрузить короб =34717-7-a-05: Консолидация =34717-7-a-05 не найдена';
      await expect(page.getByTestId('prompt-error-text')).toHaveText(text);
      await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
      await expect(screenOf(page)).toHaveAttribute('data-view', 'waiting');
      expect(await soundMarks(page)).toContain('sound:err');
    });

    await test.step('the unpacked parcel P420001 is sorted on /sorting', async () => {
      await page.goto('/sorting');
      const sorting = page.getByTestId('sorting-entry');
      await expect(sorting).toHaveAttribute('data-state', 'scanZone');
      await scanner.scan('%Z34717-1');
      await expect(sorting).toHaveAttribute('data-state', 'scanWhat');
      await scanner.scan('P420001');
      await expect(sorting).toHaveAttribute('data-state', 'scanWhere');
      const cell = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
      expect(cell).toMatch(/^1-[a-z]-\d\d$/);
      await scanner.scan(`=34717-${cell}`);
      await expect(sorting).toHaveAttribute('data-state', 'scanWhat');
      await expect(page.getByTestId('prompt-pre')).toHaveText(
        `Посылка P420001 перемещена в ячейку ${cell}`,
      );
    });

    await test.step('/vision of P420001 shows the unpacking, then the move', async () => {
      await page.goto('/vision');
      const vision = page.getByTestId('vision-screen');
      await expect(vision).toHaveAttribute('data-view', 'scanVisionUnits');
      await scanner.scan('P420001');
      await expect(vision).toHaveAttribute('data-view', 'visionUnitInfo');
      await expect(page.getByTestId('prompt-main')).toHaveText('История P420001');
      // Newest first: the move to the sorting cell, then the unpacking of box 111.
      const kinds = page.getByTestId('vision-event-kind');
      await expect(kinds.nth(0)).toHaveText('Посылка перемещена');
      await expect(kinds.nth(1)).toHaveText('Короб расконсолидирован');
      await expect(page.getByTestId('vision-event').nth(1)).toHaveAttribute(
        'data-kind',
        'box.deconsolidated',
      );
    });
  },
);

test('/en at 360×740: the box in English without sideways scroll; another kind is store.a-000', async ({
  page,
  baseURL,
  scanner,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/en/deconsolidation');
  await expect(screenOf(page)).toHaveAttribute('data-view', 'waiting');
  await expect(page.getByTestId('prompt-main')).toHaveText('Scan a consolidation cell or box');
  await scanner.scan('P100001');
  await expect(page.getByTestId('prompt-error-code')).toHaveText('store.a-000');
  await expect(page.getByTestId('prompt-error-text')).toHaveText(
    'Deconsolidation error: Scan a cell or a box',
  );
  // Box 112 is only read here (the shared server keeps it packed).
  await scanner.scan('=34717-7-a-02');
  await expect(screenOf(page)).toHaveAttribute('data-view', 'info');
  await expect(page.getByTestId('prompt-main')).toHaveText('Box 112 · _34717-112');
  await expect(page.getByTestId('box-destination')).toHaveText('Destination: Екатеринбург');
  await expect(page.getByTestId('detail-weight')).toHaveText(['0.5 kg', '—']);
  await expect(page.getByTestId('box-totals')).toHaveText('Parcels: 2 · weight: 0.5 kg');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId('deconsolidate').click();
  await expect(page.getByTestId('confirm-deconsolidate-text')).toHaveText(
    'Box _34717-112 will be unpacked: 2 parcels go back to sorting',
  );
  await page.getByTestId('cancel-deconsolidate').click();
  await expect(screenOf(page)).toHaveAttribute('data-view', 'info');
  await page.getByTestId('deconsolidation-cancel').click();
  await expect(screenOf(page)).toHaveAttribute('data-view', 'waiting');
});
