import { describe, expect, it } from 'vitest';
import type { TWorkflowAction } from '@sorting/contracts';
import {
  parcelPlacingWorkflow,
  type ParcelPlacingFacts,
} from '../src/modules/workflows/definitions/parcel-placing.workflow.js';
import {
  placeToStorageWorkflow,
  type PlaceToStorageFacts,
} from '../src/modules/workflows/definitions/place-to-storage.workflow.js';
import {
  parcelPickingInStorageWorkflow,
  type StoragePickingFacts,
} from '../src/modules/workflows/definitions/parcel-picking-in-storage.workflow.js';
import type { ShipmentParcelUnitRow } from '../src/modules/workflows/shipment-units.repository.js';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import type { RunState } from '../src/modules/workflows/workflow-definition.js';
import {
  WAREHOUSE,
  describeEveryPair,
  factsOf,
  type DefinitionCase,
} from './workflow-definition-pairs.js';

// The storage definitions as pure transitions (docs/DECISIONS.md "Guided workflows"): every
// (state, action) pair, with every kind of scan and every shape of facts, is accepted or
// refused, never thrown; an accepted step lands on a state of its own table; then each row of
// the step tables.

const RECIPIENT_PARCEL: ScanFact = {
  kind: 'parcel',
  barcode: 'P450001',
  id: 1,
  name: 'Фара',
  warehouseId: WAREHOUSE,
  sortingKey: 'recipient:R-4501',
  sortingName: 'Кузнецова Мария',
  boxId: null,
};

const SCANS: ScanFact[] = [
  RECIPIENT_PARCEL,
  { ...RECIPIENT_PARCEL, barcode: 'P450009', warehouseId: 99 },
  { ...RECIPIENT_PARCEL, barcode: 'P440001', sortingKey: 'OMS-05', sortingName: 'Омск' },
  {
    kind: 'cell',
    barcode: '=1-3-a-01',
    id: 31,
    name: '3-a-01',
    warehouseId: WAREHOUSE,
    boxBarcode: null,
  },
  { kind: 'cell', barcode: '=2-3-a-01', id: 91, name: '3-a-01', warehouseId: 99, boxBarcode: null },
  {
    kind: 'box',
    barcode: '_1-161',
    id: 161,
    number: 161,
    warehouseId: WAREHOUSE,
    cellId: null,
    isClosed: false,
    parcelsCount: 0,
  },
  { kind: 'container', barcode: '_R1-12', id: 12, warehouseId: WAREHOUSE },
  {
    kind: 'recepient',
    barcode: 'R-4501',
    id: 1,
    code: 'R-4501',
    name: 'Кузнецова',
    warehouseId: WAREHOUSE,
  },
  { kind: 'recepient', barcode: 'R-9', id: 2, code: 'R-9', name: 'Чужой', warehouseId: 99 },
];

const CELL_31 = { id: 31, name: '3-a-01', barcode: '=1-3-a-01' };

const PLACING_FACTS: ParcelPlacingFacts[] = [
  { parcelCell: null, suggested: null, cell: null, recipientParcels: [] },
  {
    parcelCell: CELL_31,
    suggested: CELL_31,
    cell: { zoneType: 'FAST', boxKey: 'recipient:R-4501', parcelsCount: 1 },
    recipientParcels: [{ id: 1, number: 'P450001', name: 'Фара' }],
  },
  {
    parcelCell: null,
    suggested: CELL_31,
    cell: { zoneType: 'FAST', boxKey: null, parcelsCount: 0 },
    recipientParcels: [],
  },
  {
    parcelCell: null,
    suggested: null,
    cell: { zoneType: 'FAST', boxKey: 'recipient:R-4502', parcelsCount: 2 },
    recipientParcels: [],
  },
  {
    parcelCell: null,
    suggested: null,
    cell: { zoneType: 'SITO', boxKey: null, parcelsCount: 0 },
    recipientParcels: [],
  },
];

const PLACING_DATA: Record<string, unknown>[] = [
  {},
  { recipient: { code: 'R-4501', name: 'Кузнецова' } },
  {
    parcel: {
      id: 1,
      barcode: 'P450001',
      name: 'Фара',
      sortingKey: 'recipient:R-4501',
      recipient: 'Кузнецова Мария',
    },
  },
];

