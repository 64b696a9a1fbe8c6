import { describe, expect, it } from 'vitest';
import type { TWorkflowAction } from '@sorting/contracts';
import { boxesTransitPickingWorkflow } from '../src/modules/workflows/definitions/boxes-transit-picking.workflow.js';
import { boxesTransitPickingV2Workflow } from '../src/modules/workflows/definitions/boxes-transit-picking-v2.workflow.js';
import {
  boxesTransitPickingDetailsWorkflow,
  type TransitDetailsFacts,
} from '../src/modules/workflows/definitions/boxes-transit-picking-details.workflow.js';
import type { TransitPickingFacts } from '../src/modules/workflows/definitions/transit-picking-steps.js';
import type {
  ShipmentBoxUnitRow,
  ShipmentBoxUnitWithCountRow,
} from '../src/modules/workflows/shipment-boxes.repository.js';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import type { RunState } from '../src/modules/workflows/workflow-definition.js';
import {
  WAREHOUSE,
  describeEveryPair,
  factsOf,
  type DefinitionCase,
} from './workflow-definition-pairs.js';

// The transit picking definitions as pure transitions (docs/DECISIONS.md "Guided workflows",
// step tables 7–9): every (state, action) pair, with every kind of scan and every shape of
// facts, is accepted or refused, never thrown, and lands on a state of its own table; then the
// rows of the tables.

const BOX_181: ScanFact = {
  kind: 'box',
  barcode: '_1-181',
  id: 181,
  number: 181,
  warehouseId: WAREHOUSE,
  cellId: 41,
  isClosed: true,
  parcelsCount: 2,
};

const SCANS: ScanFact[] = [
  BOX_181,
  { ...BOX_181, barcode: '_1-182', id: 182, number: 182, cellId: 42 },
  { ...BOX_181, barcode: '_1-9', id: 9, number: 9, cellId: null },
  {
    kind: 'cell',
    barcode: '=1-4-b-01',
    id: 41,
    name: '4-b-01',
    warehouseId: WAREHOUSE,
    boxBarcode: '_1-181',
  },
  {
    kind: 'cell',
    barcode: '=1-4-b-02',
    id: 42,
    name: '4-b-02',
    warehouseId: WAREHOUSE,
    boxBarcode: null,
  },
  {
    kind: 'parcel',
    barcode: 'P450101',
    id: 101,
    name: 'Амортизатор',
    warehouseId: WAREHOUSE,
    sortingKey: 'KZN-02',
    sortingName: 'Казань',
    boxId: 181,
  },
  { kind: 'container', barcode: '_R1-12', id: 12, warehouseId: WAREHOUSE },
];

function unit(id: number, state: ShipmentBoxUnitRow['state'], inCell = state === 'waiting') {
  return {
    id,
    boxId: 180 + id,
    barcode: `_1-${180 + id}`,
    number: 180 + id,
    parcelsCount: 1,
    state,
    reason: state === 'short' ? 'notFound' : null,
    cellId: inCell ? 40 + id : null,
    cellName: inCell ? `4-b-0${id}` : null,
    cellBarcode: inCell ? `=1-4-b-0${id}` : null,
    fromCellId: state === 'picked' ? 40 + id : null,
    fromCellName: state === 'picked' ? `4-b-0${id}` : null,
    changedByName: state === 'waiting' ? null : 'Петров',
  } satisfies ShipmentBoxUnitWithCountRow;
}

const TASK_ROW = {
  id: 1,
  code: 'OUT-0102',
  name: 'Транзит',
  clientName: 'СЦ Казань',
  total: 2,
  done: 0,
};

const PICKING_FACTS: TransitPickingFacts[] = [
  { tasks: [], units: [], otherShipment: null },
  {
    tasks: [{ ...TASK_ROW, heldBy: null, idleHolder: null }],
    units: [unit(1, 'waiting'), unit(2, 'waiting')],
    otherShipment: null,
  },
  {
    tasks: [{ ...TASK_ROW, heldBy: 'Петров', idleHolder: null }],
    units: [unit(1, 'picked'), unit(2, 'short')],
    otherShipment: 'OUT-0105',
  },
  { tasks: [], units: [unit(1, 'picked'), unit(2, 'waiting')], otherShipment: null },
  { tasks: [], units: [unit(1, 'waiting', false), unit(2, 'waiting')], otherShipment: null },
];

const task = { id: 1, code: 'OUT-0102' };

const PICKING_DATA: Record<string, unknown>[] = [
  {},
  { task },
  { task, cellId: 41 },
  { task, skip: { unitId: 2, back: 'WaitBox' } },
];

const DETAILS_FACTS: TransitDetailsFacts[] = [
  { boxes: null, parcels: [] },
  { boxes: [unit(1, 'waiting')], parcels: [{ id: 101, number: 'P450101', name: 'x' }] },
  {
    boxes: [],
    parcels: [
      { id: 101, number: 'P450101', name: 'x' },
      { id: 102, number: 'P450102', name: 'y' },
    ],
  },
];

