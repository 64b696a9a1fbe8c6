import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { TVisionFragment } from '@sorting/contracts';
import { result } from '../../test/call-result';
import { createCoverage } from '../../test/machine-graph';
import { startMachine } from '../../test/machine-harness';
import {
  LOADER_DELAY_MS,
  VISION_CODES,
  visionMachine,
  type CallResult,
  type VisionError,
} from './vision.machine';

// Model-based tests of the vision screen (conventions §4; spec part 2 §2, §4, §7): event
// sequences from the start against a fake server that behaves like apps/server's vision call
// (a known unit's history, 104 for an unknown barcode); together they visit every state node,
// fire every transition and every code (last tests).

type History = CallResult<{ visionFragments: TVisionFragment[] }>;

const MOVED: TVisionFragment = {
  eventId: 12,
  dateUtc: '2026-11-26T10:00:00.000Z',
  kind: 'parcel.moved',
  userId: 3,
  userName: 'Иванов Иван',
  warehouseNumber: 34717,
  parcelNumber: 'P100001',
  boxNumber: 5,
  cellName: '1-a-01',
  comment: null,
  workflow: null,
};

function createFakeServer() {
  const histories: Record<string, TVisionFragment[]> = { P100001: [MOVED], '_34717-9': [] };
  const calls: { warehouse: string; barcode: string }[] = [];
  let failNext: 'network' | null = null;
  let hold: Promise<void> | null = null;
  return {
    calls,
    failNextWithoutAnswer() {
      failNext = 'network';
    },
    holdNext() {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    loadHistory: async (input: { warehouse: string; barcode: string }): Promise<History> => {
      calls.push(input);
      if (hold) {
        const waiting = hold;
        hold = null;
        await waiting;
      }
      if (failNext) {
        failNext = null;
        throw new TypeError('Failed to fetch');
      }
      const fragments = histories[input.barcode];
      return fragments
        ? result({ visionFragments: fragments })
        : result<{ visionFragments: TVisionFragment[] }>(null, {
            errorCode: 104,
            message: `Единица ${input.barcode} не найдена`,
          });
    },
  };
}

const coverage = createCoverage(visionMachine);
const firedCodes = new Set<string>();

function start(warehouseCode: string | null = '34717') {
  const server = createFakeServer();
  const errors: VisionError[] = [];
  const found: { barcode: string; count: number }[] = [];
  const machine = startMachine(
    visionMachine,
    {
      warehouseCode,
      ports: {
        loadHistory: server.loadHistory,
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyFound: (notice) => found.push(notice),
      },
    },
    coverage.inspect,
  );
  return { ...machine, server, errors, found };
}

describe('vision machine', () => {
  it('looks a scanned parcel up in the user warehouse and shows its history', async () => {
    const s = start();
    expect(s.view()).toBe('scanVisionUnits');
    expect(await s.send('  P100001\r')).toBe('visionUnitInfo');
    expect(s.server.calls).toEqual([{ warehouse: '34717', barcode: 'P100001' }]);
    expect(s.context().unit).toEqual({ barcode: 'P100001', fragments: [MOVED] });
    expect(s.found).toEqual([{ barcode: 'P100001', count: 1 }]);
    expect(s.errors).toEqual([]);
  });

  it('ignores empty scans in both views', async () => {
    const s = start();
    expect(await s.send(' ')).toBe('scanVisionUnits');
    await s.send('P100001');
    expect(await s.send('')).toBe('visionUnitInfo');
    expect(s.server.calls).toHaveLength(1);
  });

  it('a known unit without events shows an empty history', async () => {
    const s = start();
    expect(await s.send('_34717-9')).toBe('visionUnitInfo');
    expect(s.context().unit).toEqual({ barcode: '_34717-9', fragments: [] });
  });

  it('answers store.v-001 with the server message for an unknown unit, v-000 without an answer', async () => {
    const s = start(null);
    expect(s.context().warehouseCode).toBe('');
    expect(await s.send('P999')).toBe('scanVisionUnits');
    expect(s.errors.at(-1)).toEqual({
      code: 'store.v-001',
      barcode: 'P999',
      message: 'Единица P999 не найдена',
    });
    s.server.failNextWithoutAnswer();
    expect(await s.send('P100001')).toBe('scanVisionUnits');
    expect(s.errors.at(-1)).toEqual({ code: 'store.v-000', barcode: 'P100001', message: null });
    // The next good scan clears the error line.
    expect(await s.send('P100001')).toBe('visionUnitInfo');
    expect(s.context().error).toBeNull();
  });

  it('a scan on the history looks the next unit up; a failed one drops the shown unit', async () => {
    const s = start();
    await s.send('P100001');
    expect(await s.send('_34717-9')).toBe('visionUnitInfo');
    expect(s.context().unit?.barcode).toBe('_34717-9');
    expect(await s.send('P404')).toBe('scanVisionUnits');
    expect(s.context().unit).toBeNull();
    await s.send('P100001');
    s.server.failNextWithoutAnswer();
    expect(await s.send('P100001')).toBe('scanVisionUnits');
    expect(s.context().unit).toBeNull();
  });

  it('a new search goes back to the scan view', async () => {
    const s = start();
    await s.send('P100001');
    expect(await s.send({ type: 'NEW_SEARCH' })).toBe('scanVisionUnits');
    expect(s.context().unit).toBeNull();
    expect(s.context().barcode).toBeNull();
  });

  it('is busy while loading and shows the loader only after the delay', async () => {
    const s = start();
    const release = s.server.holdNext();
    s.actor.send({ type: 'SCANNED', text: 'P100001' });
    expect(s.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(s.actor.getSnapshot().hasTag('loader')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, LOADER_DELAY_MS + 30));
    expect(s.actor.getSnapshot().hasTag('loader')).toBe(true);
    // A scan while busy is no event of the loading state (useMachineScans waits).
    s.actor.send({ type: 'SCANNED', text: '_34717-9' });
    release();
    await waitFor(s.actor, (state) => !state.hasTag('busy'));
    expect(s.view()).toBe('visionUnitInfo');
    expect(s.server.calls.map((call) => call.barcode)).toEqual(['P100001']);
  });
});

describe('vision machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.transitionCount()).toBeGreaterThan(8);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });

  it('every code of the vision catalogue fired', () => {
    expect(VISION_CODES.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