const STORAGE_PARCEL: ScanFact = {
  ...RECIPIENT_PARCEL,
  barcode: 'P450013',
  id: 13,
  sortingKey: 'client:ООО «Запчасти-Опт»',
  sortingName: 'ООО «Запчасти-Опт»',
};
SCANS.push(STORAGE_PARCEL);

const ARRIVED = { state: 5, number: 'IN-0101', needsSticker: false };

const STORAGE_FACTS: PlaceToStorageFacts[] = [
  { parcelCell: null, supply: null, suggested: null, cell: null },
  {
    parcelCell: null,
    supply: { ...ARRIVED, needsSticker: true },
    suggested: CELL_31,
    cell: { zoneType: 'FAST', boxKey: null, parcelsCount: 0 },
  },
  {
    parcelCell: null,
    supply: ARRIVED,
    suggested: CELL_31,
    cell: { zoneType: 'FAST', boxKey: 'client:ООО «Запчасти-Опт»', parcelsCount: 2 },
  },
  {
    parcelCell: CELL_31,
    supply: ARRIVED,
    suggested: null,
    cell: { zoneType: 'FAST', boxKey: 'recipient:R-4501', parcelsCount: 2 },
  },
  { parcelCell: null, supply: { ...ARRIVED, state: 1 }, suggested: null, cell: null },
];

const STORAGE_DATA: Record<string, unknown>[] = [
  {},
  {
    parcel: {
      id: 13,
      barcode: 'P450013',
      name: 'Щётки',
      sortingKey: 'client:ООО «Запчасти-Опт»',
      client: 'ООО «Запчасти-Опт»',
    },
  },
];

const TASK = { id: 1, code: 'OUT-0101', name: 'Заказ', clientName: 'ООО', total: 2, done: 0 };

function unit(id: number, cellId: number | null, state: ShipmentParcelUnitRow['state']) {
  return {
    id,
    parcelId: id === 1 ? 1 : 13,
    number: id === 1 ? 'P450001' : 'P450013',
    name: 'x',
    state,
    reason: state === 'short' ? 'notFound' : null,
    boxId: state === 'picked' ? null : 161,
    cellId: state === 'picked' ? null : cellId,
    cellName: state === 'picked' ? null : '3-a-01',
    cellBarcode: '=1-3-a-01',
    zoneNumber: 3,
    row: 'a',
    col: 1,
    fromBoxId: state === 'picked' ? 161 : null,
    fromCellName: state === 'picked' ? '3-a-01' : null,
    changedByName: state === 'waiting' ? null : 'Петров',
  } satisfies ShipmentParcelUnitRow;
}

const PICKING_FACTS: StoragePickingFacts[] = [
  { tasks: [], units: [] },
  {
    tasks: [{ ...TASK, heldBy: null, idleHolder: null }],
    units: [unit(1, 31, 'waiting'), unit(2, 31, 'waiting')],
  },
  {
    tasks: [{ ...TASK, heldBy: 'Петров', idleHolder: null }],
    units: [unit(1, 31, 'picked'), unit(2, 31, 'short')],
  },
  { tasks: [], units: [unit(1, 31, 'picked'), unit(2, 31, 'waiting')] },
];

const PICKING_DATA: Record<string, unknown>[] = [
  {},
  { task: { id: 1, code: 'OUT-0101' } },
  { task: { id: 1, code: 'OUT-0101' }, cellId: 31 },
  { task: { id: 1, code: 'OUT-0101' }, cellId: 31, skip: { unitId: 2, back: 'WaitWhat' } },
];

const CASES: DefinitionCase[] = [
  {
    definition: parcelPlacingWorkflow as unknown as DefinitionCase['definition'],
    data: PLACING_DATA,
    facts: PLACING_FACTS,
  },
  {
    definition: placeToStorageWorkflow as unknown as DefinitionCase['definition'],
    data: STORAGE_DATA,
    facts: STORAGE_FACTS,
  },
  {
    definition: parcelPickingInStorageWorkflow as unknown as DefinitionCase['definition'],
    data: PICKING_DATA,
    facts: PICKING_FACTS,
  },
];

describeEveryPair(CASES, SCANS);

