import type { Page } from '@playwright/test';
import { test, expect, type Scanner } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts, soundMarks } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt, screenOf } from './workflows.helpers';

// Picking goods by SKU (docs/DECISIONS.md "Picking goods by SKU", its step table) on the demo of
// docs/DEMO.md: shipment OUT-0201 with P460101 (Daimler A0004201220) and P460102 (Suzuki
// 09160-10008, count 3) in 3-d-01, P460103 (Febest ASZ-001, attention) in 3-d-02, P460104
// (Peugeot 4254.A4, stickered) in 3-d-03, P460105 (Depo 212-1118L-LD-EM) in 3-d-04. The walk
// changes OUT-0201: it runs on a fresh demo database.

async function openAt(page: Page, path: string, state: string) {
  await page.goto(path);
  await expect(screenOf(page)).toHaveAttribute('data-state', state, { timeout: 30_000 });
  await expectState(page, state);
}

/** Typed into the scan panel's field, sent as a scan (spec part 1 §2: keyboard input allowed). */
async function typeScan(page: Page, text: string) {
  const input = page.getByTestId('scan-panel-input');
  await input.fill(text);
  await page.getByTestId('scan-panel-submit').click();
}

async function allowTyping(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'scan_keyboard_allowed', value: 'true', url: baseURL }]);
}

const item = (page: Page, text: string) =>
  page.getByTestId('workflow-item').filter({ hasText: text });

async function walk(page: Page, scanner: Scanner, toasts: string[]) {
  await page.setViewportSize(HANDHELD);
  await openAt(page, '/parcels-picking', 'WaitTaskSelection');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Отбор посылок');
  await expect(prompt(page)).toHaveText('Выберите отгрузку');
  const card = page.getByTestId('workflow-task').filter({ hasText: 'OUT-0201' });
  await expect(card).toContainText('0 из 5');
  await expectLayoutFits(page, page.getByTestId('prompt'));
  await card.click();

  await test.step('3-d-01: `A 000 420 12 20` typed takes the Daimler part', async () => {
    await expectState(page, 'WaitCell');
    await expect(prompt(page)).toHaveText('Отгрузка OUT-0201: сканируйте ячейку 3-d-01');
    await scanner.scan('=34717-3-d-01');
    await expectState(page, 'WaitSku');
    await expect(prompt(page)).toHaveText(
      'Отгрузка OUT-0201: сканируйте этикетку товара в ячейке 3-d-01',
    );
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await typeScan(page, 'XYZ-NOTHING');
    await expect(page.getByTestId('prompt-error-text')).toHaveText('Товар не найден в задании');
    expect(await soundMarks(page)).toContain('sound:err');
    await typeScan(page, 'A 000 420 12 20');
    await expect(item(page, 'P460101')).toHaveAttribute('data-state', 'done');
    await expect.poll(() => toasts.join('\n')).toContain('Взят Daimler AG A0004201220: 1 из 5');
    await expectState(page, 'WaitSku');
  });

  await test.step('the Suzuki washer: count 3 asked, 2 then 1; a reload resumes the count', async () => {
    await scanner.scan('09160-10008-000');
    await expectState(page, 'WaitSkuCount');
    await expect(prompt(page)).toHaveText('Suzuki 09160-10008: сколько штук взято? Осталось 3');
    await expect(page.getByTestId('workflow-count-3')).toBeInViewport();
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await page.getByTestId('workflow-count-2').click();
    await expect(prompt(page)).toHaveText('Suzuki 09160-10008: сколько штук взято? Осталось 1');
    await page.reload();
    await expectState(page, 'WaitSkuCount');
    await expect(prompt(page)).toHaveText('Suzuki 09160-10008: сколько штук взято? Осталось 1');
    await page.getByTestId('workflow-count-1').click();
    await expectState(page, 'WaitCell');
    await expect(prompt(page)).toHaveText('Отгрузка OUT-0201: сканируйте ячейку 3-d-02');
    await expect(item(page, 'P460102')).toHaveAttribute('data-state', 'done');
  });

  await test.step('the Febest bush: its attention shown, confirmed, 1 sticker', async () => {
    await scanner.scan('=34717-3-d-02');
    await expectState(page, 'WaitSku');
    await scanner.scan('ASZ-001');
    await expect(prompt(page)).toHaveText(
      'Внимание: Febest ASZ-001 — прочитайте сообщение и подтвердите',
    );
    await expect
      .poll(() => toasts.join('\n'))
      .toContain('Проверьте комплектность: две втулки в пакете');
    expect(await soundMarks(page)).toContain('sound:attention');
    await expectLayoutFits(page, page.getByTestId('prompt'));
    const febest = item(page, 'P460103');
    await expect(febest).toHaveAttribute('data-current', 'true');
    await febest.getByTestId('workflow-item-confirm').click();
    await expectState(page, 'WaitPickingSticker');
    await expect(prompt(page)).toHaveText('Febest ASZ-001: сколько стикеров напечатать? Штук: 1');
    await page.getByTestId('workflow-count-1').click();
    await expectState(page, 'WaitCell');
    await expect(febest).toHaveAttribute('data-state', 'done');
  });

  await test.step('3-d-03 and 3-d-04 by their numbers; confirmed, state 2', async () => {
    await scanner.scan('=34717-3-d-03');
    await scanner.scan('4254A4');
    await expectState(page, 'WaitCell');
    await scanner.scan('=34717-3-d-04');
    await scanner.scan('2121118L');
    await expectState(page, 'WaitConfirm');
    await expect(prompt(page)).toHaveText('Отгрузка OUT-0201: взято 5 из 5 — подтвердите');
    await page.setViewportSize(DESKTOP);
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await page.setViewportSize(HANDHELD);
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await page.getByTestId('workflow-confirm').click();
    await expectState(page, 'WaitTaskSelection');
    await expect.poll(() => toasts.join('\n')).toContain('Отгрузка OUT-0201 собрана: 5 из 5');
    await expect(page.getByTestId('workflow-task').filter({ hasText: 'OUT-0201' })).toHaveCount(0);
  });

  await test.step('/shipment shows OUT-0201 «Готова»', async () => {
    await page.goto('/shipment');
    const row = page.locator('[data-testid="shipment-row"][data-code="OUT-0201"]');
    await expect(row.getByTestId('shipment-state')).toHaveText('Готова');
  });
}

freshTest(
  '/parcels-picking: OUT-0201 picked by typed and scanned labels, the Suzuki count 3, the attention item confirmed, a reload mid-count; «Готова»',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(300_000);
    await allowTyping(page, baseURL ?? '');
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await walk(page, scanner, toasts);
  },
);

test('in English at 1366×768 and 360×740: the task list and a goods label refused', async ({
  page,
  baseURL,
  scanner,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInByBadge(page, baseURL ?? '');
  await openAt(page, '/en/parcels-picking', 'WaitTaskSelection');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parcel picking');
  await expect(prompt(page)).toHaveText('Choose a shipment');
  await expectLayoutFits(page, page.getByTestId('prompt'));
  await page.setViewportSize(HANDHELD);
  await expectLayoutFits(page, page.getByTestId('prompt'));
  // A goods label before any task: not what the task list expects, nothing changes.
  await scanner.scan('A0004201220');
  await expect(page.getByTestId('prompt-error-text')).not.toBeEmpty();
  await expectState(page, 'WaitTaskSelection');
});
