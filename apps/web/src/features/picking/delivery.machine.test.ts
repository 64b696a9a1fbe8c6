import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type {
  TDeliveryCreated,
  TDeliveryItem,
  TDimension,
  TEndResult,
  TPickingDeliveryResult,
  TPickingInfo,
} from '@sorting/contracts';
import type { CallResult, PortInput } from '../../lib/api-client';
import { formatDecimal } from '../../lib/number-format';
import { result } from '../../test/call-result';
import { createCoverage } from '../../test/machine-graph';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { pickingClient, pickingInfo } from './picking.fixture';
import {
  DELIVERY_CODES,
  deliveryMachine,
  isMeasuringComplete,
  measureOf,
  type DeliveryError,
  type DeliveryEvent,
} from './delivery.machine';
import type { DeliveryPorts } from './delivery.model';

type Ask<K extends keyof DeliveryPorts> = PortInput<DeliveryPorts[K]>;

// Model-based tests of delivery to a recipient (conventions §4; spec part 2 §2 Delivery steps,
// §4 Delivery flow, §8 delivery.store): event sequences from the start against a
// fake server that behaves like apps/server's delivery-api (demo recipient R-1012 with 3
// parcels); together they visit every state node, fire every transition and every code.

type Failure = 'network' | 'refused';
type CallName = 'info' | 'items' | 'create' | 'measure' | 'finish' | 'end' | 'dimension';

const PICKING_ID = 7;

function emptyItem(deliveryId: number, position: number, count: number): TDeliveryItem {
  return {
    deliveryItemId: 100 + position,
    barcode: `DLV${deliveryId}-${String(position).padStart(2, '0')}`,
    positionNumber: position,
    description: `Место ${position} из ${count}`,
    measure: { height: null, width: null, length: null, weight: null },
  };
}

