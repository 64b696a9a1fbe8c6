import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TDimension, TTopologyCell, TTopologyZone, TWarehouse } from '@sorting/contracts';
import { CELL_ROWS } from '@sorting/domain';
import type { PrintOutcome, PrintRequest, WarehousesCalls } from '../../shell';
import { ShellServicesProvider } from '../../shell/shell-services';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices, recordingPrint, shownToasts } from '../../test/services';
import { TopologyScreen } from './topology-page';
import type { TopologyCalls } from './topology.service';

const warehouse = (Id: number, Number: number, DefaultZoneNumber: number) =>
  ({ Id, Number, Name: `Склад ${Number}`, DefaultZoneNumber }) as TWarehouse;
const WAREHOUSES = [warehouse(1, 100, 1), warehouse(7, 34717, 2)];
const zone = (number: number, name: string, warehouseNumber: number) =>
  ({
    id: number,
    number,
    name,
    type: 'SITO',
    barcode: `%Z${warehouseNumber}-${number}`,
    cellCount: 0,
    rowFrom: null,
    rowTo: null,
    colFrom: null,
    colTo: null,
  }) as TTopologyZone;

const calls: WarehousesCalls = {
  listWarehouses: async () => WAREHOUSES,
  listZones: async () => [],
};

/** A common dimension type «Короб <size>» scanned as DIM-<size>. */
const dimensionType = (DimensionId: number, size: string, [Length, Width, Height]: number[]) =>
  ({
    DimensionId,
    Name: `Короб ${size}`,
    Barcode: `DIM-${size}`,
    Length,
    Width,
    Height,
    WarehouseCode: null,
    IsCommon: true,
  }) as TDimension;

/** A fake topology-api: zone 2 of 34717 full, zone 1 with a-01 and a-02 only; boxes 11 and 13. */
function fakeTopology(options: { failBoxes?: boolean } = {}) {
  const existing = new Set(['1-a-01', '1-a-02']);
  const made: string[] = [];
  const topology: TopologyCalls = {
    zones: async (number) =>
      apiOk(
        number === 100
          ? [zone(1, 'A', 100)]
          : [
              zone(1, 'Сито', 34717),
              zone(2, 'Экспедиция', 34717),
              ...made.map((n) => zone(Number(n), 'Новая', 34717)),
            ],
      ),
    cells: async (_warehouse, zoneNumber, range) => {
      const list: TTopologyCell[] = [];
      const rows = CELL_ROWS.slice(
        CELL_ROWS.indexOf(range.rowFrom as 'a'),
        CELL_ROWS.indexOf(range.rowTo as 'a') + 1,
      );
      for (const row of rows)
        for (let col = range.colFrom; col <= range.colTo; col += 1) {
          const name = `${zoneNumber}-${row}-${String(col).padStart(2, '0')}`;
          if (zoneNumber === 2 || existing.has(name))
            list.push({
              name,
              barcode: `=34717-${name}`,
              row,
              col,
              isEmpty: true,
              openBoxNumber: null,
            });
        }
      return apiOk(list);
    },
    createZone: async (_warehouse, body) => {
      made.push(String(body.number));
      return apiOk(zone(body.number, body.name, 34717));
    },
    createCells: async (_warehouse, zoneNumber, range) => {
      let created = 0;
      const rows = CELL_ROWS.slice(
        CELL_ROWS.indexOf(range.rowFrom as 'a'),
        CELL_ROWS.indexOf(range.rowTo as 'a') + 1,
      );
      for (const row of rows)
        for (let col = range.colFrom; col <= range.colTo; col += 1) {
          const name = `${zoneNumber}-${row}-${String(col).padStart(2, '0')}`;
          if (!existing.has(name)) created += 1;
          existing.add(name);
        }
      return apiOk({ created, existing: 0 });
    },
    boxes: async () =>
      options.failBoxes
        ? apiRefused(500, 'database down', 500)
        : apiOk(
            [11, 13].map((number) => ({
              number,
              barcode: `_34717-${number}`,
              route: number === 11 ? 'МСК-7' : null,
              client: null,
              lengthCm: 40,
              widthCm: 30,
              heightCm: 20,
            })),
          ),
    createBoxes: async (body) =>
      apiOk(
        Array.from({ length: body.Count }, (_, i) => ({
          Number: 901 + i,
          Barcode: `_34717-${901 + i}`,
          LengthCm: body.LengthCm,
          WidthCm: body.WidthCm,
          HeightCm: body.HeightCm,
          ChangeDate: '2026-03-02T08:00:00Z',
          CurrentLocationName: null,
          CurrentLocationCode: null,
          ExternalBarcode: null,
        })),
      ),
    dimensions: async () =>
      apiOk([dimensionType(3, 'M', [40, 30, 25]), dimensionType(2, 'S', [30, 20, 15])]),
  };
  return topology;
}

