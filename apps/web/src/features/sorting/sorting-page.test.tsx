import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  LAST_ZONE_NUMBER_COOKIE,
  type TCell,
  type TParcel,
  type TReturnableBox,
  type TRuntimeSettings,
  type TWarehouse,
  type TZone,
} from '@sorting/contracts';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { SoundName } from '../../shell/sounds/sound-names';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import type { SortingEntryService } from './sorting-entry.service';
import type { PrintOutcome as DevicePrintOutcome, PrintRequest } from '../../shell';
import type { SortingCalls } from './sorting.service';
import { SortingScreen } from './sorting-page';
import { createSortingDevices, type SortingDevices } from './sorting-devices';

const WAREHOUSE: TWarehouse = {
  Id: 7,
  Name: 'СЦ Москва — Север',
  Number: 34717,
  Code: 'MSK-SC1',
  DefaultZoneNumber: 1,
  LastBoxNumber: 0,
  Version: 1,
  SortingMode: 'SortingCenter',
  IsSinglePickingPerDevice: false,
  DisableAutomove: false,
  MenuType: 0,
};
const ZONE: TZone = { Id: 11, Number: 1, Name: 'Сито', Type: 'SITO' };
const CELL: TCell = {
  id: 101,
  name: '1-a-07',
  number: 101,
  zoneNumber: 1,
  zoneType: 'sito',
  row: 'a',
  col: 7,
  isEmpty: false,
  barcode: '=34717-1-a-07',
};
const PARCEL = {
  id: 1,
  name: 'Колодки',
  number: 'P1',
  sortingKey: 'SPB-01',
  sortingName: 'Санкт-Петербург',
  routeNumber: 'R-101',
  attentionMessage: null,
  isNeedMeasure: false,
  isNeedWeight: false,
  isNeedStickerPrint: false,
  cells: [CELL],
} as unknown as TParcel;

const ok = <T,>(value: T) => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
});

const STICKER = {
  barcodeName: 'parcel' as const,
  barcodeData: [
    { name: 'barcode', value: 'P1' },
    { name: 'name', value: 'Колодки' },
  ],
};

/** A returnable box of the demo: it stands in gate 1. */
const CONTAINER: TReturnableBox = {
  Number: 4,
  Barcode: '_R34717-4',
  LengthCm: 40,
  WidthCm: 30,
  HeightCm: 20,
  ChangeDate: '2026-11-01T10:00:00.000Z',
  CurrentLocationName: 'Ворота 1',
  CurrentLocationCode: 'GATE-1',
  ExternalBarcode: null,
};

function fakeCalls(moves: unknown[], marked: unknown[] = []): SortingCalls {
  const refuse = { isSuccess: false, message: 'нет', errorCode: 404, operationObject: null };
  return {
    scanParcel: async ({ barcode }) =>
      barcode === 'P1' ? ok(PARCEL) : { ...refuse, errorCode: 404 },
    searchBox: async () => refuse,
    searchCell: async ({ barcode }) =>
      barcode === CELL.barcode ? ok(CELL) : { ...refuse, errorCode: 104 },
    suggestCells: async () => ok([CELL]),
    move: async (input) => {
      moves.push(input);
      // P3 belongs to another sorting key than the cell's box.
      if (input.parcelId === 3) return { ...refuse, errorCode: 1, message: 'Короб другого ключа' };
      return ok({
        boxNumber: 1,
        isBoxReceipted: false,
        inboundNumber: null,
        isInboundReceipted: false,
        parcelId: 1,
        boxId: 1,
        cellId: CELL.id,
        cellName: CELL.name,
        isAlreadyInPlace: input.parcelId === 2,
      });
    },
    dimension: async () => refuse,
    measures: async () => ok({ length: null, width: null, height: null, weight: null }),
    findContainer: async ({ barcode }) =>
      barcode === CONTAINER.Barcode ? ok(CONTAINER) : { ...refuse, errorCode: 104 },
    moveContainer: async ({ LocationCode }) =>
      ok({ ...CONTAINER, CurrentLocationName: CELL.name, CurrentLocationCode: LocationCode }),
    measure: async () => ok({}),
    weigh: async () => ok({}),
    arriveInbound: async () => refuse,
    getSticker: async () => ok(STICKER),
    markStickerPrinted: async (input) => {
      marked.push(input);
      return ok({});
    },
    clearAttention: async () => ok({}),
    reportDamage: async () => ok({}),
    searchZone: async () => refuse,
  };
}

const entryCalls: SortingEntryService = {
  searchWarehouse: async () => ok(WAREHOUSE),
  searchZone: async () => ok(ZONE),
  listWarehouses: async () => [],
  listZones: async () => [],
};