function createFakeServer() {
  let deliveryId: number | null = null;
  let items: TDeliveryItem[] = [];
  let isFinished = false;
  let hasPicking = true;
  const failOnce: Partial<Record<CallName, Failure>> = {};
  const calls: Record<CallName, unknown[]> = {
    info: [],
    items: [],
    create: [],
    measure: [],
    finish: [],
    end: [],
    dimension: [],
  };
  const printed: PrintRequest[] = [];
  let printFailAt: number | null = null;
  let printer: 'ok' | 'none' | 'broken' = 'ok';
  let weight: number | null = 2.345;
  const take = (name: CallName, input: unknown) => {
    calls[name].push(input);
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  const failed = <T>(failure: Failure, message: string): Promise<CallResult<T>> =>
    failure === 'network'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(result<T>(null, { errorCode: 1, message }));
  const info = (): TPickingInfo =>
    pickingInfo(
      pickingClient('R-1012', 'Фёдоров Дмитрий', {
        parcelsCount: 3,
        deliveryType: 'COURIER',
        warehouseCodeTo: 'PDL-WH2',
        addressTo: 'Подольск, ул. Садовая, 5',
      }),
      {
        Pickings: hasPicking ? [{ PickingId: PICKING_ID, DeliveryId: deliveryId }] : [],
        PickingId: hasPicking ? PICKING_ID : null,
        DeliveryId: deliveryId,
        IsOwnPicking: true,
      },
    );
  return {
    calls,
    printed,
    items: () => items,
    failNext(name: CallName, failure: Failure) {
      failOnce[name] = failure;
    },
    withDelivery(measured: boolean) {
      deliveryId = 12;
      items = [1, 2].map((position) => emptyItem(12, position, 2));
      if (measured && items[0]) {
        items[0] = { ...items[0], measure: { height: 10, width: 20, length: 30, weight: 500 } };
      }
    },
    noPicking() {
      hasPicking = false;
    },
    failPrintAt(index: number | null) {
      printFailAt = index;
    },
    /** A delivery whose packages are gone (an empty list): START again. */
    emptyDelivery() {
      deliveryId = 12;
      items = [];
    },
    breakPrinter() {
      printer = 'broken';
    },
    noPrinter() {
      printer = 'none';
    },
    noWeight() {
      weight = null;
    },
    scaleReads(kg: number) {
      weight = kg;
    },
    ports: {
      info: async (code: string) => {
        const failure = take('info', code);
        if (failure) return failed<TPickingInfo>(failure, 'Сбой');
        return result(info());
      },
      items: async (id: number) => {
        const failure = take('items', id);
        if (failure) return failed<TDeliveryItem[]>(failure, 'Доставка не найдена');
        return result(items.map((item) => ({ ...item })));
      },
      create: async (input: Ask<'create'>) => {
        const failure = take('create', input);
        if (failure) return failed<TDeliveryCreated>(failure, 'Нет тарифа');
        deliveryId = 12;
        items = Array.from({ length: input.itemsCount }, (_, index) =>
          emptyItem(12, index + 1, input.itemsCount),
        );
        return result<TDeliveryCreated>({
          deliveryId,
          warehouseCodeFrom: 'MSK-SC1',
          warehouseCodeTo: 'PDL-WH2',
          addressFrom: 'Москва',
          addressTo: 'Подольск, ул. Садовая, 5',
          sendDate: '2026-03-02',
          recipientCode: 'R-1012',
          recipientName: 'Фёдоров Дмитрий',
          pickingId: input.externalCode,
          state: 'CREATED',
          items,
        });
      },
      measure: async (input: Ask<'measure'>) => {
        const failure = take('measure', input);
        if (failure) return failed<TDeliveryItem>(failure, 'Доставка завершена');
        const found = items.find((item) => item.deliveryItemId === input.deliveryItemId);
        if (!found) return result<TDeliveryItem>(null, { errorCode: 104, message: 'Нет места' });
        const { height, width, length, weight: grams } = input;
        const saved = { ...found, measure: { height, width, length, weight: grams } };
        items = items.map((item) => (item === found ? saved : item));
        return result(saved);
      },
      finish: async (input: Ask<'finish'>) => {
        const failure = take('finish', input);
        if (failure) return failed<TPickingDeliveryResult>(failure, 'Не измерены места: 2');
        if (input.deliveryId === undefined) deliveryId = null;
        else isFinished = true;
        return result<TPickingDeliveryResult>({
          pickingId: input.pickingId,
          deliveryId: input.deliveryId ?? null,
          outcome: input.deliveryId === undefined ? 'skipped' : 'finished',
        });
      },
      end: async (input: Ask<'end'>) => {
        const failure = take('end', input);
        if (failure) return failed<TEndResult>(failure, 'Не собрано ни одной посылки');
        expect(isFinished).toBe(true);
        return result<TEndResult>({
          pickingId: input.PickingId,
          state: 'PROCESSED',
          handedOut: ['P400101', 'P400102', 'P400103'],
          waiting: [],
          cashOnDelivery: 0,
        });
      },
      dimension: async (barcode: string) => {
        const failure = take('dimension', barcode);
        if (failure) return failed<TDimension>(failure, 'Нет');
        if (barcode !== 'DIM-S') {
          return result<TDimension>(null, { errorCode: 104, message: 'Не найден' });
        }
        return result<TDimension>({
          DimensionId: 1,
          Name: 'Малый',
          Barcode: 'DIM-S',
          Length: 20,
          Width: 15,
          Height: 10,
          WarehouseCode: null,
          IsCommon: true,
        });
      },
      readWeight: async () => {
        if (weight === null) throw new Error('unstable');
        return weight;
      },
      print: async (request: PrintRequest): Promise<PrintOutcome> => {
        if (printer === 'none') return { status: 'unavailable' };
        if (printer === 'broken') {
          printer = 'ok';
          throw new Error('the device runtime failed to load');
        }
        if (printFailAt !== null && printed.length === printFailAt) {
          printFailAt = null;
          return { status: 'failed', channel: 'local', message: 'Замятие' };
        }
        printed.push(request);
        return { status: 'printed', channel: 'local', jobId: `job-${printed.length}` };
      },
    },
  };
}

const coverage = createCoverage(deliveryMachine);
const firedCodes = new Set<string>();

function start(
  prepare?: (server: ReturnType<typeof createFakeServer>) => void,
  recipientCode: string | null = 'R-1012',
) {
  const server = createFakeServer();
  prepare?.(server);
  const errors: DeliveryError[] = [];
  const paths: string[] = [];
  const printedToasts: number[] = [];
  let forgotten = 0;
  let operation = 0;
  const actor = createActor(deliveryMachine, {
    input: {
      pickingId: PICKING_ID,
      recipientCode,
      ports: {
        ...server.ports,
        createOperationId: () => `op-${++operation}`,
        decimalText: (value) => formatDecimal(value, 'ru', 3),
        forgetRecipient: () => {
          forgotten += 1;
        },
        navigate: (path) => paths.push(path),
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyPrinted: (count) => {
          printedToasts.push(count);
          firedCodes.add('f-0014');
        },
      },
    },
    inspect: coverage.inspect,
  });
  actor.start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('busy'), { timeout: 2000 });
  const view = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  };
  return {
    actor,
    server,
    errors,
    paths,
    printedToasts,
    forgotten: () => forgotten,
    view,
    context: () => actor.getSnapshot().context,
    async send(...events: (DeliveryEvent | string)[]) {
      await settled();
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return view();
    },
  };
}