async function renderScreen(
  outcomes: (n: number) => PrintOutcome,
  locale: 'ru' | 'en' = 'ru',
  options: { roles?: string[]; failBoxes?: boolean } = {},
) {
  const services = createTestServices();
  services.session.setUser({
    userId: '5',
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: '34717',
    roles: options.roles ?? ['worker'],
    sortingCenterId: '34717',
  });
  const { printed, print } = recordingPrint<PrintRequest, PrintOutcome>(outcomes);
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <TopologyScreen calls={calls} topology={fakeTopology(options)} print={print} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['topology'],
  );
  const toasts = () => shownToasts(services).map((toast) => toast.content);
  /** A scan from the keyboard-wedge scanner, as the shell delivers it to the page. */
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  return { printed, toasts, scan };
}

/** waitFor with room for a loaded machine (the default gives up after 1 s). */
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

/** Waits until the run printed its last label. */
const runDone = () =>
  eventually(() => expect(screen.getByTestId('topology-result').dataset.status).toBe('done'));

/** Replaces a field's text as a user does. */
async function retype(testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

const barcodes = (printed: PrintRequest[]) =>
  printed.map((job) => job.barcodeData.find((p) => p.name === 'barcode')?.value);

describe('/topology', () => {
  it('starts at the user default warehouse and its default zone, counts and prints one job per cell', async () => {
    const { printed, toasts } = await renderScreen(() => ({
      status: 'printed',
      channel: 'local',
      jobId: 'j',
    }));
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    expect((screen.getByTestId('topology-warehouse') as HTMLSelectElement).value).toBe('34717');

    await userEvent.selectOptions(screen.getByTestId('topology-zone'), '1');
    await userEvent.selectOptions(screen.getByTestId('topology-row-to'), 'b');
    await retype('topology-col-to', '3');
    await userEvent.click(screen.getByTestId('topology-form-qr'));
    await userEvent.click(screen.getByTestId('topology-length-short'));
    const copies = screen.getByTestId('topology-copies');
    await userEvent.clear(copies);
    await userEvent.type(copies, '2');
    expect(screen.getByTestId('topology-count').textContent).toBe('6 ячеек · 12 этикеток');
    await eventually(() =>
      expect(screen.getByTestId('topology-existing').textContent).toBe(
        '6 ячеек: 2 есть в системе, 4 нет',
      ),
    );
    // A worker creates no cells; printing missing ones asks first.
    expect(screen.queryByTestId('topology-create-cells')).toBeNull();
    expect(screen.queryByTestId('topology-new-zone')).toBeNull();

    await userEvent.click(screen.getByTestId('topology-print-cells'));
    expect((await screen.findByTestId('topology-missing-text')).textContent).toBe(
      '4 ячейки ещё не созданы: их этикетки не будут приниматься при сканировании. Печатать?',
    );
    await userEvent.click(screen.getByTestId('topology-missing-print'));
    await runDone();
    expect(barcodes(printed)).toEqual([
      '=34717-1-a-01',
      '=34717-1-a-02',
      '=34717-1-a-03',
      '=34717-1-b-01',
      '=34717-1-b-02',
      '=34717-1-b-03',
    ]);
    expect(printed[0]).toMatchObject({ barcodeName: 'cell-qr-short', copies: 2 });
    expect(screen.getByTestId('topology-result').textContent).toBe('Напечатано 6 этикеток');
    expect(toasts()).toContain('Напечатано 6 этикеток');
  });

  it('refuses a reversed range and more labels than one run takes', async () => {
    await renderScreen(() => ({ status: 'printed', channel: 'local', jobId: 'j' }), 'en');
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    await userEvent.selectOptions(screen.getByTestId('topology-row-from'), 'c');
    expect(screen.getByTestId('topology-count').textContent).toContain('Check the range');
    expect((screen.getByTestId('topology-print-cells') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.selectOptions(screen.getByTestId('topology-row-from'), 'a');
    await userEvent.selectOptions(screen.getByTestId('topology-row-to'), 'z');
    await retype('topology-col-to', '20');
    expect(screen.getByTestId('topology-count').textContent).toBe(
      '520 cells · 520 labels · at most 500 at a time',
    );
    expect((screen.getByTestId('topology-print-cells') as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops at the first label that finds no printer and continues from it', async () => {
    const { printed } = await renderScreen((n) =>
      n < 3 ? { status: 'printed', channel: 'local', jobId: 'j' } : { status: 'unavailable' },
    );
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    await retype('topology-col-to', '5');
    await userEvent.click(screen.getByTestId('topology-print-cells'));
    await eventually(() =>
      expect(screen.getByTestId('topology-result').dataset.status).toBe('unavailable'),
    );
    expect(printed).toHaveLength(3);
    expect(screen.getByTestId('topology-result').textContent).toContain('Напечатано 2 из 5');
    const resume = screen.getByTestId('topology-continue');
    expect(resume.textContent).toBe('Продолжить с 3');
  });

  it('goes on from the failed label, not from the first', async () => {
    const { printed } = await renderScreen((n) =>
      n === 2 ? { status: 'unavailable' } : { status: 'printed', channel: 'local', jobId: 'j' },
    );
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    await retype('topology-col-to', '3');
    await userEvent.click(screen.getByTestId('topology-print-cells'));
    await eventually(() => expect(screen.getByTestId('topology-continue')).toBeTruthy());
    await userEvent.click(screen.getByTestId('topology-continue'));
    await runDone();
    expect(barcodes(printed)).toEqual([
      '=34717-2-a-01',
      '=34717-2-a-02',
      '=34717-2-a-02',
      '=34717-2-a-03',
    ]);
  });

  it('lets a manager create the missing cells, then prints without asking', async () => {
    const { printed, toasts } = await renderScreen(
      () => ({ status: 'printed', channel: 'local', jobId: 'j' }),
      'ru',
      { roles: ['supervisor'] },
    );
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    await userEvent.selectOptions(screen.getByTestId('topology-zone'), '1');
    await userEvent.selectOptions(screen.getByTestId('topology-row-to'), 'b');
    await retype('topology-col-to', '3');
    const create = await screen.findByTestId('topology-create-cells');
    expect(create.textContent).toBe('Создать 4 ячейки');
    await userEvent.click(create);
    await eventually(() =>
      expect(screen.getByTestId('topology-existing').textContent).toBe(
        '6 ячеек: 6 есть в системе, 0 нет',
      ),
    );
    expect(toasts()).toContain('Создано ячеек: 4, уже были: 0');
    expect(screen.queryByTestId('topology-create-cells')).toBeNull();
    await userEvent.click(screen.getByTestId('topology-print-cells'));
    // Printed without the missing cells' question (nobody confirmed anything).
    await eventually(() => expect(printed).toHaveLength(6));
  });

  it('lets a manager add a zone, which the zone list then offers', async () => {
    await renderScreen(() => ({ status: 'printed', channel: 'local', jobId: 'j' }), 'en', {
      roles: ['administrator'],
    });
    await userEvent.click(await screen.findByTestId('topology-new-zone'));
    await userEvent.type(screen.getByTestId('topology-zone-number'), '12');
    await userEvent.type(screen.getByTestId('topology-zone-name'), 'Reserve');
    await userEvent.selectOptions(screen.getByTestId('topology-zone-type'), 'TRANSIT');
    await userEvent.click(screen.getByTestId('topology-zone-create'));
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('12'),
    );
  });

  it('prints the labels of exactly the new boxes the server made', async () => {
    const { printed } = await renderScreen(() => ({
      status: 'printed',
      channel: 'hub',
      jobId: 'j',
    }));
    const boxes = await screen.findByTestId('topology-boxes');
    await eventually(() =>
      expect((within(boxes).getByTestId('topology-box-size') as HTMLSelectElement).value).toBe('3'),
    );
    const count = within(boxes).getByTestId('topology-box-count-new');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(within(boxes).getByTestId('topology-print-boxes'));
    await eventually(() => expect(printed).toHaveLength(3));
    expect(barcodes(printed)).toEqual(['_34717-901', '_34717-902', '_34717-903']);
    expect(printed[0]?.barcodeData).toContainEqual({ name: 'dims', value: '40x30x25' });
  });

  it('a scanned dimension type chooses the size of the new boxes; an unknown one is said', async () => {
    const { printed, toasts, scan } = await renderScreen(() => ({
      status: 'printed',
      channel: 'hub',
      jobId: 'j',
    }));
    const boxes = await screen.findByTestId('topology-boxes');
    const size = within(boxes).getByTestId('topology-box-size') as HTMLSelectElement;
    await eventually(() => expect(size.value).toBe('3'));
    // Scanned while the reprint mode is on: the form goes back to new boxes of that size.
    await userEvent.click(within(boxes).getByTestId('topology-box-mode-reprint'));
    await scan('DIM-S');
    await eventually(() =>
      expect((within(boxes).getByTestId('topology-box-size') as HTMLSelectElement).value).toBe('2'),
    );
    expect(toasts()).toContain('Размер новых коробов: Короб S · 30×20×15 см');
    await userEvent.click(within(boxes).getByTestId('topology-print-boxes'));
    await eventually(() => expect(printed).toHaveLength(1));
    expect(printed[0]?.barcodeData).toContainEqual({ name: 'dims', value: '30x20x15' });

    await scan('DIM-XL');
    await eventually(() => expect(toasts()).toContain('Размер со штрихкодом DIM-XL не найден'));
    expect((within(boxes).getByTestId('topology-box-size') as HTMLSelectElement).value).toBe('2');
  });

  it('says why a reprint found no boxes (f-0004 with the server message)', async () => {
    const services = await renderScreen(
      () => ({ status: 'printed', channel: 'hub', jobId: 'j' }),
      'en',
      { failBoxes: true },
    );
    const boxes = await screen.findByTestId('topology-boxes');
    await userEvent.click(within(boxes).getByTestId('topology-box-mode-reprint'));
    await userEvent.click(within(boxes).getByTestId('topology-print-boxes'));
    await eventually(() =>
      expect(services.toasts()).toContain('Could not find the boxes to reprint: database down'),
    );
    expect(services.printed).toHaveLength(0);
  });

  it('reprints the existing boxes of a range and lists the skipped numbers', async () => {
    const { printed } = await renderScreen(() => ({
      status: 'printed',
      channel: 'hub',
      jobId: 'j',
    }));
    const boxes = await screen.findByTestId('topology-boxes');
    await eventually(() =>
      expect((screen.getByTestId('topology-warehouse') as HTMLSelectElement).value).toBe('34717'),
    );
    await userEvent.click(within(boxes).getByTestId('topology-box-mode-reprint'));
    const from = within(boxes).getByTestId('topology-box-from');
    const to = within(boxes).getByTestId('topology-box-to');
    await userEvent.clear(from);
    await userEvent.type(from, '11');
    await userEvent.clear(to);
    await userEvent.type(to, '13');
    expect(within(boxes).getByTestId('topology-box-count').textContent).toBe(
      '3 короба · 3 этикетки',
    );
    await userEvent.click(within(boxes).getByTestId('topology-print-boxes'));
    await eventually(() => expect(printed).toHaveLength(2));
    expect(printed[0]).toEqual({
      barcodeName: 'box',
      copies: 1,
      barcodeData: [
        { name: 'barcode', value: '_34717-11' },
        { name: 'number', value: '11' },
        { name: 'route', value: 'МСК-7' },
        { name: 'dims', value: '40x30x20' },
      ],
    });
    expect(barcodes(printed)).toEqual(['_34717-11', '_34717-13']);
    expect(within(boxes).getByTestId('topology-box-skipped').textContent).toBe(
      'Нет в системе, пропущены: 12',
    );
  });
});
