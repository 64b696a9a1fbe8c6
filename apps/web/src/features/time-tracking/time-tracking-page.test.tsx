import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TWorkplace, TWorkplaceLeaveResult, TWorkplaceToggleResult } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { SoundName } from '../../shell/sounds/sound-names';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import type { CallResult } from './time-tracking.machine';
import { TimeTrackingScreen, formatDuration, type TimeTrackingCalls } from './time-tracking-page';

const ok = <T,>(value: T): CallResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
  status: 200,
});
const refused = <T,>(status: number, errorCode: number, message: string): CallResult<T> => ({
  isSuccess: false,
  message,
  errorCode,
  operationObject: null,
  status,
});

const NAMES: Record<string, { id: number; name: string }> = {
  '~W1001-7KQ2': { id: 1, name: 'Иванов Пётр' },
  '~W1002-3MX8': { id: 2, name: 'Сидорова Анна' },
};

/** A small stand-in of the timetracking-api (toggle and leave), on the test's clock. */
function fakeServer(
  now: () => number,
  options: { workplaces?: TWorkplace[]; load?: CallResult<TWorkplace[]> } = {},
) {
  const workplaces: TWorkplace[] = options.workplaces ?? [
    { CellBarcode: '=34717-WP-01', Name: 'Приёмка, стол 1', Employees: [] },
    { CellBarcode: '=34717-WP-02', Name: 'Приёмка, стол 2', Employees: [] },
  ];
  const calls: TimeTrackingCalls = {
    loadWorkplaces: async () => options.load ?? ok(structuredClone(workplaces)),
    scanBadge: async ({ barcode, userToken }): Promise<CallResult<TWorkplaceToggleResult>> => {
      const place = workplaces.find((item) => item.CellBarcode === barcode);
      if (!place) return refused(200, 104, 'Рабочее место не найдено');
      const user = NAMES[userToken];
      if (!user) return refused(200, 105, 'Бейдж не найден');
      const base = { UserId: user.id, FullName: user.name, CellBarcode: barcode };
      const index = place.Employees.findIndex((employee) => employee.UserId === user.id);
      if (index >= 0) {
        const [gone] = place.Employees.splice(index, 1);
        return ok({
          Status: 2,
          ...base,
          StartTime: gone?.StartTime ?? '',
          EndTime: new Date(now()).toISOString(),
          PreviousCellBarcode: null,
        });
      }
      // Started 65 s ago by the server's clock: the screen shows 0:01:05 and counts on.
      const StartTime = new Date(now() - 65_000).toISOString();
      place.Employees.push({ UserId: user.id, FullName: user.name, StartTime });
      return ok({ Status: 1, ...base, StartTime, EndTime: null, PreviousCellBarcode: null });
    },
    leave: async ({ barcode, userId }): Promise<CallResult<TWorkplaceLeaveResult>> => {
      const place = workplaces.find((item) => item.CellBarcode === barcode);
      const index = place?.Employees.findIndex((employee) => employee.UserId === userId) ?? -1;
      if (!place || index < 0) return refused(200, 107, 'Не на этом месте');
      const [gone] = place.Employees.splice(index, 1);
      return ok({
        UserId: userId,
        FullName: gone?.FullName ?? '',
        CellBarcode: barcode,
        StartTime: gone?.StartTime ?? '',
        EndTime: new Date(now()).toISOString(),
      });
    },
  };
  return calls;
}

async function renderScreen(options: Parameters<typeof fakeServer>[1] = {}, locale: Locale = 'ru') {
  const played: SoundName[] = [];
  const scheduler = createFakeScheduler();
  const services = createTestServices({
    scheduler,
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
  });
  const calls = fakeServer(scheduler.now, options);
  const router = createMemoryRouter(
    [{ path: '/time-tracking', Component: () => <TimeTrackingScreen calls={calls} /> }],
    { initialEntries: ['/time-tracking'] },
  );
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <RouterProvider router={router} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['time-tracking'],
  );
  // Newest first: bottom toasts are prepended (docs/DECISIONS.md "Web shell").
  const toasts = () => shownToasts(services);
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  const root = await screen.findByTestId('time-tracking-screen');
  const waitState = (state: string) =>
    waitFor(() => expect(root.getAttribute('data-state')).toBe(state));
  return { services, scheduler, played, toasts, scan, root, waitState };
}