const BOX = { unitId: 1, boxId: 181, barcode: '_1-181' };
const DETAILS_DATA: Record<string, unknown>[] = [
  {},
  { box: BOX, checked: [] },
  { box: BOX, checked: [101] },
];

const CASES: DefinitionCase[] = [
  {
    definition: boxesTransitPickingWorkflow as unknown as DefinitionCase['definition'],
    data: PICKING_DATA,
    facts: PICKING_FACTS,
  },
  {
    definition: boxesTransitPickingV2Workflow as unknown as DefinitionCase['definition'],
    data: PICKING_DATA,
    facts: PICKING_FACTS,
  },
  {
    definition: boxesTransitPickingDetailsWorkflow as unknown as DefinitionCase['definition'],
    data: DETAILS_DATA,
    facts: DETAILS_FACTS,
  },
];

describeEveryPair(CASES, SCANS);

const scanned = (barcode: string): TWorkflowAction => ({ code: 'BarcodeScanned', barcode });
const scanOf = (barcode: string) => SCANS.find((s) => s.barcode === barcode) ?? null;

describe('boxes transit picking v1: the step table', () => {
  const definition = boxesTransitPickingWorkflow;
  const step = (state: RunState<object>, action: TWorkflowAction, own: TransitPickingFacts) =>
    definition.transition(
      state as never,
      action,
      factsOf(action.code === 'BarcodeScanned' ? scanOf(action.barcode) : null, own),
    );
  const fresh = PICKING_FACTS[1]!;
  const waitCell = { code: 'WaitCell' as const, data: { task } };
  const waitBox = { code: 'WaitBox' as const, data: { task, cellId: 41 } };

  it('selects a free task, refuses a held one', () => {
    expect(step(definition.start, { code: 'TaskSelected', taskId: '1' }, fresh)).toMatchObject({
      next: waitCell,
    });
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '1' }, PICKING_FACTS[2]!),
    ).toMatchObject({
      refused: { key: 'workflowTaskHeld', params: { user: 'Петров' } },
    });
  });

  it('WaitCell —the next box’s cell→ WaitBox; another cell refused naming it', () => {
    expect(step(waitCell, scanned('=1-4-b-01'), fresh)).toMatchObject({ next: waitBox });
    expect(step(waitCell, scanned('=1-4-b-02'), fresh)).toMatchObject({
      refused: { key: 'workflowWrongCell', params: { cell: '4-b-01' } },
    });
    // The next box stands in no cell: it is scanned straight away.
    expect(step(waitCell, scanned('_1-181'), PICKING_FACTS[4]!)).toMatchObject({
      effects: [{ kind: 'pickShipmentBox', unitId: 1, cellId: null }],
    });
  });

  it('WaitBox —that box→ picked; another box of the task «Сначала короб»; others named', () => {
    expect(step(waitBox, scanned('_1-181'), fresh)).toMatchObject({
      next: { code: 'WaitCell', data: { task } },
      effects: [{ kind: 'pickShipmentBox', unitId: 1, boxId: 181, cellId: 41, from: 'waiting' }],
      sounds: ['success-small'],
    });
    expect(step(waitBox, scanned('_1-182'), fresh)).toMatchObject({
      refused: { key: 'workflowBoxFirst', params: { box: '_1-181' } },
    });
    expect(step(waitBox, scanned('_1-9'), fresh)).toMatchObject({
      refused: { key: 'workflowBoxNotInTask', params: { box: '_1-9', task: 'OUT-0102' } },
    });
    expect(step(waitBox, scanned('_1-9'), PICKING_FACTS[2]!)).toMatchObject({
      refused: { key: 'workflowBoxOfOtherShipment', params: { shipment: 'OUT-0105' } },
    });
    expect(step(waitBox, scanned('_1-181'), PICKING_FACTS[3]!)).toMatchObject({
      refused: { key: 'workflowBoxAlreadyTaken', params: { user: 'Петров' } },
    });
    // The last waiting box picked: WaitConfirm.
    expect(step(waitBox, scanned('_1-182'), PICKING_FACTS[3]!)).toMatchObject({
      next: { code: 'WaitConfirm' },
    });
  });

  it('skips with a reason, reverts into the cell, confirms 1 → 2', () => {
    expect(step(waitBox, { code: 'SkipClick' }, fresh)).toMatchObject({
      next: { code: 'WaitReason', data: { skip: { unitId: 1, back: 'WaitBox' } } },
    });
    const waitReason = { code: 'WaitReason' as const, data: PICKING_DATA[3]! };
    expect(
      step(waitReason, { code: 'ReasonSelected', reasonCode: 'damaged' }, PICKING_FACTS[3]!),
    ).toMatchObject({
      next: { code: 'WaitConfirm' },
      effects: [{ kind: 'shortShipmentUnit', unitId: 2, reason: 'damaged' }],
    });
    expect(step(waitReason, { code: 'ReasonSelected', reasonCode: 'lost' }, fresh)).toMatchObject({
      refused: { code: 'badRequest' },
    });
    expect(step(waitCell, { code: 'ItemReverted', itemId: '1' }, PICKING_FACTS[3]!)).toMatchObject({
      next: waitCell,
      effects: [{ kind: 'revertShipmentBox', unitId: 1, from: 'picked', backToCellId: 41 }],
      sounds: ['repeat'],
    });
    expect(step(waitCell, { code: 'ItemReverted', itemId: '2' }, fresh)).toMatchObject({
      refused: { key: 'workflowItemNotPicked' },
    });
    const waitConfirm = { code: 'WaitConfirm' as const, data: { task } };
    expect(
      step(waitConfirm, { code: 'ConfirmItem', itemId: '1' }, PICKING_FACTS[2]!),
    ).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [{ kind: 'moveShipmentState', outboundId: 1, from: 1, to: 2 }],
      notification: { key: 'workflowShipmentPicked', params: { picked: 1, total: 2 } },
    });
  });
});

