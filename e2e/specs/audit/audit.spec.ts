import type { Page } from '@playwright/test';
import { auditFigures, formatAuditPercentage } from '@sorting/domain';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { recordCalls, soundMarks } from '../shell/page-records.helpers';

// Cell audit (spec part 2 §2, §4, §5, §8) against the real server and the demo zone 6
// of docs/DEMO.md: 6-a-01 with open box _34717-101 (P410001–P410003) and closed box
// _34717-102; 6-a-02 with box _34717-103 (P410005, P410006) and returnable box _R34717-11;
// P410007 lies in 6-b-01. The walk that audits them runs on a fresh server of its own.

const screenOf = (page: Page) => page.getByTestId('audit-screen');

/** Waits for a sound mark to appear after `count` marks of that name were there. */
async function expectSound(page: Page, name: string, count: number) {
  await expect
    .poll(async () => (await soundMarks(page)).filter((mark) => mark === `sound:${name}`).length)
    .toBe(count);
}

freshTest(
  'start by scanning 6-a-01; correct, surplus, repeat; close with =; 6-a-02 with one missing; a reload resumes; finish',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(120_000);
    await signInByBadge(page, baseURL ?? '');
    const calls = recordCalls(page, '/audit-api/');
    await page.goto('/audit');
    const list = page.getByTestId('audit-list-screen');
    await expect(list).toHaveAttribute('data-view', 'sessionList');

    await test.step('the list shows the demo session finished yesterday', async () => {
      const rows = page.getByTestId('audit-session-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByTestId('session-correct')).toHaveText('33,3 %');
      await expect(page.getByTestId('audit-resume')).toHaveCount(0);
    });

    await test.step('a cell scan starts a session and opens the cell', async () => {
      await scanner.scan('=34717-6-a-01');
      await expect(page).toHaveURL(/\/audit\/\d+$/);
      await expect(screenOf(page)).toHaveAttribute('data-scan-state', 'scanProcess');
      await expect(screenOf(page)).toHaveAttribute('data-view', 'scanItems');
      await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте единицы ячейки 6-a-01');
      await expect(page.getByTestId('prompt-extra')).toHaveText(
        'Отсканируйте ячейку ещё раз, чтобы закрыть её',
      );
      await expect(page.getByTestId('count-pending')).toHaveText('5');
    });

    await test.step('a correct unit (ok-new), a surplus one (attention), a repeat unsent', async () => {
      await scanner.scan('P410001');
      await expect(page.getByTestId('count-correct')).toHaveText('1');
      await expectSound(page, 'ok-new', 1);
      await scanner.scan('P410007');
      await expect(page.getByTestId('count-surplus')).toHaveText('1');
      await expect(page.getByTestId('group-surplus')).toContainText('в системе: 6-b-01');
      await expectSound(page, 'attention', 1);
      // The last four letters and digits are spoken after the answer's sound.
      await expect.poll(() => soundMarks(page)).toContain('sound:numbers/7');
      const scans = calls.filter((call) => call.endsWith('/scan')).length;
      await scanner.scan('P410001');
      await expectSound(page, 'repeat', 1);
      expect(calls.filter((call) => call.endsWith('/scan'))).toHaveLength(scans);
      await expect(page.getByTestId('audit-counters')).toHaveText('Единиц: 6 · верно: 50,0 %');
    });

    await test.step('a reload mid-session resumes the open cell', async () => {
      await page.reload();
      await expect(screenOf(page)).toHaveAttribute('data-scan-state', 'scanProcess');
      await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте единицы ячейки 6-a-01');
      await expect(page.getByTestId('count-correct')).toHaveText('1');
    });

    await test.step('/audit offers to continue the running session; continuing resumes it', async () => {
      const sessionUrl = page.url();
      const sessionId = sessionUrl.split('/').at(-1) ?? '';
      await page.goto('/audit');
      await expect(list).toHaveAttribute('data-view', 'sessionList');
      await expect(page.getByTestId('audit-resume')).toHaveText(`Продолжить сессию ${sessionId}`);
      await page.getByTestId('audit-resume').click();
      await expect(page).toHaveURL(sessionUrl);
      await expect(screenOf(page)).toHaveAttribute('data-scan-state', 'scanProcess');
      await expect(page.getByTestId('count-correct')).toHaveText('1');
    });

    await test.step('the cell scanned again closes it: the units left are missing', async () => {
      await scanner.scan('=34717-6-a-01');
      await expect(screenOf(page)).toHaveAttribute('data-scan-state', 'startScan');
      await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте ячейку');
      await scanner.scan('P410002');
      await expect(page.getByTestId('prompt-error-code')).toHaveText('store.a-008');
    });

    await test.step('6-a-02: three units found, P410006 left missing', async () => {
      await scanner.scan('=34717-6-a-02');
      await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте единицы ячейки 6-a-02');
      for (const barcode of ['P410005', '_34717-103', '_R34717-11']) await scanner.scan(barcode);
      await expect(page.getByTestId('count-correct')).toHaveText('3');
      await expect(page.getByTestId('count-pending')).toHaveText('1');
    });

    await test.step('finish: sessionInfo with the figures and success-big', async () => {
      // 6-a-01: P410001 correct, P410007 surplus, four missing; 6-a-02: three correct, one
      // missing (the finish closes the open cell).
      const expected = formatAuditPercentage(
        auditFigures([
          { state: 1, count: 4 },
          { state: 2, count: 1 },
          { state: 3, count: 5 },
        ]).correctPercentage,
        'ru',
      );
      await page.getByTestId('audit-finish').click();
      await expect(page.getByTestId('confirm-audit-text')).toContainText('Ячеек: 2 · единиц: 10');
      await page.getByTestId('confirm-audit-finish').click();
      await expect(screenOf(page)).toHaveAttribute('data-view', 'sessionInfo');
      await expectSound(page, 'success-big', 1);
      await expect(page.getByTestId('prompt-extra')).toHaveText(`Единиц: 10 · верно: ${expected}`);
      await expect(page.getByTestId('audit-cell-table')).toHaveCount(2);
      await expect(page.getByTestId('audit-missing').locator('li')).toHaveCount(5);
      await expect(page.getByTestId('audit-surplus').locator('li')).toHaveText([/6-a-01: P410007/]);
      await page.getByTestId('audit-back').click();
      await expect(list).toHaveAttribute('data-view', 'sessionList');
      await expect(page.getByTestId('audit-session-row')).toHaveCount(2);
      await expect(page.getByTestId('session-correct').first()).toHaveText(expected);
      await expect(page.getByTestId('audit-resume')).toHaveCount(0);
    });

    await test.step('/vision of the audited P410001 and P410007 shows the audit', async () => {
      await page.goto('/vision');
      const vision = page.getByTestId('vision-screen');
      await expect(vision).toHaveAttribute('data-view', 'scanVisionUnits');
      await scanner.scan('P410001');
      await expect(vision).toHaveAttribute('data-view', 'visionUnitInfo');
      await expect(page.getByTestId('vision-event').first()).toHaveAttribute(
        'data-kind',
        'audit.unitFound',
      );
      await expect(page.getByTestId('vision-event-kind').first()).toHaveText(
        'Найдена при инвентаризации',
      );
      await scanner.scan('P410007');
      await expect(page.getByTestId('prompt-main')).toHaveText('История P410007');
      await expect(
        page.locator('[data-testid="vision-event"][data-kind="audit.unitSurplus"]'),
      ).toHaveCount(1);
    });
  },
);

