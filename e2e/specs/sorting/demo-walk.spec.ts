import type { Page } from '@playwright/test';
import { test as base, expect, type Scanner } from '../../fixtures';
import { startServer, type RunningServer } from '../../server-process';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';
import { boxOf } from './sorting.helpers';

// docs/DEMO.md "Open /sorting" and "Sort parcels", walked in the order the page tells them, on
// a fresh demo database of its own (other specs sort the same demo parcels on the shared
// server). When this fails, the page or the app is wrong: "docs/DEMO.md matches what
// the app does, step by step".
const test = base.extend<object, { ownServer: RunningServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.url);
  },
});

/** Scans a parcel and then the cell the screen suggests first, which must be `cell`. */
async function sortInto(page: Page, scanner: Scanner, parcel: string, cell: string) {
  const screen = page.getByTestId('sorting-entry');
  await scanner.scan(parcel);
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  await expect(page.getByTestId('suggested-cell').first()).toHaveAttribute('data-cell', cell);
  await scanner.scan(`=34717-${cell}`);
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await expect(page.getByTestId('prompt-pre')).toHaveText(
    `Посылка ${parcel} перемещена в ячейку ${cell}`,
  );
}

test('docs/DEMO.md: the sorting paragraphs, step by step, on a fresh demo database', async ({
  page,
  baseURL,
  scanner,
}) => {
  test.setTimeout(180_000);
  await signInByBadge(page, baseURL ?? '');
  // No device agent on this workstation: P100005's sticker finds no printer.
  await withoutLocalAgent(page);
  const screen = page.getByTestId('sorting-entry');
  const prompt = (part: 'pre' | 'main' | 'extra' | 'bottom') => page.getByTestId(`prompt-${part}`);

  await test.step('/sorting: warehouse 34717 chosen with a greeting; unknown zones f-0012, then 304', async () => {
    await page.goto('/sorting');
    await expect(page.getByTestId('greeting')).toHaveText('Здравствуйте, Иванов Пётр!');
    await expect(screen).toHaveAttribute('data-state', 'scanZone');
    await expect(prompt('pre')).toHaveText('Склад 34717 · СЦ Москва — Север');
    await scanner.scan('%Z34717-99');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0012');
    await scanner.scan('%Z34717-99');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('304');
    // A cell chooses its zone.
    await scanner.scan('=34717-1-a-07');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt('pre')).toContainText('Зона 1 · Сито');
  });

  await test.step('zone 1: P100001, P100002 → 1-a-01 (box 1); P100012 → empty box 2 in 1-a-02', async () => {
    await sortInto(page, scanner, 'P100001', '1-a-01');
    await sortInto(page, scanner, 'P100002', '1-a-01');
    await sortInto(page, scanner, 'P100012', '1-a-02');
    expect(await boxOf(page, 'P100001')).toBe(1);
    expect(await boxOf(page, 'P100012')).toBe(2);
  });

  await test.step('P100005: its box 3 (1-a-03) is closed, other cells; no printer: f-0024', async () => {
    await scanner.scan('P100005');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0024');
    await expect(page.getByTestId('device-dialog')).toBeVisible();
    const cells = await page
      .getByTestId('suggested-cell')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-cell')));
    expect(cells).not.toContain('1-a-03');
    expect(cells.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('device-dialog')).toBeHidden();
    await page.getByTestId('sorting-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  await test.step('P100004: measure and weight; DIM-M fills the sizes', async () => {
    await scanner.scan('P100004');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await scanner.scan('DIM-M');
    await expect(page.getByTestId('measure-length')).toHaveValue('40');
    await expect(page.getByTestId('measure-width')).toHaveValue('30');
    await expect(page.getByTestId('measure-height')).toHaveValue('25');
    await page.getByTestId('measure-weight').fill('2,4');
    await page.getByTestId('measure-submit').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await page.getByTestId('sorting-cancel').click();
  });

  await test.step('P100010: weight only', async () => {
    await scanner.scan('P100010');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await expect(page.getByTestId('measure-weight')).toBeVisible();
    await expect(page.getByTestId('measure-length')).toHaveCount(0);
    await page.getByTestId('step-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });

  await test.step('P100006: the attention message (damage check)', async () => {
    await scanner.scan('P100006');
    await expect(screen).toHaveAttribute('data-state', 'checkDamage');
    await expect(page.getByTestId('attention-message')).toContainText('Упаковка вскрыта');
    await page.getByTestId('damage-no').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await page.getByTestId('sorting-cancel').click();
  });

  await test.step('P100008 already lies in 1-a-01: its cell answers "already here"', async () => {
    await scanner.scan('P100008');
    await expect(prompt('bottom')).toHaveText(
      'Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)',
    );
    await scanner.scan('=34717-1-a-01');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt('pre')).toHaveText('Посылка P100008 уже лежит в ячейке 1-a-01 (короб 1)');
    await expect(page.getByTestId('prompt-error')).toHaveCount(0);
  });

  await test.step('.69.IN-0001 accepts supply IN-0001: 8 items of ООО «Автодеталь»', async () => {
    await scanner.scan('.69.IN-0001');
    await expect(screen).toHaveAttribute('data-state', 'acceptanceReport');
    await expect(page.getByTestId('acceptance-name')).toHaveText('ООО «Автодеталь»');
    await expect(page.getByTestId('acceptance-quantity')).toHaveText('8');
    await expect(prompt('pre')).toHaveText('ООО «Автодеталь»: 8 позиций');
    await page.getByTestId('acceptance-close').click();
  });

  await test.step('P120001 of warehouse 1201 is not found in 34717', async () => {
    await scanner.scan('P120001');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Посылка P120001 не найдена на складе 34717',
    );
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0001');
  });

  await test.step('box _34717-1 with its 4 parcels moves to another cell', async () => {
    await scanner.scan('_34717-1');
    await expect(screen).toHaveAttribute('data-state', 'scanWhere');
    await expect(page.getByTestId('suggested-cell').first()).toHaveAttribute('data-cell', '1-a-01');
    await scanner.scan('=34717-1-c-05');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt('pre')).toHaveText('Короб 1 с 4 посылками перемещён в ячейку 1-c-05');
  });

  await test.step('zone 2 (expedition): P100003 is moved at once into 2-a-01 (box 4)', async () => {
    await scanner.scan('=34717-2-b-01');
    await expect(prompt('pre')).toContainText('Зона 2 · Экспедиция');
    await scanner.scan('P100003');
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
    await expect(prompt('pre')).toHaveText('Положите в короб 4 в ячейке 2-a-01');
    expect(await boxOf(page, 'P100003')).toBe(4);
  });

  await test.step('zone 4 (transit): P100007 goes by route R-101 to 4-a-01', async () => {
    await scanner.scan('=34717-4-b-01');
    await expect(prompt('pre')).toContainText('Зона 4 · Транзит');
    await scanner.scan('P100007');
    await expect(prompt('extra')).toHaveText('Маршрут R-101');
    await scanner.scan('=34717-4-a-01');
    await expect(prompt('pre')).toHaveText('Посылка P100007 перемещена в ячейку 4-a-01');
    expect(await boxOf(page, 'P100007')).toBe(5);
  });
});