describe('boxes transit picking v2: the step table', () => {
  const definition = boxesTransitPickingV2Workflow;
  const step = (state: RunState<object>, action: TWorkflowAction, own: TransitPickingFacts) =>
    definition.transition(
      state as never,
      action,
      factsOf(action.code === 'BarcodeScanned' ? scanOf(action.barcode) : null, own),
    );
  const waitBox = { code: 'WaitBox' as const, data: { task } };

  it('takes any box in any order; a short one found after all; refuses the foreign', () => {
    expect(step(waitBox, scanned('_1-182'), PICKING_FACTS[1]!)).toMatchObject({
      next: waitBox,
      effects: [{ kind: 'pickShipmentBox', unitId: 2, from: 'waiting' }],
      notification: { key: 'workflowBoxPicked', params: { done: 1, total: 2 } },
    });
    expect(step(waitBox, scanned('_1-182'), PICKING_FACTS[2]!)).toMatchObject({
      effects: [{ kind: 'pickShipmentBox', unitId: 2, from: 'short' }],
    });
    expect(step(waitBox, scanned('_1-9'), PICKING_FACTS[2]!)).toMatchObject({
      refused: { key: 'workflowBoxOfOtherShipment' },
    });
  });

  it('reverts leaving the box out of its cell; completes at once or after WaitConfirm', () => {
    expect(step(waitBox, { code: 'ItemReverted', itemId: '1' }, PICKING_FACTS[3]!)).toMatchObject({
      next: waitBox,
      effects: [{ kind: 'revertShipmentBox', unitId: 1, backToCellId: null }],
    });
    expect(step(waitBox, { code: 'TaskCompleted' }, PICKING_FACTS[3]!)).toMatchObject({
      next: { code: 'WaitConfirm', data: { task } },
      effects: [],
    });
    const allPicked = {
      tasks: [],
      units: [unit(1, 'picked'), unit(2, 'picked')],
      otherShipment: null,
    };
    expect(step(waitBox, { code: 'TaskCompleted' }, allPicked)).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [{ kind: 'moveShipmentState', from: 1, to: 2 }],
    });
    expect(definition.view(waitBox as never, factsOf(null, allPicked)).prompt).toMatchObject({
      key: 'transitPickingAllScanned',
      params: { done: 2, total: 2 },
    });
  });
});

describe('boxes transit picking details: the step table', () => {
  const definition = boxesTransitPickingDetailsWorkflow;
  const step = (state: RunState<object>, action: TWorkflowAction, own: TransitDetailsFacts) =>
    definition.transition(
      state as never,
      action,
      factsOf(action.code === 'BarcodeScanned' ? scanOf(action.barcode) : null, own),
    );
  const waitItem = { code: 'WaitItem' as const, data: { box: BOX, checked: [101] } };

  it('chooses a box of the v2 run’s task; none without a v2 run', () => {
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '1' }, DETAILS_FACTS[1]!),
    ).toMatchObject({
      next: { code: 'WaitItem', data: { box: BOX, checked: [] } },
    });
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '1' }, DETAILS_FACTS[0]!),
    ).toMatchObject({
      refused: { key: 'workflowNoTransitRun' },
    });
  });

  it('checks the box’s parcels, announces a stranger, answers «Проверено 1 из 2, нет: P…»', () => {
    const other = { ...SCANS[5]!, barcode: 'P9', id: 9 } as ScanFact;
    expect(
      definition.transition(waitItem as never, scanned('P9'), factsOf(other, DETAILS_FACTS[2]!)),
    ).toMatchObject({
      next: waitItem,
      sounds: ['attention'],
      notification: { status: 'warning', key: 'workflowParcelNotInBox', params: { parcel: 'P9' } },
    });
    expect(step(waitItem, scanned('P450101'), DETAILS_FACTS[2]!)).toMatchObject({
      next: waitItem,
      sounds: ['repeat'],
    });
    expect(step(waitItem, { code: 'ConfirmItem', itemId: '102' }, DETAILS_FACTS[2]!)).toMatchObject(
      {
        next: { code: 'WaitItem', data: { checked: [101, 102] } },
        sounds: ['success-big'],
      },
    );
    expect(step(waitItem, { code: 'TaskCompleted' }, DETAILS_FACTS[2]!)).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      notification: {
        key: 'workflowBoxCheckedMissing',
        params: { checked: 1, total: 2, missing: 'P450102' },
      },
    });
  });
});
