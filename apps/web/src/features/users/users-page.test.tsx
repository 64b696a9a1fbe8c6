import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type {
  TCreatedUser,
  TDeletedUser,
  TSortingCenterUser,
  TUnlockedUser,
  TUsersPage,
} from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { ApiResult } from '../../lib/api-client';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { ShellServicesProvider } from '../../shell/shell-services';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices, recordingPrint, shownToasts } from '../../test/services';
import { UsersScreen } from './users-page';
import type { UsersCalls } from './users.service';

const ok = apiOk;
/** A refusal with its HTTP status first, as these tests have always read. */
const failed = <T,>(status: number, errorCode: number, message: string): ApiResult<T> =>
  apiRefused<T>(errorCode, message, status);

type Fail = ApiResult<never> | 'network';

/** A stand-in of users-api: paging by name, search, create with a badge, delete. */
type CallName = 'list' | 'create' | 'remove' | 'reissue' | 'unlock';

function fakeServer(options: { fail?: Partial<Record<CallName, Fail>>; mayUnlock?: boolean } = {}) {
  const users: TSortingCenterUser[] = [
    { userId: 1, name: 'Иванов Пётр', sortingCenterId: 34717, number: 1001, roles: ['worker'] },
    {
      userId: 3,
      name: 'Петрова Мария',
      sortingCenterId: 34717,
      number: 2001,
      roles: ['supervisor'],
    },
  ];
  const requests: { name: string; input: unknown }[] = [];
  const fail = { ...options.fail };
  const answer = async <T,>(name: CallName, input: unknown, value: () => ApiResult<T>) => {
    requests.push({ name, input });
    const failure = fail[name];
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure) return failure as ApiResult<T>;
    return value();
  };
  const calls: UsersCalls = {
    list: (input) =>
      answer('list', input, () => {
        const found = users
          .filter((user) => !input.search || user.name.includes(input.search))
          .sort((a, b) => a.name.localeCompare(b.name));
        const start = (input.page - 1) * input.pageSize;
        return ok<TUsersPage>({
          items: found.slice(start, start + input.pageSize),
          totalCount: found.length,
          page: input.page,
          pageSize: input.pageSize,
          permissions: { unlockSignIn: options.mayUnlock ?? false },
        });
      }),
    create: (input) =>
      answer('create', input, () => {
        const user: TSortingCenterUser = {
          userId: 100 + users.length,
          name: input.name,
          sortingCenterId: 34717,
          number: 5000 + users.length,
          roles: ['worker'],
        };
        users.push(user);
        return ok<TCreatedUser>({ ...user, badge: '~NEWBADGE-0000000001' });
      }),
    remove: (input) =>
      answer('remove', input, () => {
        const index = users.findIndex((user) => user.userId === input.userId);
        users.splice(index, 1);
        return ok<TDeletedUser>({ userId: input.userId, endedSessions: 1, endedWorkIntervals: 0 });
      }),
    reissueBadge: (input) =>
      answer('reissue', input, () => {
        const user = users.find((item) => item.userId === input.userId);
        return ok<TCreatedUser>({
          ...(user as TSortingCenterUser),
          badge: '~REISSUED-000000000002',
        });
      }),
    unlockSignIn: (input) =>
      answer('unlock', input, () =>
        ok<TUnlockedUser>({ userId: input.userId, clearedFailures: 7 }),
      ),
  };
  return { calls, users, requests, fail };
}

async function renderScreen(
  server = fakeServer(),
  outcome: PrintOutcome = { status: 'printed', channel: 'local', jobId: 'j1' },
  locale: Locale = 'ru',
) {
  const services = createTestServices();
  const { printed, print } = recordingPrint<PrintRequest, PrintOutcome>(outcome);
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <UsersScreen calls={server.calls} print={print} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['users'],
  );
  // Newest first: bottom toasts are prepended.
  const toasts = () => shownToasts(services);
  return { server, printed, toasts };
}

const names = () => screen.getAllByTestId('user-row-name').map((cell) => cell.textContent);

