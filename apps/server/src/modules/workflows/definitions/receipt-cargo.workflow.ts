import {
  WORKFLOW_MEASURE_MAX_CM,
  WORKFLOW_MEASURE_MAX_GRAMS,
  type TWorkflowAction,
  type TWorkflowItem,
} from '@sorting/contracts';
import { matchStock, type StockGroup } from '@sorting/domain';
import { INBOUND_PLACE_REASONS, type InboundPlaceReason } from '../../../db/schema-sorting.js';
import type { CargoUnitFact } from '../scan-facts.js';
import type { PlaceStockRow, ReceiptPlaceRow, ReceiptTaskRow } from '../receipt.repository.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';
import { RECEIPT_STEP_RULES } from './receipt-cargo.rules.js';

// Receipt of cargo (spec part 1 §1; docs/DECISIONS.md "Receipt of cargo", its step table): a
// workplace, a supply in state 1 or 5, then its places one by one: the count of details (a
// reason when it differs), measures when the place has none, the place received (the supply
// arrives by its first place); a supply needing stickering has each received place's goods
// stickered by their factory labels through stock matching (part 1 §5). TaskCompleted lists
// the places not received; confirming closes the receipt with them recorded missing.

/** Part 1 §1: why a place's count differs from the expected (the `inbound_places` check). */
const RECEIPT_REASONS = INBOUND_PLACE_REASONS;

function isReason(code: string): code is InboundPlaceReason {
  return (RECEIPT_REASONS as readonly string[]).includes(code);
}

/** Part 1 §5: measures of a place within these bounds (cm, grams). */
const MAX_SIDE_CM = WORKFLOW_MEASURE_MAX_CM;
const MAX_WEIGHT_GRAMS = WORKFLOW_MEASURE_MAX_GRAMS;

export interface ReceiptFacts {
  workplaces: { barcode: string; name: string }[];
  tasks: ReceiptTaskRow[];
  task: ReceiptTaskRow | null;
  places: ReceiptPlaceRow[];
  /** WaitPickingSticker: the stickered place's details as stock items. */
  stock: PlaceStockRow[];
}

type Measures = { lengthCm: number; widthCm: number; heightCm: number; weightGrams: number };

export interface ReceiptData {
  workplace?: { barcode: string; name: string };
  task?: { id: number; code: string };
  place?: { id: number; barcode: string; expected: number };
  count?: number;
  reason?: InboundPlaceReason | null;
  /** WaitPickingSticker: the details offered (ambiguous) and the one picked. */
  candidates?: number[];
  picked?: number | null;
}

type State = RunState<ReceiptData>;
type Facts = WorkflowFacts<ReceiptFacts>;

const START: State = { code: 'WaitWorkplace', data: {} };

function base(data: ReceiptData): ReceiptData {
  return { workplace: data.workplace, task: data.task };
}

/** The place received with its count, reason and measures; stickering next when needed. */
function receive(state: State, facts: Facts, measures: Measures | null): Transition<ReceiptData> {
  const { task: run, place, count, reason } = state.data;
  const task = facts.own.task;
  if (!run || !place || count === undefined || !task) return refuse('workflowActionNotExpected');
  const next: State = task.needsStickering
    ? { code: 'WaitPickingSticker', data: { ...base(state.data), place, candidates: [] } }
    : { code: 'WaitItem', data: base(state.data) };
  return accept(next, {
    effects: [
      {
        kind: 'receivePlace',
        placeId: place.id,
        placeBarcode: place.barcode,
        count,
        reason: reason ?? null,
        measures,
        arrival: task.state === 1 ? task.acceptanceBarcode : null,
      },
    ],
    sounds: ['success-small'],
    notification: {
      status: 'success',
      key: 'receiptPlaceReceived',
      params: { place: place.barcode, count },
    },
  });
}

/** After the count (and reason): measures when the place has none, else received. */
function afterCount(state: State, facts: Facts): Transition<ReceiptData> {
  const place = facts.own.places.find((p) => p.id === state.data.place?.id);
  if (place?.hasMeasures) return receive(state, facts, null);
  return accept({ code: 'WaitMeasurements', data: state.data });
}