test('a refused start stays on /audit with store.a-001', async ({ page, baseURL }) => {
  await signInByBadge(page, baseURL ?? '');
  // The server refuses the start (the outside world's part: a proxy answering 503).
  await page.route('**/audit-api/v1/*/Sessions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          json: {
            isSuccess: false,
            message: 'Сервис недоступен',
            errorCode: 503,
            isCriticalError: false,
            isRepeat: false,
            operationObject: null,
          },
        })
      : route.continue(),
  );
  await page.goto('/audit');
  await expect(page.getByTestId('audit-list-screen')).toHaveAttribute('data-view', 'sessionList');
  await page.getByTestId('audit-start').click();
  await expect(page.getByTestId('prompt-error-code')).toHaveText('store.a-001');
  await expect(page.getByTestId('prompt-error-text')).toHaveText(
    'Не удалось начать инвентаризацию: Сервис недоступен (503)',
  );
  await expect(page).toHaveURL(/\/audit$/);
  expect(await soundMarks(page)).toContain('sound:err');
});

test('/en at 360×740: a session in English without sideways scroll', async ({
  page,
  baseURL,
  scanner,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/en/audit');
  await expect(page.getByTestId('prompt-main')).toHaveText('Scan a cell or press “Start an audit”');
  await page.getByTestId('audit-start').click();
  await expect(page).toHaveURL(/\/en\/audit\/\d+$/);
  const screen = screenOf(page);
  await expect(screen).toHaveAttribute('data-scan-state', 'startScan');
  await expect(page.getByTestId('prompt-main')).toHaveText('Scan a cell');
  // 6-d-06 stands empty: whatever the walk above did, it holds no unit.
  await scanner.scan('=34717-6-d-06');
  await expect(page.getByTestId('prompt-main')).toHaveText('Scan the units of cell 6-d-06');
  await scanner.scan('ZZ-EN-1');
  await expect(page.getByTestId('group-surplus')).toContainText('not in the system');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId('audit-finish').click();
  await page.getByTestId('confirm-audit-finish').click();
  await expect(screen).toHaveAttribute('data-view', 'sessionInfo');
  await expect(page.getByTestId('prompt-extra')).toHaveText('Units: 1 · correct: 0.0%');
});
