import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TPicking, TPickingInfo, TTariff } from '@sorting/contracts';
import { LocaleProvider } from '../../shell/i18n';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { CallResult, PortInput } from '../../lib/api-client';
import { result } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { DeliveryOffer } from './delivery-offer';
import type { DeliveryCalls } from './delivery.service';
import { pickingClient, pickingInfo } from './picking.fixture';

// Spec part 2 §4 tariff rule on the pick-up's info: SELF makes no call; a non-empty
// list offers the delivery (begun when needed); an empty one offers nothing; a refusal is
// f-0017, no answer f-0018.

const TARIFFS: TTariff[] = [{ tariffCode: 'STD', name: 'Курьер, стандарт', price: 450, days: 2 }];

function infoOf(deliveryType: 'SELF' | 'COURIER'): TPickingInfo {
  return pickingInfo(
    pickingClient('R-1012', 'Фёдоров Дмитрий', {
      deliveryType,
      warehouseCodeTo: 'PDL-WH2',
    }),
  );
}

async function renderOffer(
  info: TPickingInfo,
  tariff: () => Promise<CallResult<TTariff[]>>,
  pickingId: number | null = null,
) {
  const asked: unknown[] = [];
  const begun: unknown[] = [];
  const calls = {
    tariff: (input: PortInput<DeliveryCalls['tariff']>) => {
      asked.push(input);
      return tariff();
    },
    begin: (input: PortInput<DeliveryCalls['begin']>) => {
      begun.push(input);
      return Promise.resolve(
        result<TPicking>({
          pickingId: 41,
          clientCode: input.PickingClientCode,
          state: 'OPEN',
          beginDateUtc: '2026-03-02T08:00:00.000Z',
          userId: 1,
          userName: 'Иванов Пётр',
          itemsCount: 3,
        }),
      );
    },
  } as unknown as DeliveryCalls;
  const router = createMemoryRouter(
    [
      {
        path: '/picking/pickup/R-1012',
        Component: () => <DeliveryOffer calls={calls} info={info} pickingId={pickingId} />,
      },
      { path: '/picking/delivery/:pickingId', Component: () => <p>delivery</p> },
    ],
    { initialEntries: ['/picking/pickup/R-1012'] },
  );
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={createTestServices()}>
        <LocaleProvider locale="ru" base="">
          <RouterProvider router={router} />
        </LocaleProvider>
      </ShellServicesProvider>
    </QueryClientProvider>,
    'ru',
    ['picking'],
  );
  return { asked, begun, router };
}

describe('DeliveryOffer', () => {
  it('SELF: no tariff call and no offer', async () => {
    const { asked } = await renderOffer(infoOf('SELF'), () => Promise.resolve(result(TARIFFS)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('delivery-offer')).toBeNull();
  });

  it('tariffs: the offer begins the picking and opens its delivery', async () => {
    const { asked, begun, router } = await renderOffer(infoOf('COURIER'), () =>
      Promise.resolve(result(TARIFFS)),
    );
    await waitFor(() => expect(screen.getByTestId('delivery-offer')).toBeTruthy());
    expect(asked).toEqual([{ fromAddress: 'MSK-SC1', toAddress: 'PDL-WH2' }]);
    expect(screen.getByTestId('delivery-tariffs').textContent).toBe(
      'Доставка: Курьер, стандарт 450,00\u00a0₽',
    );
    await userEvent.click(screen.getByTestId('delivery-offer-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/picking/delivery/41'));
    expect(begun).toEqual([expect.objectContaining({ PickingClientCode: 'R-1012' })]);
  });

  it('an open picking opens its delivery without beginning', async () => {
    const { begun, router } = await renderOffer(
      infoOf('COURIER'),
      () => Promise.resolve(result(TARIFFS)),
      7,
    );
    await userEvent.click(await screen.findByTestId('delivery-offer-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/picking/delivery/7'));
    expect(begun).toEqual([]);
  });

  it('no tariff: no offer', async () => {
    const { asked } = await renderOffer(infoOf('COURIER'), () => Promise.resolve(result([])));
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('delivery-offer')).toBeNull();
  });

  it('a refusal is f-0017, no answer f-0018', async () => {
    await renderOffer(infoOf('COURIER'), () =>
      Promise.resolve(result<TTariff[]>(null, { errorCode: 1, message: 'Сбой тарифов' })),
    );
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0017'));
    expect(screen.getByTestId('prompt-error-text').textContent).toBe(
      'Не удалось проверить тариф доставки: Сбой тарифов',
    );
  });

  it('no answer is f-0018', async () => {
    await renderOffer(infoOf('COURIER'), () => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0018'));
  });
});
