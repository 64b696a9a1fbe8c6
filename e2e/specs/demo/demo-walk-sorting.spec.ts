import type { Page } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';
import { markNames } from '../scanner/scanner.helpers';
import { HEADERS, boxOf, scannedParcel, warehouseId } from '../sorting/sorting.helpers';
import { expect, freshTest as test, type Scanner } from './demo.fixtures';

// The sorting sentences of docs/DEMO.md "What a newcomer can do today" that
// e2e/specs/sorting/demo-walk.spec.ts does not walk. Each test weighs or re-sorts demo parcels
// for good, so it has a fresh demo database of its own.

const prompt = (page: Page, part: 'pre' | 'main' | 'extra' | 'bottom') =>
  page.getByTestId(`prompt-${part}`);

async function openZoneOne(page: Page, scanner: Scanner) {
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  return screen;
}

/** How often a sound was played on the page so far. */
async function played(page: Page, sound: string): Promise<number> {
  return (await markNames(page)).filter((name) => name === `sound:${sound}`).length;
}

// "The steps before sorting: `P100004` needs measure and weight: scan `DIM-S` or `DIM-M` (the
// sizes of that box type), or `.GL…`, `.GW…`, `.GH…`, or type the sizes; then type the weight
// in kg or read the scale. Saved without a weight (or with 0) it says f-0027 and the parcel
// stays in the step until it is weighed; it is never placed unweighed (the server refuses
// that move too). `P100010` needs the weight only; the step shows its known sizes («Размеры:
// 40 × 30 × 20 см», from `Parcels/{barcode}/measures`)."
test('docs/DEMO.md "The steps before sorting": sizes, f-0027 without a weight, never placed unweighed', async ({
  page,
  baseURL,
  scanner,
}) => {
  test.setTimeout(120_000);
  await signInByBadge(page, baseURL ?? '');
  await withoutLocalAgent(page);
  const screen = await openZoneOne(page, scanner);
  const length = page.getByTestId('measure-length');
  const width = page.getByTestId('measure-width');
  const height = page.getByTestId('measure-height');
  const weight = page.getByTestId('measure-weight');

  await test.step('P100004: DIM-S, then .GL/.GW/.GH, then typed sizes', async () => {
    await scanner.scan('P100004');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await scanner.scan('DIM-S');
    await expect(length).toHaveValue('30');
    await expect(width).toHaveValue('20');
    await expect(height).toHaveValue('15');
    await scanner.scan('.GL41');
    await scanner.scan('.GW31');
    await scanner.scan('.GH26');
    await expect(length).toHaveValue('41');
    await expect(width).toHaveValue('31');
    await expect(height).toHaveValue('26');
    await length.fill('42');
    await expect(weight).toHaveValue('');
  });

  await test.step('saved without a weight: f-0027, the screen stays on measuring', async () => {
    await page.getByTestId('measure-submit').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
    await expect(page.getByTestId('prompt-error-text')).toHaveText('Вес должен быть больше нуля');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await expect(weight).toBeVisible();
    // The sizes are kept; the weight is still missing.
    const measures = await page.request.get('/sortingsystem-api/Parcels/P100004/measures', {
      headers: HEADERS,
    });
    expect(await measures.json()).toMatchObject({
      OperationObject: { length: 42, width: 31, height: 26 },
    });
  });

  await test.step('saved with 0: f-0027 again, still measuring', async () => {
    await weight.fill('0');
    await page.getByTestId('measure-submit').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
    await expect(screen).toHaveAttribute('data-state', 'measure');
  });

  await test.step('the server refuses to place P100004 unweighed', async () => {
    const parcel = await scannedParcel<{ id: number }>(page, 'P100004');
    const cell = await page.request.post('/sorting-api/cells/search', {
      headers: HEADERS,
      data: { barcode: '=34717-1-a-04', warehouseId: await warehouseId(page) },
    });
    const cellId = ((await cell.json()) as { OperationObject: { id: number } }).OperationObject.id;
    const move = await page.request.post('/sorting-api/move', {
      headers: HEADERS,
      data: { parcelId: parcel.id, cellId },
    });
    expect(await move.json()).toMatchObject({
      IsSuccess: false,
      Message: 'Посылку P100004 сначала нужно взвесить',
    });
    expect(await boxOf(page, 'P100004')).toBeNull();
  });

  await test.step('weighed (typed in kg), it goes on to sorting', async () => {
    await weight.fill('3,2');
    await page.getByTestId('measure-submit').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('prompt-error')).toHaveCount(0);
    await page.getByTestId('sorting-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  await test.step('P100010: the weight only, its known sizes shown; 0 is f-0027, a weight goes on', async () => {
    const measures = page.waitForResponse((response) =>
      response.url().endsWith('/sortingsystem-api/Parcels/P100010/measures'),
    );
    await scanner.scan('P100010');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    expect((await measures).ok()).toBe(true);
    await expect(page.getByTestId('measure-known-sizes')).toHaveText('Размеры: 40 × 30 × 20 см');
    await expect(length).toHaveCount(0);
    await weight.fill('0');
    await page.getByTestId('measure-submit').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0027');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await weight.fill('0,8');
    await page.getByTestId('measure-submit').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  });
});

