import { test, expect } from '../../fixtures';
import { SUPERVISOR, WORKER, openSignIn } from '../auth/auth.helpers';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';

// Users of a sorting centre (spec part 1 §2 "Users", §7, §8) against the real server and its
// demo seed (sorting centre 34717; docs/DEMO.md). The steps share one database: in order.
test.describe.configure({ mode: 'serial' });

/** The worker of a warehouse outside any sorting centre (demo seed): no rights here. */
const OUTSIDE_WORKER_BADGE = '~W1101-2PL5';

/** users-api answers in camelCase (the service registers it, as for its sessions call). */
interface CreatedAnswer {
  isSuccess: boolean;
  operationObject: { userId: number; name: string; number: number; badge: string | null };
}

let created: { name: string; badge: string; number: number } | null = null;

test.describe('users of a sorting centre', () => {
  test('a supervisor sees the list, searches it and adds a user whose badge is shown once and printed', async ({
    page,
    baseURL,
  }) => {
    await withoutLocalAgent(page);
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
    await page.goto('/users');
    const rows = page.getByTestId('user-row-name');
    await expect(rows.filter({ hasText: SUPERVISOR.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: WORKER.name })).toHaveCount(1);

    await page.getByTestId('users-search').fill('Петрова');
    await page.getByTestId('users-search').press('Enter');
    await expect(rows).toHaveText([SUPERVISOR.name]);
    await page.getByTestId('users-search').fill('');
    await page.getByTestId('users-search').press('Enter');
    await expect(rows.filter({ hasText: WORKER.name })).toHaveCount(1);

    const name = `Новиков Илья ${Date.now() % 100000}`;
    await page.getByTestId('user-name').fill(name);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith('/users-api/v1/34717/Users'),
    );
    await page.getByTestId('user-add').click();
    const response = await answered;
    expect(response.request().headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
    const body = (await response.json()) as CreatedAnswer;
    expect(body.isSuccess).toBe(true);
    const badge = body.operationObject.badge ?? '';
    expect(badge).toMatch(/^~/);
    await expect(page.getByTestId('new-user-badge')).toHaveText(badge);
    await expect(
      page.getByTestId('toast').filter({ hasText: `Пользователь ${name} добавлен` }),
    ).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(1);

    // No agent and no hub printer on this machine: the printer says so (real printing is
    // proven by the printing specs); the badge stays on screen meanwhile.
    await page.getByTestId('print-badge').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Принтер недоступен' })).toBeVisible();
    await expect(page.getByTestId('new-user-badge')).toHaveText(badge);
    created = { name, badge, number: body.operationObject.number };
  });

  test('the new user signs in with that badge', async ({ page, scanner }) => {
    expect(created).not.toBeNull();
    await openSignIn(page);
    await scanner.scan(created?.badge ?? '');
    await expect(page.getByTestId('header-user-name')).toHaveText(created?.name ?? '');
  });

  test('a new badge replaces the old one: the old stops signing in, the new one works', async ({
    page,
    baseURL,
    scanner,
  }) => {
    expect(created).not.toBeNull();
    const name = created?.name ?? '';
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
    await page.goto('/users');
    const row = page.getByTestId('user-row').filter({ hasText: name });
    const answered = page.waitForResponse((response) => response.url().endsWith('/badge'));
    await row.getByTestId('user-reissue').click();
    await expect(page.getByTestId('confirm-reissue-text')).toContainText(name);
    await page.getByTestId('confirm-reissue').click();
    const body = (await (await answered).json()) as CreatedAnswer;
    const badge = body.operationObject.badge ?? '';
    expect(badge).toMatch(/^~/);
    expect(badge).not.toBe(created?.badge);
    await expect(page.getByTestId('new-user-badge')).toHaveText(badge);

    await page.context().clearCookies();
    await openSignIn(page);
    await scanner.scan(created?.badge ?? '');
    await expect(page.getByTestId('toast').first()).toHaveAttribute('data-status', 'error');
    await expect(page.getByTestId('header-user-name')).toHaveCount(0);
    await scanner.scan(badge);
    await expect(page.getByTestId('header-user-name')).toHaveText(name);
    if (created) created.badge = badge;
  });

  test('deleting asks first; after it the badge no longer signs in', async ({
    page,
    baseURL,
    scanner,
  }) => {
    expect(created).not.toBeNull();
    const name = created?.name ?? '';
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
    await page.goto('/users');
    const row = page.getByTestId('user-row').filter({ hasText: name });
    await row.getByTestId('user-delete').click();
    await expect(page.getByTestId('confirm-delete-text')).toContainText(name);
    await page.getByTestId('cancel-delete').click();
    await expect(row).toHaveCount(1);

    await row.getByTestId('user-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: `Пользователь ${name} удалён` }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.context().clearCookies();
    await openSignIn(page);
    await scanner.scan(created?.badge ?? '');
    await expect(page.getByTestId('toast').first()).toHaveAttribute('data-status', 'error');
    await expect(page.getByTestId('header-user-name')).toHaveCount(0);
  });

  test('a worker without rights gets f-007 (403), in Russian and in English', async ({
    page,
    baseURL,
  }) => {
    await signInByBadge(page, baseURL ?? '', WORKER.badge);
    await page.goto('/users');
    await expect(page.getByTestId('no-data-code')).toHaveText('f-007');
    await expect(page.getByTestId('no-data')).toContainText(
      'Нет доступа к пользователям этого сортировочного центра',
    );
    await expect(page.getByTestId('user-add')).toHaveCount(0);
    await page.goto('/en/users');
    await expect(page.getByTestId('no-data')).toContainText(
      'No access to the users of this sorting centre',
    );

    await page.context().clearCookies();
    await signInByBadge(page, baseURL ?? '', OUTSIDE_WORKER_BADGE);
    await page.goto('/users');
    await expect(page.getByTestId('no-data-code')).toHaveText('f-007');
  });

  test('a failed list is f-002; failed add and delete calls are f-003 and f-006', async ({
    page,
    baseURL,
  }) => {
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
    // The network drops under the page (the outside world's part): each call fails once.
    let failList = true;
    await page.route('**/users-api/v1/34717/Users**', async (route) => {
      const method = route.request().method();
      if (method === 'GET' && failList) {
        failList = false;
        return route.abort('internetdisconnected');
      }
      if (method === 'POST' || method === 'DELETE') return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.goto('/users');
    await expect(page.getByTestId('no-data-code')).toHaveText('f-002');
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Не удалось загрузить пользователей' }),
    ).toBeVisible();
    await page.getByTestId('users-retry').click();
    await expect(page.getByTestId('user-row-name').filter({ hasText: WORKER.name })).toHaveCount(1);

    await page.getByTestId('user-name').fill('Нет Сети');
    await page.getByTestId('user-add').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Не удалось добавить пользователя' }),
    ).toBeVisible();

    await page
      .getByTestId('user-row')
      .filter({ hasText: WORKER.name })
      .getByTestId('user-delete')
      .click();
    await page.getByTestId('confirm-delete').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Не удалось удалить пользователя' }),
    ).toBeVisible();
    await expect(page.getByTestId('user-row-name').filter({ hasText: WORKER.name })).toHaveCount(1);
  });
});
