import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TDimension, TDimensionRequest } from '@sorting/contracts';
import { ShellServicesProvider } from '../../shell/shell-services';
import { createRecordingPlayer } from '../../shell/sounds/sound-player';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import { DimensionsScreen } from './dimensions-page';
import type { DimensionsCalls } from './dimensions.service';

const ok = apiOk;
const refused = apiRefused;

const type = (
  DimensionId: number,
  Barcode: string,
  WarehouseCode: string | null,
  Name = Barcode,
  Length = 30,
): TDimension => ({
  DimensionId,
  Name,
  Barcode,
  Length,
  Width: 20,
  Height: 15,
  WarehouseCode,
  IsCommon: WarehouseCode === null,
});

/** A stand-in of dimensions-api: the warehouse MSK-SC1's types and the common ones. */
function fakeServer() {
  const types = [type(3, 'DIM-PAL', 'MSK-SC1', 'Паллета'), type(1, 'DIM-S', null, 'Короб S')];
  let lastId = 3;
  const sent: { name: string; input: unknown }[] = [];
  const calls: DimensionsCalls = {
    list: async () => ok([...types].sort((a, b) => b.DimensionId - a.DimensionId)),
    create: async (request: TDimensionRequest) => {
      sent.push({ name: 'create', input: request });
      if (types.some((item) => item.Barcode === request.Barcode)) {
        return refused(1, `Штрихкод ${request.Barcode} уже занят другим типоразмером`);
      }
      lastId += 1;
      const created = { ...request, DimensionId: lastId, WarehouseCode: 'MSK-SC1' };
      types.push(created);
      return ok(created);
    },
    update: async (id, request) => {
      sent.push({ name: 'update', input: { id, request } });
      const index = types.findIndex((item) => item.DimensionId === id);
      if (index < 0) return refused(104, `Типоразмер ${id} не найден`);
      const changed = { ...request, DimensionId: id, WarehouseCode: 'MSK-SC1' };
      types[index] = changed;
      return ok(changed);
    },
    remove: async (id) => {
      sent.push({ name: 'remove', input: id });
      const index = types.findIndex((item) => item.DimensionId === id);
      if (index < 0) return refused(104, `Типоразмер ${id} не найден`);
      const [removed] = types.splice(index, 1);
      return ok({ DimensionId: id, Barcode: removed!.Barcode });
    },
  };
  return { calls, sent, types };
}

async function renderScreen(server = fakeServer(), locale: 'ru' | 'en' = 'ru') {
  const sounds = createRecordingPlayer();
  const services = createTestServices({ sounds });
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <DimensionsScreen calls={server.calls} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['dimensions'],
  );
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  return { server, sounds, scan, toasts: () => shownToasts(services) };
}

const barcodes = () => screen.queryAllByTestId('dimension-row').map((row) => row.dataset.barcode);
const rowOf = (barcode: string) =>
  screen.getAllByTestId('dimension-row').find((row) => row.dataset.barcode === barcode)!;