/** The inline error of the prompt line (print problems are toasted by the printer). */
function inlineCode(s: ReturnType<typeof start>): string | undefined {
  const code = s.context().error?.code;
  if (code) firedCodes.add(code);
  return code;
}

describe('delivery machine: entry', () => {
  it('f-0003 without the picking (or without a recipient): back to /picking', async () => {
    const s = start((server) => server.noPicking());
    expect(await s.send()).toBe('noPicking');
    expect(s.errors).toEqual([{ code: 'f-0003', message: null }]);
    expect(s.paths).toEqual(['/picking']);
    const none = start(undefined, null);
    expect(await none.send()).toBe('noPicking');
    expect(none.server.calls.info).toEqual([]);
  });

  it('f-0004 when info fails (refused or no answer); retry, or back', async () => {
    const s = start((server) => server.failNext('info', 'refused'));
    expect(await s.send()).toBe('infoFailed');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0004', message: 'Сбой' });
    s.server.failNext('info', 'network');
    expect(await s.send({ type: 'RETRY' })).toBe('infoFailed');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0004', message: null });
    expect(await s.send({ type: 'RETRY' })).toBe('start');
    const back = start((server) => server.failNext('info', 'network'));
    expect(await back.send({ type: 'BACK' })).toBe('left');
    expect(back.paths).toEqual(['/picking']);
  });

  it('a delivery id loads the packages: f-0001 refused, f-0002 no answer; STICKERING or LIST', async () => {
    const s = start((server) => {
      server.withDelivery(false);
      server.failNext('items', 'refused');
    });
    expect(await s.send()).toBe('itemsFailed');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: 'Доставка не найдена' });
    s.server.failNext('items', 'network');
    expect(await s.send({ type: 'RETRY' })).toBe('itemsFailed');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0002', message: null });
    expect(await s.send({ type: 'RETRY' })).toBe('stickering');
    expect(await s.send({ type: 'BACK' })).toBe('stickering');
    const measured = start((server) => server.withDelivery(true));
    expect(await measured.send()).toBe('list');
    const empty = start((server) => server.emptyDelivery());
    expect(await empty.send()).toBe('start');
    const back = start((server) => {
      server.withDelivery(false);
      server.failNext('items', 'network');
    });
    expect(await back.send({ type: 'BACK' })).toBe('left');
  });
});

describe('delivery machine: START', () => {
  it('defaults to the parcels count, refuses a bad count, f-0005/f-0006, then STICKERING', async () => {
    const s = start();
    expect(await s.send()).toBe('start');
    expect(s.context().packagesCount).toBe('3');
    await s.send({ type: 'COUNT_CHANGED', value: '0' }, { type: 'CREATE' });
    expect(s.context().measureProblem).toBe('count');
    expect(s.server.calls.create).toEqual([]);
    await s.send({ type: 'COUNT_CHANGED', value: '100' }, { type: 'CREATE' });
    expect(s.server.calls.create).toEqual([]);
    await s.send({ type: 'COUNT_CHANGED', value: '3' });
    s.server.failNext('create', 'refused');
    expect(await s.send({ type: 'CREATE' })).toBe('start');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0005', message: 'Нет тарифа' });
    s.server.failNext('create', 'network');
    expect(await s.send({ type: 'CREATE' })).toBe('start');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0006', message: null });
    expect(await s.send({ type: 'CREATE' })).toBe('stickering');
    expect(s.context().items.map((item) => item.barcode)).toEqual([
      'DLV12-01',
      'DLV12-02',
      'DLV12-03',
    ]);
  });

  it('skips: f-0007/f-0008, then the pick-up page', async () => {
    const s = start();
    s.server.failNext('finish', 'refused');
    expect(await s.send({ type: 'SKIP' })).toBe('start');
    expect(s.errors.at(-1)?.code).toBe('f-0007');
    s.server.failNext('finish', 'network');
    expect(await s.send({ type: 'SKIP' })).toBe('start');
    expect(s.errors.at(-1)?.code).toBe('f-0008');
    expect(await s.send({ type: 'SKIP' })).toBe('left');
    expect(s.server.calls.finish.at(-1)).not.toHaveProperty('deliveryId');
    expect(s.paths).toEqual(['/picking/pickup/R-1012']);
  });
});

