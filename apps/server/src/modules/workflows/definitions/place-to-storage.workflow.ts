import type { ParcelFact } from '../scan-facts.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';
import { heldParcelItem, intoFastCell, type CellContent, type PlacingCell } from './fast-cell.js';

// Place to storage (spec part 1 §1; docs/DECISIONS.md "Guided workflows", its step table): a
// parcel of an arrived supply (state 5, or 2 derived from it) lying in no cell, then a FAST
// cell (the one holding the same client's goods, else the nearest empty one): the parcel moved
// there by sorting's move into the box keyed `client:<name>`. A parcel needing its sticker
// prints it first (StickerCountSelected 1–5); a cell before that is refused.

/** The key prefix of a client's stored goods (the box of a storage cell is keyed so). */
export const CLIENT_KEY_PREFIX = 'client:';

/** Sticker copies one StickerCountSelected prints. */
export const STORAGE_STICKER_COUNT = { min: 1, max: 5 } as const;

/** The stored supply states whose parcels are placed (5 arrived; 2 is derived from 5). */
const ARRIVED_STATES: readonly number[] = [5, 2];

/** What the engine reads for a place-to-storage step (place-to-storage.facts.ts). */
export interface PlaceToStorageFacts {
  /** The scanned or held parcel's cell, null when it lies in none. */
  parcelCell: PlacingCell | null;
  /** Its supply's stored state and number, and whether it still needs its sticker. */
  supply: { state: number | null; number: string | null; needsSticker: boolean } | null;
  /** The cell suggested for its client. */
  suggested: PlacingCell | null;
  /** The scanned cell's zone type and its open box's key and parcels. */
  cell: CellContent | null;
}

export interface PlaceToStorageData {
  parcel?: { id: number; barcode: string; name: string; sortingKey: string; client: string };
}

type State = RunState<PlaceToStorageData>;
type Facts = WorkflowFacts<PlaceToStorageFacts>;

const START: State = { code: 'WaitWhat', data: {} };

function takeParcel(scan: ParcelFact, facts: Facts): Transition<PlaceToStorageData> {
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('parcelNotFound', { barcode: scan.barcode }, 'parcelNotFound');
  }
  const { supply, parcelCell } = facts.own;
  const isArrived = supply?.state != null && ARRIVED_STATES.includes(supply.state);
  if (!isArrived || !scan.sortingKey.startsWith(CLIENT_KEY_PREFIX)) {
    return refuse('workflowParcelNotForStorage', { barcode: scan.barcode });
  }
  if (parcelCell) {
    return refuse('workflowParcelAlreadyStored', { barcode: scan.barcode, cell: parcelCell.name });
  }
  const parcel = {
    id: scan.id,
    barcode: scan.barcode,
    name: scan.name,
    sortingKey: scan.sortingKey,
    client: scan.sortingName,
  };
  return accept({ code: 'WaitWhereOrPrint', data: { parcel } }, { sounds: ['scan'] });
}

function onWaitWhereOrPrint(
  state: State,
  facts: Facts,
  action: Parameters<WorkflowDefinition['transition']>[1],
): Transition<PlaceToStorageData> {
  const { parcel } = state.data;
  if (!parcel) return refuse('workflowActionNotExpected');
  if (action.code === 'SkipClick') return accept(START);
  if (action.code === 'StickerCountSelected') {
    const { min, max } = STORAGE_STICKER_COUNT;
    if (action.count < min || action.count > max) {
      return refuse('workflowCountOutOfRange', { min, max }, 'badRequest');
    }
    return accept(state, {
      effects: [{ kind: 'printParcelSticker', parcelId: parcel.id, copies: action.count }],
      sounds: ['new'],
    });
  }
  const { scan } = facts;
  if (action.code !== 'BarcodeScanned' || !scan) return refuse('workflowActionNotExpected');
  if (scan.kind === 'parcel') return takeParcel(scan, facts);
  if (scan.kind !== 'cell') return refuse('workflowActionNotExpected');
  if (facts.own.supply?.needsSticker) return refuse('workflowPrintStickerFirst');
  return intoFastCell(parcel, scan, facts, START, 'workflowCellOfOtherClient');
}

export const placeToStorageWorkflow: WorkflowDefinition<PlaceToStorageData, PlaceToStorageFacts> = {
  name: 'place-to-storage',
  start: START,
  states: {
    WaitWhat: {
      actions: ['BarcodeScanned'],
      expects: ['parcel'],
      expectKey: 'workflowExpectParcel',
    },
    WaitWhereOrPrint: {
      actions: ['BarcodeScanned', 'StickerCountSelected', 'SkipClick'],
      expects: ['cell', 'parcel'],
      expectKey: 'workflowExpectCell',
    },
  },

  transition(state, action, facts) {
    if (state.code === 'WaitWhat' && action.code === 'BarcodeScanned') {
      return facts.scan?.kind === 'parcel'
        ? takeParcel(facts.scan, facts)
        : refuse('workflowActionNotExpected');
    }
    if (state.code !== 'WaitWhereOrPrint') return refuse('workflowActionNotExpected');
    return onWaitWhereOrPrint(state, facts, action);
  },

  view(state, facts): StepView {
    const { parcel } = state.data;
    if (state.code !== 'WaitWhereOrPrint' || !parcel) {
      return { prompt: { key: 'placeToStorageWhat', params: {} }, options: {}, items: [] };
    }
    const { suggested, supply } = facts.own;
    const needsSticker = supply?.needsSticker === true;
    return {
      prompt: {
        key: needsSticker
          ? 'placeToStoragePrint'
          : suggested
            ? 'placeToStorageCell'
            : 'placeToStorageAnyCell',
        params: { parcel: parcel.barcode, client: parcel.client, cell: suggested?.name ?? '' },
      },
      options: { canSkip: true, count: { ...STORAGE_STICKER_COUNT } },
      items: [heldParcelItem(parcel, supply?.number ?? null, null)],
    };
  },
};
