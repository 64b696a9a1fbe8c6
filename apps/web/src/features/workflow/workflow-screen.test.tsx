import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@sorting/domain';
import type { PrintRequest } from '../../shell';
import { createSessionStore } from '../../shell/session/session-store';
import type { ShellServices } from '../../shell/shell-services';
import { result } from '../../test/call-result';
import { renderScanScreen } from '../../test/render-screen';
import { workflowAnswer } from './workflow.fixture';
import type {
  DetailStickeredCall,
  StickerPrintedCall,
  WorkflowAnswer,
  WorkflowCall,
  WorkflowRequest,
} from './workflow.types';
import { lineOf } from './workflow-route-table';
import type { WorkflowRoute } from './workflow-routes';
import { WorkflowScreen } from './workflow-screen';

// Spec part 1 §3, §4, §9; docs/DECISIONS.md "Guided workflows": the one workflow screen.

const answer = workflowAnswer;

/** A fake server: each call answers the next of `replies` (a function sees the request). */
function fakeServer(replies: ((request: WorkflowRequest) => ReturnType<WorkflowCall>)[]) {
  const sent: WorkflowRequest[] = [];
  const process: WorkflowCall = async (request) => {
    sent.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    return reply(request);
  };
  return { process, sent };
}

const ok = (value: WorkflowAnswer) => async () => result(value);

async function renderWorkflow(
  route: WorkflowRoute,
  process: WorkflowCall,
  options: {
    locale?: Locale;
    services?: Partial<ShellServices>;
    details?: WorkflowCall;
    markStickerPrinted?: StickerPrintedCall;
    markDetailStickered?: DetailStickeredCall;
  } = {},
) {
  const { markStickerPrinted, markDetailStickered, ...screenOptions } = options;
  const Screen = () => (
    <WorkflowScreen
      line={lineOf(route)}
      process={process}
      detailsProcess={options.details}
      {...(markStickerPrinted ? { markStickerPrinted } : {})}
      {...(markDetailStickered ? { markDetailStickered } : {})}
    />
  );
  const rendered = await renderScanScreen({
    path: `/${route}`,
    Screen,
    namespace: [route, 'workflow'],
    rootTestId: 'workflow-screen',
    ...screenOptions,
  });
  await rendered.waitView('ready');
  const root = screen.getByTestId('workflow-screen');
  return { ...rendered, stateCode: () => root.dataset.state };
}

/** A printer answering `outcome` for each label, and what marked the labels printed. */
function printingDevices(outcome: () => unknown) {
  const printed: PrintRequest[] = [];
  const devices = {
    load: async () => ({
      printer: {
        print: async (request: PrintRequest) => {
          printed.push(request);
          return outcome();
        },
      },
    }),
  } as unknown as ShellServices['devices'];
  const marked: number[] = [];
  const mark: StickerPrintedCall & DetailStickeredCall = async (id) => {
    marked.push(id);
    return result({});
  };
  return { printed, devices, marked, mark };
}

const placingBox = answer({
  code: 'WaitBox',
  version: 1,
  prompt: { key: 'placingBox', params: {} },
  expects: ['box', 'container'],
});

