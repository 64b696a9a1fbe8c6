import type { Page } from '@playwright/test';

export const HEADERS = { 'X-Requested-With': 'sorting' };

/** The id of demo warehouse 34717, as `warehouses/search` answers it. */
export async function warehouseId(page: Page, number = 34717): Promise<number> {
  const warehouse = await page.request.post('/sorting-api/warehouses/search', {
    headers: HEADERS,
    data: { number },
  });
  return ((await warehouse.json()) as { OperationObject: { Id: number } }).OperationObject.Id;
}

/** What `parcels/scan` answers for a parcel of warehouse 34717 now (read from the server). */
export async function scannedParcel<T>(page: Page, barcode: string): Promise<T> {
  const response = await page.request.post('/sorting-api/parcels/scan', {
    headers: HEADERS,
    data: { barcode, warehouseId: await warehouseId(page) },
  });
  return ((await response.json()) as { OperationObject: T }).OperationObject;
}

/** The box a parcel lies in now, read from the server (parcels/scan answers it). */
export async function boxOf(page: Page, barcode: string): Promise<number | null> {
  return (await scannedParcel<{ boxNumber: number | null }>(page, barcode)).boxNumber;
}
