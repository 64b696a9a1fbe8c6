import { WORKFLOW_COUNT_MAX, type TWorkflowAction, type TWorkflowItem } from '@sorting/contracts';
import { matchStock, type StockItem } from '@sorting/domain';
import type { ShipmentParcelUnitRow, ShipmentTaskRow } from '../shipment-units.repository.js';
import type { ParcelStockRow } from '../stock-items.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowEffect,
  type WorkflowFacts,
} from '../workflow-definition.js';
import {
  completePicking,
  PICKING_TASK_STATES,
  pickingConfirmView,
  revertPickedUnit,
  selectTask,
  taskOf,
} from './picking-states.js';

// Picking of goods by SKU (spec part 1 §1, §5; docs/DECISIONS.md "Picking goods by SKU", its
// step table): a parcels shipment in state 1 whose goods carry part numbers; its cells in
// walking order; in each cell the goods' factory label (`sku`) is matched against the task's
// waiting goods of that cell; an identified full match is taken, an ambiguous text offers its
// candidates (ConfirmItem), an item with attention asks ConfirmItem first; a count over 1 asks
// CountSelected; an unstickered item gets its sticker (at once when count 1 and no attention,
// else StickerCountSelected); WaitConfirm's ConfirmItem moves the shipment to state 2.

/** A unit of the task with its goods' stock item (null: goods without a part number). */
export interface SkuUnit extends ShipmentParcelUnitRow {
  stock: ParcelStockRow | null;
}

/** What the engine reads for a step (parcels-picking.facts.ts). */
export interface SkuPickingFacts {
  /** WaitTaskSelection: parcels shipments in state 1 with goods carrying part numbers. */
  tasks: ShipmentTaskRow[];
  /** The held task's units in walking order. */
  units: SkuUnit[];
}

export interface SkuPickingData {
  task?: { id: number; code: string };
  /** The cell being picked (WaitSku, WaitSkuCount, WaitPickingSticker). */
  cellId?: number;
  /** WaitSku: the units a scan offered (candidates), `attention` when one item asks confirming. */
  offered?: { unitIds: number[]; attention: boolean; text: string };
  /** WaitSkuCount and WaitPickingSticker: the unit asked about. */
  unitId?: number;
  /** WaitSkuCount: the pieces counted so far. */
  counted?: number;
}

type State = RunState<SkuPickingData>;
type Facts = WorkflowFacts<SkuPickingFacts>;
type Step = Transition<SkuPickingData>;
type Task = { id: number; code: string };

const START: State = { code: 'WaitTaskSelection', data: {} };

/** A waiting unit's stock item with its unit, as `matchStock` gets it. */
type Candidate = StockItem & { unit: SkuUnit };

function nextCellId(units: readonly SkuUnit[]): number | null {
  return units.find((u) => u.state === 'waiting' && u.cellId !== null)?.cellId ?? null;
}

function withUnit(units: readonly SkuUnit[], id: number, state: SkuUnit['state']): SkuUnit[] {
  return units.map((u) => (u.id === id ? { ...u, state } : u));
}

/** Where the task stands once `units` are as given: this cell, the next one, or WaitConfirm. */
function onward(task: Task, units: readonly SkuUnit[], cellId?: number): State {
  if (cellId !== undefined && units.some((u) => u.state === 'waiting' && u.cellId === cellId)) {
    return { code: 'WaitSku', data: { task, cellId } };
  }
  return nextCellId(units) === null
    ? { code: 'WaitConfirm', data: { task } }
    : { code: 'WaitCell', data: { task } };
}

function titleOf(unit: SkuUnit): string {
  return unit.stock ? `${unit.stock.maker} ${unit.stock.parcelNumber}` : unit.number;
}

/**
 * The unit taken out of its box (all its pieces counted); its sticker printed at once when it
 * is unstickered with count 1 and no attention, else asked (WaitPickingSticker).
 */
