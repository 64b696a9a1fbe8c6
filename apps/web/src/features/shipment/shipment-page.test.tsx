import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TOutboundHead } from '@sorting/contracts';
import type { ApiResult } from '../../lib/api-client';
import { ShellServicesProvider } from '../../shell/shell-services';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import { ShipmentScreen } from './shipment-page';
import type { ShipmentCalls } from './shipment.service';

// Spec part 2 §2 /shipment, §3 "Outbound shipment", §8 f-0009, f-0010.

const ok = <T,>(value: T): ApiResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  isCriticalError: false,
  isRepeat: false,
  operationObject: value,
  status: 200,
});

function shipment(id: number, code: string, syncKey: string | null): TOutboundHead {
  return {
    outboundId: id,
    code,
    createDateUtc: '2026-11-25T09:00:00.000Z',
    clientName: 'ООО «Север-Авто»',
    documents: [],
    detailsQuantity: 2,
    state: 2,
    syncKey,
    details: [],
    name: `Рейс ${id}`,
  };
}

const refused = (errorCode: number, message: string): ApiResult<never> => ({
  isSuccess: false,
  message,
  errorCode,
  isCriticalError: false,
  isRepeat: false,
  operationObject: null,
  status: 200,
});

function fakeServer(options: { vanishes?: boolean; clear?: ApiResult<never> | 'network' } = {}) {
  let cleared = false;
  const heads: { dateBegin: string | null }[] = [];
  const calls: ShipmentCalls = {
    heads: async (filter) => {
      heads.push(filter);
      if (cleared && options.vanishes) return ok([shipment(2, 'OUT-0002', null)]);
      return ok([
        shipment(1, 'OUT-0001', cleared ? null : 'SYNC-7781'),
        shipment(2, 'OUT-0002', null),
      ]);
    },
    details: async (outboundId) =>
      ok([
        {
          outboundId,
          outboundDetailId: 5,
          orderNumber: 'ORD-1',
          name: 'Фара',
          boxName: null,
          quantity: 1,
        },
      ]),
    clearSyncKey: async (outboundId) => {
      if (options.clear === 'network') throw new TypeError('Failed to fetch');
      if (options.clear) return options.clear;
      cleared = true;
      return ok([{ outboundId, syncKey: null }]);
    },
  };
  return { calls, heads };
}

async function renderScreen(server = fakeServer()) {
  const services = createTestServices();
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <MemoryRouter initialEntries={['/shipment']}>
          <ShipmentScreen calls={server.calls} />
        </MemoryRouter>
      </ShellServicesProvider>
    </QueryClientProvider>,
    'ru',
    ['shipment'],
  );
  return { server, toasts: () => shownToasts(services) };
}

const rowOf = (code: string) =>
  screen.getAllByTestId('shipment-row').find((row) => row.dataset.code === code) as HTMLElement;

describe('ShipmentScreen', () => {
  it('lists the last 6 days, opens details, clears an integration code after confirming', async () => {
    const { server, toasts } = await renderScreen();
    await screen.findAllByTestId('shipment-row');
    expect(server.heads[0]?.dateBegin).toMatch(/T00:00:00[+-]\d\d:\d\d$/);
    expect(within(rowOf('OUT-0002')).queryByTestId('shipment-clear-sync')).toBeNull();
    await userEvent.click(within(rowOf('OUT-0001')).getByTestId('shipment-open'));
    expect(await screen.findByTestId('shipment-detail-row')).toBeTruthy();
    await userEvent.click(within(rowOf('OUT-0001')).getByTestId('shipment-clear-sync'));
    await userEvent.click(screen.getByTestId('confirm-clear-sync'));
    await waitFor(() =>
      expect(within(rowOf('OUT-0001')).getByTestId('shipment-sync-key').textContent).toBe('—'),
    );
    expect(toasts()).toContainEqual(
      expect.objectContaining({ content: 'Код интеграции отгрузки OUT-0001 очищен' }),
    );
  });

  it('says f-0010 when the row is gone after clearing', async () => {
    const { toasts } = await renderScreen(fakeServer({ vanishes: true }));
    await screen.findAllByTestId('shipment-row');
    await userEvent.click(within(rowOf('OUT-0001')).getByTestId('shipment-clear-sync'));
    await userEvent.click(screen.getByTestId('confirm-clear-sync'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          content: expect.stringContaining('Отгрузка не найдена после очистки кода интеграции'),
        }),
      ),
    );
  });

  it.each([
    [
      'refused',
      refused(1, 'Шина интеграции недоступна'),
      'Не удалось очистить код интеграции: Шина интеграции недоступна',
    ],
    ['unanswered', 'network' as const, 'Не удалось очистить код интеграции'],
  ])('a %s clearing says f-0009, not the list text', async (_name, clear, text) => {
    const { toasts } = await renderScreen(fakeServer({ clear }));
    await screen.findAllByTestId('shipment-row');
    await userEvent.click(within(rowOf('OUT-0001')).getByTestId('shipment-clear-sync'));
    await userEvent.click(screen.getByTestId('confirm-clear-sync'));
    await waitFor(() => expect(toasts()).toContainEqual({ status: 'error', content: text }));
    expect(JSON.stringify(toasts())).not.toContain('списка отгрузок');
  });

  it('a shipment the server does not know (104) says f-0010', async () => {
    const { toasts } = await renderScreen(
      fakeServer({ clear: refused(104, 'Отгрузка 1 не найдена') }),
    );
    await screen.findAllByTestId('shipment-row');
    await userEvent.click(within(rowOf('OUT-0001')).getByTestId('shipment-clear-sync'));
    await userEvent.click(screen.getByTestId('confirm-clear-sync'));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        status: 'error',
        content: 'Отгрузка не найдена после очистки кода интеграции: Отгрузка 1 не найдена',
      }),
    );
  });
});
