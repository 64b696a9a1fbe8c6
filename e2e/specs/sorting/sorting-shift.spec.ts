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
    await expect(page.getByTestId('prompt-pre')).toContainText('P100001 → 1-a-01');
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((mark) => mark.name),
    );
    expect(marks).toContain('sound:success-small');
    expect(await page.evaluate(() => localStorage.getItem('LAST_PARCEL_SCANNED'))).toContain(
      'P100001',
    );
  });

  test('error prompts: unknown parcel, unknown cell, empty box, unknown zone cell', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P999999');
    await expect(page.getByTestId('prompt-error-text')).toHaveText('Посылка P999999 не найдена');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('404');
    await expect(page.getByTestId('toast').first()).toContainText('Посылка P999999 не найдена');

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

  test('a parcel needing measure and weight: .GL/.GW/.GH scans, typed weight, then its cell', async ({
    page,
    scanner,
  }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100004');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await scanner.scan('.GL30');
    await scanner.scan('.GW20');
    await scanner.scan('.GH15');
    await expect(page.getByTestId('measure-length')).toHaveValue('30');
    await expect(page.getByTestId('measure-height')).toHaveValue('15');
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

  test('weight 0 is f-0027 and the parcel goes on to sorting', async ({ page, scanner }) => {
    const screen = await openZone(page, scanner, 1);
    await scanner.scan('P100010');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await page.getByTestId('measure-weight').fill('0');
    await page.getByTestId('measure-submit').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
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
    await expect(page.getByTestId('prompt-pre')).toContainText('1-c-05');
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
    expect(await boxOf(page, 'P100011')).toBeNull(); // refused with f-0031
    expect(await boxOf(page, 'P100012')).toBeNull(); // rescanned, not placed
    expect(await boxOf(page, 'P100005')).toBeNull(); // no printer
  });
});
