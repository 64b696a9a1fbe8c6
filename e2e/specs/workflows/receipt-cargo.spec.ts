import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt, screenOf } from './workflows.helpers';

// Receipt of cargo (docs/DECISIONS.md "Receipt of cargo") on the demo of docs/DEMO.md: supply
// IN-0201 with places PL-0201-1 (3 details, measured) and PL-0201-2 (2 details, no measures),
// on a fresh demo database (the walk receives them).

async function openAt(page: Page, path: string, state: string) {
  await page.goto(path);
  await expect(screenOf(page)).toHaveAttribute('data-state', state, { timeout: 30_000 });
  await expectState(page, state);
}

freshTest(
  '/receipt-cargo: IN-0201 received with a shortage, measures scanned, a reload resumes, closed',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(300_000);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await page.setViewportSize(HANDHELD);
    await openAt(page, '/receipt-cargo', 'WaitWorkplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Приёмка груза');
    await expect(prompt(page)).toHaveText('Отсканируйте рабочее место');
    await scanner.scan('=34717-WP-01');
    await expectState(page, 'WaitTaskSelection');
    await scanner.scan('.69.IN-0201');
    await expectState(page, 'WaitItem');
    await expect(prompt(page)).toHaveText('IN-0201: сканируйте место поставки');

    await test.step('PL-0201-1: 2 of 3, the reason «Недостача»', async () => {
      await scanner.scan('PL-0201-1');
      await expectState(page, 'WaitCount');
      await expect(prompt(page)).toHaveText('Сколько деталей в месте PL-0201-1? Ожидается 3');
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-count-2').click();
      await expectState(page, 'WaitReason');
      await page.getByTestId('workflow-reason-shortage').click();
      await expectState(page, 'WaitPickingSticker');
      await expect.poll(() => toasts.join('\n')).toContain('Место PL-0201-1 принято: 2 дет.');
    });

    await test.step('a reload resumes the run where it was', async () => {
      await page.reload();
      await expect(screenOf(page)).toHaveAttribute('data-state', 'WaitPickingSticker', {
        timeout: 30_000,
      });
      await expect(prompt(page)).toHaveText('PL-0201-1: сканируйте этикетку товара');
      await page.getByTestId('workflow-skip').click();
      await expectState(page, 'WaitItem');
    });

    await test.step('PL-0201-2: measures by .GL/.GW/.GH and a typed weight', async () => {
      await scanner.scan('PL-0201-2');
      await expectState(page, 'WaitCount');
      await page.getByTestId('workflow-count-2').click();
      await expectState(page, 'WaitMeasurements');
      await scanner.scan('.GL50');
      await scanner.scan('.GW40');
      await scanner.scan('.GH30');
      await expect(page.getByTestId('workflow-measure-height')).toHaveValue('30');
      await page.getByTestId('workflow-measure-weight').fill('4,25');
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-measure-submit').click();
      await expectState(page, 'WaitPickingSticker');
      await page.getByTestId('workflow-skip').click();
      await expectState(page, 'WaitItem');
    });

    await test.step('completed and confirmed: back to the supplies', async () => {
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitConfirm');
      await expect(prompt(page)).toHaveText(
        'IN-0201: не принято мест 0. Подтвердите завершение приёмки',
      );
      await page.getByTestId('workflow-confirm').click();
      await expectState(page, 'WaitTaskSelection');
      await expect.poll(() => toasts.join('\n')).toContain('Приёмка IN-0201 закрыта');
    });
  },
);

test('in English at 1366×768 and 360×740: the first prompts', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(HANDHELD);
  await signInByBadge(page, baseURL ?? '');
  await openAt(page, '/en/receipt-cargo', 'WaitWorkplace');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cargo receipt');
  await expect(prompt(page)).toHaveText('Scan your workplace');
  await expectLayoutFits(page, page.getByTestId('prompt'));
  await page.setViewportSize(DESKTOP);
  await expectLayoutFits(page, page.getByTestId('prompt'));
});
