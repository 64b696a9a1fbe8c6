import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TWarehouse, TZoneList } from '@sorting/contracts';
import type { PrintOutcome, PrintRequest, WarehousesCalls } from '../../shell';
import { ShellServicesProvider } from '../../shell/shell-services';
import { renderWithI18n } from '../../test/render';
import { createTestServices, recordingPrint, shownToasts } from '../../test/services';
import { TopologyScreen } from './topology-page';

const warehouse = (Id: number, Number: number, DefaultZoneNumber: number) =>
  ({ Id, Number, Name: `Склад ${Number}`, DefaultZoneNumber }) as TWarehouse;
const WAREHOUSES = [warehouse(1, 100, 1), warehouse(7, 34717, 2)];
const ZONES: Record<number, TZoneList> = {
  1: [{ Id: 1, Number: 1, Name: 'A', Type: 'SITO', Barcode: '%Z100-1' }],
  7: [
    { Id: 11, Number: 1, Name: 'Сито', Type: 'SITO', Barcode: '%Z34717-1' },
    { Id: 12, Number: 2, Name: 'Экспедиция', Type: 'EXPEDITION', Barcode: '%Z34717-2' },
  ],
};

const calls: WarehousesCalls = {
  listWarehouses: async () => WAREHOUSES,
  listZones: async (warehouseId) => ZONES[warehouseId] ?? [],
};

async function renderScreen(outcomes: (n: number) => PrintOutcome, locale: 'ru' | 'en' = 'ru') {
  const services = createTestServices();
  services.session.setUser({
    userId: '5',
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: '34717',
  });
  const { printed, print } = recordingPrint<PrintRequest, PrintOutcome>(outcomes);
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <TopologyScreen calls={calls} print={print} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['topology'],
  );
  const toasts = () => shownToasts(services).map((toast) => toast.content);
  return { printed, toasts };
}

/** waitFor with room for a loaded machine (the default gives up after 1 s). */
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

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
    const colTo = screen.getByTestId('topology-col-to');
    await userEvent.clear(colTo);
    await userEvent.type(colTo, '3');
    await userEvent.click(screen.getByTestId('topology-form-qr'));
    await userEvent.click(screen.getByTestId('topology-length-short'));
    const copies = screen.getByTestId('topology-copies');
    await userEvent.clear(copies);
    await userEvent.type(copies, '2');
    expect(screen.getByTestId('topology-count').textContent).toBe('6 ячеек · 12 этикеток');

    await userEvent.click(screen.getByTestId('topology-print-cells'));
    await eventually(() =>
      expect(screen.getByTestId('topology-result').dataset.status).toBe('done'),
    );
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
    const colTo = screen.getByTestId('topology-col-to');
    await userEvent.clear(colTo);
    await userEvent.type(colTo, '20');
    expect(screen.getByTestId('topology-count').textContent).toBe(
      '520 cells · 520 labels · at most 500 at a time',
    );
    expect((screen.getByTestId('topology-print-cells') as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops at the first label that finds no printer and says how far it got', async () => {
    const { printed } = await renderScreen((n) =>
      n < 3 ? { status: 'printed', channel: 'local', jobId: 'j' } : { status: 'unavailable' },
    );
    await eventually(() =>
      expect((screen.getByTestId('topology-zone') as HTMLSelectElement).value).toBe('2'),
    );
    const colTo = screen.getByTestId('topology-col-to');
    await userEvent.clear(colTo);
    await userEvent.type(colTo, '5');
    await userEvent.click(screen.getByTestId('topology-print-cells'));
    await eventually(() =>
      expect(screen.getByTestId('topology-result').dataset.status).toBe('unavailable'),
    );
    expect(printed).toHaveLength(3);
    expect(screen.getByTestId('topology-result').textContent).toContain('Напечатано 2 из 5');
  });

  it('prints box labels by number range with the box barcode', async () => {
    const { printed } = await renderScreen(() => ({
      status: 'printed',
      channel: 'hub',
      jobId: 'j',
    }));
    const boxes = screen.getByTestId('topology-boxes');
    await eventually(() =>
      expect((screen.getByTestId('topology-warehouse') as HTMLSelectElement).value).toBe('34717'),
    );
    const from = within(boxes).getByTestId('topology-box-from');
    const to = within(boxes).getByTestId('topology-box-to');
    await userEvent.clear(from);
    await userEvent.type(from, '11');
    await userEvent.clear(to);
    await userEvent.type(to, '12');
    expect(within(boxes).getByTestId('topology-box-count').textContent).toBe(
      '2 короба · 2 этикетки',
    );
    await userEvent.click(within(boxes).getByTestId('topology-print-boxes'));
    await eventually(() => expect(printed).toHaveLength(2));
    expect(printed[1]).toEqual({
      barcodeName: 'box',
      copies: 1,
      barcodeData: [
        { name: 'barcode', value: '_34717-12' },
        { name: 'number', value: '12' },
      ],
    });
  });
});
