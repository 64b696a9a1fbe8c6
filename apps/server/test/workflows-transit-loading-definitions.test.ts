import { describe, expect, it } from 'vitest';
import type { TWorkflowAction } from '@sorting/contracts';
import { boxesTransitLoadingWorkflow } from '../src/modules/workflows/definitions/boxes-transit-loading.workflow.js';
import { boxesTransitLoadingV2Workflow } from '../src/modules/workflows/definitions/boxes-transit-loading-v2.workflow.js';
import type { TransitLoadingFacts } from '../src/modules/workflows/definitions/transit-loading-steps.js';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import type { LoadingBoxUnitRow } from '../src/modules/workflows/transit-loading.repository.js';
import {
  type RunState,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../src/modules/workflows/workflow-definition.js';
import { describeEveryPair, type DefinitionCase } from './workflow-definition-pairs.js';

// The transit loading definitions as pure transitions (docs/DECISIONS.md "Guided workflows"):
// every (state, action) pair with every kind of scan and every shape of facts is accepted or
// refused, never thrown, and an accepted step lands on a state of its own table; then the rows
// of step tables 10 and 11.

const WAREHOUSE = 7;
const TASK = { id: 1, code: 'OUT-0103' };

function box(id: number, extra: Partial<Extract<ScanFact, { kind: 'box' }>> = {}): ScanFact {
  return {
    kind: 'box',
    barcode: `_1-${id}`,
    id,
    number: id,
    warehouseId: WAREHOUSE,
    cellId: null,
    isClosed: true,
    parcelsCount: 0,
    ...extra,
  };
}

const PALLET: ScanFact = { kind: 'container', barcode: '_R1-21', id: 21, warehouseId: WAREHOUSE };

const SCANS: ScanFact[] = [
  box(71),
  box(72),
  box(75),
  box(79, { warehouseId: 99 }),
  PALLET,
  { kind: 'container', barcode: '_R1-22', id: 22, warehouseId: WAREHOUSE },
  { kind: 'container', barcode: '_R9-1', id: 9, warehouseId: 99 },
  {
    kind: 'cell',
    barcode: '=1-4-a-01',
    id: 41,
    name: '4-a-01',
    warehouseId: WAREHOUSE,
    boxBarcode: null,
  },
];

function unit(
  id: number,
  state: LoadingBoxUnitRow['state'],
  extra: Partial<LoadingBoxUnitRow> = {},
): LoadingBoxUnitRow {
  return {
    id,
    boxId: 70 + id,
    barcode: `_1-${70 + id}`,
    number: 70 + id,
    state,
    reason: state === 'short' ? 'notFound' : null,
    palletBarcode: state === 'loaded' ? '_R1-21' : null,
    cellName: null,
    fromCellName: '4-b-01',
    changedBy: null,
    ...extra,
  };
}

const TASK_ROW = { ...TASK, name: 'Транзит', clientName: 'СЦ Казань', total: 2, done: 0 };
const NONE = { tasks: [], units: [], otherShipment: null, palletShipment: null };

const FACTS: TransitLoadingFacts[] = [
  NONE,
  { ...NONE, tasks: [{ ...TASK_ROW, heldBy: null, idleHolder: null }] },
  { ...NONE, tasks: [{ ...TASK_ROW, heldBy: 'Петров', idleHolder: null }] },
  { ...NONE, tasks: [{ ...TASK_ROW, heldBy: null, idleHolder: 'Петров' }] },
  { ...NONE, units: [unit(1, 'picked'), unit(2, 'picked')] },
  { ...NONE, units: [unit(1, 'loaded'), unit(2, 'picked')], otherShipment: 'OUT-0104' },
  { ...NONE, units: [unit(1, 'loaded'), unit(2, 'short')], palletShipment: 'OUT-0104' },
  { ...NONE, units: [unit(1, 'loaded'), unit(2, 'loaded', { palletBarcode: null })] },
  { ...NONE, units: [unit(1, 'waiting', { cellName: '4-b-01' }), unit(2, 'loaded')] },
];

const DATA: Record<string, unknown>[] = [
  {},
  { task: TASK },
  { task: TASK, pallet: '_R1-21' },
  { task: TASK, pallet: '_R1-22' },
];

function factsOf(
  scan: ScanFact | null,
  own: TransitLoadingFacts,
): WorkflowFacts<TransitLoadingFacts> {
  return { scan, warehouseId: WAREHOUSE, warehouseCode: 'MSK-SC1', own };
}

const DEFINITIONS = [
  boxesTransitLoadingWorkflow,
  boxesTransitLoadingV2Workflow,
] as unknown as WorkflowDefinition<Record<string, unknown>, TransitLoadingFacts>[];

describeEveryPair(
  DEFINITIONS.map((definition) => ({
    definition: definition as unknown as DefinitionCase['definition'],
    data: DATA,
    facts: FACTS,
  })),
  SCANS,
);

describe.each(DEFINITIONS.map((d) => [d.name, d] as const))('%s', (_name, definition) => {
  it('starts in WaitTaskSelection listing the tasks', () => {
    expect(definition.start.code).toBe('WaitTaskSelection');
    const view = definition.view(definition.start, factsOf(null, FACTS[1]!));
    expect(view.prompt.key).toBe('loadingTask');
    expect(view.tasks).toMatchObject([{ taskId: '1', title: 'OUT-0103', heldBy: null }]);
  });

  it('selects a free task, takes over an idle one, refuses a held or unknown one', () => {
    const select = (own: TransitLoadingFacts, taskId = '1') =>
      definition.transition(definition.start, { code: 'TaskSelected', taskId }, factsOf(null, own));
    const first = definition.name === 'boxes-transit-loading' ? 'WaitPallet' : 'WaitBox';
    expect(select(FACTS[1]!)).toMatchObject({ next: { code: first, data: { task: TASK } } });
    expect(select(FACTS[2]!)).toMatchObject({
      refused: { key: 'workflowTaskHeld', params: { task: 'OUT-0103', user: 'Петров' } },
    });
    expect(select(FACTS[3]!)).toMatchObject({
      next: { code: first },
      sounds: ['attention'],
      notification: { key: 'workflowTaskTakenOver' },
    });
    expect(select(FACTS[1]!, '9')).toMatchObject({ refused: { code: 'objectNotFound' } });
  });

  it('WaitConfirm: each box confirmed missing; the last one ships the shipment (2 → 3)', () => {
    const confirm = { code: 'WaitConfirm' as const, data: { task: TASK } };
    const step = (action: TWorkflowAction, own: TransitLoadingFacts) =>
      definition.transition(confirm, action, factsOf(null, own));
    expect(step({ code: 'ConfirmItem', itemId: '1' }, FACTS[4]!)).toMatchObject({
      next: confirm,
      effects: [{ kind: 'shortShipmentUnit', unitId: 1, reason: 'notLoaded' }],
    });
    expect(step({ code: 'ConfirmItem', itemId: '2' }, FACTS[5]!)).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [
        { kind: 'shortShipmentUnit', unitId: 2 },
        { kind: 'moveShipmentState', outboundId: 1, from: 2, to: 3 },
      ],
      sounds: ['success-big'],
      notification: { key: 'workflowShipmentLoaded', params: { loaded: 1, total: 2 } },
    });
    expect(step({ code: 'ConfirmItem', itemId: '1' }, FACTS[5]!)).toMatchObject({
      refused: { code: 'objectNotFound' },
    });
    // The screen's one «Подтвердить»: every box not loaded confirmed missing, then shipped.
    expect(step({ code: 'ConfirmItem', itemId: 'all' }, FACTS[4]!)).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [
        { kind: 'shortShipmentUnit', unitId: 1 },
        { kind: 'shortShipmentUnit', unitId: 2 },
        { kind: 'moveShipmentState', outboundId: 1, from: 2, to: 3 },
      ],
    });
    expect(step({ code: 'SkipClick' }, FACTS[4]!)).toMatchObject({
      next: { code: definition.name === 'boxes-transit-loading' ? 'WaitPallet' : 'WaitBox' },
    });
    const view = definition.view(confirm, factsOf(null, FACTS[5]!));
    expect(view.prompt).toEqual({
      key: 'loadingConfirm',
      params: { shipment: 'OUT-0103', loaded: 1, missing: 1, total: 2 },
    });
    expect(view.items.map((item) => item.itemId)).toEqual(['2']);
  });
});