function pickUnit(task: Task, unit: SkuUnit, facts: Facts, cellId: number): Step {
  if (unit.boxId === null) return refuse('workflowSkuNotInTask');
  const units = withUnit(facts.own.units, unit.id, 'picked');
  const effects: WorkflowEffect[] = [
    {
      kind: 'pickShipmentParcel',
      unitId: unit.id,
      parcelId: unit.parcelId,
      parcelNumber: unit.number,
      boxId: unit.boxId,
      cellId,
      shipmentCode: task.code,
    },
  ];
  const stock = unit.stock;
  const notification = {
    status: 'success' as const,
    key: 'workflowSkuTaken' as const,
    params: {
      item: titleOf(unit),
      done: units.filter((u) => u.state !== 'waiting').length,
      total: units.length,
    },
  };
  if (stock !== null && !stock.isStickered) {
    if (stock.count === 1 && !stock.isNeedAttention) {
      effects.push({ kind: 'printParcelSticker', parcelId: unit.parcelId, copies: 1 });
    } else {
      return accept(
        { code: 'WaitPickingSticker', data: { task, cellId, unitId: unit.id } },
        { effects, sounds: ['success-small'], notification },
      );
    }
  }
  return accept(onward(task, units, cellId), {
    effects,
    sounds: ['success-small'],
    notification,
  });
}

/** The item chosen or identified: attention asked first, then its count, then it is picked. */
function takeUnit(task: Task, unit: SkuUnit, facts: Facts, cellId: number, text: string): Step {
  const stock = unit.stock;
  if (stock?.isNeedAttention) {
    return accept(
      {
        code: 'WaitSku',
        data: { task, cellId, offered: { unitIds: [unit.id], attention: true, text } },
      },
      {
        sounds: ['attention'],
        notification: {
          status: 'warning',
          key: 'workflowSkuAttention',
          params: { item: titleOf(unit), message: stock.attentionMessage ?? '' },
        },
      },
    );
  }
  if (stock !== null && stock.count > 1) {
    return accept(
      { code: 'WaitSkuCount', data: { task, cellId, unitId: unit.id, counted: 0 } },
      { sounds: ['scan'] },
    );
  }
  return pickUnit(task, unit, facts, cellId);
}

/** The waiting goods of the cell with their stock items. */
function candidatesIn(facts: Facts, cellId: number): Candidate[] {
  return facts.own.units.flatMap((unit) =>
    unit.state === 'waiting' && unit.cellId === cellId && unit.stock !== null
      ? [{ ...unit.stock, unit }]
      : [],
  );
}

function onScan(state: State, facts: Facts): Step {
  const { task, cellId } = state.data;
  const { scan } = facts;
  if (!task || cellId === undefined || scan?.kind !== 'sku') {
    return refuse('workflowActionNotExpected');
  }
  // Spec part 1 §5: the server runs the same matching the screen highlights with, and decides.
  const match = matchStock(scan.barcode, candidatesIn(facts, cellId));
  if (match.kind === 'none') return refuse('workflowSkuNotInTask');
  if (match.kind === 'identified') {
    // The full match (its only unstickered item), or its only item when that one is stickered
    // already: picking takes goods, stickered or not (docs/DECISIONS.md "Picking goods by SKU").
    const only = match.fullMatch ?? (match.items.length === 1 ? match.items[0] : undefined);
    if (only) return takeUnit(task, only.unit, facts, cellId, scan.barcode);
  }
  const groups = match.kind === 'identified' ? [match] : match.candidates;
  const unitIds = groups.flatMap((group) =>
    group.items.filter((item) => item.unit.state === 'waiting').map((item) => item.unit.id),
  );
  return accept(
    {
      code: 'WaitSku',
      data: { task, cellId, offered: { unitIds, attention: false, text: scan.barcode } },
    },
    {
      sounds: ['attention'],
      notification: { status: 'info', key: 'workflowSkuChoose', params: { text: scan.barcode } },
    },
  );
}

function onConfirmOffered(state: State, action: TWorkflowAction, facts: Facts): Step {
  const { task, cellId, offered } = state.data;
  if (!task || cellId === undefined || action.code !== 'ConfirmItem' || !offered) {
    return refuse('workflowActionNotExpected');
  }
  const unit = facts.own.units.find((u) => String(u.id) === action.itemId);
  if (!unit || !offered.unitIds.includes(unit.id) || unit.state !== 'waiting') {
    return refuse('workflowSkuNotOffered', { item: action.itemId });
  }
  if (offered.attention) {
    // The attention read and confirmed: its count next; its sticker is asked, never printed at
    // once (spec part 1 §1: at once only with count 1 and no attention).
    if (unit.stock !== null && unit.stock.count > 1) {
      return accept({ code: 'WaitSkuCount', data: { task, cellId, unitId: unit.id, counted: 0 } });
    }
    return pickUnit(task, unit, facts, cellId);
  }
  return takeUnit(task, unit, facts, cellId, offered.text);
}