async function renderScreen(options: { parcel?: Partial<TParcel>; devices?: SortingDevices } = {}) {
  const played: SoundName[] = [];
  const services = createTestServices({
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
  });
  services.session.setUser({
    userId: '5',
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: '34717',
  });
  services.cookies.set(LAST_ZONE_NUMBER_COOKIE, '1', { path: '/' });
  const queryClient = new QueryClient();
  queryClient.setQueryData(runtimeSettingsQuery.queryKey, {
    features: { demo: true, userBarcodeAuthorization: false, alternativeAuthentication: true },
  } as TRuntimeSettings);
  const moves: unknown[] = [];
  const marked: unknown[] = [];
  const calls = fakeCalls(moves, marked);
  const parcel = { ...PARCEL, ...options.parcel } as TParcel;
  const scanParcel: SortingCalls['scanParcel'] = async (input) => {
    if (input.barcode === 'P1') return ok(parcel);
    // P2 already lies in box 1 in the cell (the fake move answers "already in place").
    if (input.barcode === 'P2')
      return ok({ ...parcel, id: 2, number: 'P2', boxNumber: 1, cellName: CELL.name });
    if (input.barcode === 'P3') return ok({ ...parcel, id: 3, number: 'P3' });
    return calls.scanParcel(input);
  };
  const router = createMemoryRouter(
    [
      {
        path: '/sorting',
        Component: () => (
          <SortingScreen
            calls={{ ...calls, scanParcel }}
            entryCalls={entryCalls}
            devices={
              options.devices ?? {
                printSticker: async () => 'noPrinter',
                readStableWeightKg: async () => 1,
                openPrinterSettings: () => undefined,
              }
            }
          />
        ),
      },
    ],
    { initialEntries: ['/sorting'] },
  );
  await renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <ShellServicesProvider services={services}>
        <RouterProvider router={router} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    'ru',
    ['sorting'],
  );
  const toasts = () => shownToasts(services).map((toast) => toast.content);
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  return { services, toasts, scan, played, moves, marked };
}

describe('SortingScreen prompt area', () => {
  it('shows scan what, then the parcel with its route and the big suggested cell, then the move', async () => {
    const { scan, played, moves, services } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    expect(screen.getByTestId('prompt-main').textContent).toContain(
      'Сканируйте посылку (единичное отправление) или грузоместо',
    );
    expect(screen.getByTestId('prompt-pre').textContent).toContain('Сито');
    expect(screen.getByTestId('greeting').textContent).toContain('Иванов Пётр');

    scan('P1');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    expect(screen.getByTestId('prompt-main').textContent).toContain('Положите и сканируйте ячейку');
    expect(screen.getByTestId('prompt-arrow')).toBeTruthy();
    expect(screen.getByTestId('prompt-pre').textContent).toContain('Посылка P1 · Санкт-Петербург');
    expect(screen.getByTestId('prompt-extra').textContent).toContain('Маршрут R-101');
    const cell = within(screen.getByTestId('suggested-cells')).getByTestId('suggested-cell');
    expect(cell.textContent).toContain('Зона 1');
    // Row and column as on the shelf label, each named for a screen reader; the first cell
    // says it is the recommended one in words, not only by its border.
    expect(cell.textContent).toContain('Ряд A');
    expect(cell.textContent).toContain('Ячейка 7');
    expect(within(cell).getByTestId('suggested-cell-recommended').textContent).toBe(
      'рекомендуется',
    );

    scan(CELL.barcode);
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    // Said in words, not "P1 → 1-a-07".
    expect(screen.getByTestId('prompt-pre').textContent).toBe(
      'Посылка P1 перемещена в ячейку 1-a-07',
    );
    expect(moves).toHaveLength(1);
    expect((moves[0] as { operationId: string }).operationId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(played).toEqual(expect.arrayContaining(['success-small'])));
    expect(JSON.parse(services.localStorage?.getItem('LAST_PARCEL_SCANNED') ?? '')).toEqual({
      barcode: 'P1',
      id: 1,
    });
  });

  it('an unknown parcel shows the error line with its f-code (not the raw 404) and a toast, and keeps the prompt', async () => {
    const { scan, toasts } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P404');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-text').textContent).toBe(
        'Посылка P404 не найдена на складе 34717',
      ),
    );
    expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0001');
    expect(screen.getByTestId('prompt-main').textContent).toContain('грузоместо');
    expect(toasts()).toEqual(['Посылка P404 не найдена на складе 34717']);
  });

  it('a parcel already in its cell says where it lies; its cell answers "already here" with the repeat sound', async () => {
    const { scan, played, toasts } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P2');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    expect(screen.getByTestId('prompt-bottom').textContent).toBe(
      'Посылка P2 уже лежит в ячейке 1-a-07 (короб 1)',
    );
    scan(CELL.barcode);
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    expect(screen.getByTestId('prompt-pre').textContent).toBe(
      'Посылка P2 уже лежит в ячейке 1-a-07 (короб 1)',
    );
    await waitFor(() => expect(played).toContain('repeat'));
    expect(played).not.toContain('success-small');
    expect(screen.queryByTestId('prompt-error')).toBeNull();
    expect(screen.queryByTestId('retry-move')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('a move the server refuses sounds stop, not the error sound, with its toast', async () => {
    const { scan, played, toasts } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P3');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    scan(CELL.barcode);
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0014'));
    expect(toasts()).toEqual(['Не удалось переместить. Короб другого ключа']);
    await waitFor(() => expect(played).toContain('stop'));
    expect(played).not.toContain('err');
  });

  it('a returnable box: says where it stands (tara), then moves to the scanned cell', async () => {
    const { scan, played, toasts } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('_R34717-4');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanContainerPlace'));
    expect(screen.getByTestId('prompt-pre').textContent).toBe('Оборотная тара _R34717-4');
    expect(screen.getByTestId('prompt-main').textContent).toContain(
      'Поставьте тару и сканируйте ячейку',
    );
    expect(screen.getByTestId('prompt-extra').textContent).toBe('Сейчас стоит: Ворота 1');
    expect(played).toContain('tara');
    expect(screen.getByTestId('sorting-cancel')).toBeTruthy();
    // An unknown cell is no place for it: f-0003, and it stays in hand.
    scan('=34717-9-a-01');
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0003'));
    expect(toasts()).toEqual(['Ячейка =34717-9-a-01 не найдена']);
    expect(entry.getAttribute('data-state')).toBe('scanContainerPlace');
    scan(CELL.barcode);
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    expect(screen.getByTestId('prompt-pre').textContent).toBe(
      'Оборотная тара _R34717-4 перемещена в ячейку 1-a-07',
    );
    await waitFor(() => expect(played).toContain('success-small'));
  });

  it('cancel in scan where returns to scan what', async () => {
    const { scan } = await renderScreen();
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    await userEvent.click(screen.getByTestId('sorting-cancel'));
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
  });
});