describe('DimensionsScreen', () => {
  it('lists own and common types; a common row is read-only', async () => {
    await renderScreen();
    await waitFor(() => expect(barcodes()).toEqual(['DIM-PAL', 'DIM-S']));
    const common = rowOf('DIM-S');
    expect(within(common).getByTestId('dimension-row-warehouse').textContent).toBe('Общий');
    expect(within(common).queryByTestId('dimension-edit')).toBeNull();
    expect(within(common).queryByTestId('dimension-delete')).toBeNull();
    expect(within(rowOf('DIM-PAL')).getByTestId('dimension-row-warehouse').textContent).toBe(
      'MSK-SC1',
    );
    expect(within(rowOf('DIM-PAL')).getByTestId('dimension-row-dimensions').textContent).toBe(
      '30x20x15',
    );
  });

  it('sends nothing while a field is wrong, then creates with IsCommon false and ok-new', async () => {
    const { server, sounds, toasts } = await renderScreen();
    await waitFor(() => expect(barcodes()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('dimension-add'));
    await userEvent.type(screen.getByTestId('dimension-barcode'), '_BOX');
    await userEvent.click(screen.getByTestId('dimension-save'));
    expect(screen.getByTestId('name-error').textContent).toBe('Введите название');
    expect(screen.getByTestId('barcode-error').textContent).toBe(
      'Такой штрихкод читается как ячейка, короб, бейдж или размер',
    );
    expect(screen.getByTestId('length-error').textContent).toBe('Число больше 0 и не больше 10000');
    expect(server.sent).toEqual([]);

    await userEvent.type(screen.getByTestId('dimension-name'), ' Короб L ');
    await userEvent.clear(screen.getByTestId('dimension-barcode'));
    await userEvent.type(screen.getByTestId('dimension-barcode'), 'DIM-L');
    await userEvent.type(screen.getByTestId('dimension-length'), '60');
    await userEvent.type(screen.getByTestId('dimension-width'), '40,5');
    await userEvent.type(screen.getByTestId('dimension-height'), '35');
    await userEvent.click(screen.getByTestId('dimension-save'));
    await waitFor(() => expect(barcodes()).toEqual(['DIM-L', 'DIM-PAL', 'DIM-S']));
    expect(server.sent).toEqual([
      {
        name: 'create',
        input: {
          Name: 'Короб L',
          Barcode: 'DIM-L',
          Length: 60,
          Width: 40.5,
          Height: 35,
          IsCommon: false,
        },
      },
    ]);
    expect(toasts()).toContainEqual({
      status: 'ok',
      content: 'Типоразмер «Короб L» (DIM-L) создан',
    });
    expect(sounds.played).toContain('ok-new');
  });

  it('a refused create: its toast with the server message, the dialog stays', async () => {
    const { toasts, sounds } = await renderScreen();
    await waitFor(() => expect(barcodes()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('dimension-add'));
    await userEvent.type(screen.getByTestId('dimension-name'), 'Дубль');
    await userEvent.type(screen.getByTestId('dimension-barcode'), 'DIM-S');
    for (const field of ['length', 'width', 'height']) {
      await userEvent.type(screen.getByTestId(`dimension-${field}`), '10');
    }
    await userEvent.click(screen.getByTestId('dimension-save'));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        status: 'error',
        content: 'Ошибка при создании типоразмера: Штрихкод DIM-S уже занят другим типоразмером',
      }),
    );
    expect(sounds.played).toContain('err');
    expect(screen.getByTestId('dimension-save')).toBeTruthy();
  });

  it('edits a type of the warehouse and deletes it after confirming', async () => {
    const { server, toasts } = await renderScreen();
    await waitFor(() => expect(barcodes()).toHaveLength(2));
    await userEvent.click(within(rowOf('DIM-PAL')).getByTestId('dimension-edit'));
    const height = screen.getByTestId('dimension-height');
    await userEvent.clear(height);
    await userEvent.type(height, '120');
    await userEvent.click(screen.getByTestId('dimension-save'));
    await waitFor(() =>
      expect(within(rowOf('DIM-PAL')).getByTestId('dimension-row-dimensions').textContent).toBe(
        '30x20x120',
      ),
    );
    expect(toasts()).toContainEqual({
      status: 'ok',
      content: 'Типоразмер «Паллета» (DIM-PAL) изменён',
    });
    await userEvent.click(within(rowOf('DIM-PAL')).getByTestId('dimension-delete'));
    expect(screen.getByTestId('confirm-delete-text').textContent).toBe(
      'Типоразмер «Паллета» (DIM-PAL, 30x20x120) будет удалён из справочника.',
    );
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(barcodes()).toEqual(['DIM-S']));
    expect(server.sent.map((call) => call.name)).toEqual(['update', 'remove']);
  });

  it('a scan finds its row, or opens the create form with the barcode', async () => {
    const { scan } = await renderScreen();
    await waitFor(() => expect(barcodes()).toHaveLength(2));
    await scan('DIM-S');
    await waitFor(() => expect(barcodes()).toEqual(['DIM-S']));
    expect((screen.getByTestId('dimensions-search') as HTMLInputElement).value).toBe('DIM-S');
    await scan('DIM-NEW');
    expect(((await screen.findByTestId('dimension-barcode')) as HTMLInputElement).value).toBe(
      'DIM-NEW',
    );
  });

  it.each(['=MSK-A-01-01', '_BOX-0001'])(
    'a scanned %s (no dimension barcode) is refused with the reason; nothing opens or fills',
    async (barcode) => {
      const { scan, toasts, sounds } = await renderScreen();
      await waitFor(() => expect(barcodes()).toHaveLength(2));
      await scan(barcode);
      expect(toasts()).toContainEqual({
        status: 'error',
        content: `Штрихкод ${barcode} не годится для типоразмера: Такой штрихкод читается как ячейка, короб, бейдж или размер`,
      });
      expect(sounds.played).toContain('err');
      expect(screen.queryByTestId('dimension-barcode')).toBeNull();

      await userEvent.click(screen.getByTestId('dimension-add'));
      await userEvent.type(screen.getByTestId('dimension-barcode'), 'DIM-M');
      await scan(barcode);
      expect((screen.getByTestId('dimension-barcode') as HTMLInputElement).value).toBe('DIM-M');
    },
  );

  it.each([
    ['ru', '8,5x20x15', '8,5'],
    ['en', '8.5x20x15', '8.5'],
  ] as const)(
    'shows sizes in %s decimals, in the list and the edit form',
    async (locale, dims, length) => {
      const server = fakeServer();
      server.types[0] = type(3, 'DIM-PAL', 'MSK-SC1', 'Паллета', 8.5);
      await renderScreen(server, locale);
      await waitFor(() =>
        expect(within(rowOf('DIM-PAL')).getByTestId('dimension-row-dimensions').textContent).toBe(
          dims,
        ),
      );
      await userEvent.click(within(rowOf('DIM-PAL')).getByTestId('dimension-edit'));
      expect((screen.getByTestId('dimension-length') as HTMLInputElement).value).toBe(length);
    },
  );
});