// "Parcels already sorted: `P100008` and `P100009` lie in box 1 in `1-a-01`; scanned, the
// screen says so («Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)»), scanning that cell
// answers the same with the repeat sound and moves nothing, another cell re-sorts the parcel.
// The same parcel scanned twice in a row is a rescan: «Повторное сканирование: рекомендуем
// другие ячейки»."
// "A returnable box scanned on `/sorting` (`_R34717-3`) says where it stands («Сейчас стоит:
// 1-a-05») with the `tara` sound; the next cell scanned (`=34717-1-a-06`) moves it there
// («Оборотная тара _R34717-3 перемещена в ячейку 1-a-06»)." And the sounds of
// docs/DECISIONS.md "Sorting screen": `free`, `new`, `stop`.
test('docs/DEMO.md "Parcels already sorted": already here, re-sorted elsewhere, a rescan; a returnable box; free, new, stop', async ({
  page,
  baseURL,
  scanner,
}) => {
  test.setTimeout(120_000);
  await signInByBadge(page, baseURL ?? '');
  await withoutLocalAgent(page);
  const screen = await openZoneOne(page, scanner);

  await test.step('P100009 scanned: the screen says where it lies', async () => {
    await scanner.scan('P100009');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(prompt(page, 'bottom')).toHaveText(
      'Посылка P100009 уже лежит в ячейке 1-a-01 (короб 1)',
    );
  });

  await test.step('its cell answers the same with the repeat sound and moves nothing', async () => {
    const repeats = await played(page, 'repeat');
    await scanner.scan('=34717-1-a-01');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt(page, 'pre')).toHaveText(
      'Посылка P100009 уже лежит в ячейке 1-a-01 (короб 1)',
    );
    await expect(page.getByTestId('prompt-error')).toHaveCount(0);
    await expect.poll(() => played(page, 'repeat')).toBe(repeats + 1);
    expect(await boxOf(page, 'P100009')).toBe(1);
  });

  await test.step('P100008 into another cell: re-sorted', async () => {
    await scanner.scan('P100008');
    await expect(prompt(page, 'bottom')).toHaveText(
      'Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)',
    );
    await scanner.scan('=34717-1-a-02');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt(page, 'pre')).toHaveText('Посылка P100008 перемещена в ячейку 1-a-02');
    expect(await boxOf(page, 'P100008')).toBe(2);
  });

  await test.step('P100011 scanned twice in a row: a rescan', async () => {
    await scanner.scan('P100011');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(prompt(page, 'pre')).toHaveText(/^Посылка P100011 · /);
    const repeats = await played(page, 'repeat');
    await scanner.scan('P100011');
    await expect(prompt(page, 'pre')).toHaveText(
      'Повторное сканирование: рекомендуем другие ячейки',
    );
    await expect(prompt(page, 'bottom')).toHaveText(/^Посылка P100011 · /);
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect.poll(() => played(page, 'repeat')).toBe(repeats + 1);
  });

  await test.step('_R34717-3: where it stands (tara), then moved to the next cell scanned', async () => {
    const taras = await played(page, 'tara');
    await scanner.scan('_R34717-3');
    await expect(screen).toHaveAttribute('data-state', 'scanContainerPlace');
    await expect(prompt(page, 'pre')).toHaveText('Оборотная тара _R34717-3');
    await expect(prompt(page, 'main')).toHaveText(/Поставьте тару и сканируйте ячейку$/);
    await expect(prompt(page, 'extra')).toHaveText('Сейчас стоит: 1-a-05');
    await expect.poll(() => played(page, 'tara')).toBe(taras + 1);
    await scanner.scan('=34717-1-a-06');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt(page, 'pre')).toHaveText(
      'Оборотная тара _R34717-3 перемещена в ячейку 1-a-06',
    );
    const found = await page.request.get('/sorting-api/ContainerAccounting?barcode=_R34717-3', {
      headers: HEADERS,
    });
    expect(await found.json()).toMatchObject({
      OperationObject: { CurrentLocationName: '1-a-06', CurrentLocationCode: '=34717-1-a-06' },
    });
  });

  await test.step('zone 3 is free: P100012 is offered a free cell (free), its move opens a box (new)', async () => {
    await scanner.scan('=34717-3-a-01');
    await expect(prompt(page, 'pre')).toContainText('Быстрая отгрузка');
    const [free, opened] = [await played(page, 'free'), await played(page, 'new')];
    await scanner.scan('P100012');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect.poll(() => played(page, 'free')).toBe(free + 1);
    const first = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
    await scanner.scan(`=34717-${first ?? ''}`);
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect.poll(() => played(page, 'new')).toBe(opened + 1);
  });

  await test.step('zone 5 takes only a suggested cell: another one is refused with stop, not err', async () => {
    await scanner.scan('=34717-5-a-01');
    await scanner.scan('P100002');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    const [errors, stops] = [await played(page, 'err'), await played(page, 'stop')];
    await scanner.scan('=34717-5-h-10');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0014');
    await expect.poll(() => played(page, 'stop')).toBe(stops + 1);
    expect(await played(page, 'err')).toBe(errors);
  });
});
