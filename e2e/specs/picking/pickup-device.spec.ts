import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// The pick-up on a handheld (spec part 1 §4 "Picking": single picking per device, the stored
// last recipient; §7 pickup; docs/DECISIONS.md "Recipient picking") against the real server
// and docs/DEMO.md: warehouse 34717 runs one picking per device; R-1001 (P400001 in 8-a-01,
// P400002 in 8-b-03), R-1002 (P400003), R-1011 (balance short). It ends a picking: a fresh
// server of its own.

const HEADERS = { 'X-Requested-With': 'sorting' };

async function expectView(page: Page, view: string) {
  await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', view);
}

const pointer = (page: Page) => page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'));

/** The element a tap at the middle of `testId` reaches: the control itself, or what covers it. */
async function tapReaches(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === node || node.contains(hit));
  });
}

freshTest(
  'the device pointer names its open picking; unpickable barcodes say why; a re-scan says picked; toasts leave the actions free at 360 px',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInByBadge(page, baseURL ?? '');

    await test.step('viewing R-1011 alone does not make /picking open it', async () => {
      await page.goto('/picking/pickup/R-1011');
      await expectView(page, 'pickingInfo');
      expect(await pointer(page)).toBeNull();
      await page.goto('/picking');
      await expectView(page, 'pickingDirectionSelect');
      await expect(page).toHaveURL(/\/picking$/);
      await expect(page.getByTestId('picking-client').first()).toBeVisible();
    });

    await test.step('Begin R-1001 points at it; the current cell is named 8-a-01', async () => {
      await page.goto('/picking/pickup/R-1001');
      await page.getByTestId('picking-begin').click();
      await expectView(page, 'pickingProcess');
      expect(await pointer(page)).toBe('R-1001');
      await scanner.scan('=34717-8-a-01');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Ячейка 8-a-01: сканируйте посылки из неё',
      );
      await scanner.scan('P400001');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
    });

    await test.step('a re-scan of a picked parcel says it is picked already', async () => {
      await scanner.scan('P400001');
      await expect(page.getByTestId('prompt-repeat')).toHaveText('Посылка P400001 уже собрана');
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
    });

    await test.step('what cannot be picked says why, with the server’s reason', async () => {
      for (const [barcode, reason] of [
        ['P400003', 'Посылка P400003 — не этого получателя'],
        ['P499999', 'Посылка P499999 не найдена'],
        ['_34717-121', '_34717-121 — это короб, а не посылка'],
        ['R-1002', 'R-1002 — это код получателя, а не посылка'],
      ] as const) {
        await scanner.scan(barcode);
        await expect(page.getByTestId('prompt-error-text')).toHaveText(
          `Посылку ${barcode} не удалось собрать: ${reason}`,
        );
        await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0008');
      }
      await expect(page.getByTestId('picking-progress')).toHaveText('1 из 2');
    });

    await test.step('360 px: a toast covers neither «Отменить выдачу» nor stops the page scrolling', async () => {
      await expect(page.getByTestId('toast').first()).toBeVisible();
      await page.getByTestId('picking-cancel').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('picking-cancel')).toBeInViewport();
      expect(await tapReaches(page, 'picking-cancel')).toBe(true);
      const toast = await page.getByTestId('toast').first().boundingBox();
      const cancel = await page.getByTestId('picking-cancel').boundingBox();
      expect(toast && cancel && cancel.y + cancel.height <= toast.y).toBe(true);
      // The question «Отменить выдачу?» is not covered by the toasts either.
      await scanner.scan('P499999');
      await page.getByTestId('picking-cancel').click();
      await expectView(page, 'confirmCancel');
      expect(await tapReaches(page, 'confirm-cancel-picking')).toBe(true);
      await page.keyboard.press('Escape');
      await expectView(page, 'pickingProcess');
    });

    await test.step('viewing R-1002 and «К списку» keep R-1001: /picking reopens it', async () => {
      await page.goto('/picking/pickup/R-1002');
      await expectView(page, 'pickingInfo');
      expect(await pointer(page)).toBe('R-1001');
      await page.getByTestId('picking-back').click();
      await expect(page).toHaveURL(/\/picking\/pickup\/R-1001$/);
      await expectView(page, 'pickingProcess');
      expect(await pointer(page)).toBe('R-1001');
    });

    const info = await page.request.post('/picking-api/picking/info', {
      headers: HEADERS,
      data: { PickingClientCode: 'R-1001' },
    });
    const pickingId = (await info.json()).OperationObject.PickingId as number;

    await test.step('ended: the pointer cleared; the ended picking’s page goes to the list', async () => {
      await scanner.scan('=34717-8-b-03');
      await scanner.scan('P400002');
      await expectView(page, 'checkPicked');
      await page.getByTestId('picking-end').click();
      await expect(page).toHaveURL(/\/picking$/);
      expect(await pointer(page)).toBeNull();
      await page.goto(`/picking/delivery/${pickingId}`);
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Выдача не найдена у этого получателя' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/picking$/);
      await expectView(page, 'pickingDirectionSelect');
    });
  },
);