describe('UsersScreen', () => {
  it('lists the users by name; search narrows the list', async () => {
    const { server } = await renderScreen();
    await waitFor(() => expect(names()).toEqual(['Иванов Пётр', 'Петрова Мария']));
    expect(server.requests[0]).toEqual({
      name: 'list',
      input: { page: 1, pageSize: 40, search: '' },
    });
    await userEvent.type(screen.getByTestId('users-search'), 'Петр');
    await userEvent.click(screen.getByTestId('users-search-submit'));
    await waitFor(() => expect(names()).toEqual(['Петрова Мария']));
    await userEvent.clear(screen.getByTestId('users-search'));
    await userEvent.type(screen.getByTestId('users-search'), 'Никто{Enter}');
    expect(await screen.findByText('Никого не нашли по запросу «Никто»')).toBeTruthy();
  });

  it('adds a user, shows the badge once and prints it with the user template', async () => {
    const { server, printed, toasts } = await renderScreen();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('user-name'), '  Новиков   Илья ');
    await userEvent.click(screen.getByTestId('user-add'));
    const created = await screen.findByTestId('new-user');
    expect(within(created).getByTestId('new-user-badge').textContent).toBe('~NEWBADGE-0000000001');
    expect(within(created).getByTestId('new-user-name').textContent).toBe('Новиков   Илья, № 5002');
    const create = server.requests.find((request) => request.name === 'create');
    expect(create?.input).toMatchObject({ name: 'Новиков   Илья' });
    expect((create?.input as { operationId: string }).operationId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(names()).toContain('Новиков   Илья'));
    expect(toasts()[0]).toEqual({ status: 'ok', content: 'Пользователь Новиков   Илья добавлен' });

    await userEvent.click(screen.getByTestId('print-badge'));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(printed[0]).toEqual({
      barcodeName: 'user',
      barcodeData: [
        { name: 'barcode', value: '~NEWBADGE-0000000001' },
        { name: 'name', value: 'Новиков   Илья' },
        { name: 'number', value: '5002' },
      ],
      copies: 1,
    });
    await waitFor(() => expect(toasts()[0]).toEqual({ status: 'ok', content: 'Бейдж напечатан' }));
    await userEvent.click(screen.getByTestId('new-user-done'));
    expect(screen.queryByTestId('new-user')).toBeNull();
  });

  it('with no printer the printer says so and the badge stays on screen', async () => {
    const { printed, toasts } = await renderScreen(fakeServer(), { status: 'unavailable' });
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('user-name'), 'Орлова Вера{Enter}');
    await userEvent.click(await screen.findByTestId('print-badge'));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(screen.getByTestId('new-user-badge').textContent).toBe('~NEWBADGE-0000000001');
    expect(toasts().map((toast) => toast.content)).not.toContain('Бейдж напечатан');
  });

  it('deletes after confirmation; cancel keeps the user', async () => {
    const { server, toasts } = await renderScreen();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Удалить пользователя Иванов Пётр' }));
    expect(screen.getByTestId('confirm-delete-text').textContent).toContain('Иванов Пётр (№ 1001)');
    await userEvent.click(screen.getByTestId('cancel-delete'));
    expect(server.requests.some((request) => request.name === 'remove')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить пользователя Иванов Пётр' }));
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(names()).toEqual(['Петрова Мария']));
    expect(toasts()[0]).toEqual({ status: 'ok', content: 'Пользователь Иванов Пётр удалён' });
  });

  it('f-002 when the list fails, with a retry', async () => {
    const server = fakeServer({ fail: { list: 'network' } });
    const { toasts } = await renderScreen(server);
    expect(await screen.findByTestId('no-data-code')).toHaveProperty('textContent', 'f-002');
    expect(toasts()).toEqual([{ status: 'error', content: 'Не удалось загрузить пользователей' }]);
    delete server.fail.list;
    await userEvent.click(screen.getByTestId('users-retry'));
    await waitFor(() => expect(names()).toHaveLength(2));
  });

  it('f-007 on 401/403: the no-access block and no form', async () => {
    for (const status of [401, 403]) {
      const { toasts } = await renderScreen(
        fakeServer({ fail: { list: failed(status, status, 'Forbidden') } }),
      );
      expect(await screen.findByTestId('no-data-code')).toHaveProperty('textContent', 'f-007');
      expect(screen.getByTestId('no-data').textContent).toContain(
        'Нет доступа к пользователям этого сортировочного центра',
      );
      expect(screen.queryByTestId('user-add')).toBeNull();
      expect(toasts()).toEqual([
        { status: 'error', content: 'Нет доступа к пользователям этого сортировочного центра' },
      ]);
      document.body.innerHTML = '';
    }
  });

  it('f-003 when adding fails (with the reason), f-006 when deleting fails, f-007 on a 403', async () => {
    const server = fakeServer({
      fail: { create: failed(200, 1, 'Имя занято'), remove: 'network' },
    });
    const { toasts } = await renderScreen(server);
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('user-name'), 'Орлова Вера{Enter}');
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Не удалось добавить пользователя: Имя занято',
      }),
    );
    expect(screen.queryByTestId('new-user')).toBeNull();
    expect((screen.getByTestId('user-name') as HTMLInputElement).value).toBe('Орлова Вера');

    await userEvent.click(screen.getByRole('button', { name: 'Удалить пользователя Иванов Пётр' }));
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({ status: 'error', content: 'Не удалось удалить пользователя' }),
    );
    expect(names()).toHaveLength(2);

    server.fail.remove = failed(403, 403, 'Forbidden');
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Нет доступа к пользователям этого сортировочного центра',
      }),
    );
  });

  it('pages by 40', async () => {
    const server = fakeServer();
    for (let index = 0; index < 43; index += 1)
      server.users.push({
        userId: 200 + index,
        name: `Я-${String(index).padStart(2, '0')}`,
        sortingCenterId: 34717,
        number: 7000 + index,
        roles: ['worker'],
      });
    await renderScreen(server);
    await waitFor(() => expect(names()).toHaveLength(40));
    expect(screen.getByTestId('page-of').textContent).toBe('Страница 1 из 2');
    expect(screen.getByTestId('users-total').textContent).toBe('Всего: 45');
    await userEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(names()).toEqual(['Я-38', 'Я-39', 'Я-40', 'Я-41', 'Я-42']));
    expect(server.requests.at(-1)?.input).toEqual({ page: 2, pageSize: 40, search: '' });
  });

  it('speaks English under /en', async () => {
    await renderScreen(fakeServer(), undefined, 'en');
    expect(await screen.findByText('Users of the sorting centre')).toBeTruthy();
    expect(screen.getByTestId('user-add').textContent).toBe('Add');
  });

  it('issues a new badge after confirmation and offers to print it; a failure says so', async () => {
    const server = fakeServer();
    const { printed, toasts } = await renderScreen(server);
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(
      screen.getByRole('button', { name: 'Выдать новый бейдж пользователю Иванов Пётр' }),
    );
    expect(screen.getByTestId('confirm-reissue-text').textContent).toContain(
      'Иванов Пётр (№ 1001)',
    );
    await userEvent.click(screen.getByTestId('cancel-reissue'));
    expect(server.requests.some((request) => request.name === 'reissue')).toBe(false);

    await userEvent.click(
      screen.getByRole('button', { name: 'Выдать новый бейдж пользователю Иванов Пётр' }),
    );
    await userEvent.click(screen.getByTestId('confirm-reissue'));
    const panel = await screen.findByTestId('new-user');
    expect(within(panel).getByRole('heading').textContent).toBe('Новый бейдж пользователя');
    expect(within(panel).getByTestId('new-user-badge').textContent).toBe('~REISSUED-000000000002');
    await userEvent.click(within(panel).getByTestId('print-badge'));
    await waitFor(() => expect(printed[0]?.barcodeData[0]?.value).toBe('~REISSUED-000000000002'));
    await userEvent.click(within(panel).getByTestId('new-user-done'));

    server.fail.reissue = failed(200, 104, 'Пользователь не найден');
    await userEvent.click(
      screen.getByRole('button', { name: 'Выдать новый бейдж пользователю Иванов Пётр' }),
    );
    await userEvent.click(screen.getByTestId('confirm-reissue'));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Не удалось выдать новый бейдж: Пользователь не найден',
      }),
    );
    expect(screen.queryByTestId('new-user')).toBeNull();
  });

  it('offers an administrator to unlock sign-in on each row, and says it is done', async () => {
    const { server, toasts } = await renderScreen(fakeServer({ mayUnlock: true }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(screen.getAllByTestId('user-unlock')).toHaveLength(2);
    await userEvent.click(
      screen.getByRole('button', { name: 'Разблокировать вход пользователю Петрова Мария' }),
    );
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'ok',
        content: 'Вход для Петрова Мария разблокирован: можно входить сразу',
      }),
    );
    const unlock = server.requests.find((request) => request.name === 'unlock');
    expect(unlock?.input).toMatchObject({ userId: 3 });
    expect((unlock?.input as { operationId: string }).operationId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not offer unlocking to a supervisor', async () => {
    await renderScreen(fakeServer());
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(screen.queryByTestId('user-unlock')).toBeNull();
  });

  it('shows a refused unlock as a toast with the reason', async () => {
    const refused = fakeServer({
      mayUnlock: true,
      fail: { unlock: failed(200, 1, 'Пользователь не найден') },
    });
    const { toasts } = await renderScreen(refused, undefined, 'en');
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Unlock sign-in for Иванов Пётр' }));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Sign-in could not be unlocked: Пользователь не найден',
      }),
    );
  });
});
