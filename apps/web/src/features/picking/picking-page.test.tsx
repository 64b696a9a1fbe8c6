import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type {
  TCancelResult,
  TPickingPayment,
  TPickingReturnResult,
  TEndResult,
  TPicking,
  TPickingClient,
  TPickingClientsPage,
  TPickingInfo,
  TPickupResult,
  TLostResult,
  TPickingBalance,
  TValidationData,
} from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { LocaleProvider } from '../../shell/i18n';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { SoundName } from '../../shell/sounds/sound-names';
import { result } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { PickingDirectionScreen } from './picking-page';
import { pickingClient, pickingInfo, pickingItem, zone8Cell } from './picking.fixture';
import { PickingPickupScreen } from './picking-pickup-page';
import type { PickingCalls } from './picking.service';

// The picking pages over a fake picking-api (spec part 1 §4, §5, §8): what the worker
// reads in the list (plurals, the PVZ badge, money, who holds a picking) and in the process
// (items by cell, the returns label, a passed deadline, progress).

const client = pickingClient;

const CLIENTS = [
  client('R-1001', 'Смирнов Алексей', { barcodes: ['P400001', 'P400007'] }),
  client('R-1003', 'ПВЗ «Лесная, 7»', { parcelsCount: 1, deliveryType: 'PVZ' }),
  client('R-1006', 'Новиков Сергей', {
    parcelsCount: 5,
    pickingId: 3,
    pickingBeginDateUtc: '2026-03-02T08:00:00.000Z',
    pickingUserName: 'Сидорова Анна',
    cashOnDelivery: 1250,
  }),
];

const A04 = zone8Cell('8-a-04', 800004);
const ITEMS = [
  pickingItem(1, 'P400001', A04, { storageDeadlineDate: '2026-01-15' }),
  // The info's cash on delivery lies on P400007, so picking P400001 alone is free.
  pickingItem(2, 'P400007', A04, { cashOnDelivery: 1234.5 }),
  pickingItem(3, 'P400008', {}, { state: 'RETURNED', boxName: null }),
];

/** The validation fields the fake info answers. */
interface Rules {
  validationType?: number;
  shortfall?: number | null;
}

function fakeCalls(rules: Rules = {}): PickingCalls & {
  searches: string[];
  ends: TValidationData[];
  losts: string[];
} {
  const ends: TValidationData[] = [];
  const losts: string[] = [];
  const searches: string[] = [];
  let items = ITEMS.map((one) => ({ ...one }));
  const page = (list: TPickingClient[]): TPickingClientsPage => ({
    items: list,
    totalCount: list.length,
    page: 1,
    pageSize: 30,
    isSinglePickingPerDevice: false,
  });
  return {
    searches,
    ends,
    losts,
    listClients: async ({ search = '' }) => {
      searches.push(search);
      const list = CLIENTS.filter((one) => search === '' || one.clientName.includes(search));
      return { ...result(page(list)), isRepeat: false, isCriticalError: false };
    },
    findClients: async (search) =>
      result(page(CLIENTS.filter((one) => one.barcodes.includes(search)))),
    info: async (code) =>
      result<TPickingInfo>(
        pickingInfo(
          client(code, 'Смирнов Алексей', {
            warehouseCodeTo: 'PDL-WH2',
            addressTo: 'Подольск',
            barcodes: ['P400001', 'P400007'],
            cashOnDelivery: 1234.5,
            parcelsForReturnCount: 1,
            validationType: rules.validationType ?? 0,
          }),
        ),
      ),
    begin: async ({ PickingClientCode: clientCode }) =>
      result<TPicking>({
        pickingId: 9,
        clientCode,
        state: 'OPEN',
        beginDateUtc: '2026-03-02T08:00:00.000Z',
        userId: 1,
        userName: 'Иванов Пётр',
        itemsCount: 2,
      }),
    search: async () => result(items.map((one) => ({ ...one }))),
    pickup: async ({ Barcode: barcode }) => {
      items = items.map((one) => (one.barcode === barcode ? { ...one, state: 'PICKED' } : one));
      const picked = items.find((one) => one.barcode === barcode)!;
      return result<TPickupResult>({ item: picked, pickedCount: 1, totalCount: 2 });
    },
    end: async ({ ValidationData: validation }) => {
      ends.push(validation ?? { Kind: 'none' });
      return result<TEndResult>(null, { errorCode: 1, message: 'Неверный код, осталось 4' });
    },
    balance: async (clientCode) =>
      result<TPickingBalance>({
        clientCode,
        balance: 500,
        balanceDebet: 0,
        isNeedBalanceCheck: rules.shortfall !== undefined,
        cashOnDelivery: 1200,
        shortfall: rules.shortfall ?? null,
      }),
    lost: async ({ PickingItemId: itemId, Barcode: barcode, Description: description }) => {
      losts.push(description);
      items = items.map((one) => (one.itemId === itemId ? { ...one, state: 'LOST' } : one));
      return result<TLostResult>({
        itemId,
        barcode,
        state: 'LOST',
        description,
        pickedCount: 0,
        totalCount: 1,
      });
    },
    restorablePath: async () => null,
    cancel: async () => result<TCancelResult>(null, { errorCode: 1, message: 'Нет' }),
    // Nothing is due for these recipients; the machine test covers payment.
    pay: async () => result<TPickingPayment>(null, { errorCode: 1, message: 'Нечего оплачивать' }),
    payState: async () => result<TPickingPayment>(null, { errorCode: 104, message: 'Нет' }),
    setPayState: async () => result<TPickingPayment>(null, { errorCode: 104, message: 'Нет' }),
    returnReasons: async () => result([{ code: 'DAMAGED' as const }]),
    returnItem: async () => result<TPickingReturnResult>(null, { errorCode: 1, message: 'Нет' }),
  };
}

