import type { TWorkflowAction } from '@sorting/contracts';
import { matchStock, type StockItem } from '@sorting/domain';
import type { PackageFact } from '../packing-effects.js';
import {
  accept,
  refuse,
  type Transition,
  type WorkflowDefinition,
  type WorkflowEffect,
} from '../workflow-definition.js';
import { PACKING_STEP_RULES } from './packing.rules.js';
import { filledPackages, packingView, remainingOf } from './packing.view.js';

// Packing (spec part 1 §1; docs/DECISIONS.md "Packing", its step table): a workplace; a parcel
// or goods (`sku`, stock matching of part 1 §5) of an order ready to pack (its parcels picked
// for a shipment, in no box); a size (`dt`, or a returnable `container`) opens a package, a
// sorting box of that size numbered from the box sequence; the order's items go into it one by
// one (several identical ones by CountSelected; ItemReverted takes one out), a new size opens
// the next package; when all are packed, or TaskCompleted, WaitConfirm; then each package is
// weighed (ConfirmItem with its measure), closed and its `box` label printed «1/2».

import type {
  PackingData,
  PackingItem,
  PackingFacts,
  PackingState,
  PackingStepFacts,
} from './packing.types.js';

export type { PackingData, PackingItem, PackingFacts, PackingState, PackingStepFacts };

type Step = Transition<PackingData>;

const START: PackingState = { code: 'WaitWorkplace', data: {} };

/** Part 1 §5: a weight above zero and at most 1,000 kg (grams). */
const MAX_WEIGHT_GRAMS = 1_000_000;

function titleOf(item: PackingItem): string {
  return item.stock ? `${item.stock.maker} ${item.stock.parcelNumber}` : item.number;
}

/** The items packed by this run's packages. */
function packedHere(data: PackingData, items: readonly PackingItem[]): PackingItem[] {
  const boxIds = new Set((data.packages ?? []).map((pkg) => pkg.boxId));
  return items.filter((item) => item.boxId !== null && boxIds.has(item.boxId));
}

function base(data: PackingData): PackingData {
  return { workplace: data.workplace, order: data.order, packages: data.packages };
}

/** Items packed into the open package; WaitConfirm once none remains. */
function packItems(state: PackingState, facts: PackingStepFacts, chosen: PackingItem[]): Step {
  const pkg = state.data.packages?.at(-1);
  if (!pkg) return refuse('workflowActionNotExpected');
  const ids = new Set(chosen.map((item) => item.id));
  const items = facts.own.items;
  const left = remainingOf(items).filter((item) => !ids.has(item.id)).length;
  const done = items.length - left;
  const effects: WorkflowEffect[] = chosen.map((item) => ({
    kind: 'packItem',
    parcelId: item.id,
    parcelNumber: item.number,
    boxId: pkg.boxId,
  }));
  const first = chosen[0];
  return accept(
    { code: left === 0 ? 'WaitConfirm' : 'WaitItem', data: base(state.data) },
    {
      effects,
      sounds: ['success-small'],
      notification: {
        status: 'success',
        key: 'packingItemPacked',
        params: {
          item: first ? titleOf(first) + (chosen.length > 1 ? ` ×${chosen.length}` : '') : '',
          done,
          total: items.length,
        },
      },
    },
  );
}

/** A size chosen: a package opens (the open one, if it holds items, is done with). */
function openPackage(
  state: PackingState,
  facts: PackingStepFacts,
  size: { name: string; lengthCm: number; widthCm: number; heightCm: number },
): Step {
  const packages = state.data.packages ?? [];
  const open = packages.at(-1);
  if (open && !facts.own.items.some((item) => item.boxId === open.boxId)) {
    return refuse('packingPackageEmpty', { number: open.number });
  }
  return accept(
    { code: 'WaitItem', data: { ...base(state.data), packages } },
    {
      effects: [{ kind: 'openPackage', size, packages }],
      sounds: ['ok-new'],
      notification: {
        status: 'info',
        key: 'packingPackageOpened',
        params: { place: packages.length + 1, size: size.name },
      },
    },
  );
}

/** A size scanned (a dimension type of the warehouse or a common one, or a container). */
function onSize(state: PackingState, facts: PackingStepFacts): Step | null {
  const { scan } = facts;
  if (scan?.kind === 'dt') {
    // A dimension type of the run's warehouse or a common one (spec part 2 §3).
    if (scan.warehouseCode !== null && scan.warehouseCode !== facts.warehouseCode) {
      return refuse('dimensionOfOtherWarehouse', { name: scan.name });
    }
    const { lengthCm, widthCm, heightCm } = scan;
    return openPackage(state, facts, { name: scan.name, lengthCm, widthCm, heightCm });
  }
  if (scan?.kind === 'container') {
    const found = facts.own.container;
    if (!found || scan.warehouseId !== facts.warehouseId) {
      return refuse('packingContainerUnknown', { barcode: scan.barcode }, 'objectNotFound');
    }
    const { lengthCm, widthCm, heightCm } = found;
    return openPackage(state, facts, { name: found.barcode, lengthCm, widthCm, heightCm });
  }
  return null;
}