describe('the workflow screen', () => {
  it('shows the route prompt and what is expected; a scan goes as BarcodeScanned', async () => {
    const server = fakeServer([
      ok(placingBox),
      ok(
        answer(
          {
            code: 'WaitCell',
            version: 2,
            prompt: { key: 'placingCellForBox', params: { barcode: '_34717-123' } },
            expects: ['cell'],
            options: { canSkip: true },
          },
          {
            result: {
              sounds: ['ok-new'],
              notification: { status: 'success', content: 'Короб _34717-123 принят' },
              print: [],
            },
          },
        ),
      ),
      ok(placingBox),
    ]);
    const view = await renderWorkflow('placing', server.process);
    expect(view.stateCode()).toBe('WaitBox');
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Сканируйте короб или оборотную тару',
    );
    expect(screen.getByTestId('prompt-extra').textContent).toBe('Ожидается: короб, оборотная тара');
    expect(screen.queryByTestId('workflow-skip')).toBeNull();

    await view.scan('_34717-123');
    await waitFor(() => expect(view.stateCode()).toBe('WaitCell'));
    expect(server.sent[1]).toEqual({
      currentState: { code: 'WaitBox', runId: 5, version: 1 },
      action: { code: 'BarcodeScanned', barcode: '_34717-123' },
    });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Сканируйте ячейку для короба _34717-123',
    );
    expect(view.played).toContain('ok-new');
    expect(view.toasts()).toContainEqual({ status: 'ok', content: 'Короб _34717-123 принят' });

    await userEvent.click(screen.getByTestId('workflow-skip'));
    await waitFor(() => expect(view.stateCode()).toBe('WaitBox'));
    expect(server.sent[2]?.action).toEqual({ code: 'SkipClick' });
  });

  it('a prompt key the route does not know falls back to the state text', async () => {
    const server = fakeServer([
      ok(answer({ code: 'WaitCell', version: 1, prompt: { key: 'unknownKey', params: {} } })),
    ]);
    await renderWorkflow('placing', server.process, { locale: 'en' });
    expect(screen.getByTestId('prompt-main').textContent).toBe('Scan the cell');
  });

  it('picks the sticker count by button or typed, within the range, and prints the labels', async () => {
    const { printed, devices } = printingDevices(() => ({
      status: 'printed',
      channel: 'local',
      jobId: String(printed.length),
    }));
    const countState = answer({
      code: 'WaitStickerCount',
      version: 1,
      prompt: { key: 'stickerCount', params: {} },
      options: { count: { min: 1, max: 50 } },
    });
    const label = (number: string) => ({
      barcodeName: 'box' as const,
      barcodeData: [{ name: 'number', value: number }],
      copies: 1,
    });
    const server = fakeServer([
      ok(countState),
      ok(
        answer({
          code: 'WaitSizeAndPrint',
          version: 2,
          prompt: { key: 'sizeAndPrint', params: { count: 3 } },
          expects: ['dt'],
          options: { canSkip: true },
        }),
      ),
      ok({
        ...countState,
        currentState: { ...countState.currentState, version: 3 },
        result: { sounds: ['ok-new'], notification: null, print: [label('35'), label('36')] },
      }),
      ok({ ...countState, currentState: { ...countState.currentState, version: 4 } }),
    ]);
    const view = await renderWorkflow('print-box-sticker', server.process, {
      services: { devices },
    });
    const counts = within(screen.getByTestId('workflow-counts')).getAllByRole('button');
    expect(counts.map((button) => button.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    await userEvent.click(screen.getByTestId('workflow-count-3'));
    await waitFor(() => expect(view.stateCode()).toBe('WaitSizeAndPrint'));
    expect(server.sent[1]?.action).toEqual({ code: 'StickerCountSelected', count: 3 });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Сканируйте типоразмер коробов: 3 шт., или пропустите',
    );

    await userEvent.click(screen.getByTestId('workflow-skip'));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(printed.map((request) => request.barcodeData[0]?.value)).toEqual(['35', '36']);

    // Typed: beyond the range the button stays off; within it the count goes.
    const input = screen.getByTestId('workflow-count-input');
    await userEvent.type(input, '51');
    expect((screen.getByTestId('workflow-count-submit') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, '12{Enter}');
    await waitFor(() => expect(server.sent).toHaveLength(4));
    expect(server.sent[3]?.action).toEqual({ code: 'StickerCountSelected', count: 12 });
  });

  it('shows the items, Place offered, and per-item Revert', async () => {
    const where = answer(
      {
        code: 'WaitWhere',
        version: 4,
        prompt: {
          key: 'consolidationWhere',
          params: { parcel: 'P440002', box: '_34717-121', cell: '7-c-01', destination: 'Омск' },
        },
        expects: ['cell', 'box'],
        options: { canPlace: true, canSkip: true },
      },
      {
        items: [
          {
            itemId: 'p1',
            kind: 'parcel',
            barcode: 'P440001',
            title: 'P440001',
            subtitle: null,
            location: '7-c-01',
            quantity: 1,
            doneQuantity: 1,
            state: 'done',
            isCurrent: false,
          },
          {
            itemId: 'p2',
            kind: 'parcel',
            barcode: 'P440002',
            title: 'P440002',
            subtitle: null,
            location: '1-c-02',
            quantity: 1,
            doneQuantity: 0,
            state: 'waiting',
            isCurrent: true,
          },
        ],
      },
    );
    const server = fakeServer([ok(where), ok(where), ok(where)]);
    const view = await renderWorkflow('consolidation', server.process);
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Посылку P440002 — в короб _34717-121, ячейка 7-c-01',
    );
    const items = screen.getAllByTestId('workflow-item');
    expect(
      items.map((item) => [item.dataset.item, item.dataset.state, item.dataset.current]),
    ).toEqual([
      ['p1', 'done', 'false'],
      ['p2', 'waiting', 'true'],
    ]);
    await userEvent.click(within(items[0] as HTMLElement).getByTestId('workflow-item-revert'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.action).toEqual({ code: 'ItemReverted', itemId: 'p1' });
    await view.waitView('ready');
    await userEvent.click(screen.getByTestId('workflow-place'));
    await waitFor(() => expect(server.sent).toHaveLength(3));
    expect(server.sent[2]?.action).toEqual({ code: 'PlaceClick' });
  });

  it('while a step is on its way every item button is disabled; the answer enables them again', async () => {
    const box = (id: string, state: 'done' | 'waiting') => ({
      itemId: id,
      kind: 'box' as const,
      barcode: `_34717-${id}`,
      title: `_34717-${id}`,
      subtitle: null,
      location: null,
      quantity: 1,
      doneQuantity: state === 'done' ? 1 : 0,
      state,
      isCurrent: false,
    });
    const waitBox = (version: number, second: 'done' | 'waiting') =>
      answer(
        {
          code: 'WaitBox',
          version,
          prompt: {
            key: 'transitPickingAnyBox',
            params: { shipment: 'OUT-0105', done: 1, total: 2 },
          },
          expects: ['box'],
        },
        { items: [box('181', 'done'), box('182', second)] },
      );
    let release: () => void = () => undefined;
    const server = fakeServer([
      ok(waitBox(4, 'done')),
      () =>
        new Promise((resolve) => {
          release = () => resolve(result(waitBox(5, 'waiting')));
        }),
    ]);
    const view = await renderWorkflow('cargo-picking-v2', server.process);
    const reverts = () => screen.getAllByTestId('workflow-item-revert');
    expect(reverts().map((button) => button.matches(':disabled'))).toEqual([false, false]);
    await userEvent.click(reverts()[1] as HTMLElement);
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(reverts().map((button) => button.matches(':disabled'))).toEqual([true, true]);
    act(() => release());
    await view.waitView('ready');
    expect(reverts().map((button) => button.matches(':disabled'))).toEqual([false]);
  });

  it('a box to take that stands in no cell is listed «вне ячейки»', async () => {
    const box = (itemId: string, location: string | null, state: 'waiting' | 'done') => ({
      itemId,
      kind: 'box' as const,
      barcode: `_34717-${itemId}`,
      title: `_34717-${itemId}`,
      subtitle: null,
      location,
      quantity: 1,
      doneQuantity: state === 'done' ? 1 : 0,
      state,
      isCurrent: false,
    });
    const waitBox = answer(
      {
        code: 'WaitBox',
        version: 3,
        prompt: {
          key: 'transitPickingAnyBox',
          params: { shipment: 'OUT-0105', done: 1, total: 3 },
        },
        expects: ['box'],
      },
      {
        items: [
          box('185', '4-c-01', 'waiting'),
          box('186', null, 'waiting'),
          box('187', null, 'done'),
        ],
      },
    );
    const server = fakeServer([ok(waitBox)]);
    await renderWorkflow('cargo-picking-v2', server.process);
    const locations = screen
      .getAllByTestId('workflow-item')
      .map((item) => within(item).queryByTestId('workflow-item-location')?.textContent ?? null);
    // In its cell; put back but out of its cell; picked (no place to name).
    expect(locations).toEqual(['4-c-01', 'вне ячейки', null]);
  });

  it('a refusal keeps the state and shows its text; 409 says the screen was updated', async () => {
    const refusal = answer(
      { code: 'WaitBox', version: 1, prompt: { key: 'placingBox', params: {} } },
      {
        result: {
          sounds: ['err'],
          notification: { status: 'error', content: 'Ожидается: короб или оборотная тара' },
          print: [],
        },
      },
    );
    const server = fakeServer([
      ok(placingBox),
      async () => result(refusal, { isSuccess: false, errorCode: 1, message: 'Ожидается: короб' }),
      async () =>
        result(
          answer({
            code: 'WaitCell',
            version: 9,
            prompt: { key: 'placingCellForBox', params: { barcode: '_34717-122' } },
          }),
          { isSuccess: false, errorCode: 409, status: 409 },
        ),
    ]);
    const view = await renderWorkflow('placing', server.process);
    await view.scan('7-d-01');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-text').textContent).toBe(
        'Ожидается: короб или оборотная тара',
      ),
    );
    expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0002');
    expect(view.stateCode()).toBe('WaitBox');
    expect(view.played).toContain('err');

    await view.scan('_34717-123');
    await waitFor(() => expect(view.stateCode()).toBe('WaitCell'));
    expect(view.toasts()).toContainEqual({
      status: 'info',
      content: 'Состояние изменилось на другом устройстве — экран обновлён',
    });
    expect(screen.queryByTestId('prompt-error')).toBeNull();
  });

  it('asks before closing while the worker holds a task, then sends Closed', async () => {
    const session = createSessionStore();
    session.setUser({ userId: '7', number: '7', userName: 'Иванов', defaultWarehouseNumber: '1' });
    const held = answer(
      { code: 'WaitItem', version: 2, prompt: { key: 'pick', params: {} } },
      {
        tasks: [
          { taskId: 't1', title: 'Задание 1', subtitle: null, total: 5, done: 2, heldBy: 'Иванов' },
        ],
      },
    );
    const server = fakeServer([
      ok(held),
      ok(
        answer({
          code: 'InitialState',
          version: 0,
          prompt: { key: 'closed', params: {} },
          options: { canClose: false },
        }),
      ),
      ok(held),
    ]);
    await renderWorkflow('placing', server.process, { services: { session } });
    expect(screen.getByTestId('workflow-task').textContent).toContain('2 из 5');
    await userEvent.click(screen.getByTestId('workflow-close'));
    expect(server.sent).toHaveLength(1);
    expect(screen.getByText('Закрыть процесс?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('workflow-close-confirm'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.action).toEqual({ code: 'Closed' });
    // Closed: the shared «closed» prompt and a fresh start by Refresh.
    await waitFor(() =>
      expect(screen.getByTestId('prompt-main').textContent).toBe('Процесс закрыт'),
    );
    expect(screen.queryByTestId('workflow-close')).toBeNull();
    await userEvent.click(screen.getByTestId('workflow-refresh'));
    await waitFor(() => expect(server.sent).toHaveLength(3));
    expect(server.sent[2]).toMatchObject({ action: { code: 'Refresh' } });
  });

  it('403 or 404: «Процесс недоступен» with f-0004 and a retry', async () => {
    const server = fakeServer([
      async () => result<WorkflowAnswer>(null, { errorCode: 404, status: 404, message: 'x' }),
      ok(placingBox),
    ]);
    const Screen = () => (
      <WorkflowScreen line={{ route: 'placing', workflow: 'placing' }} process={server.process} />
    );
    const view = await renderScanScreen({
      path: '/placing',
      Screen,
      namespace: ['placing', 'workflow'],
      rootTestId: 'workflow-screen',
    });
    await view.waitView('unavailable');
    expect(screen.getByTestId('prompt-error-text').textContent).toBe('Процесс недоступен');
    expect(screen.getByTestId('prompt-error-code').textContent).toBe('f-0004');
    await act(async () => screen.getByTestId('workflow-retry').click());
    await view.waitView('ready');
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Сканируйте короб или оборотную тару',
    );
  });

  it('«Состав» of a box runs the details workflow for it and returns with its notification', async () => {
    const box = {
      itemId: '31',
      kind: 'box' as const,
      barcode: '_34717-186',
      title: '_34717-186',
      subtitle: null,
      location: '4-c-02',
      quantity: 1,
      doneQuantity: 0,
      state: 'waiting' as const,
      isCurrent: false,
    };
    const waitBox = answer(
      {
        code: 'WaitBox',
        version: 2,
        prompt: {
          key: 'transitPickingAnyBox',
          params: { shipment: 'OUT-0105', done: 0, total: 4 },
        },
        expects: ['box'],
      },
      { items: [box] },
    );
    const main = fakeServer([ok(waitBox), ok(waitBox)]);
    const chooseBox = answer({
      code: 'WaitTaskSelection',
      version: 1,
      prompt: { key: 'transitDetailsBox', params: {} },
    });
    const details = fakeServer([
      ok(chooseBox),
      ok(
        answer({
          code: 'WaitItem',
          version: 2,
          prompt: {
            key: 'transitDetailsParcel',
            params: { box: '_34717-186', checked: 0, total: 6 },
          },
          expects: ['parcel'],
          options: { canCompleteTask: true },
        }),
      ),
      ok(
        answer(
          {
            code: 'WaitTaskSelection',
            version: 3,
            prompt: { key: 'transitDetailsBox', params: {} },
          },
          {
            result: {
              sounds: ['attention'],
              notification: { status: 'warning', content: 'Проверено 5 из 6, нет: P450106' },
              print: [],
            },
          },
        ),
      ),
    ]);
    const view = await renderWorkflow('cargo-picking-v2', main.process, {
      details: details.process,
    });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'OUT-0105: сканируйте любой короб задания (0 из 4)',
    );
    // The details run is a screen of its own: read the one mounted now.
    const stateNow = () => screen.getByTestId('workflow-screen').dataset.state;
    await userEvent.click(screen.getByTestId('workflow-item-details'));
    await waitFor(() => expect(stateNow()).toBe('WaitItem'));
    expect(details.sent[1]?.action).toEqual({ code: 'TaskSelected', taskId: '31' });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Короб _34717-186: сканируйте посылки (0 из 6)',
    );
    await userEvent.click(screen.getByTestId('workflow-task-complete'));
    await waitFor(() => expect(stateNow()).toBe('WaitBox'));
    expect(view.toasts()).toContainEqual({
      status: 'attention',
      content: 'Проверено 5 из 6, нет: P450106',
    });
    // Back in the v2 run: it is answered again as it stands.
    expect(main.sent.map((request) => request.action.code)).toEqual(['Refresh', 'Refresh']);
  });

  it('place to storage: the parcel’s sticker printed is marked printed; one that failed is not', async () => {
    const outcomes = [
      { status: 'printed', channel: 'local', jobId: '1' },
      { status: 'failed', channel: 'local', message: 'paper' },
    ];
    const {
      printed,
      devices,
      marked,
      mark: markStickerPrinted,
    } = printingDevices(() => outcomes.shift());
    const printState = (version: number) =>
      answer({
        code: 'WaitWhereOrPrint',
        version,
        prompt: { key: 'placeToStoragePrint', params: { parcel: 'P450013' } },
        expects: ['cell', 'parcel'],
        options: { canSkip: true, count: { min: 1, max: 5 } },
      });
    const sticker = {
      barcodeName: 'parcel' as const,
      barcodeData: [{ name: 'barcode', value: 'P450013' }],
      copies: 1,
      parcelId: 13,
    };
    const withSticker = (version: number) => ({
      ...printState(version),
      result: { sounds: ['new' as const], notification: null, print: [sticker] },
    });
    const server = fakeServer([ok(printState(3)), ok(withSticker(4)), ok(withSticker(5))]);
    await renderWorkflow('place-to-storage', server.process, {
      services: { devices },
      markStickerPrinted,
    });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Посылка P450013 без стикера: выберите, сколько стикеров напечатать',
    );
    await userEvent.click(screen.getByTestId('workflow-count-1'));
    await waitFor(() => expect(marked).toEqual([13]));
    expect(server.sent[1]?.action).toEqual({ code: 'StickerCountSelected', count: 1 });
    // The printer is given the label alone, without the parcel it names.
    expect(printed[0]).toEqual({
      barcodeName: 'parcel',
      barcodeData: [{ name: 'barcode', value: 'P450013' }],
      copies: 1,
    });
    await userEvent.click(screen.getByTestId('workflow-count-1'));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(marked).toEqual([13]);
  });

  it('WaitConfirm: one Confirm for the whole list sends ConfirmItem', async () => {
    const confirm = answer(
      {
        code: 'WaitConfirm',
        version: 9,
        prompt: {
          key: 'storagePickingConfirm',
          params: { shipment: 'OUT-0101', picked: 3, short: 1, total: 4 },
        },
        options: { canSkip: true },
      },
      {
        items: [
          {
            itemId: '21',
            kind: 'parcel',
            barcode: 'P450021',
            title: 'Фильтр масляный',
            subtitle: null,
            location: '3-c-01',
            quantity: 1,
            doneQuantity: 1,
            state: 'done',
            isCurrent: false,
          },
        ],
      },
    );
    const server = fakeServer([
      ok(confirm),
      ok(
        answer({
          code: 'WaitTaskSelection',
          version: 10,
          prompt: { key: 'storagePickingTask', params: {} },
        }),
      ),
    ]);
    const view = await renderWorkflow('parcel-picking-in-storage', server.process);
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Отгрузка OUT-0101: взято 3 из 4, пропущено 1 — подтвердите',
    );
    await userEvent.click(screen.getByTestId('workflow-confirm'));
    await waitFor(() => expect(view.stateCode()).toBe('WaitTaskSelection'));
    expect(server.sent[1]?.action).toEqual({ code: 'ConfirmItem', itemId: 'all' });
    expect(screen.getByTestId('prompt-main').textContent).toBe('Выберите отгрузку');
  });
});

