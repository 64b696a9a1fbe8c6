import { expect, type Locator, type Page } from '@playwright/test';
import type { Scanner } from '../../scanner';

// The customer returns screen (/returns) driven as a worker does, shared by the returns spec
// and the docs/DEMO.md walk.

export const HEADERS = { 'X-Requested-With': 'sorting' };
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small real image of the given type, drawn on a canvas in the page. */
export async function imageFile(
  page: Page,
  name: string,
  mimeType: 'image/png' | 'image/jpeg',
): Promise<PhotoFile> {
  const base64 = await page.evaluate((type) => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 24;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#f9b122';
      context.fillRect(0, 0, 32, 24);
      context.fillStyle = '#111';
      context.fillRect(8, 6, 16, 12);
    }
    return canvas.toDataURL(type).split(',')[1] ?? '';
  }, mimeType);
  return { name, mimeType, buffer: Buffer.from(base64, 'base64') };
}

export interface AcceptedReturn {
  returnId: number;
  userName: string;
  warehouseCode: string;
  items: Array<{
    code: string;
    barcode: string;
    quantity: number;
    reasonCode: string;
    reasonComment: string;
    comment: string;
    returnCost: number;
    images: Array<{ id: string; fileName: string; contentType: string; url: string }>;
  }>;
}

/** The accepted returns of a parcel, read back from the server. */
export async function returnsOf(page: Page, barcode: string): Promise<AcceptedReturn[]> {
  const response = await page.request.get(
    `/returns-api/return/returns?barcode=${encodeURIComponent(barcode)}`,
    { headers: HEADERS },
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { IsSuccess: boolean; OperationObject: AcceptedReturn[] };
  expect(body.IsSuccess).toBe(true);
  return body.OperationObject;
}

export const screenOf = (page: Page) => page.getByTestId('returns-screen');
export const reason = (page: Page, code: string) =>
  page.locator(`[data-testid="reason-choice"][data-code="${code}"]`);
export const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text });

export async function openReturns(page: Page): Promise<Locator> {
  await page.goto('/returns');
  const screen = screenOf(page);
  await expect(screen).toHaveAttribute('data-state', 'ScanRetunedPackage');
  await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте отправление');
  return screen;
}

export async function scanParcel(page: Page, scanner: Scanner, barcode: string, state: string) {
  const screen = await openReturns(page);
  await scanner.scan(barcode);
  await expect(screen).toHaveAttribute('data-state', state);
  await expect(page.getByTestId('prompt-pre')).toHaveText(`Отправление ${barcode}`);
  return screen;
}

/** Uploads files through the "choose from files" input and waits for their thumbnails. */
export async function upload(page: Page, files: PhotoFile[], expected: number) {
  await page.getByTestId('photo-files').setInputFiles(files);
  await expect(page.getByTestId('photo')).toHaveCount(expected);
  await expect(page.getByTestId('upload-queue')).toHaveCount(0);
}

/** Accepts the return: return2 with an operation id, ok toast, then /sorting. */
export async function accept(page: Page, text: string) {
  const sent = page.waitForResponse((response) =>
    response.url().endsWith('/returns-api/return/return2'),
  );
  await page.getByTestId('accept-return').click();
  const request = (await sent).request();
  expect(request.headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
  await expect(toast(page, text)).toBeVisible();
  await expect(page).toHaveURL(/\/sorting$/);
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((mark) => mark.name),
  );
  expect(marks).toContain('sound:ok-new');
  return request.postDataJSON() as Array<Record<string, unknown>>;
}
