import type { Page } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import { expect, test, useDeviceUrls } from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// Spec part 1 §2 "Returnable boxes" against the real server and the real device agent: the
// registry newest first, two boxes created with a scanned size, their stickers printed and read
// back from the agent's PDF, a box deleted after confirming, its number never given again, and
// a box whose size is chosen from the dimension types.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

/** The numbers of the list's rows, top to bottom. */
async function listedNumbers(page: Page): Promise<number[]> {
  return (await page.getByTestId('box-row-number').allTextContents()).map(Number);
}

test('lists, creates, prints, deletes returnable boxes; a deleted number is not reused', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/returnable-boxes');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');

  // The seeded registry of centre 34717, number descending, with where each box is.
  await expect(page.getByTestId('box-row').first()).toBeVisible();
  const before = await listedNumbers(page);
  expect(before).toEqual([...before].sort((a, b) => b - a));
  expect(before).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
  const gate = page.locator('[data-testid="box-row"][data-barcode="_R34717-4"]');
  await expect(gate.getByTestId('box-row-dimensions')).toHaveText('40x30x20');
  await expect(gate.getByTestId('box-row-location')).toHaveText('Ворота 1');
  await expect(page.getByText('_R1201-1')).toHaveCount(0);
  const last = before[0] ?? 0;

  // Two boxes of the size of the scanned dimension type DIM-S (30×20×15).
  await page.getByTestId('box-count').fill('2');
  await page.getByRole('heading', { name: 'Новая тара' }).click();
  await scanner.scan('DIM-S');
  await expect(page.getByTestId('box-length')).toHaveValue('30');
  await expect(page.getByTestId('box-width')).toHaveValue('20');
  await expect(page.getByTestId('box-height')).toHaveValue('15');
  // The scanned type shows as the chosen one in the list of types.
  const picker = page.getByTestId('box-dimension-type');
  await expect(picker.locator('option:checked')).toHaveText('Короб S — 30x20x15');
  await page.getByTestId('box-create').click();
  const created = page.getByTestId('created-box');
  await expect(created).toHaveText([
    `№ ${last + 1} — _R34717-${last + 1}, 30x20x15 см`,
    `№ ${last + 2} — _R34717-${last + 2}, 30x20x15 см`,
  ]);
  await expect.poll(() => listedNumbers(page)).toEqual([last + 2, last + 1, ...before]);

  // Their stickers through the local agent: the barcode read back from each PDF.
  await page.getByTestId('print-created').click();
  const { pdf, zpl } = await agent.printer.waitForLabels(2);
  const decoded = [
    ...(await agent.printer.decodePdf(pdf[0] ?? '')),
    ...(await agent.printer.decodePdf(pdf[1] ?? '')),
  ];
  expect(decoded).toEqual([`_R34717-${last + 1}`, `_R34717-${last + 2}`]);
  const fields = agent.printer.zplFields(zpl[1] ?? '');
  expect(fields).toContain(`Тара № ${last + 2}`);
  expect(fields).toContain('Габариты 30x20x15');
  await expect(page.getByText('Напечатано 2 стикера')).toBeVisible();
  await page.getByTestId('created-done').click();

  // Delete the newest box after confirming; cancelling first keeps it.
  const newest = `_R34717-${last + 2}`;
  await page.getByRole('button', { name: `Удалить тару № ${last + 2}` }).click();
  await expect(page.getByTestId('confirm-delete-text')).toContainText(newest);
  await page.getByTestId('cancel-delete').click();
  await expect(page.locator(`[data-barcode="${newest}"]`)).toHaveCount(1);
  await page.getByRole('button', { name: `Удалить тару № ${last + 2}` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.locator(`[data-barcode="${newest}"]`)).toHaveCount(0);
  await expect(page.getByText(`Тара № ${last + 2} (${newest}) удалена`)).toBeVisible();
  await expect.poll(() => listedNumbers(page)).toEqual([last + 1, ...before]);

  // The next box gets a new number, not the deleted one; its size chosen from the types: the
  // centre's own pallet (DIM-PAL) is offered with the common ones.
  await page.getByTestId('box-count').fill('1');
  await expect(picker.locator('option')).toContainText([
    'Паллета — 120x80x100',
    'Короб M — 40x30x25',
    'Короб S — 30x20x15',
  ]);
  await picker.selectOption({ label: 'Паллета — 120x80x100' });
  await expect(page.getByTestId('box-length')).toHaveValue('120');
  await expect(page.getByTestId('box-width')).toHaveValue('80');
  await expect(page.getByTestId('box-height')).toHaveValue('100');
  await page.getByTestId('box-create').click();
  await expect(created).toHaveText([`№ ${last + 3} — _R34717-${last + 3}, 120x80x100 см`]);
  await expect.poll(() => listedNumbers(page)).toEqual([last + 3, last + 1, ...before]);

  // After a reload the registry is the server's, not the screen's memory.
  await page.reload();
  await expect.poll(() => listedNumbers(page)).toEqual([last + 3, last + 1, ...before]);
});