/** A place scanned in WaitItem (or with the supply in WaitTaskSelection). */
function onPlace(data: ReceiptData, scan: CargoUnitFact, facts: Facts): Transition<ReceiptData> {
  if (scan.placeId === null) return refuse('receiptScanPlace');
  const place = facts.own.places.find((p) => p.id === scan.placeId);
  if (!place) return refuse('receiptPlaceOfOtherSupply', { place: scan.barcode });
  if (place.receivedCount !== null) {
    // Part 1 §1: a place received already answers `repeat`; the run stays where it was.
    return accept(
      { code: 'WaitItem', data },
      {
        sounds: ['repeat'],
        notification: {
          status: 'info',
          key: 'receiptPlaceAlreadyReceived',
          params: { place: place.barcode },
        },
      },
    );
  }
  return accept(
    {
      code: 'WaitCount',
      data: {
        ...base(data),
        place: { id: place.id, barcode: place.barcode, expected: place.expected },
      },
    },
    { sounds: ['scan'] },
  );
}

function onTaskSelection(
  state: State,
  action: TWorkflowAction,
  facts: Facts,
): Transition<ReceiptData> {
  const { tasks } = facts.own;
  let task: ReceiptTaskRow | undefined;
  const { scan } = facts;
  if (action.code === 'TaskSelected') task = tasks.find((t) => String(t.id) === action.taskId);
  else if (scan?.kind === 'cargo_unit') task = tasks.find((t) => t.id === scan.inboundId);
  else return refuse('workflowActionNotExpected');
  if (!task) {
    const name = action.code === 'TaskSelected' ? action.taskId : (scan?.barcode ?? '');
    return refuse('workflowTaskNotFound', { task: name }, 'objectNotFound');
  }
  const data: ReceiptData = {
    workplace: state.data.workplace,
    task: { id: task.id, code: task.code },
  };
  if (scan?.kind === 'cargo_unit' && scan.placeId !== null) return onPlace(data, scan, facts);
  return accept({ code: 'WaitItem', data }, { sounds: ['scan'] });
}

function onCount(state: State, action: TWorkflowAction, facts: Facts): Transition<ReceiptData> {
  if (action.code !== 'CountSelected' || !state.data.place) {
    return refuse('workflowActionNotExpected');
  }
  const data = { ...state.data, count: action.count, reason: null };
  if (action.count === state.data.place.expected) return afterCount({ ...state, data }, facts);
  return accept({ code: 'WaitReason', data }, { sounds: ['attention'] });
}

function onReason(state: State, action: TWorkflowAction, facts: Facts): Transition<ReceiptData> {
  if (action.code === 'ShowReasonsSelected') return accept(state);
  if (action.code !== 'ReasonSelected') return refuse('workflowActionNotExpected');
  const reason = action.reasonCode;
  if (!isReason(reason)) return refuse('receiptReasonUnknown', { reason });
  return afterCount({ ...state, data: { ...state.data, reason } }, facts);
}

function onMeasures(state: State, action: TWorkflowAction, facts: Facts): Transition<ReceiptData> {
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  const measure = action.measure;
  if (!measure) return refuse('receiptMeasuresMissing');
  const sides = [measure.lengthCm, measure.widthCm, measure.heightCm];
  if (sides.some((side) => !(side > 0) || side > MAX_SIDE_CM)) {
    return refuse('receiptMeasuresMissing');
  }
  // f-0027: a weight must be above zero (grams ×1000 of the kilograms typed or weighed).
  const weight = measure.weightGrams;
  if (weight === undefined || !(weight > 0) || weight > MAX_WEIGHT_GRAMS) {
    return refuse('receiptWeightNotPositive');
  }
  return receive(state, facts, {
    lengthCm: measure.lengthCm,
    widthCm: measure.widthCm,
    heightCm: measure.heightCm,
    weightGrams: weight,
  });
}

/** The label of a detail (`copies` of it), the run staying in WaitPickingSticker. */
function printLabel(state: State, item: PlaceStockRow, copies: number): Transition<ReceiptData> {
  return accept(
    { code: 'WaitPickingSticker', data: { ...state.data, candidates: [], picked: null } },
    {
      effects: [{ kind: 'printDetailLabel', parcelId: item.id, copies }],
      sounds: ['success-small'],
      notification: {
        status: 'success',
        key: 'receiptLabelPrinted',
        params: { number: item.parcelNumber, maker: item.maker },
      },
    },
  );
}

