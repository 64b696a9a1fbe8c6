import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// Recipient pick-up (spec part 1 §4 "Picking", §8; part 2 §2, §4) against the real
// server and the demo recipients of docs/DEMO.md: R-1001 (P400001 in 8-a-01, P400002 in
// 8-b-03), R-1002 (P400003/4 in 8-a-02, P400005 in 8-c-01), R-1006 held by Сидорова Анна. The
// walk that hands parcels out runs on a fresh server of its own (demo.fixtures.ts).

const HEADERS = { 'X-Requested-With': 'sorting' };

const screenOf = (page: Page) => page.getByTestId('picking-screen');

async function expectView(page: Page, view: string) {
  await expect(screenOf(page)).toHaveAttribute('data-view', view);
}

async function soundMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

freshTest(
  'a recipient chosen by a parcel scan, picked in both orders and handed over; a wrong cell named; cancel puts back; a held picking names who',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(120_000);
    await signInByBadge(page, baseURL ?? '');
    await page.goto('/picking');
    await expectView(page, 'pickingDirectionSelect');

    await test.step('the list: 17 recipients, the PVZ badge, who holds R-1006', async () => {
      // R-1001…R-1007, the validation R-1008…R-1011, the delivery R-1012…R-1014 and the payment
      // R-1020…R-1022.
      await expect(page.getByTestId('picking-client')).toHaveCount(17);
      const held = page.locator('[data-testid="picking-client"][data-code="R-1006"]');
      await expect(held.getByTestId('client-in-work')).toContainText('в работе: Сидорова Анна');
      const pvz = page.locator('[data-testid="picking-client"][data-code="R-1003"]');
      await expect(pvz.getByTestId('client-pvz')).toHaveText('ПВЗ');
      const cod = page.locator('[data-testid="picking-client"][data-code="R-1007"]');
      await expect(cod.getByTestId('client-cod')).toHaveText('1\u00a0250,00\u00a0₽');
      const two = page.locator('[data-testid="picking-client"][data-code="R-1001"]');
      await expect(two.getByTestId('client-parcels')).toHaveText('2 посылки');
    });

    await test.step('a scanned parcel opens its recipient; Begin loads the items by cell', async () => {
      await scanner.scan('P400002');
      await expect(page).toHaveURL(/\/picking\/pickup\/R-1001$/);
      await expectView(page, 'pickingInfo');
      await expect(page.getByTestId('info-parcels')).toHaveText('2 посылки');
      // Viewing does not move the device's pointer; Begin sets it (its open picking).
      expect(await page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'))).toBeNull();
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      expect(await page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'))).toBe(
        'R-1001',
      );
      await expect(page.getByTestId('cell-name')).toHaveText(['8-a-01', '8-b-03']);
      await expect(page.getByTestId('picking-progress')).toHaveText('0 из 2');
    });

    await test.step('a wrong cell is refused naming the right one', async () => {
      await scanner.scan('=34717-8-b-03');
      await scanner.scan('P400001');
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0008');
      await expect(page.getByTestId('prompt-error-text')).toContainText('8-a-01');
      expect(await soundMarks(page)).toContain('sound:err');
    });

    await test.step('a cell then its item; a reload brings the process back', async () => {
      await scanner.scan('=34717-8-a-01');
      await scanner.scan('P400001');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
      await expect(
        page.locator('[data-testid="picking-item"][data-barcode="P400001"]'),
      ).toHaveAttribute('data-state', 'PICKED');
      expect(await soundMarks(page)).toContain('sound:success-small');
      await page.reload();
      await expectView(page, 'pickingProcess');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
    });

    await test.step('an item then its cell: all picked, then handed over', async () => {
      await scanner.scan('P400002');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Посылка P400002: сканируйте её ячейку',
      );
      await scanner.scan('=34717-8-b-03');
      await expectView(page, 'checkPicked');
      expect(await soundMarks(page)).toContain('sound:success-big');
      await expect(page.getByTestId('picked-item')).toHaveCount(2);
      await expect(page.getByTestId('picked-totals')).toHaveText(
        'Собрано 2 посылки, наложенный платёж 0,00\u00a0₽',
      );
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выданы 2 посылки' })).toBeVisible();
      await expect(page.getByTestId('picking-client')).toHaveCount(16);
      expect(await page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'))).toBeNull();
    });

    await test.step('the parcels left their boxes; vision shows the hand-over', async () => {
      const vision = await page.request.post('/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
        headers: HEADERS,
        data: { barcode: 'P400001' },
      });
      const fragments = (await vision.json()).OperationObject.visionFragments;
      expect(fragments[0]).toMatchObject({ kind: 'parcel.handedOut', userName: 'Иванов Пётр' });
      const clients = await page.request.get('/picking-api/picking/clients?search=P400001', {
        headers: HEADERS,
      });
      expect((await clients.json()).operationObject.items).toEqual([]);
      // The same history on the /vision screen, newest first.
      await page.goto('/vision');
      // The screen listens for scans once it shows its prompt.
      await expect(page.getByTestId('vision-screen')).toHaveAttribute(
        'data-view',
        'scanVisionUnits',
      );
      await scanner.scan('P400001');
      await expect(page.getByTestId('vision-screen')).toHaveAttribute(
        'data-view',
        'visionUnitInfo',
      );
      const handedOut = page.getByTestId('vision-event').first();
      await expect(handedOut).toHaveAttribute('data-kind', 'parcel.handedOut');
      // The event's comment names the recipient under its label.
      await expect(handedOut.getByTestId('vision-event-kind')).toHaveText(
        'Выдана получателюR-1001',
      );
      await page.goto('/picking');
      await expectView(page, 'pickingDirectionSelect');
    });

    await test.step('cancel after one pickup asks, lists the parcel and puts it back', async () => {
      await page
        .locator('[data-testid="picking-client"][data-code="R-1002"]')
        .getByTestId('choose-client')
        .click();
      await expect(page).toHaveURL(/\/picking\/pickup\/R-1002$/);
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      await scanner.scan('=34717-8-c-01');
      await scanner.scan('P400005');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 3');
      await page.getByTestId('picking-cancel').click();
      await expect(page.getByTestId('put-back-item')).toHaveText(['P400005 → 8-c-01']);
      await page.getByTestId('confirm-cancel-picking').click();
      await expect(page).toHaveURL(/\/picking$/);
      await page.goto('/picking/pickup/R-1002');
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      await expect(page.getByTestId('item-state')).toHaveText(['ожидает', 'ожидает', 'ожидает']);
      await page.getByTestId('picking-cancel').click();
      await expect(page.getByTestId('put-back-none')).toBeVisible();
      await page.getByTestId('confirm-cancel-picking').click();
      await expect(page).toHaveURL(/\/picking$/);
    });

    await test.step('a held picking shows who holds it; Begin is refused naming them', async () => {
      await page.goto('/picking/pickup/R-1006');
      await expectView(page, 'pickingInfo');
      await expect(page.getByTestId('info-held-by')).toHaveText('Выдачу ведёт Сидорова Анна');
      await page.getByTestId('picking-begin').click();
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0006');
      await expect(page.getByTestId('prompt-error-text')).toContainText('Сидорова Анна');
      await expectView(page, 'pickingInfo');
    });

    await test.step('an unknown recipient is f-0004 and back to /picking; bare paths redirect', async () => {
      await page.goto('/picking/pickup/R-0000');
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'R-0000' })).toBeVisible();
      await page.goto('/picking/delivery');
      await expect(page).toHaveURL(/\/picking$/);
      await page.goto('/picking/pickup');
      await expect(page).toHaveURL(/\/picking$/);
    });
  },
);

test('/en at 360×740: the list and a recipient in English without sideways scroll', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/en/picking');
  await expectView(page, 'pickingDirectionSelect');
  await expect(page.getByTestId('prompt-main')).toHaveText('Scan a parcel or a recipient code');
  const expired = page.locator('[data-testid="picking-client"][data-code="R-1005"]');
  await expect(expired.getByTestId('client-parcels')).toHaveText('1 parcel');
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Read only here: the shared server keeps its recipients for the others.
  await page.goto('/en/picking/pickup/R-1006');
  await expectView(page, 'pickingInfo');
  await expect(page.getByTestId('info-held-by')).toHaveText('Picking run by Сидорова Анна');
  await expect(page.getByTestId('info-parcels')).toHaveText('1 parcel');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId('picking-back').click();
  await expect(page).toHaveURL(/\/en\/picking$/);
});
