import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TDimension, TReturnableBox, TReturnableBoxSticker } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { ApiResult } from '../../lib/api-client';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { ShellServicesProvider } from '../../shell/shell-services';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices, recordingPrint, shownToasts } from '../../test/services';
import { ReturnableBoxesScreen } from './returnable-boxes-page';
import type { ReturnableBoxesCalls } from './returnable-boxes.service';

const ok = apiOk;
/** A refusal with its HTTP status first, as these tests have always read. */
const failed = <T,>(status: number, errorCode: number, message: string): ApiResult<T> =>
  apiRefused<T>(errorCode, message, status);

type CallName = 'list' | 'create' | 'remove' | 'sticker' | 'dimension' | 'dimensions';
type Fail = ApiResult<never> | 'network';

function box(number: number, extra: Partial<TReturnableBox> = {}): TReturnableBox {
  return {
    Number: number,
    Barcode: `_R34717-${number}`,
    LengthCm: 60,
    WidthCm: 40,
    HeightCm: 30,
    ChangeDate: '2026-03-05T09:07:00.000Z',
    CurrentLocationName: null,
    CurrentLocationCode: null,
    ExternalBarcode: null,
    ...extra,
  };
}

const DIMENSION_TYPES: TDimension[] = [
  {
    DimensionId: 3,
    Name: 'Паллета',
    Barcode: 'DIM-PAL',
    Length: 120,
    Width: 80,
    Height: 100,
    WarehouseCode: 'MSK-SC1',
    IsCommon: false,
  },
  {
    DimensionId: 2,
    Name: 'Короб M',
    Barcode: 'DIM-M',
    Length: 40,
    Width: 30,
    Height: 25,
    WarehouseCode: null,
    IsCommon: true,
  },
];

/** A stand-in of the sorting server's returnable boxes: numbers never reused, as the real one. */
function fakeServer(
  options: { fail?: Partial<Record<CallName, Fail>>; types?: TDimension[] } = {},
) {
  // No types by default: the form is the typed one, as on a warehouse without a directory.
  const types = options.types ?? [];
  const boxes: TReturnableBox[] = [
    box(1),
    box(2, { LengthCm: 40, WidthCm: 30.5, HeightCm: 20, CurrentLocationName: 'Ворота 1' }),
  ];
  let lastNumber = 2;
  const requests: { name: CallName; input: unknown }[] = [];
  const fail = { ...options.fail };
  const answer = async <T,>(name: CallName, input: unknown, value: () => ApiResult<T>) => {
    requests.push({ name, input });
    const failure = fail[name];
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure) return failure as ApiResult<T>;
    return value();
  };
  const notFound = (barcode: string) =>
    failed<never>(200, 104, `Оборотная тара ${barcode} не найдена`);
  const calls: ReturnableBoxesCalls = {
    list: () => answer('list', null, () => ok([...boxes].sort((a, b) => b.Number - a.Number))),
    create: (input) =>
      answer('create', input, () => {
        const created: TReturnableBox[] = [];
        for (let i = 0; i < input.Count; i += 1) {
          lastNumber += 1;
          created.push(
            box(lastNumber, {
              LengthCm: input.LengthCm,
              WidthCm: input.WidthCm,
              HeightCm: input.HeightCm,
            }),
          );
        }
        boxes.push(...created);
        return ok(created);
      }),
    remove: (input) =>
      answer('remove', input, () => {
        const index = boxes.findIndex((item) => item.Barcode === input.barcode);
        if (index < 0) return notFound(input.barcode);
        const [removed] = boxes.splice(index, 1);
        return ok(removed as TReturnableBox);
      }),
    sticker: (barcode) =>
      answer('sticker', barcode, () => {
        const found = boxes.find((item) => item.Barcode === barcode);
        if (!found) return notFound(barcode);
        return ok<TReturnableBoxSticker>({
          barcodeName: 'returnable-box',
          barcodeData: [
            { name: 'barcode', value: found.Barcode },
            { name: 'number', value: String(found.Number) },
            { name: 'dims', value: `${found.LengthCm}x${found.WidthCm}x${found.HeightCm}` },
          ],
        });
      }),
    dimension: (barcode) =>
      answer('dimension', barcode, () => {
        const found = DIMENSION_TYPES.find((type) => type.Barcode === barcode);
        return found ? ok(found) : failed(200, 104, `Типоразмер ${barcode} не найден`);
      }),
    dimensions: () => answer('dimensions', null, () => ok(types)),
  };
  return { calls, boxes, requests, fail };
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
        <ReturnableBoxesScreen calls={server.calls} print={print} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['returnable-boxes'],
  );
  const toasts = () => shownToasts(services);
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  return { server, printed, toasts, scan };
}