function unstickeredOf(groups: readonly StockGroup<PlaceStockRow>[]): number[] {
  return groups.flatMap((group) => group.items.filter((i) => !i.isStickered).map((i) => i.id));
}

function onSticker(state: State, action: TWorkflowAction, facts: Facts): Transition<ReceiptData> {
  const { stock } = facts.own;
  const { scan } = facts;
  if (action.code === 'SkipClick') return accept({ code: 'WaitItem', data: base(state.data) });
  if (action.code === 'BarcodeScanned') {
    if (scan?.kind !== 'sku') return refuse('workflowActionNotExpected');
    const found = matchStock(scan.barcode, stock);
    if (found.kind === 'none') return refuse('receiptGoodsNotFound');
    if (found.kind === 'identified' && found.fullMatch && found.canSticker) {
      return printLabel(state, found.fullMatch, 1);
    }
    const candidates = unstickeredOf(found.kind === 'identified' ? [found] : found.candidates);
    if (candidates.length === 0) return refuse('receiptGoodsStickered');
    return accept(
      { code: 'WaitPickingSticker', data: { ...state.data, candidates, picked: null } },
      { sounds: ['attention'] },
    );
  }
  if (action.code === 'ConfirmItem') {
    // A candidate offered, or any unstickered detail of the place picked from its list.
    const id = Number(action.itemId);
    if (!stock.some((item) => item.id === id && !item.isStickered)) {
      return refuse('receiptGoodsNotFound');
    }
    return accept({ code: 'WaitPickingSticker', data: { ...state.data, picked: id } });
  }
  if (action.code !== 'StickerCountSelected') return refuse('workflowActionNotExpected');
  const item = stock.find((i) => i.id === state.data.picked);
  if (!item) return refuse('workflowActionNotExpected');
  if (action.count > item.count) return refuse('receiptStickerCountOver', { max: item.count });
  return printLabel(state, item, action.count);
}

function onItem(state: State, action: TWorkflowAction, facts: Facts): Transition<ReceiptData> {
  const { scan } = facts;
  if (action.code === 'TaskCompleted') return accept({ code: 'WaitConfirm', data: state.data });
  if (action.code !== 'BarcodeScanned' || scan?.kind !== 'cargo_unit') {
    return refuse('workflowActionNotExpected');
  }
  if (scan.inboundId !== state.data.task?.id) {
    return refuse('receiptPlaceOfOtherSupply', { place: scan.barcode });
  }
  return onPlace(state.data, scan, facts);
}

function onConfirm(state: State, action: TWorkflowAction): Transition<ReceiptData> {
  const { task } = state.data;
  if (!task) return refuse('workflowActionNotExpected');
  if (action.code === 'SkipClick') return accept({ code: 'WaitItem', data: state.data });
  return accept(
    { code: 'WaitTaskSelection', data: { workplace: state.data.workplace } },
    {
      effects: [{ kind: 'closeReceipt', inboundId: task.id }],
      sounds: ['success-big'],
      notification: { status: 'success', key: 'receiptClosed', params: { task: task.code } },
    },
  );
}

function placeItem(place: ReceiptPlaceRow, current: number | undefined): TWorkflowItem {
  return {
    itemId: String(place.id),
    kind: 'cargo_unit',
    barcode: place.barcode,
    title: place.barcode,
    subtitle: place.reason,
    location: null,
    quantity: place.expected,
    doneQuantity: place.receivedCount ?? 0,
    state: place.receivedCount !== null ? 'done' : place.isMissing ? 'skipped' : 'waiting',
    isCurrent: place.id === current,
  };
}

function stockItem(item: PlaceStockRow, data: ReceiptData): TWorkflowItem {
  return {
    itemId: String(item.id),
    kind: 'sku',
    barcode: item.number,
    title: `${item.parcelNumber} · ${item.maker}`,
    subtitle: item.parcelName,
    location: null,
    quantity: item.count,
    doneQuantity: item.isStickered ? item.count : 0,
    state: item.isStickered ? 'done' : 'waiting',
    isCurrent: item.id === data.picked || (data.candidates ?? []).includes(item.id),
  };
}

