import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TInboundDetail, TInboundHead } from '@sorting/contracts';
import type { ApiResult } from '../../lib/api-client';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { ShellServicesProvider } from '../../shell/shell-services';
import { createRecordingPlayer } from '../../shell/sounds/sound-player';
import { renderWithI18n } from '../../test/render';
import { createTestServices, recordingPrint, shownToasts } from '../../test/services';
import { InboundScreen } from './inbound-page';
import type { InboundCalls, SupplyFilter } from './inbound.service';

// Spec part 2 §2 /inbound, §4 groups, archiving and stickering, §8 f-0006, f-0011, f-0012.

const ok = <T,>(value: T): ApiResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: 0,
  isCriticalError: false,
  isRepeat: false,
  operationObject: value,
  status: 200,
});
const refused = <T,>(errorCode: number): ApiResult<T> => ({
  isSuccess: false,
  message: 'нет',
  errorCode,
  isCriticalError: false,
  isRepeat: false,
  operationObject: null,
  status: 200,
});

function supply(id: number, code: string, state: TInboundHead['state']): TInboundHead {
  return {
    inboundId: id,
    code,
    properties: {
      documentNumber: `ТН-${id}`,
      quantityReceipted: 1,
      documents: [{ documentId: 1, kind: 'waybill', number: `ТН-${id}` }],
      isNeedStickering: state === 5,
      receiptPlaceDocumentId: null,
      isStickeringDisabled: false,
    },
    createDateUtc: '2026-11-25T09:00:00.000Z',
    arrivalDateUtc: null,
    detailsQuantity: 3,
    name: 'ООО «ТехноПарт»',
    state,
    details: [],
  };
}

const DETAIL: TInboundDetail = {
  inboundId: 3,
  inboundDetailId: 31,
  name: 'Свеча',
  boxName: null,
  barcode: 'P430001',
  state: 1,
  properties: {
    orderNumber: 'ORD-1',
    detailName: 'Свеча',
    makeName: 'NGK',
    detailNumber: 'B',
    quantity: 4,
  },
};

const CANCELLED: TInboundDetail = {
  ...DETAIL,
  inboundDetailId: 32,
  barcode: 'P430002',
  state: 4,
};

function fakeServer(options: { receiptPlace?: number | null } = {}) {
  const filters: SupplyFilter[] = [];
  const stickered: number[] = [];
  let closed = false;
  const calls: InboundCalls = {
    counts: async () => ok({ 1: 2, 2: 1, 3: 1, 4: 1, 5: 1 }),
    heads: async (filter) => {
      filters.push(filter);
      if (filter.states.join() === '1') return ok([supply(1, 'IN-0001', 1)]);
      if (filter.states.join() === '3') return ok(closed ? [supply(4, 'IN-0004', 3)] : []);
      return ok(
        closed ? [supply(3, 'IN-0003', 5)] : [supply(3, 'IN-0003', 5), supply(4, 'IN-0004', 2)],
      );
    },
    details: async () => ok([DETAIL, CANCELLED]),
    close: async (inboundId) => {
      closed = true;
      return ok({ inboundId, state: 3 as const });
    },
    receiptPlaceId: async () =>
      options.receiptPlace === null || options.receiptPlace === undefined
        ? refused(104)
        : ok(options.receiptPlace),
    label: async () =>
      ok(
        JSON.stringify({
          barcodeName: 'inbound-detail',
          barcodeData: {
            barcode: 'P430001',
            name: 'Свеча',
            number: 'B',
            make: 'NGK',
            quantity: '4',
          },
        }),
      ),
    stickered: async (inboundDetailId) => {
      stickered.push(inboundDetailId);
      return ok({
        inboundId: 3,
        inboundDetailId,
        detailState: 3 as const,
        inboundState: 4 as const,
      });
    },
  };
  return { calls, filters, stickered };
}

async function renderScreen(
  server = fakeServer(),
  outcome: PrintOutcome = { status: 'printed', channel: 'local', jobId: 'j1' },
) {
  const sounds = createRecordingPlayer();
  const services = createTestServices({ sounds });
  const { printed, print } = recordingPrint<PrintRequest, PrintOutcome>(outcome);
  const windows: { location: { href: string } }[] = [];
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <MemoryRouter initialEntries={['/inbound']}>
          <InboundScreen
            calls={server.calls}
            print={print}
            openWindow={(url) => {
              const opened = { location: { href: url } };
              windows.push(opened);
              return opened;
            }}
          />
        </MemoryRouter>
      </ShellServicesProvider>
    </QueryClientProvider>,
    'ru',
    ['inbound'],
  );
  return { server, printed, windows, sounds, toasts: () => shownToasts(services) };
}

const detailRowOf = async (barcode: string) =>
  (await screen.findAllByTestId('detail-row')).find(
    (row) => row.dataset.barcode === barcode,
  ) as HTMLElement;