/** PackingWaitWhat: the order of a parcel or of goods ready to pack. */
function onOrder(state: PackingState, facts: PackingStepFacts): Step {
  const { scan } = facts;
  let order: string | null = null;
  if (scan?.kind === 'parcel') {
    const ready = remainingOf(facts.own.items).some((item) => item.id === scan.id);
    if (!ready || facts.own.scannedOrder === null) {
      return refuse('packingOrderNotReady', { item: scan.barcode });
    }
    order = facts.own.scannedOrder;
  } else if (scan?.kind === 'sku') {
    const candidates = facts.own.ready.flatMap((item) =>
      item.stock ? [{ ...item.stock, item } as StockItem & { item: PackingItem }] : [],
    );
    const match = matchStock(scan.barcode, candidates);
    if (match.kind === 'none') return refuse('workflowSkuNotInTask');
    const groups = match.kind === 'identified' ? [match] : match.candidates;
    const orders = new Set(groups.flatMap((g) => g.items.map((i) => i.item.orderNumber)));
    if (orders.size !== 1) return refuse('packingOrderAmbiguous');
    order = [...orders][0] ?? null;
  }
  if (order === null) return refuse('workflowActionNotExpected');
  return accept(
    { code: 'WaitContainerSize', data: { workplace: state.data.workplace, order, packages: [] } },
    { sounds: ['scan'] },
  );
}

/** WaitItem: goods scanned, matched within the order's items not packed yet. */
function onGoods(state: PackingState, facts: PackingStepFacts, text: string): Step {
  const remaining = remainingOf(facts.own.items);
  const candidates = remaining.flatMap((item) =>
    item.stock ? [{ ...item.stock, item } as StockItem & { item: PackingItem }] : [],
  );
  const match = matchStock(text, candidates);
  if (match.kind === 'none') {
    const all = facts.own.items.flatMap((item) => (item.stock ? [item.stock] : []));
    const isPacked = matchStock(text, all).kind !== 'none';
    return isPacked
      ? refuse('packingItemAlreadyPacked', { item: text })
      : refuse('workflowSkuNotInTask');
  }
  const groups = match.kind === 'identified' ? [match] : match.candidates;
  const itemIds = groups.flatMap((group) => group.items.map((i) => i.item.id));
  const only = itemIds.length === 1 ? remaining.find((item) => item.id === itemIds[0]) : undefined;
  if (only) return packItems(state, facts, [only]);
  return accept(
    {
      code: 'WaitItem',
      data: { ...base(state.data), offered: { itemIds, isSameGoods: match.kind === 'identified' } },
    },
    {
      sounds: ['attention'],
      notification: { status: 'info', key: 'workflowSkuChoose', params: { text } },
    },
  );
}

/** WaitItem: a parcel scanned (its own number). */
function onParcel(state: PackingState, facts: PackingStepFacts, parcelId: number): Step {
  const item = facts.own.items.find((i) => i.id === parcelId);
  const barcode = facts.scan?.barcode ?? '';
  if (!item) return refuse('packingItemOfOtherOrder', { item: barcode });
  if (item.boxId !== null) return refuse('packingItemAlreadyPacked', { item: item.number });
  return packItems(state, facts, [item]);
}

