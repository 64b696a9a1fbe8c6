import type { BrowserContext, Page } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import { expect, test } from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { DESKTOP, HANDHELD, horizontalProblems } from '../shell/handheld.helpers';

// spec part 2 §2 /inbound, /shipment, /stickering-redirect-catch against the real
// server and the real device agent, on the demo supplies and shipments of docs/DEMO.md
// (demo-inbound-data.ts). The tests run in order on their worker's own server: each changes
// the records the next one counts.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

/** The agent's device URLs for every page of the context (the stickering window too). */
async function useAgentEverywhere(
  context: BrowserContext,
  urls: { printerServiceUrl: string; scaleServiceUrl: string },
) {
  await context.route('**/local-settings-newsort', async (route) => {
    const response = await route.fetch();
    const settings = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...settings, ...urls } });
  });
}

const row = (page: Page, code: string) =>
  page.locator(`[data-testid="supply-row"][data-code="${code}"]`);

async function codes(page: Page) {
  return page.getByTestId('supply-code').allTextContents();
}

test('counters and groups match the seed; a scanned parcel finds its supply; archiving', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/inbound');
  await expect(page.getByTestId('tab-inbound')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('group-0')).toHaveText('Ожидаются (3)');
  await expect(page.getByTestId('group-1')).toHaveText('В работе (4)');
  await expect.poll(() => codes(page)).toEqual(['IN-0001', 'IN-0008', 'IN-0201']);
  await expect(page.getByTestId('inbound-date-from')).toHaveCount(0);

  await page.getByTestId('group-1').click();
  await expect.poll(() => codes(page)).toEqual(['IN-0003', 'IN-0004', 'IN-0005', 'IN-0101']);
  await expect(row(page, 'IN-0004').getByTestId('supply-state')).toHaveText('Сортируется');
  await expect(row(page, 'IN-0004').getByTestId('supply-received')).toHaveText('1/2');
  await expect(page.getByTestId('inbound-date-from')).toBeVisible();

  await page.getByTestId('group-2').click();
  await expect.poll(() => codes(page)).toEqual(['IN-0006']);

  // A scanned parcel barcode searches (part 2 §2).
  await page.getByTestId('group-1').click();
  await scanner.scan('P430008');
  await expect.poll(() => codes(page)).toEqual(['IN-0005']);
  await page.getByTestId('inbound-search').fill('');
  await page.getByTestId('inbound-find').click();
  await expect.poll(() => codes(page)).toEqual(['IN-0003', 'IN-0004', 'IN-0005', 'IN-0101']);

  // Archive IN-0004 after confirming: toast f-0006, gone from work, in Архив.
  await row(page, 'IN-0004').getByTestId('supply-archive').click();
  await expect(page.getByTestId('confirm-archive-text')).toContainText('IN-0004');
  await page.getByTestId('confirm-archive').click();
  await expect(page.getByText('Поставка IN-0004 перенесена в архив')).toBeVisible();
  await expect.poll(() => codes(page)).toEqual(['IN-0003', 'IN-0005', 'IN-0101']);
  await expect(page.getByTestId('group-1')).toHaveText('В работе (3)');
  await page.getByTestId('group-2').click();
  // Both were created 3 days ago: the newer row first.
  await expect.poll(() => codes(page)).toEqual(['IN-0006', 'IN-0004']);
  // The tab is the route: a reload keeps /inbound.
  await page.reload();
  await expect(page.getByTestId('tab-inbound')).toHaveAttribute('aria-current', 'page');
});

test('a detail label printed through the agent, decoded, and its row marked', async ({
  page,
  baseURL,
  agent,
}) => {
  await useAgentEverywhere(page.context(), agent);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/inbound');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await page.getByTestId('group-1').click();
  await row(page, 'IN-0005').getByTestId('supply-open').click();
  const details = page.getByTestId('supply-details');
  await expect(details.getByTestId('detail-barcode')).toHaveText(['P430009', 'P430007', 'P430008']);
  const waiting = details.locator('[data-testid="detail-row"][data-barcode="P430009"]');
  await expect(waiting.getByTestId('detail-state')).toHaveText('Ожидается');
  await waiting.getByTestId('detail-print').click();
  const { pdf } = await agent.printer.waitForLabels(1);
  expect(await agent.printer.decodePdf(pdf[0] ?? '')).toEqual(['P430009']);
  await expect(waiting.getByTestId('detail-state')).toHaveText('Стикерована');
});

