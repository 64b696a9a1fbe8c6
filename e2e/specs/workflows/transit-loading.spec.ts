import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts, soundMarks } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt } from './workflows.helpers';

// Boxes transit loading v1 (/loading) and v2 (/loading-v2) against the real server and the
// demo of docs/DEMO.md (docs/DECISIONS.md "Guided workflows", step tables of loading): OUT-0103
// with boxes _34717-71…74 and OUT-0104 with _34717-75…77, both ready (2), pallets _R34717-21/22.

freshTest(
  'loads OUT-0103 on two pallets and OUT-0104 with one box confirmed missing; a box before a pallet is refused',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(HANDHELD);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);

    await page.goto('/loading');
    await expectState(page, 'WaitTaskSelection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Погрузка');
    await expect(prompt(page)).toHaveText('Выберите отгрузку для погрузки');
    await page.getByTestId('workflow-task').filter({ hasText: 'OUT-0103' }).click();
    await expectState(page, 'WaitPallet');
    await expect(prompt(page)).toHaveText('OUT-0103: сканируйте паллету — погружено 0 из 4');

    await test.step('a box before a pallet is refused, the state stays', async () => {
      await scanner.scan('_34717-71');
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0002');
      await expect(page.getByTestId('prompt-error-text')).toContainText(
        'Ожидается: паллета (оборотная тара)',
      );
      await expectState(page, 'WaitPallet');
      expect(await soundMarks(page)).toContain('sound:err');
    });

    await test.step('pallet _R34717-21 with two boxes, completed', async () => {
      await scanner.scan('_R34717-21');
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-71');
      await expect(prompt(page)).toHaveText(
        'OUT-0103: сканируйте короб на паллету _R34717-21 — на ней 1',
      );
      await scanner.scan('_34717-72');
      await expect(prompt(page)).toHaveText(
        'OUT-0103: сканируйте короб на паллету _R34717-21 — на ней 2',
      );
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-pallet-complete').click();
      await expectState(page, 'WaitPallet');
      await expect.poll(() => toasts.join('\n')).toContain('Паллета _R34717-21: 2 короба');
    });

    await test.step('pallet _R34717-22 with the other two; the task completed ships it', async () => {
      await scanner.scan('_R34717-22');
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-73');
      await expect(prompt(page)).toContainText('на ней 1');
      await scanner.scan('_34717-74');
      await expect(prompt(page)).toHaveText(
        'OUT-0103: все короба погружены — завершите паллету _R34717-22 (2) или задание',
      );
      await page.setViewportSize(DESKTOP);
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitTaskSelection');
      await expect
        .poll(() => toasts.join('\n'))
        .toContain('Отгрузка OUT-0103 отгружена: погружено 4 из 4');
      await expect(page.getByTestId('workflow-task').filter({ hasText: 'OUT-0103' })).toHaveCount(
        0,
      );
    });

    await test.step('/loading-v2: OUT-0104 loaded with _34717-77 confirmed missing', async () => {
      await page.setViewportSize(HANDHELD);
      await page.goto('/loading-v2');
      await expectState(page, 'WaitTaskSelection');
      await page.getByTestId('workflow-task').filter({ hasText: 'OUT-0104' }).click();
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-75');
      await expect(prompt(page)).toHaveText(
        'OUT-0104: сканируйте короб в машину — погружено 1 из 3',
      );
      await scanner.scan('_34717-76');
      await expect(prompt(page)).toContainText('погружено 2 из 3');
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitConfirm');
      await expect(prompt(page)).toHaveText(
        'OUT-0104: погружено 2 из 3, нет 1 — подтвердите недостающие короба',
      );
      await expectLayoutFits(page, page.getByTestId('prompt'));
      const missing = page.getByTestId('workflow-item').filter({ hasText: '_34717-77' });
      await missing.getByTestId('workflow-item-confirm').click();
      await expectState(page, 'WaitTaskSelection');
      await expect
        .poll(() => toasts.join('\n'))
        .toContain('Отгрузка OUT-0104 отгружена: погружено 2 из 3');
    });
  },
);