/** The shell's printer and scale as the page wires them, with the outcome a test chooses. */
function fakeDevices(outcome: DevicePrintOutcome, weightKg = 2.3456) {
  const printed: PrintRequest[] = [];
  let dialogOpened = 0;
  const devices = createSortingDevices({
    print: async (request) => {
      printed.push(request);
      return outcome;
    },
    readStableWeight: async () => weightKg,
    openDeviceDialog: () => {
      dialogOpened += 1;
    },
  });
  return { devices, printed, dialogOpened: () => dialogOpened };
}

describe('SortingScreen over the shell printer and scale', () => {
  const needsSticker = { isNeedStickerPrint: true } as Partial<TParcel>;

  it('prints the parcel sticker of GET sticker once, marks it printed, then suggests cells', async () => {
    const fake = fakeDevices({ status: 'printed', channel: 'local', jobId: 'j1' });
    const { scan, marked } = await renderScreen({ parcel: needsSticker, devices: fake.devices });
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    expect(fake.printed).toEqual([{ ...STICKER, copies: 1 }]);
    expect(marked).toHaveLength(1);
    expect(fake.dialogOpened()).toBe(0);
  });

  it('a job the agent reported printed through the hub counts as printed', async () => {
    const fake = fakeDevices({ status: 'printed', channel: 'hub', jobId: 'j2' });
    const { scan, marked } = await renderScreen({ parcel: needsSticker, devices: fake.devices });
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhere'));
    expect(marked).toHaveLength(1);
  });

  it('no printer: f-0024, the printer dialog opens, the sticker stays needed', async () => {
    const fake = fakeDevices({ status: 'unavailable' });
    const { scan, marked } = await renderScreen({ parcel: needsSticker, devices: fake.devices });
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0024'));
    expect(fake.dialogOpened()).toBe(1);
    expect(marked).toHaveLength(0);
    expect(entry.getAttribute('data-state')).toBe('scanWhere');
  });

  it('a failed print is f-0025 and the sticker stays needed', async () => {
    const fake = fakeDevices({ status: 'failed', channel: 'local', message: 'paper out' });
    const { scan, marked } = await renderScreen({ parcel: needsSticker, devices: fake.devices });
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0025'));
    expect(marked).toHaveLength(0);
    expect(fake.dialogOpened()).toBe(0);
  });

  it('the scale button fills the weight from the scale in kg', async () => {
    const fake = fakeDevices({ status: 'unavailable' }, 2.3456);
    const { scan } = await renderScreen({
      parcel: { isNeedWeight: true } as Partial<TParcel>,
      devices: fake.devices,
    });
    const entry = await screen.findByTestId('sorting-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('scanWhat'));
    scan('P1');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('measure'));
    // Only the weight is needed: the hint speaks of the weight, not of sizes to scan.
    expect(screen.getByTestId('measure-hint').textContent).toBe(
      'Введите вес или снимите его с весов',
    );
    await userEvent.click(screen.getByTestId('measure-read-scale'));
    await waitFor(() =>
      expect((screen.getByTestId('measure-weight') as HTMLInputElement).value).not.toBe(''),
    );
    // To the gram, as it is saved (2346 g), in the interface's decimals.
    expect((screen.getByTestId('measure-weight') as HTMLInputElement).value).toBe('2,346');
  });
});
