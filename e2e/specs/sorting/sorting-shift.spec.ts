import type { Page } from '@playwright/test';
import { test, expect, type Scanner } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';

// A shift slice on the sorting screen against the real server and its demo seed
// (docs/DEMO.md: parcels P100001…, boxes _34717-N, cells =34717-<zone>-<row>-<col>,
// acceptance report .69.IN-0001). The steps share one database, so they run in order.
test.describe.configure({ mode: 'serial' });

const HEADERS = { 'X-Requested-With': 'sorting' };

async function openZone(page: Page, scanner: Scanner, zone: number) {
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan(`%Z34717-${zone}`);
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  return screen;
}

/** Where a parcel lies now, read from the server (parcels/scan answers its box). */
async function boxOf(page: Page, barcode: string): Promise<number | null> {
  const warehouse = await page.request.post('/sorting-api/warehouses/search', {
    headers: HEADERS,
    data: { number: 34717 },
  });
  const warehouseId = ((await warehouse.json()) as { OperationObject: { Id: number } })
    .OperationObject.Id;
  const response = await page.request.post('/sorting-api/parcels/scan', {
    headers: HEADERS,
    data: { barcode, warehouseId },
  });
  const body = (await response.json()) as { OperationObject: { boxNumber: number | null } };
  return body.OperationObject.boxNumber;
}