describe('parcel placing: the step table', () => {
  const scan = (barcode: string) =>
    SCANS.find((s) => s.barcode === barcode && 'warehouseId' in s && s.warehouseId === WAREHOUSE) ??
    null;
  const waitCell = { code: 'WaitCell' as const, data: PLACING_DATA[2]! };
  const step = (
    state: RunState<object>,
    action: TWorkflowAction,
    s: ScanFact | null,
    own: ParcelPlacingFacts,
  ) => parcelPlacingWorkflow.transition(state as never, action, factsOf(s, own));
  const scanned = (barcode: string): TWorkflowAction => ({ code: 'BarcodeScanned', barcode });

  it('WaitWhat —parcel→ WaitCell; «Уже в» when it lies in a cell; others refused', () => {
    expect(
      step(parcelPlacingWorkflow.start, scanned('P450001'), scan('P450001'), PLACING_FACTS[0]!),
    ).toMatchObject({ next: { code: 'WaitCell', data: { parcel: { id: 1 } } }, sounds: ['scan'] });
    expect(
      step(parcelPlacingWorkflow.start, scanned('P450001'), scan('P450001'), PLACING_FACTS[1]!),
    ).toMatchObject({
      sounds: ['attention'],
      notification: {
        status: 'warning',
        key: 'workflowParcelAlreadyInCell',
        params: { cell: '3-a-01' },
      },
    });
    expect(
      step(parcelPlacingWorkflow.start, scanned('P440001'), scan('P440001'), PLACING_FACTS[0]!),
    ).toMatchObject({ refused: { key: 'workflowParcelNotRecipients' } });
    const foreign = SCANS[1]!;
    expect(
      step(parcelPlacingWorkflow.start, scanned(foreign.barcode), foreign, PLACING_FACTS[0]!),
    ).toMatchObject({ refused: { code: 'parcelNotFound' } });
  });

  it('WaitCell —cell→ the move and WaitWhat; a foreign or non-FAST cell refused', () => {
    expect(
      step(waitCell, scanned('=1-3-a-01'), scan('=1-3-a-01'), PLACING_FACTS[2]!),
    ).toMatchObject({
      next: { code: 'WaitWhat', data: {} },
      effects: [{ kind: 'moveParcelToCell', parcelId: 1, cellId: 31 }],
      sounds: ['success-small'],
      notification: { key: 'workflowParcelPlaced', params: { parcel: 'P450001', cell: '3-a-01' } },
    });
    // The recipient's own cell takes more.
    expect(
      step(waitCell, scanned('=1-3-a-01'), scan('=1-3-a-01'), PLACING_FACTS[1]!),
    ).toMatchObject({
      next: { code: 'WaitWhat' },
    });
    expect(
      step(waitCell, scanned('=1-3-a-01'), scan('=1-3-a-01'), PLACING_FACTS[3]!),
    ).toMatchObject({
      refused: { key: 'workflowCellOfOtherRecipient', params: { cell: '3-a-01' } },
    });
    expect(
      step(waitCell, scanned('=1-3-a-01'), scan('=1-3-a-01'), PLACING_FACTS[4]!),
    ).toMatchObject({
      refused: { key: 'workflowCellNotPickUp' },
    });
    const other = SCANS[4]!;
    expect(step(waitCell, scanned(other.barcode), other, PLACING_FACTS[2]!)).toMatchObject({
      refused: { key: 'cellOfOtherWarehouse' },
    });
    expect(step(waitCell, { code: 'SkipClick' }, null, PLACING_FACTS[0]!)).toMatchObject({
      next: { code: 'WaitWhat', data: {} },
      effects: [],
    });
  });

  it("WaitWhat —recepient→ WaitWhat listing the recipient's parcels to place", () => {
    const own = PLACING_FACTS[1]!;
    const code = SCANS.find((s) => s.barcode === 'R-4501')!;
    expect(step(parcelPlacingWorkflow.start, scanned('R-4501'), code, own)).toMatchObject({
      next: { code: 'WaitWhat', data: { recipient: { code: 'R-4501' } } },
    });
    const foreign = SCANS.find((s) => s.barcode === 'R-9')!;
    expect(step(parcelPlacingWorkflow.start, scanned('R-9'), foreign, own)).toMatchObject({
      refused: { code: 'objectNotFound' },
    });
    const listed = { code: 'WaitWhat' as const, data: PLACING_DATA[1]! };
    expect(parcelPlacingWorkflow.view(listed as never, factsOf(null, own))).toMatchObject({
      prompt: { key: 'parcelPlacingRecipient', params: { code: 'R-4501', cell: '3-a-01' } },
      items: [{ barcode: 'P450001', isCurrent: false }],
    });
  });

  it('shows the suggested cell in WaitCell, else asks for any FAST cell', () => {
    expect(
      parcelPlacingWorkflow.view(waitCell as never, factsOf(null, PLACING_FACTS[2]!)),
    ).toMatchObject({
      prompt: {
        key: 'parcelPlacingCell',
        params: { cell: '3-a-01', recipient: 'Кузнецова Мария' },
      },
      options: { canSkip: true },
    });
    expect(
      parcelPlacingWorkflow.view(waitCell as never, factsOf(null, PLACING_FACTS[0]!)),
    ).toMatchObject({
      prompt: { key: 'parcelPlacingAnyCell' },
    });
  });
});