describe('delivery machine: STICKERING, MEASURING, LIST, END', () => {
  it('prints every sticker, stops at a failure and reprints from it; no printer is f-0013', async () => {
    const s = start();
    await s.send({ type: 'CREATE' });
    s.server.noPrinter();
    expect(await s.send({ type: 'PRINT' })).toBe('stickering');
    expect(inlineCode(s)).toBe('f-0013');
    const broken = start((server) => server.breakPrinter());
    await broken.send({ type: 'CREATE' });
    expect(await broken.send({ type: 'PRINT' })).toBe('stickering');
    expect(broken.errors.at(-1)).toEqual({ code: 'f-0015', message: null });
    const p = start((server) => server.failPrintAt(1));
    await p.send({ type: 'CREATE' });
    expect(await p.send({ type: 'PRINT' })).toBe('stickering');
    expect(p.errors.at(-1)).toEqual({ code: 'f-0015', message: 'Замятие' });
    expect(p.server.printed.map((job) => job.barcodeData[0]?.value)).toEqual(['DLV12-01']);
    expect(await p.send({ type: 'PRINT' })).toBe('stickering');
    expect(p.server.printed.map((job) => job.barcodeData[0]?.value)).toEqual([
      'DLV12-01',
      'DLV12-02',
      'DLV12-03',
    ]);
    expect(p.printedToasts).toEqual([3]);
    expect(p.server.printed[2]).toEqual({
      barcodeName: 'delivery-package',
      barcodeData: [
        { name: 'barcode', value: 'DLV12-03' },
        { name: 'place', value: '3/3' },
        { name: 'client', value: 'Фёдоров Дмитрий' },
        { name: 'delivery', value: '12' },
        { name: 'destination', value: 'Подольск, ул. Садовая, 5' },
        { name: 'date', value: '2026-03-02' },
      ],
    });
  });

  it('measures by scans, a dimension type, the scale and typing; refuses bad values inline', async () => {
    const s = start();
    await s.send({ type: 'CREATE' });
    // A package (its button or its scan) opens its measuring; cancel goes back to STICKERING.
    expect(await s.send({ type: 'MEASURE', itemId: 102 })).toBe('measuring');
    expect(await s.send({ type: 'CANCEL' })).toBe('stickering');
    expect(await s.send('DLV12-01')).toBe('measuring');
    expect(await s.send({ type: 'CANCEL' })).toBe('stickering');
    expect(await s.send('DLV12-01', '.GL30', '.GW20,5', '.GH10', { type: 'READ_WEIGHT' })).toBe(
      'measuring',
    );
    // The ru interface's decimal comma, for scans and the scale alike.
    expect(s.context().measure).toMatchObject({
      length: '30',
      width: '20,5',
      height: '10',
      weight: '2,345',
    });
    s.server.failNext('measure', 'refused');
    expect(await s.send({ type: 'SAVE' })).toBe('measuring');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0009', message: 'Доставка завершена' });
    s.server.failNext('measure', 'network');
    await s.send({ type: 'SAVE' });
    expect(s.errors.at(-1)).toEqual({ code: 'f-0010', message: null });
    // Saved: numbers, weight × 1000; STICKERING → LIST.
    expect(await s.send({ type: 'SAVE' })).toBe('list');
    expect(s.server.calls.measure.at(-1)).toMatchObject({
      length: 30,
      width: 20.5,
      height: 10,
      weight: 2345,
    });
    // A dimension type fills the three sides; an unknown one is an inline error.
    await s.send({ type: 'MEASURE', itemId: 102 }, 'DIM-X');
    expect(s.context().measureProblem).toBe('dimensionNotFound');
    s.server.failNext('dimension', 'network');
    await s.send('DIM-S');
    expect(s.context().measureProblem).toBe('dimensionNotFound');
    await s.send('DIM-S');
    expect(s.context().measure).toMatchObject({ length: '20', width: '15', height: '10' });
    // Weight 0 refused inline, nothing sent; sides out of bounds too.
    const sent = s.server.calls.measure.length;
    await s.send({ type: 'FIELD_CHANGED', field: 'weight', value: '0' }, { type: 'SAVE' });
    expect(s.context().measureProblem).toBe('weight');
    await s.send({ type: 'FIELD_CHANGED', field: 'length', value: '10001' }, { type: 'SAVE' });
    expect(s.context().measureProblem).toBe('sides');
    expect(s.server.calls.measure).toHaveLength(sent);
    s.server.noWeight();
    await s.send({ type: 'READ_WEIGHT' });
    expect(s.context().measureProblem).toBe('scale');
    await s.send(
      { type: 'FIELD_CHANGED', field: 'length', value: '20' },
      { type: 'FIELD_CHANGED', field: 'weight', value: '1,2' },
    );
    expect(await s.send({ type: 'SAVE' })).toBe('list');
    expect(s.server.calls.measure.at(-1)).toMatchObject({ length: 20, weight: 1200 });
    // Finish needs every package's sides; a scanned package opens it from LIST.
    expect(await s.send({ type: 'FINISH' })).toBe('list');
    expect(s.server.calls.finish).toEqual([]);
    await s.send('DLV12-03', { type: 'FIELD_CHANGED', field: 'length', value: '1' });
    await s.send(
      { type: 'FIELD_CHANGED', field: 'width', value: '1' },
      { type: 'FIELD_CHANGED', field: 'height', value: '1' },
      { type: 'FIELD_CHANGED', field: 'weight', value: '0.1' },
    );
    expect(await s.send({ type: 'SAVE' })).toBe('list');
    await s.send({ type: 'PRINT' });
    expect(s.view()).toBe('list');
    s.server.failNext('finish', 'refused');
    expect(await s.send({ type: 'FINISH' })).toBe('list');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0007', message: 'Не измерены места: 2' });
    s.server.failNext('finish', 'network');
    await s.send({ type: 'FINISH' });
    expect(s.errors.at(-1)?.code).toBe('f-0008');
    expect(await s.send({ type: 'FINISH' })).toBe('left');
    expect(s.paths).toEqual(['/picking/pickup/R-1012']);
  });

  it('ends from LIST: finish then end (f-0011/f-0012), END, back to /picking', async () => {
    const s = start((server) => server.withDelivery(true));
    await s.send({ type: 'MEASURE', itemId: 102 }, '.GL1', '.GW1', '.GH1');
    await s.send({ type: 'FIELD_CHANGED', field: 'weight', value: '1' }, { type: 'SAVE' });
    s.server.failNext('end', 'refused');
    expect(await s.send({ type: 'END_PICKING' })).toBe('list');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0011', message: 'Не собрано ни одной посылки' });
    s.server.failNext('end', 'network');
    expect(await s.send({ type: 'END_PICKING' })).toBe('list');
    expect(s.errors.at(-1)?.code).toBe('f-0012');
    expect(await s.send({ type: 'END_PICKING' })).toBe('end');
    expect(s.context().ended?.handedOut).toHaveLength(3);
    expect(s.forgotten()).toBe(1);
    expect(await s.send({ type: 'BACK' })).toBe('left');
    expect(s.paths).toEqual(['/picking']);
  });
});

