import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// Picking validation and floor rules (spec part 1 §4 checkPincode, checkProxy, lost;
// §5 balance; §6 one picking per device; docs/DEMO.md) against the real server and the demo
// recipients: R-1008 (pick-up code 4821; P400014 in 8-a-06, P400015/16 in 8-b-04), R-1009
// (power of attorney; P400017/18 in 8-b-05), R-1010 (gate cells =34717-2-f-07/08; P400019 in
// 8-b-06, P400020 in 8-c-02), R-1011 (balance 500,00 ₽ against 1 200,00 ₽). Warehouse 34717
// runs one picking per device. The walk hands parcels out: a fresh server of its own.

const screenOf = (page: Page) => page.getByTestId('picking-screen');

async function expectView(page: Page, view: string) {
  await expect(screenOf(page)).toHaveAttribute('data-view', view);
}

const itemRow = (page: Page, barcode: string) =>
  page.locator(`[data-testid="picking-item"][data-barcode="${barcode}"]`);

async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The device's today as yyyy-mm-dd, shifted by days. */
function localDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

freshTest(
  'balance blocks Begin; lost with a description; pincode wrong then right; gate cells; one picking per device; a power of attorney',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(180_000);
    await signInByBadge(page, baseURL ?? '');

    await test.step('a failing balance check shows the shortfall and disables Begin (desktop)', async () => {
      await page.goto('/picking/pickup/R-1011');
      await expectView(page, 'pickingInfo');
      await expect(page.getByTestId('info-balance')).toHaveText('500,00\u00a0₽');
      await expect(page.getByTestId('info-cod')).toHaveText('1\u00a0200,00\u00a0₽');
      await expect(page.getByTestId('balance-shortfall')).toHaveText(
        'Недостаточно средств на балансе: не хватает 700,00\u00a0₽. Выдачу начать нельзя.',
      );
      await expect(page.getByTestId('picking-begin')).toBeDisabled();
      await page.getByTestId('picking-back').click();
      await expect(page).toHaveURL(/\/picking$/);
    });

    await page.setViewportSize({ width: 360, height: 740 });

    await test.step('R-1008: one item marked lost with a description, absent from the picked list', async () => {
      await page.goto('/picking/pickup/R-1008');
      await expectView(page, 'pickingInfo');
      await expect(page.getByTestId('balance-shortfall')).toHaveCount(0);
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      await expect(page.getByTestId('picking-progress')).toHaveText('0 из 3');
      await itemRow(page, 'P400016').getByTestId('picking-lost').click();
      await expectView(page, 'lostDialog');
      await page.getByTestId('lost-submit').click();
      await expect(page.getByTestId('lost-error')).toHaveText('Опишите, почему посылка не найдена');
      await page.getByTestId('lost-description').fill('Нет в ячейке 8-b-04');
      await page.getByTestId('lost-submit').click();
      await expectView(page, 'pickingProcess');
      await expect(itemRow(page, 'P400016')).toHaveAttribute('data-state', 'LOST');
      await expect(itemRow(page, 'P400016').getByTestId('item-state')).toHaveText('не найдена');
      await expect(itemRow(page, 'P400016').getByTestId('picking-lost')).toHaveCount(0);
      await expect(page.getByTestId('picking-progress')).toHaveText('0 из 2');
      await scanner.scan('=34717-8-a-06');
      await scanner.scan('P400014');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
      await page.getByTestId('picking-to-check').click();
      await expectView(page, 'checkPicked');
      await expect(page.getByTestId('picked-item')).toHaveCount(1);
      await expect(page.getByTestId('picked-item')).toHaveAttribute('data-barcode', 'P400014');
    });

    await test.step('R-1008: a wrong pick-up code says the attempts left; the right one ends', async () => {
      await page.getByTestId('picking-end').click();
      await expectView(page, 'checkPincode');
      const input = page.getByTestId('pincode-input');
      await expect(input).toHaveAttribute('type', 'password');
      await input.fill('1111');
      await expect(page.getByTestId('pincode-groups')).toHaveText('Введено: •• ••');
      await page.getByTestId('picking-confirm-end').click();
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0011');
      await expect(page.getByTestId('prompt-error-text')).toContainText(
        'Неверный код получения, осталось попыток: 4',
      );
      await expectView(page, 'checkPincode');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await input.fill('4821');
      await page.getByTestId('picking-confirm-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выдана 1 посылка' })).toBeVisible();
    });

    await test.step('R-1010 gate mode: a storage cell refused, a gate cell taken, an item picked into it', async () => {
      await page.goto('/picking/pickup/R-1010');
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Сканируйте ячейку выдачи: =34717-2-f-07, =34717-2-f-08',
      );
      await scanner.scan('=34717-8-b-06');
      await expect(page.getByTestId('prompt-error-text')).toHaveText(
        'Ячейка =34717-8-b-06 — не ячейка выдачи. Ячейки выдачи: =34717-2-f-07, =34717-2-f-08',
      );
      await expect(page.getByTestId('prompt-error-code')).toHaveCount(0);
      await scanner.scan('=34717-2-f-07');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Ячейка выдачи =34717-2-f-07: сканируйте посылки',
      );
      await scanner.scan('P400019');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
      await expect(itemRow(page, 'P400019')).toHaveAttribute('data-state', 'PICKED');
    });

    await test.step('one picking per device: /picking reopens R-1010; another recipient is refused', async () => {
      await page.goto('/picking');
      await expect(page).toHaveURL(/\/picking\/pickup\/R-1010$/);
      await expectView(page, 'pickingProcess');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
      await page.goto('/picking/pickup/R-1001');
      await expectView(page, 'pickingInfo');
      await page.getByTestId('picking-begin').click();
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0006');
      await expect(page.getByTestId('prompt-error-text')).toContainText(
        'На этом устройстве уже идёт выдача получателю Фёдоров Николай (R-1010)',
      );
      await expectView(page, 'pickingInfo');
    });

    await test.step('R-1010: another gate cell becomes current; the last item ends the picking', async () => {
      await page.goto('/picking/pickup/R-1010');
      await expectView(page, 'pickingProcess');
      await scanner.scan('=34717-2-f-08');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Ячейка выдачи =34717-2-f-08: сканируйте посылки',
      );
      await scanner.scan('P400020');
      await expectView(page, 'checkPicked');
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/picking$/);
    });

    await test.step('R-1009: an empty power of attorney and a future date are refused; a valid one ends', async () => {
      await page.goto('/picking/pickup/R-1009');
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      await scanner.scan('=34717-8-b-05');
      await scanner.scan('P400017');
      await scanner.scan('P400018');
      await expectView(page, 'checkPicked');
      await page.getByTestId('picking-end').click();
      await expectView(page, 'checkProxy');
      await page.getByTestId('picking-confirm-end').click();
      await expect(page.getByTestId('proxy-number-error')).toHaveText('Обязательное поле');
      await expect(page.getByTestId('proxy-date-error')).toHaveText('Обязательное поле');
      await expect(page.getByTestId('proxy-holderName-error')).toHaveText('Обязательное поле');
      await page.getByTestId('proxy-number').fill('77 АБ 1234567');
      await page.getByTestId('proxy-date').fill(localDay(3));
      await page.getByTestId('proxy-holderName').fill('Орлов Дмитрий Сергеевич');
      await page.getByTestId('picking-confirm-end').click();
      await expect(page.getByTestId('proxy-date-error')).toHaveText('Дата ещё не наступила');
      await expectView(page, 'checkProxy');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('proxy-date').fill(localDay(-30));
      await page.getByTestId('picking-confirm-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выданы 2 посылки' })).toBeVisible();
    });

    await test.step('vision shows the lost parcel with its description', async () => {
      const answer = await page.request.post('/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
        headers: { 'X-Requested-With': 'sorting' },
        data: { barcode: 'P400016' },
      });
      const body = (await answer.json()) as {
        OperationObject: { visionFragments: { kind: string; comment: string | null }[] };
      };
      expect(body.OperationObject.visionFragments[0]).toMatchObject({
        kind: 'parcel.lost',
        comment: 'Нет в ячейке 8-b-04',
      });
      await page.goto('/vision');
      await expect(page.getByTestId('vision-screen')).toHaveAttribute(
        'data-view',
        'scanVisionUnits',
      );
      await scanner.scan('P400016');
      await expect(page.getByTestId('vision-screen')).toHaveAttribute(
        'data-view',
        'visionUnitInfo',
      );
      const lost = page.getByTestId('vision-event').first();
      await expect(lost).toHaveAttribute('data-kind', 'parcel.lost');
      await expect(lost.getByTestId('vision-event-kind')).toHaveText(
        'Не найдена при выдаче получателюНет в ячейке 8-b-04',
      );
    });
  },
);