function onItem(state: PackingState, action: TWorkflowAction, facts: PackingStepFacts): Step {
  const { scan } = facts;
  const remaining = remainingOf(facts.own.items);
  switch (action.code) {
    case 'BarcodeScanned': {
      const sized = onSize(state, facts);
      if (sized) return sized;
      if (scan?.kind === 'parcel') return onParcel(state, facts, scan.id);
      if (scan?.kind === 'sku') return onGoods(state, facts, scan.barcode);
      return refuse('workflowActionNotExpected');
    }
    case 'CountSelected': {
      const offered = state.data.offered;
      if (!offered?.isSameGoods) return refuse('workflowActionNotExpected');
      const chosen = remaining.filter((item) => offered.itemIds.includes(item.id));
      if (action.count > chosen.length) return refuse('packingCountOver', { max: chosen.length });
      return packItems(state, facts, chosen.slice(0, action.count));
    }
    case 'ConfirmItem': {
      const item = remaining.find((i) => String(i.id) === action.itemId);
      if (!item) return refuse('workflowSkuNotInTask');
      return packItems(state, facts, [item]);
    }
    case 'ItemReverted': {
      const item = packedHere(state.data, facts.own.items).find(
        (i) => String(i.id) === action.itemId,
      );
      if (!item) return refuse('workflowSkuNotInTask');
      return accept(
        { code: 'WaitItem', data: base(state.data) },
        {
          effects: [{ kind: 'unpackItem', parcelId: item.id }],
          sounds: ['attention'],
          notification: {
            status: 'info',
            key: 'packingItemReverted',
            params: { item: titleOf(item) },
          },
        },
      );
    }
    case 'TaskCompleted':
      if (packedHere(state.data, facts.own.items).length === 0) {
        return refuse('packingNothingPacked');
      }
      return accept({ code: 'WaitConfirm', data: base(state.data) });
    default:
      return refuse('workflowActionNotExpected');
  }
}

/** WaitSizeAndPrint: the next package weighed, closed and labelled «i/n». */
function onWeight(state: PackingState, action: TWorkflowAction, facts: PackingStepFacts): Step {
  if (action.code !== 'ConfirmItem') return refuse('workflowActionNotExpected');
  const filled = filledPackages(state.data, facts.own.items);
  const weighed = state.data.weighed ?? 0;
  const pkg = filled[weighed];
  if (!pkg || !state.data.order) return refuse('workflowActionNotExpected');
  const weight = action.measure?.weightGrams;
  // f-0027: a weight must be above zero (grams ×1000 of the kilograms typed or weighed).
  if (weight === undefined || !(weight > 0) || weight > MAX_WEIGHT_GRAMS) {
    return refuse('packingWeightInvalid');
  }
  const measure = action.measure;
  const measured: PackageFact = measure
    ? { ...pkg, lengthCm: measure.lengthCm, widthCm: measure.widthCm, heightCm: measure.heightCm }
    : pkg;
  const place = `${weighed + 1}/${filled.length}`;
  const effects: WorkflowEffect[] = [
    {
      kind: 'closePackage',
      package: measured,
      orderNumber: state.data.order,
      weightGrams: weight,
      index: weighed + 1,
      total: filled.length,
      parcelNumbers: facts.own.items.filter((i) => i.boxId === pkg.boxId).map((i) => i.number),
    },
  ];
  if (weighed + 1 < filled.length) {
    return accept(
      { code: 'WaitSizeAndPrint', data: { ...base(state.data), weighed: weighed + 1 } },
      {
        effects,
        sounds: ['success-small'],
        notification: { status: 'success', key: 'packingPackageClosed', params: { place } },
      },
    );
  }
  return accept(
    { code: 'PackingWaitWhat', data: { workplace: state.data.workplace } },
    {
      effects,
      sounds: ['success-big'],
      notification: {
        status: 'success',
        key: 'packingOrderPacked',
        params: { order: state.data.order },
      },
    },
  );
}

export const packingWorkflow: WorkflowDefinition<PackingData, PackingFacts> = {
  name: 'packing',
  start: START,
  states: PACKING_STEP_RULES,

  transition(state, action, facts) {
    switch (state.code) {
      case 'WaitWorkplace': {
        if (action.code !== 'WorkplaceSelected') return refuse('workflowActionNotExpected');
        const workplace = facts.own.workplaces.find((w) => w.barcode === action.barcode);
        if (!workplace) {
          return refuse('receiptWorkplaceUnknown', { barcode: action.barcode }, 'objectNotFound');
        }
        return accept({ code: 'PackingWaitWhat', data: { workplace } }, { sounds: ['scan'] });
      }
      case 'PackingWaitWhat':
        return onOrder(state, facts);
      case 'WaitContainerSize':
        if (action.code === 'SkipClick' && (state.data.packages ?? []).length === 0) {
          return accept({ code: 'PackingWaitWhat', data: { workplace: state.data.workplace } });
        }
        return onSize(state, facts) ?? refuse('workflowActionNotExpected');
      case 'WaitItem':
        return onItem(state, action, facts);
      case 'WaitConfirm':
        if (action.code === 'SkipClick')
          return accept({ code: 'WaitItem', data: base(state.data) });
        if (filledPackages(state.data, facts.own.items).length === 0) {
          return refuse('packingNothingPacked');
        }
        return accept({ code: 'WaitSizeAndPrint', data: { ...base(state.data), weighed: 0 } });
      case 'WaitSizeAndPrint':
        return onWeight(state, action, facts);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view: packingView,
};