test('stickering opens the new window and prints all labels; no receipt place shows f-0012', async ({
  page,
  baseURL,
  agent,
}) => {
  await useAgentEverywhere(page.context(), agent);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/inbound');
  await page.getByTestId('group-1').click();
  const opened = page.context().waitForEvent('page');
  await row(page, 'IN-0003').getByTestId('supply-sticker').click();
  const window = await opened;
  await expect(window).toHaveURL(/stickering-redirect-catch\?receiptPlaceDocumentId=\d+$/);
  await expect(window.getByTestId('stickering-supply')).toContainText('IN-0003');
  await expect(window.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await expect(window.getByTestId('stickering-detail')).toHaveCount(3);
  await window.getByTestId('stickering-print-all').click();
  const { pdf } = await agent.printer.waitForLabels(3);
  const decoded = [];
  for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
  expect(decoded).toEqual(['P430001', 'P430002', 'P430003']);
  await expect(window.getByText('Напечатано 3 этикетки')).toBeVisible();
  await expect
    .poll(() =>
      window
        .getByTestId('stickering-detail')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-state'))),
    )
    .toEqual(['3', '3', '3']);
  await window.close();

  // IN-0008 needs stickering but has not arrived: no receipt place (-1 → f-0012).
  await page.getByTestId('group-0').click();
  const second = page.context().waitForEvent('page');
  await row(page, 'IN-0008').getByTestId('supply-sticker').click();
  const failed = await second;
  await expect(failed).toHaveURL(/receiptPlaceDocumentId=-1$/);
  await expect(failed.getByTestId('stickering-not-found')).toContainText(
    'Место приёмки не найдено',
  );
  await expect(failed.getByTestId('stickering-not-found')).toContainText('f-0012');
});

test('shipments: details and clearing an integration code', async ({ page, baseURL }) => {
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/inbound');
  await page.getByTestId('tab-shipment').click();
  await expect(page).toHaveURL(/\/shipment$/);
  // With the guided workflows' shipments (demo-transit-*-data.ts, demo-sku-picking-data.ts).
  await expect(page.getByTestId('shipment-code')).toHaveText([
    'OUT-0001',
    'OUT-0002',
    'OUT-0104',
    'OUT-0103',
    'OUT-0003',
    'OUT-0201',
    'OUT-0105',
    'OUT-0102',
    'OUT-0101',
  ]);
  const first = page.locator('[data-testid="shipment-row"][data-code="OUT-0001"]');
  await first.getByTestId('shipment-open').click();
  await expect(page.getByTestId('shipment-detail-row')).toHaveCount(2);
  await expect(first.getByTestId('shipment-sync-key')).toHaveText('SYNC-7781');
  await first.getByTestId('shipment-clear-sync').click();
  await page.getByTestId('confirm-clear-sync').click();
  await expect(page.getByText('Код интеграции отгрузки OUT-0001 очищен')).toBeVisible();
  await expect(first.getByTestId('shipment-sync-key')).toHaveText('—');
  await expect(first.getByTestId('shipment-clear-sync')).toHaveCount(0);
});

/** Card labels narrower than their longest word, i.e. broken inside a word («Наименован ие»). */
function brokenLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('main td[data-label]')) {
      const label = getComputedStyle(cell, '::before');
      if (label.content === 'none' || cell.getBoundingClientRect().width === 0) continue;
      const probe = document.createElement('span');
      probe.textContent = cell.dataset.label ?? '';
      probe.style.cssText = `position:absolute;visibility:hidden;width:min-content;font:${label.font}`;
      cell.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      if (parseFloat(label.width) + 0.5 < needed) broken.push(cell.dataset.label ?? '');
    }
    return [...new Set(broken)];
  });
}

test('details beside the list at 1366 px keep every action in sight; at 360 px «Открыть» shows them', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/inbound');
  await page.getByTestId('group-1').click();
  await row(page, 'IN-0005').getByTestId('supply-open').click();
  const details = page.getByTestId('supply-details');
  await expect(details.getByTestId('detail-row').first()).toBeVisible();
  await expect(row(page, 'IN-0005').getByTestId('supply-archive')).toBeVisible();
  await expect(row(page, 'IN-0005').getByTestId('supply-sticker')).toBeVisible();
  await expect(details.getByTestId('detail-print').first()).toBeVisible();
  expect(await horizontalProblems(page)).toEqual([]);
  expect(await brokenLabels(page)).toEqual([]);

  // IN-0004 (archived above) has a cancelled detail: no label is offered for it.
  await page.getByTestId('group-2').click();
  await row(page, 'IN-0004').getByTestId('supply-open').click();
  const cancelled = details.locator('[data-testid="detail-row"][data-state="4"]');
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByTestId('detail-print')).toHaveCount(0);

  await page.setViewportSize(HANDHELD);
  await page.getByTestId('group-1').click();
  await expect(details).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await row(page, 'IN-0005').getByTestId('supply-open').click();
  await expect(details.getByTestId('detail-row').first()).toBeVisible();
  await expect(details).toBeInViewport();
  expect(await horizontalProblems(page)).toEqual([]);
  expect(await brokenLabels(page)).toEqual([]);
});

test('one pass in English at 360 px without sideways scroll', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/en/inbound');
  await expect(page.getByTestId('group-0')).toHaveText(/^Expected \(\d+\)$/);
  await expect(page.getByTestId('tab-shipment')).toHaveText('Shipments');
  await page.getByTestId('group-2').click();
  await expect(row(page, 'IN-0006').getByTestId('supply-state')).toHaveText('Accepted');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