function stickerView(state: State, facts: Facts): StepView {
  const { data } = state;
  const picked = facts.own.stock.find((i) => i.id === data.picked);
  const offered = facts.own.stock.filter((i) => (data.candidates ?? []).includes(i.id));
  return {
    prompt: {
      key: picked
        ? 'receiptStickerCount'
        : offered.length > 0
          ? 'receiptPickGoods'
          : 'receiptSticker',
      params: { place: data.place?.barcode ?? '', number: picked?.parcelNumber ?? '' },
    },
    options: { canSkip: true, count: picked ? { min: 1, max: picked.count } : null },
    items: (offered.length > 0 ? offered : facts.own.stock).map((i) => stockItem(i, data)),
  };
}

export const receiptCargoWorkflow: WorkflowDefinition<ReceiptData, ReceiptFacts> = {
  name: 'receipt-cargo',
  start: START,
  states: RECEIPT_STEP_RULES,

  transition(state, action, facts) {
    switch (state.code) {
      case 'WaitWorkplace': {
        if (action.code !== 'WorkplaceSelected') return refuse('workflowActionNotExpected');
        const workplace = facts.own.workplaces.find((w) => w.barcode === action.barcode);
        if (!workplace) {
          return refuse('receiptWorkplaceUnknown', { barcode: action.barcode }, 'objectNotFound');
        }
        return accept({ code: 'WaitTaskSelection', data: { workplace } }, { sounds: ['scan'] });
      }
      case 'WaitTaskSelection':
        return onTaskSelection(state, action, facts);
      case 'WaitItem':
        return onItem(state, action, facts);
      case 'WaitCount':
        return onCount(state, action, facts);
      case 'WaitReason':
        return onReason(state, action, facts);
      case 'WaitMeasurements':
        return onMeasures(state, action, facts);
      case 'WaitPickingSticker':
        return onSticker(state, action, facts);
      case 'WaitConfirm':
        return onConfirm(state, action);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { data } = state;
    const { places, tasks } = facts.own;
    const task = data.task?.code ?? '';
    const place = data.place?.barcode ?? '';
    const placeItems = places.map((p) => placeItem(p, data.place?.id));
    switch (state.code) {
      case 'WaitWorkplace':
        return { prompt: { key: 'receiptWorkplace', params: {} }, options: {}, items: [] };
      case 'WaitTaskSelection':
        return {
          prompt: { key: 'receiptTask', params: { workplace: data.workplace?.name ?? '' } },
          options: {},
          items: [],
          tasks: tasks.map((t) => ({
            taskId: String(t.id),
            title: t.code,
            subtitle: t.senderName,
            total: t.places,
            done: t.received,
            heldBy: null,
          })),
        };
      case 'WaitCount':
        return {
          prompt: { key: 'receiptCount', params: { place, n: data.place?.expected ?? 0 } },
          options: { count: { min: 1, max: 50 } },
          items: placeItems.filter((i) => i.isCurrent),
        };
      case 'WaitReason':
        return {
          prompt: {
            key: 'receiptReason',
            params: { place, n: data.place?.expected ?? 0, count: data.count ?? 0 },
          },
          options: { reasons: RECEIPT_REASONS.map((code) => ({ code })) },
          items: placeItems.filter((i) => i.isCurrent),
        };
      case 'WaitMeasurements':
        return {
          prompt: { key: 'receiptMeasures', params: { place } },
          options: {},
          items: placeItems.filter((i) => i.isCurrent),
        };
      case 'WaitPickingSticker':
        return stickerView(state, facts);
      case 'WaitConfirm': {
        const left = placeItems.filter((i) => i.state === 'waiting');
        return {
          prompt: { key: 'receiptConfirm', params: { task, missing: left.length } },
          options: { canSkip: true },
          items: left,
        };
      }
      default:
        return {
          prompt: { key: 'receiptPlace', params: { task } },
          options: { canCompleteTask: true },
          items: placeItems,
        };
    }
  },
};
