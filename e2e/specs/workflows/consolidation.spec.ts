import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { HANDHELD } from '../shell/handheld.helpers';
import { recordToasts, soundMarks } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt } from './workflows.helpers';

// The consolidating workflow (guided workflows part 1; docs/DECISIONS.md "Guided workflows",
// its step table) on the demo of docs/DEMO.md: OMS-05 «Омск» with P440001, P440002 in box
// _34717-164 (1-c-01) and P440003, P440004 in _34717-165 (1-c-02); the empty cell 7-c-01 and
// the empty box _34717-161 in no cell.

freshTest(
  'opens a consolidation of OMS-05, fills it by scans and by the same-box button, refuses a wrong cell, completes it; /deconsolidation shows it',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(HANDHELD);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await page.goto('/consolidation');
    await expectState(page, 'WaitWhat');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Консолидация');
    await expect(prompt(page)).toHaveText('Сканируйте посылку');

    await test.step('P440001, no consolidation yet: an empty cell, then an empty box', async () => {
      await scanner.scan('P440001');
      await expectState(page, 'WaitCell');
      await expect(prompt(page)).toHaveText('Посылка P440001 («Омск»): сканируйте пустую ячейку');
      await scanner.scan('=34717-7-c-01');
      await expectState(page, 'WaitBox');
      await expect(prompt(page)).toHaveText('Сканируйте пустой короб для ячейки 7-c-01');
      await scanner.scan('_34717-161');
      await expectState(page, 'WaitWhere');
      await expect(prompt(page)).toHaveText('Посылку P440001 — в короб _34717-161, ячейка 7-c-01');
      expect(await soundMarks(page)).toContain('sound:new');
      // The destination's parcels still outside the box, with their cells.
      await expect(page.getByTestId('workflow-item')).toHaveCount(4);
      await expectLayoutFits(page, page.getByTestId('prompt'));
    });

    await test.step('a wrong cell is refused naming the right one; the cell puts it in', async () => {
      await scanner.scan('=34717-7-c-02');
      await expect(page.getByTestId('prompt-error-text')).toContainText('7-c-01');
      await expectState(page, 'WaitWhere');
      await scanner.scan('=34717-7-c-01');
      await expectState(page, 'WaitWhat');
      await expect.poll(() => toasts.join('\n')).toContain('1 из 4 собрано');
    });

    await test.step('P440002 by the same-box button, P440003 by the box', async () => {
      await scanner.scan('P440002');
      await expectState(page, 'WaitWhere');
      await page.getByTestId('workflow-place').click();
      await expectState(page, 'WaitWhat');
      await expect.poll(() => toasts.join('\n')).toContain('2 из 4 собрано');
      await scanner.scan('P440003');
      await expectState(page, 'WaitWhere');
      await scanner.scan('_34717-161');
      await expectState(page, 'WaitWhat');
      await expect.poll(() => toasts.join('\n')).toContain('3 из 4 собрано');
    });

    await test.step('a reload resumes; Task complete closes the consolidation', async () => {
      await page.reload();
      await expectState(page, 'WaitWhat');
      await expect(prompt(page)).toHaveText('Сканируйте посылку или завершите консолидацию «Омск»');
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitWhat');
      await expect(prompt(page)).toHaveText('Сканируйте посылку');
      expect(await soundMarks(page)).toContain('sound:success-big');
    });

    await test.step('/deconsolidation shows box 161 in 7-c-01 with its three parcels', async () => {
      await page.goto('/deconsolidation');
      await expect(page.getByTestId('deconsolidation-screen')).toHaveAttribute(
        'data-view',
        'waiting',
      );
      await scanner.scan('=34717-7-c-01');
      await expect(page.getByTestId('prompt-main')).toHaveText('Короб 161 · _34717-161');
      await expect(page.getByTestId('box-detail')).toHaveCount(3);
    });
  },
);
