import type { Page, Response } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { overlap } from '../shell/handheld.helpers';

// Picking payment and item return (spec part 2 §4 "Picking payment and return", §8
// f-0019…f-0023; docs/DECISIONS.md "Picking payment"; docs/DEMO.md) against the real server and
// its simulated terminal (approves after PAYMENT_TERMINAL_SIM_DELAY_MS, declines kopecks 13,
// never answers kopecks 14): R-1020 (pick-up code 1357; P400201 600,00 ₽, P400202 434,50 ₽,
// P400203 200,00 ₽ in 8-c-04), R-1021 (P400204 999,13 ₽ in 8-c-05), R-1022 (P400205 500,14 ₽ in
// 8-c-06), R-1007 (P400011 1 250,00 ₽ and P400012 in 8-b-02). The walks hand parcels out: a
// fresh server each.

const NBSP = '\u00a0';
const screenOf = (page: Page) => page.getByTestId('picking-screen');

async function expectView(page: Page, view: string, timeout?: number) {
  await expect(screenOf(page)).toHaveAttribute('data-view', view, timeout ? { timeout } : {});
}

const itemRow = (page: Page, barcode: string) =>
  page.locator(`[data-testid="picking-item"][data-barcode="${barcode}"]`);

async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The picking payment the server answered (PascalCase envelope, part 2 §3). */
interface PaymentAnswer {
  IsSuccess: boolean;
  IsRepeat?: boolean;
  OperationObject: { PaymentId: number; PickingId: number; State: string; Amount: number };
}

const isPayPost = (response: Response) =>
  /\/picking-api\/picking\/\d+\/pay$/.test(new URL(response.url()).pathname) &&
  response.request().method() === 'POST';