describe('delivery machine: the interface decimals', () => {
  it('the scale fills 1,25 in ru (not «1.25»), and it is saved as 1250 g', async () => {
    const s = start((server) => server.withDelivery(true));
    s.server.scaleReads(1.25);
    await s.send({ type: 'MEASURE', itemId: 102 }, '.GL30', '.GW20', '.GH10', {
      type: 'READ_WEIGHT',
    });
    expect(s.context().measure?.weight).toBe('1,25');
    expect(await s.send({ type: 'SAVE' })).toBe('list');
    expect(s.server.calls.measure.at(-1)).toMatchObject({ weight: 1250 });
    // Opened again, the form shows the saved weight the same way.
    await s.send({ type: 'MEASURE', itemId: 102 });
    expect(s.context().measure).toMatchObject({ weight: '1,25', length: '30' });
  });
});

describe('delivery machine: model coverage', () => {
  it('knows complete measuring and the bounds', () => {
    expect(isMeasuringComplete([])).toBe(false);
    const form = { itemId: 1, length: '1', width: '1', height: '1', weight: '1000' };
    expect(measureOf(form)).toEqual({ length: 1, width: 1, height: 1, weight: 1_000_000 });
    expect(measureOf({ ...form, weight: '1000.001' })).toBe('weight');
    expect(measureOf({ ...form, height: '' })).toBe('sides');
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });

  it('every code of delivery.store fired', () => {
    expect(DELIVERY_CODES.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