describe('the workflow screen: receipt of cargo', () => {
  const place = {
    itemId: '7',
    kind: 'cargo_unit' as const,
    barcode: 'PL-0201-2',
    title: 'PL-0201-2',
    subtitle: null,
    location: null,
    quantity: 2,
    doneQuantity: 0,
    state: 'waiting' as const,
    isCurrent: true,
  };
  const measuring = answer(
    {
      code: 'WaitMeasurements',
      version: 6,
      prompt: { key: 'receiptMeasures', params: { place: 'PL-0201-2' } },
    },
    { items: [place] },
  );

  it('WaitMeasurements: .GL/.GW/.GH fill the sides, the scale the weight; ConfirmItem in grams', async () => {
    const devices = {
      load: async () => ({ readStableWeight: async () => 4.25 }),
    } as unknown as ShellServices['devices'];
    const server = fakeServer([ok(measuring), ok(measuring)]);
    const view = await renderWorkflow('receipt-cargo', server.process, { services: { devices } });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'PL-0201-2: измерьте место (.GL/.GW/.GH или вручную) и взвесьте',
    );
    await view.scan('.GL50');
    await view.scan('.GW40,5');
    await view.scan('.GH30');
    // The measure scans are the form's: nothing was sent for them.
    expect(server.sent).toHaveLength(1);
    expect((screen.getByTestId('workflow-measure-width') as HTMLInputElement).value).toBe('40.5');
    expect(screen.getByTestId('workflow-measure-submit')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByTestId('workflow-measure-scale'));
    await waitFor(() =>
      expect((screen.getByTestId('workflow-measure-weight') as HTMLInputElement).value).toBe(
        '4.25',
      ),
    );
    await userEvent.click(screen.getByTestId('workflow-measure-submit'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.action).toEqual({
      code: 'ConfirmItem',
      itemId: '7',
      measure: { lengthCm: 50, widthCm: 40.5, heightCm: 30, weightGrams: 4250 },
    });
  });

  it('marks a supply detail stickered once its label is printed', async () => {
    const printing = printingDevices(() => ({ status: 'printed', channel: 'local', jobId: '1' }));
    const { printed, devices, marked, mark: markDetailStickered } = printing;
    const sticker = (version: number) =>
      answer({
        code: 'WaitPickingSticker',
        version,
        prompt: { key: 'receiptSticker', params: { place: 'PL-0201-1' } },
        expects: ['sku'],
        options: { canSkip: true },
      });
    const label = {
      barcodeName: 'inbound-detail' as const,
      barcodeData: [{ name: 'barcode', value: 'P460001' }],
      copies: 1,
      inboundDetailId: 41,
    };
    const server = fakeServer([
      ok(sticker(3)),
      ok({ ...sticker(4), result: { sounds: [], notification: null, print: [label] } }),
    ]);
    const view = await renderWorkflow('receipt-cargo', server.process, {
      services: { devices },
      markDetailStickered,
    });
    await view.scan('09283-45012');
    await waitFor(() => expect(marked).toEqual([41]));
    expect(printed).toEqual([
      {
        barcodeName: 'inbound-detail',
        barcodeData: [{ name: 'barcode', value: 'P460001' }],
        copies: 1,
      },
    ]);
  });
});