describe('boxes transit loading v1: the step table', () => {
  const definition = boxesTransitLoadingWorkflow;
  const waitPallet = { code: 'WaitPallet' as const, data: { task: TASK } };
  const waitBox = { code: 'WaitBox' as const, data: { task: TASK, pallet: '_R1-21' } };
  const scanned = (state: RunState<object>, scan: ScanFact, own: TransitLoadingFacts) =>
    definition.transition(
      state as never,
      { code: 'BarcodeScanned', barcode: scan.barcode },
      factsOf(scan, own),
    );

  it('WaitPallet —container→ WaitBox; a foreign pallet or one of another shipment refused', () => {
    expect(scanned(waitPallet, PALLET, FACTS[4]!)).toMatchObject({ next: waitBox });
    expect(scanned(waitPallet, SCANS[6]!, FACTS[4]!)).toMatchObject({
      refused: { code: 'objectNotFound', key: 'containerNotFound' },
    });
    expect(scanned(waitPallet, PALLET, FACTS[6]!)).toMatchObject({
      refused: { key: 'workflowPalletOfOtherShipment', params: { shipment: 'OUT-0104' } },
    });
    expect(definition.states.WaitPallet?.expects).toEqual(['container']);
  });

  it('WaitBox —box→ loaded onto the pallet; repeat, other shipment, no task, in a cell', () => {
    expect(scanned(waitBox, box(71), FACTS[4]!)).toMatchObject({
      next: waitBox,
      effects: [
        { kind: 'loadShipmentBox', unitId: 1, palletBarcode: '_R1-21', shipmentCode: 'OUT-0103' },
      ],
      sounds: ['success-small'],
    });
    expect(scanned(waitBox, box(71), FACTS[5]!)).toMatchObject({
      next: waitBox,
      effects: [],
      sounds: ['repeat'],
      notification: { key: 'workflowBoxAlreadyOnPallet', params: { pallet: '_R1-21' } },
    });
    expect(scanned(waitBox, box(75), FACTS[5]!)).toMatchObject({
      refused: {
        key: 'workflowBoxOfOtherShipment',
        params: { box: '_1-75', shipment: 'OUT-0104' },
      },
    });
    expect(scanned(waitBox, box(75), FACTS[4]!)).toMatchObject({
      refused: { key: 'workflowBoxNotInShipment', params: { shipment: 'OUT-0103' } },
    });
    expect(scanned(waitBox, box(79, { warehouseId: 99 }), FACTS[4]!)).toMatchObject({
      refused: { code: 'objectNotFound' },
    });
    expect(scanned(waitBox, box(71), FACTS[8]!)).toMatchObject({
      refused: { key: 'workflowBoxStillInCell', params: { cell: '4-b-01' } },
    });
  });

  it('another pallet replaces an empty one only; PalletComplete closes it with its boxes', () => {
    const other = SCANS[5]!;
    expect(scanned(waitBox, other, FACTS[4]!)).toMatchObject({
      next: { code: 'WaitBox', data: { pallet: '_R1-22' } },
    });
    expect(scanned(waitBox, other, FACTS[5]!)).toMatchObject({
      refused: { key: 'workflowCompletePalletFirst', params: { pallet: '_R1-21' } },
    });
    const complete = (own: TransitLoadingFacts) =>
      definition.transition(waitBox, { code: 'PalletComplete' }, factsOf(null, own));
    expect(complete(FACTS[4]!)).toMatchObject({ refused: { key: 'workflowPalletEmpty' } });
    expect(complete(FACTS[5]!)).toMatchObject({
      next: waitPallet,
      effects: [{ kind: 'completePallet', palletBarcode: '_R1-21', boxBarcodes: ['_1-71'] }],
      notification: { key: 'workflowPalletCompletedOne', params: { pallet: '_R1-21', count: 1 } },
    });
    const two = { ...NONE, units: [unit(1, 'loaded'), unit(2, 'loaded')] };
    expect(complete(two)).toMatchObject({ notification: { key: 'workflowPalletCompletedFew' } });
    expect(
      definition.transition(waitBox, { code: 'SkipClick' }, factsOf(null, FACTS[5]!)),
    ).toMatchObject({ next: waitPallet, effects: [] });
  });

  it('TaskCompleted: WaitConfirm when boxes are not loaded, else ships closing the pallet', () => {
    const done = (own: TransitLoadingFacts) =>
      definition.transition(waitBox, { code: 'TaskCompleted' }, factsOf(null, own));
    expect(done(FACTS[5]!)).toMatchObject({
      next: { code: 'WaitConfirm', data: { task: TASK } },
      effects: [{ kind: 'completePallet', boxBarcodes: ['_1-71'] }],
    });
    expect(done(FACTS[6]!)).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [{ kind: 'completePallet' }, { kind: 'moveShipmentState', from: 2, to: 3 }],
    });
    expect(
      definition.transition(waitPallet, { code: 'TaskCompleted' }, factsOf(null, FACTS[4]!)),
    ).toMatchObject({ next: { code: 'WaitConfirm' }, effects: [] });
  });

  it('ItemReverted takes a loaded box off; one not loaded is refused', () => {
    const revert = (itemId: string) =>
      definition.transition(waitBox, { code: 'ItemReverted', itemId }, factsOf(null, FACTS[5]!));
    expect(revert('1')).toMatchObject({
      next: waitBox,
      effects: [{ kind: 'unloadShipmentBox', unitId: 1, palletBarcode: '_R1-21' }],
      sounds: ['repeat'],
    });
    expect(revert('2')).toMatchObject({ refused: { key: 'workflowItemNotLoaded' } });
  });
});

describe('boxes transit loading v2: the step table', () => {
  const definition = boxesTransitLoadingV2Workflow;
  const waitBox = { code: 'WaitBox' as const, data: { task: TASK } };

  it('WaitBox —box→ loaded into the vehicle (no pallet); the prompt counts the boxes', () => {
    expect(
      definition.transition(
        waitBox,
        { code: 'BarcodeScanned', barcode: '_1-72' },
        factsOf(box(72), FACTS[5]!),
      ),
    ).toMatchObject({
      next: waitBox,
      effects: [{ kind: 'loadShipmentBox', unitId: 2, palletBarcode: null }],
    });
    expect(definition.view(waitBox, factsOf(null, FACTS[5]!)).prompt).toEqual({
      key: 'loadingBox',
      params: { shipment: 'OUT-0103', loaded: 1, total: 2 },
    });
    expect(definition.view(waitBox, factsOf(null, FACTS[7]!)).prompt.key).toBe('loadingAllLoaded');
    expect(definition.states.WaitBox?.expects).toEqual(['box']);
    expect(definition.states.WaitPallet).toBeUndefined();
  });
});