/** GET …/{pickingId}/pay as the page's user. */
async function payState(page: Page, pickingId: number): Promise<PaymentAnswer> {
  const response = await page.request.get(`/picking-api/picking/${pickingId}/pay`, {
    headers: { 'X-Requested-With': 'sorting' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as PaymentAnswer;
}

/** Opens a recipient, begins and scans `cell` then `barcodes`. */
async function beginAndPick(
  page: Page,
  scanner: { scan(text: string): Promise<void> },
  path: string,
  cell: string,
  barcodes: string[],
) {
  await page.goto(path);
  await expectView(page, 'pickingInfo');
  await page.getByTestId('picking-begin').click();
  await expectView(page, 'pickingProcess');
  await scanner.scan(cell);
  for (const barcode of barcodes) await scanner.scan(barcode);
}

freshTest(
  'R-1020: a return lowers the amount; pincode, a double click on Pay pays once, a reload resumes, cash with change and its receipt',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(180_000);
    await signInByBadge(page, baseURL ?? '');
    const payPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/picking\/\d+\/pay$/.test(request.url())) {
        payPosts.push(request.url());
      }
    });

    await test.step('the mats returned with a reason: the returns label, 1 034,50 ₽ due', async () => {
      await beginAndPick(page, scanner, '/picking/pickup/R-1020', '=34717-8-c-04', []);
      await itemRow(page, 'P400203').getByTestId('picking-return').click();
      await expectView(page, 'returnDialog');
      const reasons = page.getByTestId('return-reason');
      await expect(reasons).toHaveCount(5);
      await expect(reasons.filter({ hasText: 'Повреждена' })).toHaveAttribute(
        'data-reason',
        'DAMAGED',
      );
      await page.getByTestId('return-close').click();
      await expectView(page, 'pickingProcess');
      await itemRow(page, 'P400203').getByTestId('picking-return').click();
      await reasons.filter({ hasText: 'Получатель отказался' }).click();
      // Asked first (item and reason): nothing is returned until it is confirmed.
      await expectView(page, 'confirmReturn');
      await expect(page.getByTestId('return-question')).toHaveText(
        'Вернуть посылку P400203 с причиной «Получатель отказался»? Отменить возврат нельзя.',
      );
      await expect(itemRow(page, 'P400203')).toHaveAttribute('data-state', 'WAITING');
      await page.getByTestId('return-confirm').click();
      await expectView(page, 'pickingProcess');
      await expect(
        page
          .getByTestId('toast')
          .filter({ hasText: 'Посылка P400203 возвращена: Получатель отказался' }),
      ).toBeVisible();
      await expect(itemRow(page, 'P400203')).toHaveAttribute('data-state', 'RETURNED');
      await expect(itemRow(page, 'P400203').getByTestId('item-state')).toHaveText('возврат');
      await expect(page.getByTestId('picking-progress')).toHaveText('0 из 2');
      await scanner.scan('P400201');
      await scanner.scan('P400202');
      await expectView(page, 'checkPicked');
      await expect(page.getByTestId('picked-item')).toHaveCount(2);
      await expect(page.getByTestId('amount-due')).toHaveText(`К оплате: 1${NBSP}034,50${NBSP}₽`);
    });

    let pickingId = 0;
    await test.step('pincode, then a double click on «Наличные»: one pay, the server’s amount is the screen’s', async () => {
      await page.getByTestId('picking-end').click();
      await expectView(page, 'checkPincode');
      await page.getByTestId('pincode-input').fill('1357');
      await page.getByTestId('picking-confirm-end').click();
      await expectView(page, 'choosePayment');
      const shown = Number(await page.getByTestId('amount-due').getAttribute('data-amount'));
      expect(shown).toBe(1034.5);
      const answered = page.waitForResponse(isPayPost);
      await page.getByTestId('pay-cash-desk').dblclick();
      const answer = (await (await answered).json()) as PaymentAnswer;
      await expectView(page, 'checkPayment');
      expect(answer.OperationObject.State).toBe('PENDING');
      expect(answer.OperationObject.Amount).toBe(shown);
      pickingId = answer.OperationObject.PickingId;
      const state = await payState(page, pickingId);
      expect(state.OperationObject.PaymentId).toBe(answer.OperationObject.PaymentId);
      expect(payPosts).toHaveLength(1);
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Примите наличные и введите полученную сумму',
      );
    });

    await test.step('a reload in checkPayment resumes it from GET', async () => {
      await page.reload();
      await expectView(page, 'checkPayment');
      await expect(page.getByTestId('payment-amount')).toHaveText(
        `К оплате: 1${NBSP}034,50${NBSP}₽`,
      );
      expect(payPosts).toHaveLength(1);
    });

    await test.step('«Проверить оплату» before it is confirmed is f-0023', async () => {
      await page.getByTestId('payment-check').click();
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0023');
      await expectView(page, 'checkPayment');
    });

    await test.step('cash: too little is «недостаточно», 1 100,00 ₽ gives 65,50 ₽ change; the receipt; End', async () => {
      await page.getByTestId('payment-received').fill('1000');
      await expect(page.getByTestId('payment-short')).toHaveText(
        `Недостаточно: не хватает 34,50${NBSP}₽`,
      );
      await expect(page.getByTestId('payment-confirm')).toBeDisabled();
      await page.getByTestId('payment-received').fill('1100');
      await expect(page.getByTestId('payment-change')).toHaveText(`Сдача: 65,50${NBSP}₽`);
      await page.getByTestId('payment-confirm').click();
      await expectView(page, 'endPayment');
      await expect(page.getByTestId('receipt-paid')).toHaveText(`1${NBSP}034,50${NBSP}₽`);
      await expect(page.getByTestId('receipt-received')).toHaveText(`1${NBSP}100,00${NBSP}₽`);
      await expect(page.getByTestId('receipt-change')).toHaveText(`65,50${NBSP}₽`);
      expect((await payState(page, pickingId)).OperationObject.State).toBe('PROCESSED');
      // The reload lost the pincode: End asks it again, then hands out.
      await page.getByTestId('picking-end').click();
      await expectView(page, 'checkPincode');
      await page.getByTestId('pincode-input').fill('1357');
      await page.getByTestId('picking-confirm-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выданы 2 посылки' })).toBeVisible();
      expect(payPosts).toHaveLength(1);
    });
  },
);