async function renderPages(locale: Locale = 'ru', initial = '/picking', rules: Rules = {}) {
  const played: SoundName[] = [];
  const services = createTestServices({
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
  });
  const calls = fakeCalls(rules);
  const base = locale === 'ru' ? '' : `/${locale}`;
  const router = createMemoryRouter(
    [
      { path: `${base}/picking`, Component: () => <PickingDirectionScreen calls={calls} /> },
      {
        path: `${base}/picking/pickup/:clientCode`,
        Component: () => <PickingPickupScreen calls={calls} clientCode="R-1001" />,
      },
    ],
    { initialEntries: [`${base}${initial}`] },
  );
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <LocaleProvider locale={locale} base={base}>
          <RouterProvider router={router} />
        </LocaleProvider>
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['picking'],
  );
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  const waitView = (view: string) =>
    waitFor(() =>
      expect(screen.getByTestId('picking-screen').getAttribute('data-view')).toBe(view),
    );
  return { played, scan, waitView, router, calls };
}

const rowOf = (code: string) =>
  screen.getAllByTestId('picking-client').find((row) => row.getAttribute('data-code') === code)!;

describe('PickingDirectionScreen', () => {
  it('lists recipients with plurals, the PVZ badge, money and who holds a picking', async () => {
    await renderPages();
    await waitFor(() => expect(screen.getAllByTestId('picking-client')).toHaveLength(3));
    expect(within(rowOf('R-1001')).getByTestId('client-parcels').textContent).toBe('2 посылки');
    expect(within(rowOf('R-1003')).getByTestId('client-parcels').textContent).toBe('1 посылка');
    expect(within(rowOf('R-1006')).getByTestId('client-parcels').textContent).toBe('5 посылок');
    expect(within(rowOf('R-1003')).getByTestId('client-pvz').textContent).toBe('ПВЗ');
    expect(within(rowOf('R-1006')).getByTestId('client-cod').textContent).toBe(
      '1\u00a0250,00\u00a0₽',
    );
    expect(within(rowOf('R-1006')).getByTestId('client-in-work').textContent).toMatch(
      /^в работе: Сидорова Анна, \d\d:\d\d$/,
    );
    expect(screen.getByTestId('picking-total').textContent).toBe('Найдено 3 получателя');
  });

  it('searches; a scanned parcel opens its recipient, an unknown one is f-0004', async () => {
    const { scan, router, calls, waitView } = await renderPages();
    await waitFor(() => expect(screen.getAllByTestId('picking-client')).toHaveLength(3));
    await userEvent.type(screen.getByTestId('picking-search'), 'Смирнов');
    await userEvent.click(screen.getByTestId('picking-search-submit'));
    await waitFor(() => expect(screen.getAllByTestId('picking-client')).toHaveLength(1));
    expect(calls.searches.at(-1)).toBe('Смирнов');
    // Nothing matched: it says so, not that no recipient has parcels.
    await userEvent.clear(screen.getByTestId('picking-search'));
    await userEvent.type(screen.getByTestId('picking-search'), 'Петров');
    await userEvent.click(screen.getByTestId('picking-search-submit'));
    await waitFor(() =>
      expect(screen.getByText('Нет получателей по запросу «Петров»')).toBeTruthy(),
    );
    scan('P999999');
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0004'));
    await waitView('pickingDirectionSelect');
    scan('P400007');
    await waitFor(() => expect(router.state.location.pathname).toBe('/picking/pickup/R-1001'));
  });

  it('in English: one parcel, parcels', async () => {
    await renderPages('en');
    await waitFor(() => expect(screen.getAllByTestId('picking-client')).toHaveLength(3));
    expect(within(rowOf('R-1003')).getByTestId('client-parcels').textContent).toBe('1 parcel');
    expect(within(rowOf('R-1001')).getByTestId('client-parcels').textContent).toBe('2 parcels');
  });
});

