import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { OTHER_WORKER, SUPERVISOR, WORKER } from '../auth/auth.helpers';
import { signInByBadge } from '../context/sign-in.helpers';

// Time tracking (spec part 1 §2, §4, §5, §8) against the real server and its demo seed:
// workplaces =34717-WP-01 … -05 of sorting centre 34717 (docs/DEMO.md). One database for the
// whole spec: the steps run in order.
test.describe.configure({ mode: 'serial' });

const WP1 = { barcode: '=34717-WP-01', name: 'Приёмка, стол 1' };
const WP2 = { barcode: '=34717-WP-02', name: 'Приёмка, стол 2' };
const OUTSIDE_WORKER_BADGE = '~W1101-2PL5';
const HEADERS = { 'X-Requested-With': 'sorting' };

async function openTimeTracking(page: Page) {
  await page.goto('/time-tracking');
  const screen = page.getByTestId('time-tracking-screen');
  await expect(screen).toHaveAttribute('data-state', 'waitWorkplace');
  return screen;
}

const errorCode = (page: Page) => page.getByTestId('prompt-error-code');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const trackedNames = (page: Page) => page.getByTestId('tracked-user-name');

test.describe('time tracking', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
  });

  test('choose a workplace: =ALL and non-workplace scans are f-008, an unknown one f-011', async ({
    page,
    scanner,
  }) => {
    const screen = await openTimeTracking(page);
    await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте рабочее место');
    await expect(page.getByTestId('workplace')).toHaveCount(5);

    await scanner.scan('=ALL');
    await expect(errorCode(page)).toHaveText('f-008');
    await scanner.scan('P100001');
    await expect(errorCode(page)).toHaveText('f-008');
    await scanner.scan('=34717-WP-99');
    await expect(errorCode(page)).toHaveText('f-011');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'Рабочее место =34717-WP-99 не найдено',
    );
    await expect(screen).toHaveAttribute('data-state', 'waitWorkplace');

    await scanner.scan(WP1.barcode);
    await expect(screen).toHaveAttribute('data-state', 'waitUser');
    await expect(page.getByTestId('prompt-main')).toHaveText('Сканируйте бейдж сотрудника');
    await expect(page.getByTestId('prompt-pre')).toHaveText(`${WP1.name} · ${WP1.barcode}`);
    await expect(page.getByTestId('prompt-error')).toHaveCount(0);
  });

  test('a badge joins (ok sound, live duration), switching the workplace moves the user, the same badge leaves', async ({
    page,
    scanner,
  }) => {
    const screen = await openTimeTracking(page);
    await scanner.scan(WP1.barcode);
    await expect(screen).toHaveAttribute('data-state', 'waitUser');

    const scanned = page.waitForResponse((response) =>
      response.url().includes('/users/barcode-scan'),
    );
    await scanner.scan(WORKER.badge);
    const request = (await scanned).request();
    expect(request.url()).toContain('/timetracking-api/v1/34717/Workplaces/%3D34717-WP-01/');
    expect(request.postDataJSON()).toEqual({ UserToken: WORKER.badge });
    expect(request.headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
    await expect(toast(page, `${WORKER.name}: начало работы — ${WP1.name}`)).toBeVisible();
    await expect(trackedNames(page)).toHaveText([WORKER.name]);
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((mark) => mark.name),
    );
    expect(marks).toContain('sound:ok-new');
    // The badge checked the worker in; the signed-in supervisor stays (no user switch here).
    await expect(page.getByTestId('header-user-name')).toHaveText(SUPERVISOR.name);

    // The duration counts on by itself.
    const duration = page.getByTestId('tracked-user-duration');
    const first = await duration.textContent();
    await expect(duration).not.toHaveText(first ?? '', { timeout: 3000 });
    await expect(duration).toHaveText(/^0:00:\d\d$/);

    // Another workplace: the same badge joins it, which ends the first one.
    await scanner.scan(WP2.barcode);
    await expect(page.getByTestId('prompt-pre')).toHaveText(`${WP2.name} · ${WP2.barcode}`);
    await expect(trackedNames(page)).toHaveCount(0);
    await scanner.scan(WORKER.badge);
    await expect(toast(page, `${WORKER.name}: начало работы — ${WP2.name}`)).toBeVisible();
    await expect(trackedNames(page)).toHaveText([WORKER.name]);
    await page.getByTestId('workplace').filter({ hasText: WP1.barcode }).click();
    await expect(page.getByTestId('prompt-pre')).toHaveText(`${WP1.name} · ${WP1.barcode}`);
    await expect(trackedNames(page)).toHaveCount(0);

    // Back at the second workplace the same badge leaves it.
    await scanner.scan(WP2.barcode);
    await expect(trackedNames(page)).toHaveText([WORKER.name]);
    await scanner.scan(WORKER.badge);
    await expect(toast(page, `${WORKER.name}: уход с рабочего места — ${WP2.name}`)).toBeVisible();
    await expect(trackedNames(page)).toHaveCount(0);
  });

  test('removing a user asks first, then ends their time; a badge that is no "~" is f-009, an unknown one f-002', async ({
    page,
    scanner,
  }) => {
    const screen = await openTimeTracking(page);
    await scanner.scan(WP2.barcode);
    await expect(screen).toHaveAttribute('data-state', 'waitUser');
    await scanner.scan(OTHER_WORKER.badge);
    await expect(trackedNames(page)).toHaveText([OTHER_WORKER.name]);
    await expect(screen).toHaveAttribute('data-state', 'waitUser');

    await page
      .getByRole('button', { name: `Убрать ${OTHER_WORKER.name} с рабочего места` })
      .click();
    await expect(page.getByTestId('confirm-remove-text')).toContainText(OTHER_WORKER.name);
    await page.getByTestId('cancel-remove').click();
    await expect(trackedNames(page)).toHaveText([OTHER_WORKER.name]);
    await page.getByTestId('tracked-user-remove').click();
    await page.getByTestId('confirm-remove').click();
    await expect(
      toast(page, `${OTHER_WORKER.name} больше не числится на рабочем месте — ${WP2.name}`),
    ).toBeVisible();
    await expect(trackedNames(page)).toHaveCount(0);

    await scanner.scan('P100001');
    await expect(errorCode(page)).toHaveText('f-009');
    await scanner.scan('>W1001');
    await expect(errorCode(page)).toHaveText('f-009');
    await scanner.scan('~W9999-XXXX');
    await expect(errorCode(page)).toHaveText('f-002');
    await expect(trackedNames(page)).toHaveCount(0);
  });

  test('a removal refused because the user left meanwhile is f-003 and the list catches up', async ({
    page,
    scanner,
  }) => {
    const screen = await openTimeTracking(page);
    await scanner.scan(WP1.barcode);
    await scanner.scan(OTHER_WORKER.badge);
    await expect(trackedNames(page)).toHaveText([OTHER_WORKER.name]);
    await expect(screen).toHaveAttribute('data-state', 'waitUser');
    // Another terminal checks the worker out of this workplace.
    const left = await page.request.post(
      `/timetracking-api/v1/34717/Workplaces/${encodeURIComponent(WP1.barcode)}/users/barcode-scan`,
      { headers: HEADERS, data: { UserToken: OTHER_WORKER.badge } },
    );
    expect(
      ((await left.json()) as { OperationObject: { Status: number } }).OperationObject.Status,
    ).toBe(2);
    await page.getByTestId('tracked-user-remove').click();
    await page.getByTestId('confirm-remove').click();
    await expect(toast(page, 'Не удалось убрать сотрудника с рабочего места')).toBeVisible();
    await expect(trackedNames(page)).toHaveCount(0);
  });

  test('no workplaces is f-010; a failed load f-001; both retry', async ({ page }) => {
    // The network drops under the page once (the outside world's part).
    let drop = true;
    await page.route('**/timetracking-api/v1/34717/Workplaces', async (route) => {
      if (drop) {
        drop = false;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await page.goto('/time-tracking');
    const screen = page.getByTestId('time-tracking-screen');
    await expect(screen).toHaveAttribute('data-state', 'loadFailed');
    await expect(page.getByTestId('no-data-code')).toHaveText('f-001');
    await page.getByTestId('time-tracking-retry').click();
    await expect(screen).toHaveAttribute('data-state', 'waitWorkplace');
    await page.unroute('**/timetracking-api/v1/34717/Workplaces');

    // The demo centre has workplaces; an empty answer stands for a centre without any.
    await page.route('**/timetracking-api/v1/34717/Workplaces', (route) =>
      route.fulfill({
        json: {
          IsSuccess: true,
          Message: null,
          ErrorCode: null,
          IsCriticalError: false,
          IsRepeat: false,
          OperationObject: [],
        },
      }),
    );
    await page.reload();
    await expect(screen).toHaveAttribute('data-state', 'noWorkplaces');
    await expect(page.getByTestId('no-data-code')).toHaveText('f-010');
    await expect(page.getByTestId('no-data')).toContainText(
      'В этом сортировочном центре нет рабочих мест',
    );
  });

  test('a user of no sorting centre gets f-007, in Russian and in English', async ({
    page,
    baseURL,
  }) => {
    await page.context().clearCookies();
    await signInByBadge(page, baseURL ?? '', OUTSIDE_WORKER_BADGE);
    await page.goto('/time-tracking');
    await expect(page.getByTestId('time-tracking-screen')).toHaveAttribute(
      'data-state',
      'noAccess',
    );
    await expect(page.getByTestId('no-data-code')).toHaveText('f-007');
    await expect(page.getByTestId('no-data')).toContainText(
      'Нет доступа к учёту рабочего времени этого сортировочного центра',
    );
    await page.goto('/en/time-tracking');
    await expect(page.getByTestId('no-data')).toContainText(
      'No access to time tracking of this sorting centre',
    );
  });
});
