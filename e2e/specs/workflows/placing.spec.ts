import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordCalls, recordToasts, soundMarks } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt } from './workflows.helpers';

// The placing workflow (guided workflows part 1; docs/DECISIONS.md "Guided workflows", the
// step table of placing and the screen) against the real server and the demo of docs/DEMO.md:
// box _34717-163 and returnable box _R34717-12 in no cell, empty cells 7-d-01…7-d-06.

freshTest(
  'places a box and a returnable box into cells; a wrong kind is refused; a reload resumes; a lost answer applies once; both sizes fit',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(HANDHELD);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    const calls = recordCalls(page, '/sorting-center-workflow-api/');
    await page.goto('/placing');
    await expectState(page, 'WaitBox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Размещение');
    await expect(prompt(page)).toHaveText('Сканируйте короб или оборотную тару');
    await expect(page.getByTestId('prompt-extra')).toHaveText('Ожидается: короб, оборотная тара');
    expect(calls).toEqual(['POST /sorting-center-workflow-api/v1/34717/placing/process']);

    await test.step('a cell first is refused: the state stays, the reason shows', async () => {
      await scanner.scan('=34717-7-d-01');
      await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0002');
      await expect(page.getByTestId('prompt-error-text')).toContainText('Ожидается');
      await expectState(page, 'WaitBox');
      expect(await soundMarks(page)).toContain('sound:err');
    });

    await test.step('box _34717-163 into cell 7-d-01', async () => {
      await scanner.scan('_34717-163');
      await expectState(page, 'WaitCell');
      await expect(prompt(page)).toHaveText('Сканируйте ячейку для короба _34717-163');
      await expect(page.getByTestId('prompt-error')).toHaveCount(0);
      await expect(page.getByTestId('workflow-skip')).toBeVisible();
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await scanner.scan('=34717-7-d-01');
      await expectState(page, 'WaitBox');
      await expect.poll(() => toasts.join('\n')).toContain('_34717-163');
      expect(await soundMarks(page)).toContain('sound:ok-new');
      await expectLayoutFits(page, page.getByTestId('prompt'));
    });

    await test.step('the returnable box: a reload mid-flow resumes its cell step', async () => {
      await scanner.scan('_R34717-12');
      await expectState(page, 'WaitCell');
      await expect(prompt(page)).toHaveText('Сканируйте ячейку для тары _R34717-12');
      await page.reload();
      await expectState(page, 'WaitCell');
      await expect(prompt(page)).toHaveText('Сканируйте ячейку для тары _R34717-12');
      await page.setViewportSize(DESKTOP);
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await scanner.scan('=34717-7-d-02');
      await expectState(page, 'WaitBox');
      await expect.poll(() => toasts.join('\n')).toContain('_R34717-12');
    });

    await test.step('Skip drops the one held', async () => {
      await scanner.scan('_34717-163');
      await expectState(page, 'WaitCell');
      await page.getByTestId('workflow-skip').click();
      await expectState(page, 'WaitBox');
      await expect(prompt(page)).toHaveText('Сканируйте короб или оборотную тару');
    });

    await test.step('the answer lost after the server placed the box: resent once, a repeat', async () => {
      await scanner.scan('_34717-163');
      await expectState(page, 'WaitCell');
      const sent: string[] = [];
      const repeats: boolean[] = [];
      let isFirst = true;
      await page.route('**/placing/process', async (route) => {
        sent.push(route.request().headers()['x-operation-id'] ?? '');
        if (!isFirst) {
          const response = await route.fetch();
          repeats.push(((await response.json()) as { isRepeat: boolean }).isRepeat);
          await route.fulfill({ response });
          return;
        }
        isFirst = false;
        await route.fetch(); // the server places the box
        await route.abort('connectionreset'); // and the answer never arrives
      });
      await scanner.scan('=34717-7-d-03');
      await expect(page.getByTestId('prompt-error-text')).toHaveText(
        'Нет связи с сервером: действие повторится, когда связь вернётся',
      );
      await expectState(page, 'WaitBox');
      await expect(page.getByTestId('prompt-error')).toHaveCount(0);
      expect(sent).toHaveLength(2);
      expect(new Set(sent).size).toBe(1);
      expect(repeats).toEqual([true]);
      await page.unroute('**/placing/process');
    });
  },
);

test('in English at 1366×768: the prompt and the refusal of a wrong kind', async ({
  page,
  baseURL,
  scanner,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/en/placing');
  await expectState(page, 'WaitBox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Placing');
  await expect(prompt(page)).toHaveText('Scan a box or a returnable box');
  await expect(page.getByTestId('prompt-extra')).toHaveText('Expected: box, returnable box');
  await scanner.scan('=34717-7-d-03');
  await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0002');
  await expect(page.getByTestId('prompt-error-text')).toContainText('Expected');
  await expectState(page, 'WaitBox');
  await expectLayoutFits(page, page.getByTestId('prompt'));
});
