import type { TWorkflowItem } from '@sorting/contracts';
import type { StepView } from '../workflow-definition.js';
import type { PackageFact } from '../packing-effects.js';
import type { PackingDimensionRow } from '../packing.repository.js';
import type { PackingData, PackingItem, PackingState, PackingStepFacts } from './packing.types.js';

// What each packing state shows (docs/DECISIONS.md "Packing"): the prompt (`prompt.<key>` of the
// /packing catalogue), the order's items with their stock item fields (the screen highlights a
// scan with the same matching), the sizes to choose from, the package to weigh.

/** The packages of the run holding at least one item: the ones weighed and labelled. */
export function filledPackages(data: PackingData, items: readonly PackingItem[]): PackageFact[] {
  return (data.packages ?? []).filter((pkg) => items.some((item) => item.boxId === pkg.boxId));
}

export function remainingOf(items: readonly PackingItem[]): PackingItem[] {
  return items.filter((item) => item.boxId === null);
}

/** The ready items listed while waiting for an order: a screenful, not the whole warehouse. */
const READY_SHOWN = 30;

function itemOf(
  item: PackingItem,
  packages: readonly PackageFact[],
  current: number[],
): TWorkflowItem {
  const pkg = packages.find((p) => p.boxId === item.boxId);
  return {
    itemId: String(item.id),
    kind: 'parcel',
    barcode: item.number,
    title: item.stock ? `${item.stock.maker} ${item.stock.parcelNumber}` : item.number,
    subtitle: item.name,
    location: pkg ? `№ ${pkg.number}` : null,
    quantity: 1,
    doneQuantity: item.boxId === null ? 0 : 1,
    state: item.boxId === null ? 'waiting' : 'done',
    isCurrent: current.includes(item.id),
    ...(item.stock
      ? {
          stock: {
            parcelNumber: item.stock.parcelNumber,
            parcelName: item.stock.parcelName,
            maker: item.stock.maker,
            barcodes: [...item.stock.barcodes],
            receiptBarcode: item.stock.receiptBarcode,
            isStickered: item.stock.isStickered,
            count: item.stock.count,
            isNeedAttention: item.stock.isNeedAttention,
          },
        }
      : {}),
  };
}

function sizeOf(row: { lengthCm: number; widthCm: number; heightCm: number }): string {
  return `${row.lengthCm}×${row.widthCm}×${row.heightCm}`;
}

function dimensionItem(row: PackingDimensionRow): TWorkflowItem {
  return {
    itemId: row.barcode,
    kind: 'dt',
    barcode: row.barcode,
    title: row.name,
    subtitle: sizeOf(row),
    location: null,
    quantity: 0,
    doneQuantity: 0,
    state: 'waiting',
    isCurrent: false,
  };
}

export function packingView(state: PackingState, facts: PackingStepFacts): StepView {
  const { data } = state;
  const order = data.order ?? '';
  const packages = data.packages ?? [];
  const items = facts.own.items;
  const offered = data.offered?.itemIds ?? [];
  const orderItems = items.map((item) => itemOf(item, packages, offered));
  const left = remainingOf(items).length;
  switch (state.code) {
    case 'WaitWorkplace':
      return { prompt: { key: 'packingWorkplace', params: {} }, options: {}, items: [] };
    case 'PackingWaitWhat':
      return {
        prompt: { key: 'packingWhat', params: { workplace: data.workplace?.name ?? '' } },
        options: {},
        items: facts.own.ready.slice(0, READY_SHOWN).map((item) => itemOf(item, [], [])),
      };
    case 'WaitContainerSize':
      return {
        prompt: { key: 'packingSize', params: { order, place: packages.length + 1 } },
        options: { canSkip: packages.length === 0 },
        items: facts.own.dimensions.map(dimensionItem),
      };
    case 'WaitConfirm':
      return {
        prompt: {
          key: 'packingConfirm',
          params: { order, left, packages: filledPackages(data, items).length },
        },
        options: { canSkip: true },
        items: orderItems,
      };
    case 'WaitSizeAndPrint': {
      const filled = filledPackages(data, items);
      const weighed = data.weighed ?? 0;
      const pkg = filled[weighed];
      return {
        prompt: {
          key: 'packingWeight',
          params: {
            order,
            place: `${weighed + 1}/${filled.length}`,
            number: pkg?.number ?? 0,
            lengthCm: pkg?.lengthCm ?? 0,
            widthCm: pkg?.widthCm ?? 0,
            heightCm: pkg?.heightCm ?? 0,
          },
        },
        options: {},
        items: pkg
          ? [
              {
                itemId: String(pkg.boxId),
                kind: 'box',
                barcode: pkg.barcode,
                title: `№ ${pkg.number} · ${pkg.sizeName}`,
                subtitle: sizeOf(pkg),
                location: null,
                quantity: items.filter((i) => i.boxId === pkg.boxId).length,
                doneQuantity: 0,
                state: 'waiting',
                isCurrent: true,
              },
            ]
          : [],
      };
    }
    default: {
      const pkg = packages.at(-1);
      const sameGoods = data.offered?.isSameGoods ? offered.length : 0;
      return {
        prompt: {
          key: offered.length > 0 ? 'packingPick' : 'packingItem',
          params: {
            order,
            place: packages.length,
            number: pkg?.number ?? 0,
            size: pkg?.sizeName ?? '',
            left,
          },
        },
        options: {
          canCompleteTask: true,
          count: sameGoods > 1 ? { min: 1, max: sameGoods } : null,
        },
        items: orderItems,
      };
    }
  }
}