describe('PickingPickupScreen', () => {
  it('info with money, Begin, items by cell with the returns label and a passed deadline, picked', async () => {
    const { scan, waitView, played } = await renderPages('ru', '/picking/pickup/R-1001');
    await waitView('pickingInfo');
    expect(screen.getByTestId('info-cod').textContent).toBe('1\u00a0234,50\u00a0₽');
    expect(screen.getByTestId('info-for-return').textContent).toBe('1 посылка');
    await userEvent.click(screen.getByTestId('picking-begin'));
    await waitView('pickingProcess');
    expect(screen.getAllByTestId('cell-name').map((node) => node.textContent)).toEqual([
      '8-a-04',
      'Зона возврата',
    ]);
    const deadlines = screen.getAllByTestId('item-deadline');
    expect(deadlines[0]?.getAttribute('data-expired')).toBe('true');
    expect(deadlines[0]?.textContent).toBe('срок хранения истёк 15.01.2026');
    expect(deadlines[1]?.getAttribute('data-expired')).toBe('false');
    expect(screen.getByTestId('picking-progress').textContent).toBe('0 из 2');
    scan('=34717-8-a-04');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-main').textContent).toBe(
        'Ячейка 8-a-04: сканируйте посылки из неё',
      ),
    );
    scan('P400001');
    await waitFor(() => expect(screen.getByTestId('picking-progress').textContent).toBe('1 из 2'));
    expect(played).toContain('success-small');
    expect(screen.queryByTestId('prompt-repeat')).toBeNull();
    // A re-scan of a picked parcel: the repeat sound and «уже собрана» on the prompt.
    scan('P400001');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-repeat').textContent).toBe('Посылка P400001 уже собрана'),
    );
    expect(played.at(-1)).toBe('repeat');
    await userEvent.click(screen.getByTestId('picking-cancel'));
    expect(screen.getAllByTestId('put-back-item').map((node) => node.textContent)).toEqual([
      'P400001 → 8-a-04',
    ]);
  });
});