test.describe('sorting: a shift slice', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '');
  });

  test('a parcel goes to its suggested cell: prompt, big cell, move, success, back to scan what', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'Сканируйте посылку (единичное отправление) или грузоместо',
    );
    await scanner.scan('P100001');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('prompt-main')).toContainText('Положите и сканируйте ячейку');
    await expect(page.getByTestId('suggested-cell').first()).toHaveAttribute('data-cell', '1-a-01');
    const moved = page.waitForResponse((response) => response.url().endsWith('/sorting-api/move'));
    await scanner.scan('=34717-1-a-01');
    const request = (await moved).request();
    expect(request.headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-pre')).toHaveText(
      'Посылка P100001 перемещена в ячейку 1-a-01',
    );
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((mark) => mark.name),
    );
    expect(marks).toContain('sound:success-small');
    expect(await page.evaluate(() => localStorage.getItem('LAST_PARCEL_SCANNED'))).toContain(
      'P100001',
    );
  });

  test('a parcel already in its cell: the scan says where it lies, its cell answers "already here"', async ({
    page,
    scanner,
  }) => {
    // P100008 lies in box 1 in 1-a-01 (docs/DEMO.md).
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100008');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('prompt-bottom')).toHaveText(
      'Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)',
    );
    await expect(page.getByTestId('suggested-cell').first()).toHaveAttribute('data-cell', '1-a-01');
    const moved = page.waitForResponse((response) => response.url().endsWith('/sorting-api/move'));
    await scanner.scan('=34717-1-a-01');
    expect(await (await moved).json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: true,
      OperationObject: { isAlreadyInPlace: true, cellName: '1-a-01' },
    });
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-pre')).toHaveText(
      'Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)',
    );
    // No failed move: no error, no Retry, and the repeat sound.
    await expect(page.getByTestId('prompt-error')).toHaveCount(0);
    await expect(page.getByTestId('retry-move')).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((mark) => mark.name),
    );
    expect(marks).toContain('sound:repeat');
    expect(marks).not.toContain('sound:err');
  });

  test('error prompts: unknown parcel, unknown cell, empty box, unknown zone cell', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P999999');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Посылка P999999 не найдена на складе 34717',
    );
    // The f-code in small print, not the server's raw 404.
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0001');
    await expect(page.getByTestId('toast').first()).toContainText(
      'Посылка P999999 не найдена на складе 34717',
    );
    // A parcel of warehouse 1201 is not one of this warehouse either (docs/DEMO.md).
    await scanner.scan('P120001');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Посылка P120001 не найдена на складе 34717',
    );
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0001');

    await scanner.scan('_34717-2');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0005');

    await scanner.scan('=34717-9-a-01');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0012');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');

    await scanner.scan('P100002');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await scanner.scan('=34717-1-z-99');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0003');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await page.getByTestId('sorting-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  test('a parcel needing measure and weight: DIM-S and .GL fill the sizes; no weight, no placing', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100004');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    // The dimension type fills the three sizes (docs/DEMO.md).
    await scanner.scan('DIM-S');
    await expect(page.getByTestId('measure-length')).toHaveValue('30');
    await expect(page.getByTestId('measure-width')).toHaveValue('20');
    await expect(page.getByTestId('measure-height')).toHaveValue('15');
    await scanner.scan('.GL35');
    await expect(page.getByTestId('measure-length')).toHaveValue('35');
    // Saved without a weight: the sizes are saved, f-0027, and the parcel stays to be weighed.
    const measure = page.waitForRequest((request) =>
      request.url().endsWith('/sorting-api/parcels/measure'),
    );
    await page.getByTestId('measure-submit').click();
    expect((await measure).postDataJSON()).toMatchObject({ length: 35, width: 20, height: 15 });
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await expect(page.getByTestId('measure-length')).toHaveCount(0);
    await expect(page.getByTestId('suggested-cells')).toHaveCount(0);
    await page.getByTestId('measure-weight').fill('1,25');
    const weight = page.waitForRequest((request) =>
      request.url().endsWith('/sorting-api/parcels/weight'),
    );
    await page.getByTestId('measure-submit').click();
    expect((await weight).postDataJSON()).toMatchObject({ weight: 1250 });
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    const first = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
    await scanner.scan(`=34717-${first ?? ''}`);
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  test('weight 0 is f-0027 and the parcel stays in the measure step: it never reaches placing', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100010');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.getByTestId('measure-weight').fill('0');
    await page.getByTestId('measure-submit').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    // A cell scanned meanwhile does not place it either.
    await scanner.scan('=34717-1-a-05');
    await expect(page.getByTestId('prompt-error-text')).toHaveText('Сначала завершите текущий шаг');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    expect(calls.filter((path) => path.startsWith('/sorting-api/'))).toEqual([]);
    await page.getByTestId('step-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  test('a parcel with an attention message: damage comment, confirmed, then sorted', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100006');
    await expect(screen).toHaveAttribute('data-state', 'checkDamage');
    await expect(page.getByTestId('attention-message')).toContainText('Упаковка вскрыта');
    await page.getByTestId('damage-yes').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0020');
    await page.getByTestId('damage-comment').fill('Вмятина на углу');
    const damage = page.waitForRequest((request) => request.url().endsWith('/damage'));
    await page.getByTestId('damage-yes').click();
    expect((await damage).postDataJSON()).toEqual({ Comment: 'Вмятина на углу' });
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  });

  test('the acceptance report shows the sender and the quantity', async ({ page, scanner }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('.69.IN-0001');
    await expect(screen).toHaveAttribute('data-state', 'acceptanceReport');
    await expect(page.getByTestId('acceptance-name')).toHaveText('ООО «Автодеталь»');
    await expect(page.getByTestId('acceptance-quantity')).toHaveText(/^\d+$/);
    await page.getByTestId('acceptance-close').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  test('a box: scan what → its cell; a parcel while it is chosen is f-0031; moved to a new cell', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('_34717-1');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await scanner.scan('P100011');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0031');
    await scanner.scan('=34717-1-c-05');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    // In words, with the plural of its parcels (P100008, P100009, P100001).
    await expect(page.getByTestId('prompt-pre')).toHaveText(
      'Короб 1 с 3 посылками перемещён в ячейку 1-c-05',
    );
  });

  test('expedition zone: a cell scan switches the zone; the parcel is moved at once', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('=34717-2-b-01');
    await expect(page.getByTestId('prompt-pre')).toContainText('Экспедиция');
    await scanner.scan('P100003');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(page.getByTestId('prompt-pre')).toContainText('2-a-01');
  });

  test('a rescan of the same parcel recommends other cells', async ({ page, scanner }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100012');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await scanner.scan('P100012');
    await expect(page.getByTestId('prompt-pre')).toHaveText(
      'Повторное сканирование: рекомендуем другие ячейки',
    );
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  });

  test('a parcel needing a sticker without a printer: f-0024 and the printer dialog', async ({
    page,
    scanner,
  }) => {
    await withoutLocalAgent(page);
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100005');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0024');
    await expect(page.getByTestId('toast').filter({ hasText: 'Принтер не выбран' })).toBeVisible();
    // Spec part 1 §5 "redirected to the printer service": the header's printer dialog opens.
    await expect(page.getByTestId('device-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/sorting$/);
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  });

  test('the database holds exactly the moves made', async ({ page }) => {
    await page.goto('/sorting');
    expect(await boxOf(page, 'P100001')).toBe(1);
    expect(await boxOf(page, 'P100003')).toBe(4);
    expect(await boxOf(page, 'P100004')).not.toBeNull();
    expect(await boxOf(page, 'P100002')).toBeNull(); // cancelled
    expect(await boxOf(page, 'P100010')).toBeNull(); // f-0027, never placed
    expect(await boxOf(page, 'P100008')).toBe(1); // already there, not moved
    expect(await boxOf(page, 'P100011')).toBeNull(); // refused with f-0031
    expect(await boxOf(page, 'P100012')).toBeNull(); // rescanned, not placed
    expect(await boxOf(page, 'P100005')).toBeNull(); // no printer
  });
});