function onCount(state: State, action: TWorkflowAction, facts: Facts): Step {
  const { task, cellId, unitId, counted = 0 } = state.data;
  if (!task || cellId === undefined || unitId === undefined) {
    return refuse('workflowActionNotExpected');
  }
  if (action.code === 'SkipClick') return accept({ code: 'WaitSku', data: { task, cellId } });
  if (action.code !== 'CountSelected') return refuse('workflowActionNotExpected');
  const unit = facts.own.units.find((u) => u.id === unitId);
  if (!unit || unit.state !== 'waiting' || unit.stock === null) {
    return refuse('workflowSkuNotInTask');
  }
  const remaining = unit.stock.count - counted;
  if (action.count > remaining) {
    return refuse('workflowSkuCountTooMany', { remaining, count: action.count }, 'badRequest');
  }
  if (action.count < remaining) {
    return accept(
      { code: 'WaitSkuCount', data: { task, cellId, unitId, counted: counted + action.count } },
      { sounds: ['scan'] },
    );
  }
  return pickUnit(task, unit, facts, cellId);
}

function onSticker(state: State, action: TWorkflowAction, facts: Facts): Step {
  const { task, cellId, unitId } = state.data;
  if (!task || cellId === undefined || unitId === undefined) {
    return refuse('workflowActionNotExpected');
  }
  const unit = facts.own.units.find((u) => u.id === unitId);
  const next = onward(task, facts.own.units, cellId);
  if (action.code === 'SkipClick') return accept(next);
  if (action.code !== 'StickerCountSelected' || !unit) return refuse('workflowActionNotExpected');
  return accept(next, {
    effects: [{ kind: 'printParcelSticker', parcelId: unit.parcelId, copies: action.count }],
    sounds: ['success-small'],
  });
}

function onConfirm(state: State, action: TWorkflowAction, facts: Facts): Step {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  const { units } = facts.own;
  if (action.code === 'SkipClick') return accept(onward(task, units));
  if (action.code === 'ItemReverted') {
    return revertPickedUnit(task, units, action.itemId, (after) => onward(task, after));
  }
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  return completePicking(task, units, START);
}

function onCell(state: State, facts: Facts): Step {
  const { task } = state.data;
  const { scan } = facts;
  if (!task || scan?.kind !== 'cell') return refuse('workflowActionNotExpected');
  const expected = nextCellId(facts.own.units);
  if (scan.id !== expected) {
    const name = facts.own.units.find((u) => u.cellId === expected)?.cellName ?? '';
    return refuse('workflowWrongCell', { cell: name });
  }
  return accept({ code: 'WaitSku', data: { task, cellId: scan.id } }, { sounds: ['scan'] });
}

function itemOf(unit: SkuUnit, isCurrent: boolean): TWorkflowItem {
  return {
    itemId: String(unit.id),
    kind: 'sku',
    barcode: unit.stock?.parcelNumber ?? unit.number,
    title: unit.stock?.parcelName ?? unit.name,
    subtitle: unit.stock ? `${unit.stock.maker} · ${unit.number}` : unit.reason,
    location: unit.cellName ?? unit.fromCellName,
    quantity: unit.stock?.count ?? 1,
    doneQuantity: unit.state === 'picked' ? (unit.stock?.count ?? 1) : 0,
    state: unit.state === 'waiting' ? 'waiting' : unit.state === 'short' ? 'skipped' : 'done',
    isCurrent,
    ...(unit.stock
      ? {
          stock: {
            parcelNumber: unit.stock.parcelNumber,
            parcelName: unit.stock.parcelName,
            maker: unit.stock.maker,
            barcodes: [...unit.stock.barcodes],
            receiptBarcode: unit.stock.receiptBarcode,
            isStickered: unit.stock.isStickered,
            count: unit.stock.count,
            isNeedAttention: unit.stock.isNeedAttention,
          },
        }
      : {}),
  };
}

const SCAN_STATE = {
  expects: ['sku'],
  expectKey: 'workflowExpectSku',
} as const;