describe('place to storage: the step table', () => {
  const waitWhere = { code: 'WaitWhereOrPrint' as const, data: STORAGE_DATA[1]! };
  const step = (
    state: RunState<object>,
    action: TWorkflowAction,
    scan: ScanFact | null,
    own: PlaceToStorageFacts,
  ) => placeToStorageWorkflow.transition(state as never, action, factsOf(scan, own));
  const scanned = (barcode: string): TWorkflowAction => ({ code: 'BarcodeScanned', barcode });
  const cell = SCANS[3]!;

  it('WaitWhat —parcel of an arrived supply in no cell→ WaitWhereOrPrint; others refused', () => {
    const start = placeToStorageWorkflow.start;
    expect(step(start, scanned('P450013'), STORAGE_PARCEL, STORAGE_FACTS[2]!)).toMatchObject({
      next: { code: 'WaitWhereOrPrint', data: { parcel: { id: 13 } } },
    });
    expect(step(start, scanned('P450013'), STORAGE_PARCEL, STORAGE_FACTS[4]!)).toMatchObject({
      refused: { key: 'workflowParcelNotForStorage' },
    });
    expect(step(start, scanned('P450013'), STORAGE_PARCEL, STORAGE_FACTS[3]!)).toMatchObject({
      refused: { key: 'workflowParcelAlreadyStored', params: { cell: '3-a-01' } },
    });
    expect(step(start, scanned('P450001'), RECIPIENT_PARCEL, STORAGE_FACTS[2]!)).toMatchObject({
      refused: { key: 'workflowParcelNotForStorage' },
    });
  });

  it('prints 1–5 stickers, refuses a cell before the sticker, then places into a FAST cell', () => {
    const own = STORAGE_FACTS[1]!;
    expect(step(waitWhere, { code: 'StickerCountSelected', count: 2 }, null, own)).toMatchObject({
      next: waitWhere,
      effects: [{ kind: 'printParcelSticker', parcelId: 13, copies: 2 }],
    });
    expect(step(waitWhere, { code: 'StickerCountSelected', count: 6 }, null, own)).toMatchObject({
      refused: { code: 'badRequest', key: 'workflowCountOutOfRange' },
    });
    expect(step(waitWhere, scanned(cell.barcode), cell, own)).toMatchObject({
      refused: { key: 'workflowPrintStickerFirst' },
    });
    expect(step(waitWhere, scanned(cell.barcode), cell, STORAGE_FACTS[2]!)).toMatchObject({
      next: { code: 'WaitWhat', data: {} },
      effects: [{ kind: 'moveParcelToCell', parcelId: 13, cellId: 31 }],
    });
    expect(step(waitWhere, scanned(cell.barcode), cell, STORAGE_FACTS[3]!)).toMatchObject({
      refused: { key: 'workflowCellOfOtherClient' },
    });
    expect(step(waitWhere, { code: 'SkipClick' }, null, own)).toMatchObject({
      next: { code: 'WaitWhat' },
    });
  });

  it('asks to print while the sticker is needed, else names the suggested cell', () => {
    const view = (own: PlaceToStorageFacts) =>
      placeToStorageWorkflow.view(waitWhere as never, factsOf(null, own)).prompt;
    expect(view(STORAGE_FACTS[1]!)).toMatchObject({ key: 'placeToStoragePrint' });
    expect(view(STORAGE_FACTS[2]!)).toMatchObject({
      key: 'placeToStorageCell',
      params: { cell: '3-a-01', parcel: 'P450013' },
    });
    expect(view(STORAGE_FACTS[4]!)).toMatchObject({ key: 'placeToStorageAnyCell' });
  });
});

