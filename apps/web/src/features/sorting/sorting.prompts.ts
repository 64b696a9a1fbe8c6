import type { TParcel, TWarehouse } from '@sorting/contracts';
import type {
  EntryView,
  LastMove,
  Prompt,
  SortingContext,
  SortingTextKey,
  Text,
} from './sorting.types';

// The prompt area of the sorting screen (spec part 1 §2: pre, main, extra, bottom, arrow) for
// each state of sorting.machine.ts, as catalogue keys with parameters.

/** Where an already sorted parcel lies: its box, and the cell the box stands in. */
function whereItLies(parcel: Pick<TParcel, 'number' | 'boxNumber' | 'cellName'>): Text | null {
  if (parcel.boxNumber === null) return null;
  return parcel.cellName
    ? {
        key: 'alreadyInCell',
        params: { parcel: parcel.number, cell: parcel.cellName, box: parcel.boxNumber },
      }
    : { key: 'alreadyInBox', params: { parcel: parcel.number, box: parcel.boxNumber } };
}

/**
 * The pre text after a move, in words: what went where, "already here"
 * when nothing moved, the box to use after an automove.
 */
function lastMoveText(move: LastMove): Text | null {
  const { parcelNumber: parcel, boxNumber: box, cellName: cell } = move;
  if (move.containerBarcode !== null) {
    return {
      key: 'movedContainer',
      params: { container: move.containerBarcode, cell: cell ?? '' },
    };
  }
  if (move.isAlreadyInPlace) {
    if (parcel !== null)
      return whereItLies({ number: parcel, boxNumber: box, cellName: cell }) ?? null;
    return cell ? { key: 'boxAlreadyInCell', params: { box: box ?? '', cell } } : null;
  }
  if (move.isAutomove && cell) return { key: 'putInBoxInCell', params: { box: box ?? '', cell } };
  if (parcel !== null) {
    if (cell) return { key: 'movedParcelToCell', params: { parcel, cell } };
    return box === null ? null : { key: 'movedParcelToBox', params: { parcel, box } };
  }
  if (!cell || box === null) return null;
  return { key: 'movedBox', params: { box, cell, count: move.parcelsInBox ?? 0 } };
}

export const prompts = {
  scanWhat: ({ context }: { context: SortingContext }): Prompt => {
    const move = context.lastMove;
    return {
      pre: move ? lastMoveText(move) : null,
      main: { key: 'scanWhat' },
      extra: { key: 'scanWhatExtra' },
      bottom:
        move?.isBoxReceipted && move.boxNumber != null
          ? { key: 'tieUpBox', params: { box: move.boxNumber } }
          : { key: 'setWorkplace' },
      isArrow: false,
    };
  },
  scanWhere: ({ context }: { context: SortingContext }): Prompt => {
    const { parcel, box, cells } = context;
    const what: Text = parcel
      ? { key: 'parcelLine', params: { number: parcel.number, name: parcel.sortingName } }
      : { key: 'boxLine', params: { number: box?.number ?? '' } };
    // A parcel already sorted says where it lies: its own cell then
    // answers "already here", another cell re-sorts it.
    const liesIn = parcel ? whereItLies(parcel) : null;
    return {
      pre: context.isRescan ? { key: 'recommendOtherCells' } : what,
      main: cells.length > 0 ? { key: 'putDownAndScan' } : { key: 'emptyBoxOrNewCell' },
      extra: parcel?.routeNumber
        ? { key: 'routeNumber', params: { route: parcel.routeNumber } }
        : null,
      bottom: liesIn ?? (context.isRescan ? what : null),
      isArrow: cells.length > 0,
    };
  },
  scanCell: ({ context }: { context: SortingContext }): Prompt => ({
    pre: context.parcel
      ? {
          key: 'parcelLine',
          params: { number: context.parcel.number, name: context.parcel.sortingName },
        }
      : null,
    main: { key: 'putBoxInCell', params: { box: context.box?.number ?? '' } },
    extra: { key: 'emptyBoxOrNewCell' },
    bottom: null,
    isArrow: true,
  }),
  /** A returnable container in hand: where it stands now, and the cell it goes to. */
  scanContainerPlace: ({ context }: { context: SortingContext }): Prompt => {
    const container = context.container;
    const location = container?.CurrentLocationName ?? null;
    return {
      pre: { key: 'containerLine', params: { container: container?.Barcode ?? '' } },
      main: { key: 'scanContainerPlace' },
      extra: location
        ? { key: 'containerIsAt', params: { location } }
        : { key: 'containerNowhere' },
      bottom: null,
      isArrow: true,
    };
  },
  step:
    (key: SortingTextKey) =>
    ({ context }: { context: SortingContext }): Prompt => ({
      pre: context.parcel
        ? {
            key: 'parcelLine',
            params: { number: context.parcel.number, name: context.parcel.sortingName },
          }
        : null,
      main: { key },
      extra: null,
      bottom: null,
      isArrow: false,
    }),
  acceptanceReport: ({ context }: { context: SortingContext }): Prompt => ({
    pre: {
      key: 'acceptanceLine',
      params: {
        name: context.acceptance?.name ?? '',
        count: context.acceptance?.detailsQuantity ?? 0,
      },
    },
    main: { key: 'acceptanceDone' },
    extra: null,
    bottom: { key: 'scanWhat' },
    isArrow: false,
  }),
  logout: (): Prompt => ({
    pre: null,
    main: { key: 'switchingUser' },
    extra: null,
    bottom: null,
    isArrow: false,
  }),
};

export function entryPrompt(view: EntryView, warehouse: TWarehouse | null): Prompt {
  const warehouseLine: Text | null = warehouse
    ? { key: 'warehouse', params: { number: warehouse.Number, name: warehouse.Name } }
    : null;
  if (view.state === 'scanZone')
    return {
      pre: warehouseLine,
      main: { key: 'scanZone' },
      extra: null,
      bottom: { key: 'scanZoneBottom' },
      isArrow: false,
    };
  return {
    pre: null,
    main: { key: 'scanWarehouse' },
    extra: { key: 'scanWarehouseExtra' },
    bottom: null,
    isArrow: false,
  };
}

export const INITIAL_PROMPT: Prompt = {
  pre: null,
  main: { key: 'scanWarehouse' },
  extra: null,
  bottom: null,
  isArrow: false,
};
