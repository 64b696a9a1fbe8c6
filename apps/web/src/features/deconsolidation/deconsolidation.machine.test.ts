import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { TDeconsolidated, TDeconsolidationBox } from '@sorting/contracts';
import { result } from '../../test/call-result';
import { BOX } from './deconsolidation.fixture';
import { createCoverage } from '../../test/machine-graph';
import { startMachine } from '../../test/machine-harness';
import {
  DECONSOLIDATION_CODES,
  LOADER_DELAY_MS,
  deconsolidationMachine,
  totalWeightGrams,
  type CallResult,
  type DeconsolidationError,
} from './deconsolidation.machine';

// Model-based tests of the deconsolidation screen (conventions §4; spec part 2 §2, §4, §8):
// event sequences from the start against a fake server that behaves like apps/server's
// deconsolidating-api (a box by cell or box barcode, 104 elsewhere, the unpacking once);
// together they visit every state node, fire every transition and every code (last tests).

type Failure = 'network' | 'refused';

function createFakeServer() {
  let packed = true;
  const failOnce: Partial<Record<'load' | 'delete', Failure>> = {};
  const calls: { load: string[]; delete: { cell: string; operationId: string }[] } = {
    load: [],
    delete: [],
  };
  let hold: Promise<void> | null = null;
  const take = (name: 'load' | 'delete') => {
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  const failed = <T>(failure: Failure, message: string): Promise<CallResult<T>> =>
    failure === 'network'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(result<T>(null, { errorCode: 104, message }));
  return {
    calls,
    failNext(name: 'load' | 'delete', failure: Failure) {
      failOnce[name] = failure;
    },
    /** The next load answers only once `release` is called. */
    holdNext() {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    ports: {
      loadBox: async ({ barcode }: { warehouseCode: string; barcode: string }) => {
        calls.load.push(barcode);
        if (hold) {
          const waiting = hold;
          hold = null;
          await waiting;
        }
        const failure = take('load');
        if (failure) return failed<TDeconsolidationBox>(failure, 'Сбой');
        const isOurs = barcode === BOX.CellBarcode || barcode === BOX.Barcode;
        return isOurs && packed
          ? result(BOX)
          : result<TDeconsolidationBox>(null, {
              errorCode: 104,
              message: `Консолидация ${barcode} не найдена`,
            });
      },
      deconsolidate: ({
        cellBarcode,
        operationId,
      }: {
        cellBarcode: string;
        operationId: string;
      }) => {
        calls.delete.push({ cell: cellBarcode, operationId });
        const failure = take('delete');
        if (failure) return failed<TDeconsolidated>(failure, 'Ячейка занята');
        packed = false;
        return Promise.resolve(
          result<TDeconsolidated>({
            BoxId: BOX.BoxId,
            Barcode: BOX.Barcode,
            CellBarcode: cellBarcode,
            ParcelsCount: BOX.Details.length,
          }),
        );
      },
    },
  };
}

const coverage = createCoverage(deconsolidationMachine);
const firedCodes = new Set<string>();

function start(warehouseCode: string | null = '34717') {
  const server = createFakeServer();
  const errors: DeconsolidationError[] = [];
  const done: { box: string; count: number }[] = [];
  let operation = 0;
  const machine = startMachine(
    deconsolidationMachine,
    {
      warehouseCode,
      ports: {
        ...server.ports,
        createOperationId: () => `op-${++operation}`,
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyDone: (notice) => done.push(notice),
      },
    },
    coverage.inspect,
  );
  return { ...machine, server, errors, done };
}

describe('deconsolidation machine: waiting', () => {
  it('loads a box by its cell, and by its barcode', async () => {
    const s = start();
    expect(s.view()).toBe('waiting');
    expect(await s.send('=34717-7-a-01')).toBe('info');
    expect(s.context().box).toEqual(BOX);
    expect(s.server.calls.load).toEqual(['=34717-7-a-01']);
    expect(await s.send({ type: 'CANCEL' })).toBe('waiting');
    expect(s.context().box).toBeNull();
    expect(await s.send('  _34717-111\r')).toBe('info');
    expect(s.server.calls.load.at(-1)).toBe('_34717-111');
    expect(s.errors).toEqual([]);
  });

  it('ignores an empty scan; another kind is store.a-000 naming what to scan', async () => {
    const s = start();
    expect(await s.send('  ')).toBe('waiting');
    expect(await s.send('P420001')).toBe('waiting');
    expect(s.errors).toEqual([{ code: 'store.a-000', message: null, isWrongKind: true }]);
    expect(s.server.calls.load).toEqual([]);
    // The next good scan clears the error line.
    expect(await s.send('=34717-7-a-01')).toBe('info');
    expect(s.context().error).toBeNull();
  });

  it('answers store.a-001 with the server message where no box is, a-000 without an answer', async () => {
    const s = start(null);
    expect(s.context().warehouseCode).toBe('');
    expect(await s.send('=34717-7-a-05')).toBe('waiting');
    expect(s.errors.at(-1)).toEqual({
      code: 'store.a-001',
      barcode: '=34717-7-a-05',
      message: 'Консолидация =34717-7-a-05 не найдена',
    });
    s.server.failNext('load', 'network');
    expect(await s.send('=34717-7-a-01')).toBe('waiting');
    expect(s.errors.at(-1)).toEqual({ code: 'store.a-000', message: null });
  });

  it('is busy while loading and shows the loader only after the delay', async () => {
    const s = start();
    const release = s.server.holdNext();
    s.actor.send({ type: 'SCANNED', text: '=34717-7-a-01' });
    expect(s.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(s.actor.getSnapshot().hasTag('loader')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, LOADER_DELAY_MS + 30));
    expect(s.actor.getSnapshot().hasTag('loader')).toBe(true);
    // A scan while busy is no event of the loading state (useMachineScans waits).
    s.actor.send({ type: 'SCANNED', text: '=34717-7-a-02' });
    release();
    await waitFor(s.actor, (state) => !state.hasTag('busy'));
    expect(s.view()).toBe('info');
    expect(s.server.calls.load).toEqual(['=34717-7-a-01']);
  });
});

describe('deconsolidation machine: info, confirm, close', () => {
  it('ignores scans while a box is shown (spec part 2 §4)', async () => {
    const s = start();
    await s.send('=34717-7-a-01');
    expect(await s.send('=34717-7-a-02', '_34717-112', 'P1')).toBe('info');
    expect(s.server.calls.load).toHaveLength(1);
    expect(s.errors).toEqual([]);
  });

  it('asks, unpacks by the box cell with one operation id, then closes with ok-new', async () => {
    const s = start();
    await s.send('_34717-111');
    expect(await s.send({ type: 'DECONSOLIDATE' })).toBe('confirm');
    expect(await s.send('=34717-7-a-02')).toBe('confirm');
    expect(await s.send({ type: 'CANCELLED' })).toBe('info');
    expect(await s.send({ type: 'DECONSOLIDATE' }, { type: 'CONFIRMED' })).toBe('close');
    expect(s.server.calls.delete).toEqual([{ cell: '=34717-7-a-01', operationId: 'op-2' }]);
    expect(s.done).toEqual([{ box: '_34717-111', count: 2 }]);
    expect(s.context().done).toMatchObject({ ParcelsCount: 2, Barcode: '_34717-111' });
    expect(await s.send({ type: 'NEXT' })).toBe('waiting');
    expect(s.context().done).toBeNull();
  });

  it('answers store.a-002 with the server message; a retry replays the same operation', async () => {
    const s = start();
    await s.send('=34717-7-a-01', { type: 'DECONSOLIDATE' });
    s.server.failNext('delete', 'refused');
    expect(await s.send({ type: 'CONFIRMED' })).toBe('info');
    expect(s.errors.at(-1)).toEqual({
      code: 'store.a-002',
      cell: '=34717-7-a-01',
      message: 'Ячейка занята',
    });
    s.server.failNext('delete', 'network');
    expect(await s.send({ type: 'DECONSOLIDATE' }, { type: 'CONFIRMED' })).toBe('info');
    expect(s.errors.at(-1)).toEqual({ code: 'store.a-000', message: null });
    expect(s.server.calls.delete.map((call) => call.operationId)).toEqual(['op-1', 'op-2']);
  });

  it('goes on from close with a new scan; an empty one is ignored, another kind refused', async () => {
    const s = start();
    await s.send('=34717-7-a-01', { type: 'DECONSOLIDATE' }, { type: 'CONFIRMED' });
    expect(await s.send('')).toBe('close');
    // The unpacked box is gone: its scan loads and fails (a-001).
    expect(await s.send('_34717-111')).toBe('waiting');
    expect(s.errors.at(-1)?.code).toBe('store.a-001');
    await s.send('=34717-7-a-01');
    expect(s.view()).toBe('waiting');
    const t = start();
    await t.send('=34717-7-a-01', { type: 'DECONSOLIDATE' }, { type: 'CONFIRMED' });
    expect(await t.send('~W1001-7KQ2')).toBe('waiting');
    expect(t.errors.at(-1)).toMatchObject({ code: 'store.a-000', isWrongKind: true });
  });
});

describe('deconsolidation machine: model coverage', () => {
  it('sums the weighed parcels only', () => {
    expect(totalWeightGrams(BOX)).toBe(1449);
    expect(totalWeightGrams({ ...BOX, Details: [] })).toBeNull();
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.transitionCount()).toBeGreaterThan(15);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });

  it('every code of the deconsolidation catalogue fired', () => {
    expect(DECONSOLIDATION_CODES.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
