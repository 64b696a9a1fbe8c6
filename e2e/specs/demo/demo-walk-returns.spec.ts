import { signInByBadge } from '../context/sign-in.helpers';
import {
  accept,
  imageFile,
  openReturns,
  reason,
  returnsOf,
  scanParcel,
  upload,
} from '../returns/returns.helpers';
import { expect, freshTest as test } from './demo.fixtures';

// "Open `/returns` (warehouse 34717) and scan a shipped parcel `P300001`…`P300011` (table
// below, kind `return-parcel`): the item (a choice first when there are several) and the
// return reasons are listed; choose a reason, add the photos it needs (2 for a manufacturing
// defect, 3 for a damaged package), check the return cost and accept. `P300002` holds three
// mugs (the count is chosen first), `P300003` two items with «fake» disabled for the T-shirt,
// `P300004` was returned in full already (f-0003).
// `GET /returns-api/return/returns?barcode=P300001` lists the accepted returns with photos."
// Accepting a return uses a parcel up for good: a fresh demo database of its own.
test('docs/DEMO.md "Open /returns": P300001…P300004 as the page says', async ({
  page,
  baseURL,
  scanner,
}) => {
  test.setTimeout(120_000);
  await signInByBadge(page, baseURL ?? '');

  await test.step('P300001: the item and the reasons; a manufacturing defect with 2 photos', async () => {
    const screen = await scanParcel(page, scanner, 'P300001', 'SelectReturnReason');
    await expect(page.getByTestId('item-name')).toHaveText('Чайник электрический');
    await expect(page.getByTestId('reason-choice')).toHaveCount(6);
    await reason(page, 'manufacturing_defects').click();
    await expect(screen).toHaveAttribute('data-step', 'documentsPhoto');
    await expect(page.getByTestId('next')).toBeDisabled();
    await upload(page, [await imageFile(page, 'documents.png', 'image/png')], 1);
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-step', 'packagePhoto');
    await upload(page, [await imageFile(page, 'package.jpg', 'image/jpeg')], 1);
    await page.getByTestId('next').click();
    await page.getByTestId('comment').fill('Не нагревается');
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-state', 'ConfirmReturnPackage');
    await expect(page.getByTestId('summary-photos')).toHaveText('2');
    await expect(page.getByTestId('summary-cost')).toHaveText('1,00\u00a0₽');
    await accept(page, 'Возврат принят: Чайник электрический, 1 шт. (отправление P300001)');
  });

  await test.step('GET returns?barcode=P300001 lists the accepted return with photos', async () => {
    const [accepted] = await returnsOf(page, 'P300001');
    expect(accepted?.items[0]).toMatchObject({
      code: 'ITM-300001-1',
      reasonCode: 'manufacturing_defects',
    });
    expect(accepted?.items[0]?.images.map((image) => image.fileName)).toEqual([
      'documents.png',
      'package.jpg',
    ]);
  });

  await test.step('a damaged package needs 3 photos (P300011)', async () => {
    const screen = await scanParcel(page, scanner, 'P300011', 'SelectReturnReason');
    await reason(page, 'damaged').click();
    for (const step of ['actPhoto', 'invoicePhoto', 'packagePhoto']) {
      await expect(screen).toHaveAttribute('data-step', step);
      await expect(page.getByTestId('next')).toBeDisabled();
      await upload(page, [await imageFile(page, `${step}.png`, 'image/png')], 1);
      await page.getByTestId('next').click();
    }
    await page.getByTestId('comment').fill('Коробка смята');
    await page.getByTestId('next').click();
    await expect(page.getByTestId('summary-photos')).toHaveText('3');
    await expect(page.getByTestId('summary-cost')).toHaveText('690,00\u00a0₽');
    await accept(page, 'Возврат принят: Книга, 1 шт. (отправление P300011)');
  });

  await test.step('P300002: three mugs, the count is chosen first', async () => {
    const screen = await scanParcel(page, scanner, 'P300002', 'SelectReturnCount');
    await expect(page.getByTestId('count-choice')).toHaveCount(3);
    await page.locator('[data-testid="count-choice"][data-count="3"]').click();
    await expect(screen).toHaveAttribute('data-state', 'SelectReturnReason');
    await expect(page.getByTestId('item-name')).toHaveText('Кружка керамическая');
  });

  await test.step('P300003: a choice of two items; «fake» disabled for the T-shirt', async () => {
    await openReturns(page);
    await scanner.scan('P300003');
    const items = page.getByTestId('item-choice');
    await expect(items).toHaveCount(2);
    await expect(items).toContainText(['Футболка хлопковая', 'Носки, 3 пары']);
    await page.locator('[data-testid="item-choice"][data-code="ITM-300003-1"]').click();
    await expect(page.getByTestId('returns-screen')).toHaveAttribute(
      'data-state',
      'SelectReturnReason',
    );
    await expect(reason(page, 'fake')).toBeDisabled();
    await expect(reason(page, 'damage_item')).toBeEnabled();
  });

  await test.step('P300004 was returned in full already: f-0003', async () => {
    await openReturns(page);
    await scanner.scan('P300004');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0003');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'По отправлению P300004 возвращать нечего: все товары уже возвращены',
    );
  });
});
