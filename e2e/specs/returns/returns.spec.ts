import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import {
  MAX_PHOTO_BYTES,
  accept,
  imageFile,
  openReturns,
  reason,
  returnsOf,
  scanParcel,
  toast,
  upload,
} from './returns.helpers';

// Customer returns (spec part 1 §2, §4, §7, §8) against the real server and its demo seed
// (returns-shared.md / docs/DEMO.md: parcels P300001…P300011 shipped from warehouse 34717).
// One return per reason path, each on its own parcel; the photos are real image files made by
// the browser's canvas and uploaded through the page's file inputs. Steps share one database,
// so they run in order.
test.describe.configure({ mode: 'serial' });

test.describe('returns', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '');
  });

  test('another_reason: quality check with a required comment (P300005)', async ({
    page,
    scanner,
  }) => {
    const screen = await scanParcel(page, scanner, 'P300005', 'SelectReturnReason');
    await expect(page.getByTestId('item-name')).toHaveText('Наушники');
    await expect(page.getByTestId('reason-choice')).toHaveCount(6);
    await reason(page, 'another_reason').click();
    await expect(screen).toHaveAttribute('data-state', 'CheckQualityReturn');
    await expect(page.getByTestId('next')).toBeDisabled();
    await page.getByTestId('comment').fill('Не работает левый наушник');
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-state', 'ConfirmReturnPackage');
    await expect(page.getByTestId('summary-cost')).toHaveText('3\u00a0990,00\u00a0₽');
    await accept(page, 'Возврат принят: Наушники, 1 шт. (отправление P300005)');

    const [accepted] = await returnsOf(page, 'P300005');
    expect(accepted?.warehouseCode).toBe('34717');
    expect(accepted?.items).toEqual([
      expect.objectContaining({
        code: 'ITM-300005-1',
        quantity: 1,
        reasonCode: 'another_reason',
        comment: 'Не работает левый наушник',
        returnCost: 3990,
        images: [],
      }),
    ]);
  });

  test('damage_item goes straight to the confirmation (P300006)', async ({ page, scanner }) => {
    const screen = await scanParcel(page, scanner, 'P300006', 'SelectReturnReason');
    await reason(page, 'damage_item').click();
    await expect(screen).toHaveAttribute('data-state', 'ConfirmReturnPackage');
    await expect(page.getByTestId('summary-reason')).toHaveText('Повреждение товара');
    await accept(page, 'Возврат принят: Power bank, 1 шт. (отправление P300006)');
    const [accepted] = await returnsOf(page, 'P300006');
    expect(accepted?.items[0]).toMatchObject({ reasonCode: 'damage_item', returnCost: 1990 });
  });

  test('fake goes straight to the confirmation (P300007)', async ({ page, scanner }) => {
    const screen = await scanParcel(page, scanner, 'P300007', 'SelectReturnReason');
    await reason(page, 'fake').click();
    await expect(screen).toHaveAttribute('data-state', 'ConfirmReturnPackage');
    await accept(page, 'Возврат принят: Часы наручные, 1 шт. (отправление P300007)');
    const [accepted] = await returnsOf(page, 'P300007');
    expect(accepted?.items[0]).toMatchObject({ reasonCode: 'fake', returnCost: 5990 });
  });

  test('oversort: oversort or shortage, with a comment (P300008)', async ({ page, scanner }) => {
    const screen = await scanParcel(page, scanner, 'P300008', 'SelectReturnReason');
    await reason(page, 'oversort').click();
    await expect(screen).toHaveAttribute('data-state', 'OversortOrShortage');
    await expect(page.getByTestId('next')).toBeDisabled();
    await page.locator('[data-testid="problem-choice"][data-problem="shortage"]').click();
    await page.getByTestId('comment').fill('Нет чехла');
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-state', 'ConfirmReturnPackage');
    await expect(page.getByTestId('summary-problem')).toHaveText('Недовложение');
    await accept(page, 'Возврат принят: Рюкзак, 1 шт. (отправление P300008)');
    const [accepted] = await returnsOf(page, 'P300008');
    expect(accepted?.items[0]).toMatchObject({
      reasonCode: 'oversort',
      reasonComment: 'shortage',
      comment: 'Нет чехла',
      returnCost: 2990,
    });
  });

  test('manufacturing defect: documents photo (PNG), package photo (JPEG), comment; cost 1 (P300009)', async ({
    page,
    scanner,
  }) => {
    const screen = await scanParcel(page, scanner, 'P300009', 'SelectReturnReason');
    await reason(page, 'manufacturing_defects').click();
    await expect(screen).toHaveAttribute('data-step', 'documentsPhoto');
    await expect(page.getByTestId('next')).toBeDisabled();
    await upload(page, [await imageFile(page, 'documents.png', 'image/png')], 1);
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-step', 'packagePhoto');
    await upload(page, [await imageFile(page, 'package.jpg', 'image/jpeg')], 1);
    // The thumbnail is the stored photo, served back with its type.
    const thumbnail = page.getByTestId('photo').locator('img');
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(32);
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-step', 'comment');
    await page.getByTestId('comment').fill('Не включается');
    await page.getByTestId('next').click();
    await expect(page.getByTestId('summary-cost')).toHaveText('1,00\u00a0₽');
    const payload = await accept(page, 'Возврат принят: Фен, 1 шт. (отправление P300009)');
    expect(payload[0]).toMatchObject({ reasonCode: 'manufacturing_defects', returnCost: 1 });

    const [accepted] = await returnsOf(page, 'P300009');
    const line = accepted?.items[0];
    expect(line).toMatchObject({ reasonCode: 'manufacturing_defects', returnCost: 1 });
    expect(line?.images.map((image) => [image.fileName, image.contentType])).toEqual([
      ['documents.png', 'image/png'],
      ['package.jpg', 'image/jpeg'],
    ]);
    const stored = await page.request.get(line?.images[1]?.url ?? '');
    expect(stored.headers()['content-type']).toContain('image/jpeg');
  });

  test('damaged package: act (two photos, one deleted), invoice, package, comment (P300010)', async ({
    page,
    scanner,
  }) => {
    const screen = await scanParcel(page, scanner, 'P300010', 'SelectReturnReason');
    await reason(page, 'damaged').click();
    await expect(screen).toHaveAttribute('data-step', 'actPhoto');
    await expect(page.getByTestId('step-of')).toHaveText('Шаг 1 из 4');
    await upload(
      page,
      [
        await imageFile(page, 'act-1.png', 'image/png'),
        await imageFile(page, 'act-2.jpg', 'image/jpeg'),
      ],
      2,
    );
    const deleted = await page.getByTestId('photo').nth(1).getAttribute('data-id');
    const deleting = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().includes(deleted ?? '-'),
    );
    await page.getByRole('button', { name: 'Удалить фото act-2.jpg' }).click();
    expect((await deleting).ok()).toBe(true);
    await expect(page.getByTestId('photo')).toHaveCount(1);
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-step', 'invoicePhoto');
    await upload(page, [await imageFile(page, 'invoice.png', 'image/png')], 1);
    await page.getByTestId('next').click();
    await expect(screen).toHaveAttribute('data-step', 'packagePhoto');
    await upload(page, [await imageFile(page, 'package.jpg', 'image/jpeg')], 1);
    await page.getByTestId('next').click();
    await page.getByTestId('comment').fill('Коробка смята');
    await page.getByTestId('next').click();
    await expect(page.getByTestId('summary-photos')).toHaveText('3');
    await accept(page, 'Возврат принят: Ваза стеклянная, 1 шт. (отправление P300010)');

    const [accepted] = await returnsOf(page, 'P300010');
    const line = accepted?.items[0];
    expect(line).toMatchObject({
      reasonCode: 'damaged',
      comment: 'Коробка смята',
      returnCost: 1490,
    });
    expect(line?.images.map((image) => image.fileName)).toEqual([
      'act-1.png',
      'invoice.png',
      'package.jpg',
    ]);
    expect(line?.images.map((image) => image.id)).not.toContain(deleted);
    const gone = await page.request.get(`/returns-api/return/image/${deleted ?? ''}`);
    expect(gone.headers()['content-type'] ?? '').not.toContain('image/');
  });

  test('count first for more than one unit: 2 of 3 mugs (P300002)', async ({ page, scanner }) => {
    const screen = await scanParcel(page, scanner, 'P300002', 'SelectReturnCount');
    await expect(page.getByTestId('count-choice')).toHaveCount(3);
    await page.locator('[data-testid="count-choice"][data-count="2"]').click();
    await expect(screen).toHaveAttribute('data-state', 'SelectReturnReason');
    await reason(page, 'damage_item').click();
    await expect(page.getByTestId('summary-count')).toHaveText('2 шт.');
    await expect(page.getByTestId('summary-cost')).toHaveText('1\u00a0180,00\u00a0₽');
    await accept(page, 'Возврат принят: Кружка керамическая, 2 шт. (отправление P300002)');
    const [accepted] = await returnsOf(page, 'P300002');
    expect(accepted?.items[0]).toMatchObject({ quantity: 2, returnCost: 1180 });

    // One mug is left to return: no count step any more.
    await scanParcel(page, scanner, 'P300002', 'SelectReturnReason');
  });

  test('a text file named .jpg is f-0006, a too-big photo f-0007; cancel deletes the uploaded photo (P300011)', async ({
    page,
    scanner,
  }) => {
    const screen = await scanParcel(page, scanner, 'P300011', 'SelectReturnReason');
    await reason(page, 'damaged').click();
    await expect(screen).toHaveAttribute('data-step', 'actPhoto');

    await page.getByTestId('photo-files').setInputFiles({
      name: 'note.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is plain text, not a photo'),
    });
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0006');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Файл note.jpg — не изображение. Нужно фото JPEG, PNG, WebP или HEIC',
    );
    await expect(toast(page, 'Файл note.jpg — не изображение')).toBeVisible();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/returns-api/return/image')) uploads.push(request.url());
    });
    await page.getByTestId('photo-camera').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff),
    });
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0007');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Фото huge.jpg слишком большое: не больше 10 МБ',
    );
    expect(uploads).toEqual([]);
    await expect(page.getByTestId('photo')).toHaveCount(0);

    await upload(page, [await imageFile(page, 'act.png', 'image/png')], 1);
    const id = await page.getByTestId('photo').getAttribute('data-id');
    expect((await page.request.get(`/returns-api/return/image/${id ?? ''}`)).ok()).toBe(true);
    await page.getByTestId('cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'ScanRetunedPackage');
    const gone = await page.request.get(`/returns-api/return/image/${id ?? ''}`);
    expect(gone.headers()['content-type'] ?? '').not.toContain('image/');
    expect(await returnsOf(page, 'P300011')).toEqual([]);
  });

  test('an unknown parcel is f-0002 with its barcode, a cell scan f-0004', async ({
    page,
    scanner,
  }) => {
    await openReturns(page);
    await scanner.scan('P399999');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0002');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Отправление P399999 не найдено',
    );
    await scanner.scan('=34717-1-a-01');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0004');
  });
});