describe('parcel picking in storage: the step table', () => {
  const definition = parcelPickingInStorageWorkflow;
  const step = (
    state: RunState<object>,
    action: TWorkflowAction,
    scan: ScanFact | null,
    own: StoragePickingFacts,
  ) => definition.transition(state as never, action, factsOf(scan, own));
  const task = { id: 1, code: 'OUT-0101' };
  const cell = SCANS[3]!;
  const fresh = PICKING_FACTS[1]!;

  it('selects a free task, refuses a held or unknown one', () => {
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '1' }, null, fresh),
    ).toMatchObject({ next: { code: 'WaitCell', data: { task } } });
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '1' }, null, PICKING_FACTS[2]!),
    ).toMatchObject({ refused: { key: 'workflowTaskHeld', params: { user: 'Петров' } } });
    const idle = { tasks: [{ ...TASK, heldBy: null, idleHolder: 'Петров' }], units: [] };
    expect(step(definition.start, { code: 'TaskSelected', taskId: '1' }, null, idle)).toMatchObject(
      {
        next: { code: 'WaitCell', data: { task } },
        sounds: ['attention'],
        notification: { key: 'workflowTaskTakenOver', params: { user: 'Петров' } },
      },
    );
    expect(
      step(definition.start, { code: 'TaskSelected', taskId: '9' }, null, fresh),
    ).toMatchObject({ refused: { code: 'objectNotFound' } });
  });

  it('walks cell, parcel, skip with a reason, revert, confirm', () => {
    const waitCell = { code: 'WaitCell' as const, data: { task } };
    const waitWhat = { code: 'WaitWhat' as const, data: { task, cellId: 31 } };
    expect(
      step(waitCell, { code: 'BarcodeScanned', barcode: cell.barcode }, cell, fresh),
    ).toMatchObject({ next: waitWhat });
    const parcel = { ...RECIPIENT_PARCEL, id: 1 };
    expect(
      step(waitWhat, { code: 'BarcodeScanned', barcode: 'P450001' }, parcel, fresh),
    ).toMatchObject({
      next: waitWhat,
      effects: [{ kind: 'pickShipmentParcel', unitId: 1, boxId: 161, cellId: 31 }],
    });
    expect(
      step(
        waitWhat,
        { code: 'BarcodeScanned', barcode: 'P450013' },
        STORAGE_PARCEL,
        PICKING_FACTS[3]!,
      ),
    ).toMatchObject({
      // The last waiting parcel picked: WaitConfirm.
      next: { code: 'WaitConfirm', data: { task } },
      effects: [{ kind: 'pickShipmentParcel', unitId: 2 }],
    });
    expect(step(waitWhat, { code: 'SkipClick' }, null, PICKING_FACTS[3]!)).toMatchObject({
      next: { code: 'WaitReason', data: { skip: { unitId: 2, back: 'WaitWhat' } } },
    });
    const waitReason = { code: 'WaitReason' as const, data: PICKING_DATA[3]! };
    expect(
      step(waitReason, { code: 'ReasonSelected', reasonCode: 'notFound' }, null, PICKING_FACTS[3]!),
    ).toMatchObject({
      next: { code: 'WaitConfirm' },
      effects: [{ kind: 'shortShipmentUnit', unitId: 2, reason: 'notFound' }],
    });
    expect(
      step(waitReason, { code: 'ReasonSelected', reasonCode: 'lost' }, null, PICKING_FACTS[3]!),
    ).toMatchObject({ refused: { code: 'badRequest' } });
    expect(
      step(waitCell, { code: 'ItemReverted', itemId: '1' }, null, PICKING_FACTS[3]!),
    ).toMatchObject({
      next: { code: 'WaitCell' },
      effects: [{ kind: 'revertShipmentParcel', unitId: 1, boxId: 161 }],
    });
    expect(step(waitCell, { code: 'ItemReverted', itemId: '2' }, null, fresh)).toMatchObject({
      refused: { key: 'workflowItemNotPicked' },
    });
    const waitConfirm = { code: 'WaitConfirm' as const, data: { task } };
    expect(
      step(waitConfirm, { code: 'ConfirmItem', itemId: '1' }, null, PICKING_FACTS[2]!),
    ).toMatchObject({
      next: { code: 'WaitTaskSelection' },
      effects: [{ kind: 'moveShipmentState', outboundId: 1, from: 1, to: 2 }],
      notification: { params: { picked: 1, total: 2 } },
    });
    expect(step(waitConfirm, { code: 'SkipClick' }, null, fresh)).toMatchObject({
      next: waitCell,
    });
  });
});
