import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TErrorReportGroup, TErrorReportsPage } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { ApiResult } from '../../lib/api-client';
import { ShellServicesProvider } from '../../shell/shell-services';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ErrorsScreen } from './errors-page';

// /errors (docs/DECISIONS.md "Error reporting"): the groups as the server pages them.

function groupOf(index: number): TErrorReportGroup {
  return {
    groupKey: `f:f-${String(index).padStart(4, '0')}`,
    fCode: `f-${String(index).padStart(4, '0')}`,
    exceptionType: null,
    count: 100 - index,
    firstSeen: '2026-11-28T09:00:00.000Z',
    lastSeen: '2026-11-29T04:30:00.000Z',
    message: 'Посылка не найдена',
    userId: 7,
    warehouseId: 34717,
    route: '/sorting',
    appVersion: '1.4.0',
    requestId: `req-${index}`,
    platform: index % 2 ? 'node' : 'javascript',
  };
}

async function renderErrors(
  list: (page: number) => Promise<ApiResult<TErrorReportsPage>>,
  locale: Locale = 'ru',
) {
  const pages: number[] = [];
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={createTestServices()}>
        <ErrorsScreen
          calls={{
            list: (page) => {
              pages.push(page);
              return list(page);
            },
          }}
        />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['errors'],
  );
  return { pages };
}

describe('/errors', () => {
  it('lists the groups with their counts and newest context, 40 a page', async () => {
    const all = Array.from({ length: 45 }, (_, i) => groupOf(i + 1));
    const view = await renderErrors(async (page) =>
      apiOk({ groups: all.slice((page - 1) * 40, page * 40), total: 45, page, pageSize: 40 }),
    );
    expect(await screen.findByTestId('errors-total')).toHaveProperty('textContent', 'Групп: 45');
    const rows = screen.getAllByTestId('error-group');
    expect(rows).toHaveLength(40);
    expect(screen.getAllByTestId('error-group-key')[0]?.textContent).toBe('f-0001');
    expect(screen.getAllByTestId('error-group-count')[0]?.textContent).toBe('99');
    expect(screen.getAllByTestId('error-group-context')[0]?.textContent).toBe(
      'пользователь 7 · склад 34717 · /sorting · версия 1.4.0 · запрос req-1',
    );
    await userEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(screen.getAllByTestId('error-group')).toHaveLength(5));
    expect(view.pages).toEqual([1, 2]);
  });

  it('says when there is nothing, in English too', async () => {
    await renderErrors(async () => apiOk({ groups: [], total: 0, page: 1, pageSize: 40 }), 'en');
    expect(await screen.findByText('No error reports')).toBeTruthy();
  });

  it('f-007 to anyone but an administrator', async () => {
    await renderErrors(async () => apiRefused(403, 'Forbidden', 403));
    expect(await screen.findByTestId('no-data-code')).toHaveProperty('textContent', 'f-007');
    expect(screen.getByTestId('no-data').textContent).toContain(
      'Отчёты об ошибках видит только администратор',
    );
  });
});