const codes = () => screen.queryAllByTestId('supply-code').map((cell) => cell.textContent);
const rowOf = (code: string) =>
  screen.getAllByTestId('supply-row').find((row) => row.dataset.code === code) as HTMLElement;

describe('InboundScreen', () => {
  it('shows the group counters, the expected list without dates, work with local day bounds', async () => {
    const { server } = await renderScreen();
    await waitFor(() => expect(screen.getByTestId('group-0').textContent).toBe('Ожидаются (2)'));
    expect(screen.getByTestId('group-1').textContent).toBe('В работе (3)');
    await waitFor(() => expect(codes()).toEqual(['IN-0001']));
    expect(server.filters[0]).toMatchObject({ states: [1], dateBegin: null, dateEnd: null });
    await userEvent.click(screen.getByTestId('group-1'));
    await waitFor(() => expect(codes()).toEqual(['IN-0003', 'IN-0004']));
    const work = server.filters.at(-1);
    expect(work?.states).toEqual([2, 4, 5]);
    expect(work?.dateBegin).toMatch(/T00:00:00[+-]\d\d:\d\d$/);
    expect(work?.dateEnd).toMatch(/T23:59:59[+-]\d\d:\d\d$/);
  });

  it('archives after confirming: f-0006 and the supply leaves the work list', async () => {
    const { toasts } = await renderScreen();
    await userEvent.click(await screen.findByTestId('group-1'));
    await waitFor(() => expect(codes()).toEqual(['IN-0003', 'IN-0004']));
    await userEvent.click(within(rowOf('IN-0004')).getByTestId('supply-archive'));
    await userEvent.click(screen.getByTestId('confirm-archive'));
    await waitFor(() => expect(codes()).toEqual(['IN-0003']));
    expect(toasts()).toContainEqual(
      expect.objectContaining({ content: 'Поставка IN-0004 перенесена в архив' }),
    );
  });

  it('opens the stickering window at once, then gives it the id, or -1 and f-0012', async () => {
    const found = await renderScreen(fakeServer({ receiptPlace: 12 }));
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-sticker'));
    await waitFor(() =>
      expect(found.windows[0]?.location.href).toBe(
        '/ru/stickering-redirect-catch?receiptPlaceDocumentId=12',
      ),
    );
  });

  it('a refused receipt place sends -1 to the window', async () => {
    const missing = await renderScreen(fakeServer({ receiptPlace: null }));
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-sticker'));
    await waitFor(() =>
      expect(missing.windows[0]?.location.href).toBe(
        '/ru/stickering-redirect-catch?receiptPlaceDocumentId=-1',
      ),
    );
    expect(missing.toasts()).toContainEqual(
      expect.objectContaining({ content: expect.stringContaining('Место приёмки не найдено') }),
    );
  });

  it('prints a detail label and marks it; a failed print flags the row for a retry', async () => {
    const { printed, server } = await renderScreen();
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-open'));
    const row = await detailRowOf('P430001');
    await userEvent.click(within(row).getByTestId('detail-print'));
    await waitFor(() => expect(server.stickered).toEqual([31]));
    expect(printed[0]).toMatchObject({
      barcodeName: 'inbound-detail',
      barcodeData: expect.arrayContaining([{ name: 'barcode', value: 'P430001' }]),
    });

    const failing = fakeServer();
    cleanup();
    await renderScreen(failing, { status: 'failed', channel: 'local', message: 'jam' });
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-open'));
    const failedRow = await detailRowOf('P430001');
    await userEvent.click(within(failedRow).getByTestId('detail-print'));
    await waitFor(() => expect(failedRow.dataset.failed).toBe('true'));
    expect(within(failedRow).getByTestId('detail-print').textContent).toBe('Повторить печать');
    expect(failing.stickered).toEqual([]);
  });

  it('a refused receipt place (IN-0008) plays the error sound once', async () => {
    const missing = await renderScreen(fakeServer({ receiptPlace: null }));
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-sticker'));
    await waitFor(() => expect(missing.toasts()).toHaveLength(1));
    expect(missing.sounds.played.filter((name) => name === 'err')).toEqual(['err']);
  });

  it('a cancelled detail (state 4) offers no «Печать этикетки»', async () => {
    await renderScreen();
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-open'));
    const cancelled = await detailRowOf('P430002');
    expect(within(cancelled).getByTestId('detail-state').textContent).toBe('Отменена');
    expect(within(cancelled).queryByTestId('detail-print')).toBeNull();
    expect(within(await detailRowOf('P430001')).getByTestId('detail-print')).toBeTruthy();
  });

  it('«Открыть» takes the focus to the details', async () => {
    await renderScreen();
    await userEvent.click(await screen.findByTestId('group-1'));
    await userEvent.click(await within(rowOf('IN-0003')).findByTestId('supply-open'));
    const details = await screen.findByTestId('supply-details');
    await waitFor(() => expect(document.activeElement).toBe(details));
  });
});
