import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts } from '../shell/page-records.helpers';
import {
  expectActionsVisible,
  expectLayoutFits,
  expectState,
  openAt,
  prompt,
} from './workflows.helpers';

// Boxes transit picking v1 and v2 with the details check (docs/DECISIONS.md "Guided
// workflows", step tables 7–9) on the demo of docs/DEMO.md: OUT-0102 with boxes
// _34717-181…_34717-184 in 4-b-01…4-b-04, OUT-0105 with _34717-185…_34717-188 in 4-c-01…4-c-04,
// _34717-186 holding P450101–P450106.

freshTest(
  'picks OUT-0102 by /cargo-picking (a box out of turn refused) and OUT-0105 by /cargo-picking-v2 with a details check',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(HANDHELD);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);

    await test.step('v1: OUT-0102 cell by cell; another box first is refused', async () => {
      await page.goto('/cargo-picking');
      await expectState(page, 'WaitTaskSelection');
      await page.getByTestId('workflow-task').filter({ hasText: 'OUT-0102' }).click();
      await expectState(page, 'WaitCell');
      await expect(prompt(page)).toHaveText(
        'OUT-0102: сканируйте ячейку 4-b-01 (короб _34717-181)',
      );
      await scanner.scan('=34717-4-b-01');
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-182');
      await expect(page.getByTestId('prompt-error-text')).toContainText('Сначала короб _34717-181');
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-181');
      await expectState(page, 'WaitCell');
      for (const n of [2, 3, 4]) {
        await scanner.scan(`=34717-4-b-0${n}`);
        await expectState(page, 'WaitBox');
        await scanner.scan(`_34717-18${n}`);
      }
      // Every box picked: WaitConfirm names the counts; «Подтвердить» moves OUT-0102 on.
      await expectState(page, 'WaitConfirm');
      await expect(prompt(page)).toHaveText(
        'OUT-0102: взято 4 из 4, не взято 0. Подтвердите отгрузку',
      );
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await expectActionsVisible(page, ['workflow-confirm']);
      await page.getByTestId('workflow-confirm').click();
      await expectState(page, 'WaitTaskSelection');
      await expect.poll(() => toasts.join('\n')).toContain('Отгрузка OUT-0102 собрана: 4 из 4');
      // Picked and confirmed: no longer a task to choose.
      await expect(page.getByTestId('workflow-task').filter({ hasText: 'OUT-0102' })).toHaveCount(
        0,
      );
    });

    await test.step('v2: any order, a box of OUT-0102 refused naming it', async () => {
      await page.goto('/cargo-picking-v2');
      await expectState(page, 'WaitTaskSelection');
      await page.getByTestId('workflow-task').filter({ hasText: 'OUT-0105' }).click();
      await expectState(page, 'WaitBox');
      await scanner.scan('_34717-187');
      await expect.poll(() => toasts.join('\n')).toContain('Короб _34717-187 взят: 1 из 4');
      await scanner.scan('_34717-181');
      await expect(page.getByTestId('prompt-error-text')).toContainText('из отгрузки OUT-0102');
      await expectLayoutFits(page, page.getByTestId('prompt'));
      // Put back: still to take, but out of its cell (v2 does not return it to 4-c-03).
      const box187 = page.getByTestId('workflow-item').filter({ hasText: '_34717-187' });
      await box187.getByTestId('workflow-item-revert').click();
      await expect(box187).toHaveAttribute('data-state', 'waiting');
      await expect(box187.getByTestId('workflow-item-location')).toHaveText('вне ячейки');
      await expect(prompt(page)).toHaveText('OUT-0105: сканируйте любой короб задания (0 из 4)');
    });

    await test.step('«Состав» of _34717-186: five of six checked', async () => {
      const box = page.getByTestId('workflow-item').filter({ hasText: '_34717-186' });
      await box.getByTestId('workflow-item-details').click();
      await expectState(page, 'WaitItem');
      await expect(prompt(page)).toHaveText('Короб _34717-186: сканируйте посылки (0 из 6)');
      for (const parcel of ['P450101', 'P450102', 'P450103', 'P450104', 'P450105']) {
        await scanner.scan(parcel);
      }
      await expect(prompt(page)).toHaveText('Короб _34717-186: сканируйте посылки (5 из 6)');
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitBox');
      await expect.poll(() => toasts.join('\n')).toContain('Проверено 5 из 6, нет: P450106');
    });

    await test.step('the rest picked; Task complete moves OUT-0105 on', async () => {
      for (const barcode of ['_34717-185', '_34717-186', '_34717-187', '_34717-188']) {
        await scanner.scan(barcode);
      }
      await expect(prompt(page)).toHaveText('OUT-0105: взято 4 из 4, завершите задание');
      await page.setViewportSize(DESKTOP);
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitTaskSelection');
      await expect.poll(() => toasts.join('\n')).toContain('Отгрузка OUT-0105 собрана: 4 из 4');
    });
  },
);

test('in English at 1366×768 and 360×740: the transit picking and loading screens', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInByBadge(page, baseURL ?? '');
  const screens = [
    ['/en/cargo-picking', 'Cargo picking', 'Choose a shipment to pick'],
    ['/en/cargo-picking-v2', 'Cargo picking (v2)', 'Choose a shipment to pick'],
    ['/en/loading', 'Transit loading', 'Choose a shipment to load'],
    ['/en/loading-v2', 'Transit loading (v2)', 'Choose a shipment to load'],
  ] as const;
  for (const [path, title, text] of screens) {
    await page.setViewportSize(DESKTOP);
    await openAt(page, path, 'WaitTaskSelection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(prompt(page)).toHaveText(text);
    await expect(page.getByTestId('workflow-task').first()).toBeVisible();
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await page.setViewportSize(HANDHELD);
    await expectLayoutFits(page, page.getByTestId('prompt'));
  }
});