freshTest(
  'terminal declined then cash; terminal approved; in /en at 360×740: pending is f-0023, cancel, card-pos',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(180_000);
    await signInByBadge(page, baseURL ?? '');

    await test.step('R-1021: the terminal declines 999,13 ₽ → the picked list with the message; then cash', async () => {
      await beginAndPick(page, scanner, '/picking/pickup/R-1021', '=34717-8-c-05', ['P400204']);
      await expectView(page, 'checkPicked');
      await page.getByTestId('picking-end').click();
      await expectView(page, 'choosePayment');
      await page.getByTestId('pay-terminal').click();
      await expectView(page, 'checkPayment');
      await expect(page.getByTestId('prompt-main')).toHaveText('Приложите карту к терминалу');
      await expectView(page, 'checkPicked', 15_000);
      await expect(page.getByTestId('prompt-error-text')).toHaveText(
        'Терминал отклонил карту: оплата отменена, выберите другой способ',
      );
      await page.getByTestId('picking-end').click();
      await page.getByTestId('pay-cash-desk').click();
      await expectView(page, 'checkPayment');
      await page.getByTestId('payment-received').fill('1000');
      await expect(page.getByTestId('payment-change')).toHaveText(`Сдача: 0,87${NBSP}₽`);
      await page.getByTestId('payment-confirm').click();
      await expectView(page, 'endPayment');
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выдана 1 посылка' })).toBeVisible();
    });

    await test.step('R-1007: the terminal approves 1 250,00 ₽ while it is polled', async () => {
      await beginAndPick(page, scanner, '/picking/pickup/R-1007', '=34717-8-b-02', [
        'P400011',
        'P400012',
      ]);
      await expectView(page, 'checkPicked');
      await expect(page.getByTestId('amount-due')).toHaveText(`К оплате: 1${NBSP}250,00${NBSP}₽`);
      await page.getByTestId('picking-end').click();
      await page.getByTestId('pay-terminal').click();
      await expectView(page, 'checkPayment');
      await expect(page.getByTestId('terminal-waiting')).toBeVisible();
      await expect(page.getByTestId('terminal-elapsed')).toHaveText(/^прошло 0:0\d$/);
      await expect(page.getByTestId('terminal-help')).toContainText('«Отменить оплату»');
      await expectView(page, 'endPayment', 15_000);
      await expect(page.getByTestId('receipt-paid')).toHaveText(`1${NBSP}250,00${NBSP}₽`);
      await expect(page.getByTestId('receipt-received')).toHaveCount(0);
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('toast').filter({ hasText: 'Выданы 2 посылки' })).toBeVisible();
    });

    await page.setViewportSize({ width: 360, height: 740 });

    await test.step('R-1022 in English on a handheld: pending is f-0023, cancelled, then card-pos', async () => {
      await beginAndPick(page, scanner, '/en/picking/pickup/R-1022', '=34717-8-c-06', ['P400205']);
      await expectView(page, 'checkPicked');
      await expect(page.getByTestId('amount-due')).toHaveText(`Due: 500,14${NBSP}₽`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('picking-end').click();
      await expectView(page, 'choosePayment');
      await expect(page.getByTestId('pay-card-pos')).toHaveText('Card, stand-alone terminal');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('pay-terminal').click();
      await expectView(page, 'checkPayment');
      await expect(page.getByTestId('prompt-main')).toHaveText('Present the card to the terminal');
      await page.getByTestId('payment-check').click();
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0023');
      await expect(page.getByTestId('prompt-error-text')).toHaveText(
        'The payment has not gone through yet',
      );
      await expectView(page, 'checkPayment');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // The error's toast stays clear of the prompt and of the payment's buttons.
      const toast = page.getByTestId('toast').filter({ hasText: 'not gone through' });
      await expect(toast).toBeVisible();
      const toastBox = await toast.boundingBox();
      for (const target of ['prompt-main', 'payment-cancel']) {
        const box = await page.getByTestId(target).boundingBox();
        expect(toastBox && box ? overlap(toastBox, box) : -1, `toast over ${target}`).toBe(0);
      }
      await expect(page.getByTestId('payment-cancel')).toBeInViewport();
      await page.getByTestId('payment-cancel').click();
      await expectView(page, 'checkPicked');
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Payment of 500,14' }),
      ).toContainText('cancelled: choose another way');
      await page.getByTestId('picking-end').click();
      await page.getByTestId('pay-card-pos').click();
      await expectView(page, 'checkPayment');
      await page.getByTestId('payment-confirm').click();
      await expectView(page, 'endPayment');
      await expect(page.getByTestId('prompt-main')).toHaveText('Payment received');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/en\/picking$/);
      await expect(
        page.getByTestId('toast').filter({ hasText: '1 parcel handed over' }),
      ).toBeVisible();
    });
  },
);