describe('PickingPickupScreen: validation and floor rules', () => {
  it('shows the balance and a failing check as an attention block; Begin is disabled', async () => {
    const { waitView } = await renderPages('ru', '/picking/pickup/R-1001', { shortfall: 700 });
    await waitView('pickingInfo');
    expect(screen.getByTestId('info-balance').textContent).toBe('500,00\u00a0₽');
    expect(screen.getByTestId('info-balance-debet').textContent).toBe('0,00\u00a0₽');
    expect(screen.getByTestId('balance-shortfall').textContent).toBe(
      'Недостаточно средств на балансе: не хватает 700,00\u00a0₽. Выдачу начать нельзя.',
    );
    expect(screen.getByTestId('picking-begin')).toHaveProperty('disabled', true);
  });

  it('marks a WAITING item lost only with a description', async () => {
    const { waitView, calls } = await renderPages('ru', '/picking/pickup/R-1001');
    await waitView('pickingInfo');
    expect(screen.queryByTestId('balance-shortfall')).toBeNull();
    await userEvent.click(screen.getByTestId('picking-begin'));
    await waitView('pickingProcess');
    const lostButtons = screen.getAllByTestId('picking-lost');
    // Two WAITING items; the RETURNED one has no «Не найдена».
    expect(lostButtons).toHaveLength(2);
    await userEvent.click(lostButtons[1]!);
    await waitView('lostDialog');
    await userEvent.click(screen.getByTestId('lost-submit'));
    expect(screen.getByTestId('lost-error').textContent).toBe('Опишите, почему посылка не найдена');
    expect(calls.losts).toEqual([]);
    await userEvent.type(screen.getByTestId('lost-description'), 'Нет в ячейке');
    await userEvent.click(screen.getByTestId('lost-submit'));
    await waitView('pickingProcess');
    expect(calls.losts).toEqual(['Нет в ячейке']);
    const lost = screen
      .getAllByTestId('picking-item')
      .find((node) => node.getAttribute('data-barcode') === 'P400007')!;
    expect(lost.getAttribute('data-state')).toBe('LOST');
    expect(within(lost).getByTestId('item-state').textContent).toBe('не найдена');
    expect(screen.getByTestId('picking-progress').textContent).toBe('0 из 1');
  });

  it('asks for the pincode: digits only, masked in groups; a refusal shows the server message', async () => {
    const { scan, waitView, calls } = await renderPages('ru', '/picking/pickup/R-1001', {
      validationType: 1,
    });
    await waitView('pickingInfo');
    await userEvent.click(screen.getByTestId('picking-begin'));
    await waitView('pickingProcess');
    scan('=34717-8-a-04');
    scan('P400001');
    await waitFor(() => expect(screen.getByTestId('picking-progress').textContent).toBe('1 из 2'));
    await userEvent.click(screen.getByTestId('picking-to-check'));
    await userEvent.click(screen.getByTestId('picking-end'));
    await waitView('checkPincode');
    const input = screen.getByTestId('pincode-input');
    // The step opens with the field focused.
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.type(input, '48a2');
    expect(screen.getByTestId('pincode-groups').textContent).toBe('Введено: •••');
    await userEvent.click(screen.getByTestId('picking-confirm-end'));
    expect(screen.getByTestId('pincode-error').textContent).toBe('Код получения — от 4 до 6 цифр');
    expect(calls.ends).toEqual([]);
    await userEvent.type(input, '1');
    expect(screen.getByTestId('pincode-groups').textContent).toBe('Введено: •• ••');
    await userEvent.click(screen.getByTestId('picking-confirm-end'));
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0011'));
    expect(calls.ends).toEqual([{ Kind: 'pincode', Pincode: '4821' }]);
    expect(screen.getByTestId('prompt-error').textContent).toContain('Неверный код, осталось 4');
    await waitView('checkPincode');
    // The refused digits are gone and the field is focused for the next try.
    const again = screen.getByTestId('pincode-input') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(again.value).toBe('');
    expect(screen.getByTestId('pincode-groups').textContent).toBe('Введено: ');
  });

  it('checks the power of attorney inline in English; nothing is sent while invalid', async () => {
    const { scan, waitView, calls } = await renderPages('en', '/picking/pickup/R-1001', {
      validationType: 2,
    });
    await waitView('pickingInfo');
    await userEvent.click(screen.getByTestId('picking-begin'));
    await waitView('pickingProcess');
    scan('=34717-8-a-04');
    scan('P400001');
    await waitFor(() => expect(screen.getByTestId('picking-progress').textContent).toBe('1 of 2'));
    await userEvent.click(screen.getByTestId('picking-to-check'));
    await userEvent.click(screen.getByTestId('picking-end'));
    await waitView('checkProxy');
    await userEvent.click(screen.getByTestId('picking-confirm-end'));
    expect(screen.getByTestId('proxy-number-error').textContent).toBe('Required');
    expect(screen.getByTestId('proxy-date-error').textContent).toBe('Required');
    expect(screen.getByTestId('proxy-holderName-error').textContent).toBe('Required');
    await userEvent.type(screen.getByTestId('proxy-number'), '77 AB 1234567');
    await userEvent.type(screen.getByTestId('proxy-date'), '2999-01-01');
    await userEvent.type(screen.getByTestId('proxy-holderName'), 'Orlov Dmitry');
    await userEvent.click(screen.getByTestId('picking-confirm-end'));
    expect(screen.getByTestId('proxy-date-error').textContent).toBe('The date is in the future');
    expect(calls.ends).toEqual([]);
  });
});