const numbers = () =>
  screen.queryAllByTestId('box-row-number').map((cell) => Number(cell.textContent));
const rowOf = (barcode: string) =>
  screen.getAllByTestId('box-row').find((row) => row.dataset.barcode === barcode) as HTMLElement;
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('ReturnableBoxesScreen', () => {
  it('lists the boxes by number descending with LxWxH, the local date and the location', async () => {
    await renderScreen();
    await waitFor(() => expect(numbers()).toEqual([2, 1]));
    const row = rowOf('_R34717-2');
    expect(within(row).getByTestId('box-row-barcode').textContent).toBe('_R34717-2');
    expect(within(row).getByTestId('box-row-dimensions').textContent).toBe('40x30,5x20');
    expect(within(row).getByTestId('box-row-location').textContent).toBe('Ворота 1');
    const changed = within(row).getByTestId('box-row-changed');
    expect(changed.textContent).toBe(
      new Intl.DateTimeFormat('ru', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date('2026-03-05T09:07:00.000Z'),
      ),
    );
    expect(changed.textContent).toContain('05.03.2026');
    expect(within(rowOf('_R34717-1')).getByTestId('box-row-location').textContent).toBe('—');
  });

  it('creates boxes with a size and offers their stickers for printing at once', async () => {
    const { server, printed, toasts } = await renderScreen();
    await waitFor(() => expect(numbers()).toEqual([2, 1]));
    await userEvent.clear(screen.getByTestId('box-count'));
    await userEvent.type(screen.getByTestId('box-count'), '2');
    await userEvent.type(screen.getByTestId('box-length'), '50');
    await userEvent.type(screen.getByTestId('box-width'), '35,5');
    await userEvent.type(screen.getByTestId('box-height'), '25');
    await userEvent.click(screen.getByTestId('box-create'));

    const created = await screen.findByTestId('created-boxes');
    expect(
      within(created)
        .getAllByTestId('created-box')
        .map((item) => item.textContent),
    ).toEqual(['№ 3 — _R34717-3, 50x35,5x25 см', '№ 4 — _R34717-4, 50x35,5x25 см']);
    const create = server.requests.find((request) => request.name === 'create');
    expect(create?.input).toMatchObject({
      Count: 2,
      LengthCm: 50,
      WidthCm: 35.5,
      HeightCm: 25,
    });
    expect((create?.input as { operationId: string }).operationId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(numbers()).toEqual([4, 3, 2, 1]));
    expect(toasts()[0]).toEqual({ status: 'ok', content: 'Создано 2 тары: № 3, 4' });

    await userEvent.click(within(created).getByTestId('print-created'));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(printed[1]).toEqual({
      barcodeName: 'returnable-box',
      barcodeData: [
        { name: 'barcode', value: '_R34717-4' },
        { name: 'number', value: '4' },
        { name: 'dims', value: '50x35.5x25' },
      ],
      copies: 1,
    });
    await waitFor(() =>
      expect(toasts()[0]).toEqual({ status: 'ok', content: 'Напечатано 2 стикера' }),
    );
    await userEvent.click(screen.getByTestId('created-done'));
    expect(screen.queryByTestId('created-boxes')).toBeNull();
  });

  it('f-0006 for a form that cannot be sent: nothing is created', async () => {
    const { server, toasts } = await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('box-length'), '50');
    await userEvent.type(screen.getByTestId('box-width'), '0');
    await userEvent.click(screen.getByTestId('box-create'));
    expect(await screen.findByTestId('form-error')).toHaveProperty(
      'textContent',
      'Укажите количество от 1 до 100 и размеры больше нуля f-0006',
    );
    await userEvent.clear(screen.getByTestId('box-count'));
    await userEvent.type(screen.getByTestId('box-count'), '101');
    await userEvent.clear(screen.getByTestId('box-width'));
    await userEvent.type(screen.getByTestId('box-width'), '30');
    await userEvent.type(screen.getByTestId('box-height'), '20');
    await userEvent.click(screen.getByTestId('box-create'));
    expect(server.requests.some((request) => request.name === 'create')).toBe(false);
    expect(toasts()[0]).toEqual({
      status: 'error',
      content: 'Укажите количество от 1 до 100 и размеры больше нуля',
    });
  });

  it('a scanned dimension type fills the size; any other code is f-0007', async () => {
    const { toasts, scan } = await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(2));
    scan('DIM-M');
    await waitFor(() => expect(value('box-length')).toBe('40'));
    expect([value('box-width'), value('box-height')]).toEqual(['30', '25']);
    expect(toasts()[0]).toEqual({ status: 'info', content: 'Размеры «Короб M»: 40x30x25 см' });
    scan('P100001');
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Это не штрихкод типоразмера: Типоразмер P100001 не найден',
      }),
    );
    expect(value('box-length')).toBe('40');
  });

  it('a chosen dimension type fills the size that stays editable; the boxes get it', async () => {
    const { server, scan } = await renderScreen(fakeServer({ types: DIMENSION_TYPES }));
    const picker = (await screen.findByTestId('box-dimension-type')) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      '— размеры вручную —',
      'Паллета — 120x80x100',
      'Короб M — 40x30x25',
    ]);
    await userEvent.selectOptions(picker, 'Короб M — 40x30x25');
    expect([value('box-length'), value('box-width'), value('box-height')]).toEqual([
      '40',
      '30',
      '25',
    ]);
    // Changing a size leaves the type: the boxes get the size as typed.
    await userEvent.clear(screen.getByTestId('box-height'));
    await userEvent.type(screen.getByTestId('box-height'), '27,5');
    expect(picker.value).toBe('');
    await userEvent.click(screen.getByTestId('box-create'));
    await screen.findByTestId('created-boxes');
    expect(server.requests.find((request) => request.name === 'create')?.input).toMatchObject({
      Count: 1,
      LengthCm: 40,
      WidthCm: 30,
      HeightCm: 27.5,
    });

    await userEvent.selectOptions(picker, 'Паллета — 120x80x100');
    await userEvent.click(screen.getByTestId('box-create'));
    await waitFor(() =>
      expect(server.requests.filter((request) => request.name === 'create')).toHaveLength(2),
    );
    expect(server.requests.filter((request) => request.name === 'create')[1]?.input).toMatchObject({
      Count: 1,
      LengthCm: 120,
      WidthCm: 80,
      HeightCm: 100,
    });
    // A scanned type still fills the size, and shows as the chosen one.
    scan('DIM-M');
    await waitFor(() => expect(value('box-length')).toBe('40'));
    expect(picker.value).toBe('2');
    expect(server.requests.filter((request) => request.name === 'dimensions')).toHaveLength(1);
  });

  it('when the dimension types cannot be loaded the size is typed, with no toast', async () => {
    const { toasts } = await renderScreen(
      fakeServer({ types: DIMENSION_TYPES, fail: { dimensions: 'network' } }),
    );
    await waitFor(() => expect(numbers()).toHaveLength(2));
    expect(screen.queryByTestId('box-dimension-type')).toBeNull();
    expect(toasts()).toEqual([]);
    await userEvent.type(screen.getByTestId('box-length'), '50');
    expect(value('box-length')).toBe('50');
  });

  it('deletes after confirmation; cancel keeps the box; a box gone meanwhile is f-0005', async () => {
    const { server, toasts } = await renderScreen();
    await waitFor(() => expect(numbers()).toEqual([2, 1]));
    await userEvent.click(screen.getByRole('button', { name: 'Удалить тару № 2' }));
    expect(screen.getByTestId('confirm-delete-text').textContent).toContain('№ 2 (_R34717-2)');
    await userEvent.click(screen.getByTestId('cancel-delete'));
    expect(server.requests.some((request) => request.name === 'remove')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить тару № 2' }));
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(numbers()).toEqual([1]));
    expect(toasts()[0]).toEqual({ status: 'ok', content: 'Тара № 2 (_R34717-2) удалена' });
    const remove = server.requests.find((request) => request.name === 'remove');
    expect(remove?.input).toMatchObject({ barcode: '_R34717-2' });

    // Another worker deleted box 1 meanwhile: f-0005 with the server's reason, list refreshed.
    server.boxes.splice(0, 1);
    await userEvent.click(screen.getByRole('button', { name: 'Удалить тару № 1' }));
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Тара не найдена: Оборотная тара _R34717-1 не найдена',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('no-data').textContent).toContain('Оборотной тары нет'),
    );
  });

  it('prints one box sticker from the list; a failed sticker call is f-0004', async () => {
    const server = fakeServer();
    const { printed, toasts } = await renderScreen(server);
    await waitFor(() => expect(numbers()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Напечатать стикер тары № 1' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(printed[0]?.barcodeData[0]).toEqual({ name: 'barcode', value: '_R34717-1' });
    await waitFor(() =>
      expect(toasts()[0]).toEqual({ status: 'ok', content: 'Напечатан 1 стикер' }),
    );

    server.fail.sticker = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Напечатать стикер тары № 2' }));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({ status: 'error', content: 'Не удалось получить стикер тары' }),
    );
    expect(printed).toHaveLength(1);
  });

  it('with no printer the printer says so and nothing is claimed printed', async () => {
    const { printed, toasts } = await renderScreen(fakeServer(), { status: 'unavailable' });
    await waitFor(() => expect(numbers()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Напечатать стикер тары № 1' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(toasts().map((toast) => toast.content)).not.toContain('Напечатан 1 стикер');
  });

  it('f-0001 when the list fails, with a retry; f-0002 when creating fails', async () => {
    const server = fakeServer({
      fail: { list: 'network', create: failed(200, 1, 'Склад не найден') },
    });
    const { toasts } = await renderScreen(server);
    expect(await screen.findByTestId('no-data-code')).toHaveProperty('textContent', 'f-0001');
    expect(toasts()).toEqual([{ status: 'error', content: 'Не удалось загрузить оборотную тару' }]);
    delete server.fail.list;
    await userEvent.click(screen.getByTestId('boxes-retry'));
    await waitFor(() => expect(numbers()).toEqual([2, 1]));

    await userEvent.type(screen.getByTestId('box-length'), '50');
    await userEvent.type(screen.getByTestId('box-width'), '30');
    await userEvent.type(screen.getByTestId('box-height'), '20');
    await userEvent.click(screen.getByTestId('box-create'));
    await waitFor(() =>
      expect(toasts()[0]).toEqual({
        status: 'error',
        content: 'Не удалось создать тару: Склад не найден',
      }),
    );
    expect(screen.queryByTestId('created-boxes')).toBeNull();
  });

  it('pages by 40 on the client', async () => {
    const server = fakeServer();
    for (let number = 3; number <= 45; number += 1) server.boxes.push(box(number));
    await renderScreen(server);
    await waitFor(() => expect(numbers()).toHaveLength(40));
    expect(numbers()[0]).toBe(45);
    expect(screen.getByTestId('page-of').textContent).toBe('Страница 1 из 2');
    expect(screen.getByTestId('boxes-total').textContent).toBe('Всего: 45');
    await userEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(numbers()).toEqual([5, 4, 3, 2, 1]));
    expect(server.requests.filter((request) => request.name === 'list')).toHaveLength(1);
  });

  it('speaks English under /en', async () => {
    await renderScreen(fakeServer(), undefined, 'en');
    expect(await screen.findByText('Registry of returnable boxes')).toBeTruthy();
    expect(screen.getByTestId('box-create').textContent).toBe('Create');
  });
});