describe('TimeTrackingScreen', () => {
  it('a workplace by scan, then a badge joins: toast, ok sound, the user with start and a ticking duration', async () => {
    const { scan, waitState, toasts, played, scheduler } = await renderScreen();
    await waitState('waitWorkplace');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте рабочее место');
    expect(screen.getAllByTestId('workplace').map((item) => item.dataset['barcode'])).toEqual([
      '=34717-WP-01',
      '=34717-WP-02',
    ]);

    scan('=34717-WP-01');
    await waitState('waitUser');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте бейдж сотрудника');
    expect(screen.getByTestId('prompt-pre').textContent).toBe('Приёмка, стол 1 · =34717-WP-01');
    expect(screen.getByText('На этом рабочем месте никого нет')).toBeTruthy();

    scan('~W1001-7KQ2');
    const row = await screen.findByTestId('tracked-user');
    expect(within(row).getByTestId('tracked-user-name').textContent).toBe('Иванов Пётр');
    expect(within(row).getByTestId('tracked-user-start').getAttribute('dateTime')).toBe(
      new Date(scheduler.now() - 65_000).toISOString(),
    );
    expect(within(row).getByTestId('tracked-user-duration').textContent).toBe('0:01:05');
    expect(toasts()).toEqual([
      { status: 'ok', content: 'Иванов Пётр: начало работы — Приёмка, стол 1' },
    ]);
    expect(played).toContain('ok-new');

    act(() => scheduler.advance(2000));
    expect(within(row).getByTestId('tracked-user-duration').textContent).toBe('0:01:07');

    // The same badge again leaves.
    scan('~W1001-7KQ2');
    await waitFor(() => expect(screen.queryByTestId('tracked-user')).toBeNull());
    expect(toasts()[0]).toEqual({
      status: 'info',
      content: 'Иванов Пётр: уход с рабочего места — Приёмка, стол 1',
    });
  });

  it('removing a user asks for confirmation; cancel keeps, confirm removes', async () => {
    const { scan, waitState, toasts } = await renderScreen();
    await waitState('waitWorkplace');
    await userEvent.click(screen.getAllByTestId('workplace')[1] as HTMLElement);
    await waitState('waitUser');
    scan('~W1002-3MX8');
    await screen.findByTestId('tracked-user');
    await waitState('waitUser');

    await userEvent.click(
      screen.getByRole('button', { name: 'Убрать Сидорова Анна с рабочего места' }),
    );
    await waitState('confirmRemove');
    expect(screen.getByTestId('confirm-remove-text').textContent).toContain('Сидорова Анна');
    expect(screen.getByTestId('confirm-remove-text').textContent).toContain('Приёмка, стол 2');
    await userEvent.click(screen.getByTestId('cancel-remove'));
    await waitState('waitUser');
    expect(screen.getByTestId('tracked-user')).toBeTruthy();

    await userEvent.click(screen.getByTestId('tracked-user-remove'));
    await userEvent.click(screen.getByTestId('confirm-remove'));
    await waitFor(() => expect(screen.queryByTestId('tracked-user')).toBeNull());
    expect(toasts()[0]).toEqual({
      status: 'info',
      content: 'Сидорова Анна больше не числится на рабочем месте — Приёмка, стол 2',
    });
  });

  it('scan errors show in the prompt with their f-code and as a toast: f-008, f-011, f-009, refused badge f-002', async () => {
    const { scan, waitState, toasts } = await renderScreen();
    await waitState('waitWorkplace');
    const errorLine = () => ({
      text: screen.getByTestId('prompt-error-text').textContent,
      code: screen.getByTestId('prompt-error-code').textContent,
    });

    scan('=ALL');
    await waitFor(() => expect(errorLine().code).toBe('f-008'));
    expect(errorLine().text).toContain('Сначала выберите рабочее место');
    scan('=34717-WP-99');
    await waitFor(() =>
      expect(errorLine()).toEqual({
        text: 'Рабочее место =34717-WP-99 не найдено',
        code: 'f-011',
      }),
    );
    scan('=34717-WP-01');
    await waitState('waitUser');
    expect(screen.queryByTestId('prompt-error')).toBeNull();
    scan('P100001');
    await waitFor(() => expect(errorLine().code).toBe('f-009'));
    scan('~NOBODY');
    await waitFor(() =>
      expect(errorLine()).toEqual({
        text: 'Не удалось отметить сотрудника: Бейдж не найден',
        code: 'f-002',
      }),
    );
    expect(toasts().map((toast) => toast.status)).toEqual(['error', 'error', 'error', 'error']);
  });

  it('no workplaces is f-010, a 403 is f-007, each in the no-data block with a retry', async () => {
    await renderScreen({ workplaces: [] }).then(({ waitState }) => waitState('noWorkplaces'));
    expect(screen.getByTestId('no-data').textContent).toContain(
      'В этом сортировочном центре нет рабочих мест',
    );
    expect(screen.getByTestId('no-data-code').textContent).toBe('f-010');
    expect(screen.getByTestId('time-tracking-retry')).toBeTruthy();
  });

  it('403 is the no-access message f-007', async () => {
    const { waitState, toasts } = await renderScreen({ load: refused(403, 403, 'Forbidden') });
    await waitState('noAccess');
    expect(screen.getByTestId('no-data').textContent).toContain(
      'Нет доступа к учёту рабочего времени',
    );
    expect(screen.getByTestId('no-data-code').textContent).toBe('f-007');
    expect(toasts()).toHaveLength(1);
  });

  it('pages the tracked users by 40', async () => {
    const Employees = Array.from({ length: 45 }, (_, index) => ({
      UserId: index + 1,
      FullName: `Сотрудник ${String(index + 1).padStart(2, '0')}`,
      StartTime: '2023-11-14T20:00:00.000Z',
    }));
    const { scan, waitState } = await renderScreen({
      workplaces: [{ CellBarcode: '=34717-WP-01', Name: 'Сито', Employees }],
    });
    await waitState('waitWorkplace');
    scan('=34717-WP-01');
    await waitState('waitUser');
    expect(screen.getAllByTestId('tracked-user')).toHaveLength(40);
    expect(screen.getByTestId('page-of').textContent).toBe('Страница 1 из 2');
    await userEvent.click(screen.getByTestId('page-next'));
    expect(screen.getAllByTestId('tracked-user-name').map((cell) => cell.textContent)).toEqual([
      'Сотрудник 41',
      'Сотрудник 42',
      'Сотрудник 43',
      'Сотрудник 44',
      'Сотрудник 45',
    ]);
    expect(screen.getByTestId('page-of').textContent).toBe('Страница 2 из 2');
  });

  it('speaks English under /en', async () => {
    const { waitState, scan } = await renderScreen({}, 'en');
    await waitState('waitWorkplace');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Scan a workplace');
    scan('=ALL');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-text').textContent).toContain(
        'Choose a workplace first',
      ),
    );
  });

  it('formats durations as h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3_725_999)).toBe('1:02:05');
    expect(formatDuration(-5000)).toBe('0:00:00');
  });
});