function viewOf(state: State, facts: Facts, task: Task): StepView {
  const { cellId, offered, unitId, counted = 0 } = state.data;
  const { units } = facts.own;
  const current = cellId ?? nextCellId(units);
  const cell = units.find((u) => u.cellId === current)?.cellName ?? '';
  const items = units.map((u) =>
    itemOf(
      u,
      // WaitSku: current are only the goods a scan offered, which the screen lets choose.
      state.code === 'WaitSku'
        ? (offered?.unitIds.includes(u.id) ?? false)
        : u.state === 'waiting' && u.cellId === current,
    ),
  );
  const asked = units.find(
    (u) => u.id === (unitId ?? (offered?.attention ? offered.unitIds[0] : -1)),
  );
  const item = asked ? titleOf(asked) : '';
  const common = { canCompleteTask: true };
  switch (state.code) {
    case 'WaitSku':
      return {
        prompt: offered
          ? offered.attention
            ? {
                key: 'skuPickingAttention',
                params: { item },
              }
            : { key: 'skuPickingChoose', params: { text: offered.text } }
          : { key: 'skuPickingSku', params: { shipment: task.code, cell } },
        options: common,
        items,
      };
    case 'WaitSkuCount': {
      const remaining = (asked?.stock?.count ?? 1) - counted;
      return {
        prompt: { key: 'skuPickingCount', params: { item, remaining } },
        options: { canSkip: true, count: { min: 1, max: remaining } },
        items,
      };
    }
    case 'WaitPickingSticker':
      return {
        prompt: { key: 'skuPickingSticker', params: { item, count: asked?.stock?.count ?? 1 } },
        options: { canSkip: true, count: { min: 1, max: WORKFLOW_COUNT_MAX } },
        items,
      };
    case 'WaitConfirm':
      return pickingConfirmView(
        'skuPickingConfirm',
        task,
        units,
        items.filter((i) => i.state !== 'waiting'),
      );
    default:
      return {
        prompt: current
          ? { key: 'skuPickingCell', params: { shipment: task.code, cell } }
          : { key: 'skuPickingNothingLeft', params: { shipment: task.code } },
        options: common,
        items,
      };
  }
}

export const parcelsPickingWorkflow: WorkflowDefinition<SkuPickingData, SkuPickingFacts> = {
  name: 'parcels-picking',
  start: START,
  states: {
    WaitTaskSelection: PICKING_TASK_STATES.WaitTaskSelection,
    WaitConfirm: PICKING_TASK_STATES.WaitConfirm,
    WaitCell: {
      actions: ['BarcodeScanned', 'TaskCompleted'],
      expects: ['cell'],
      expectKey: 'workflowExpectCell',
    },
    WaitSku: { actions: ['BarcodeScanned', 'ConfirmItem', 'TaskCompleted'], ...SCAN_STATE },
    WaitSkuCount: {
      actions: ['CountSelected', 'SkipClick'],
      expects: [],
      expectKey: 'workflowExpectAction',
    },
    WaitPickingSticker: {
      actions: ['StickerCountSelected', 'SkipClick'],
      expects: [],
      expectKey: 'workflowExpectAction',
    },
  },

  transition(state, action, facts) {
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection') {
      return selectTask(action, facts.own.tasks, (t) => ({ code: 'WaitCell', data: { task: t } }));
    }
    if (!task) return refuse('workflowActionNotExpected');
    switch (state.code) {
      case 'WaitCell':
      case 'WaitSku':
        if (action.code === 'TaskCompleted') return accept({ code: 'WaitConfirm', data: { task } });
        if (action.code === 'ConfirmItem') return onConfirmOffered(state, action, facts);
        return state.code === 'WaitCell' ? onCell(state, facts) : onScan(state, facts);
      case 'WaitSkuCount':
        return onCount(state, action, facts);
      case 'WaitPickingSticker':
        return onSticker(state, action, facts);
      case 'WaitConfirm':
        return onConfirm(state, action, facts);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { task } = state.data;
    if (state.code === 'WaitTaskSelection' || !task) {
      return {
        prompt: { key: 'skuPickingTask', params: {} },
        options: {},
        items: [],
        tasks: facts.own.tasks.map(taskOf),
      };
    }
    return viewOf(state, facts, task);
  },
};
