import type { ParcelFact } from '../scan-facts.js';
import { heldParcelItem, intoFastCell, type CellContent, type PlacingCell } from './fast-cell.js';
import {
  accept,
  refuse,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';

// Parcel placing (spec part 1 §1; docs/DECISIONS.md "Guided workflows", its step table): a
// recipient's parcel, then a pick-up cell of the warehouse's FAST zones (the one already
// holding the recipient's parcels, else the nearest empty one): the parcel moved there by
// sorting's move into the cell's box keyed `recipient:<code>`. A parcel already in a cell is
// announced and moved by the new cell; a cell holding another recipient's parcels is refused.

/** The key prefix of a recipient's parcels (the box of a pick-up cell is keyed so). */
export const RECIPIENT_KEY_PREFIX = 'recipient:';

/** What the engine reads for a parcel placing step (parcel-placing.facts.ts). */
export interface ParcelPlacingFacts {
  /** The cell the scanned (WaitWhat) or held (WaitCell) parcel lies in, null when none. */
  parcelCell: PlacingCell | null;
  /** The cell suggested for that parcel's recipient. */
  suggested: PlacingCell | null;
  /** The scanned cell's zone type and its open box's key and parcels. */
  cell: CellContent | null;
  /** WaitWhat after a recipient's code: their parcels in no cell yet. */
  recipientParcels: { id: number; number: string; name: string }[];
}

export interface ParcelPlacingData {
  parcel?: { id: number; barcode: string; name: string; sortingKey: string; recipient: string };
  /** A recipient whose code was scanned in WaitWhat: the view lists their parcels to place. */
  recipient?: { code: string; name: string };
}

type State = RunState<ParcelPlacingData>;
type Facts = WorkflowFacts<ParcelPlacingFacts>;

const START: State = { code: 'WaitWhat', data: {} };

/** The recipient's parcel held by the next WaitCell; «Уже в 3-a-04» when it lies in a cell. */
function takeParcel(scan: ParcelFact, facts: Facts): Transition<ParcelPlacingData> {
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('parcelNotFound', { barcode: scan.barcode }, 'parcelNotFound');
  }
  if (!scan.sortingKey.startsWith(RECIPIENT_KEY_PREFIX)) {
    return refuse('workflowParcelNotRecipients', { barcode: scan.barcode });
  }
  const parcel = {
    id: scan.id,
    barcode: scan.barcode,
    name: scan.name,
    sortingKey: scan.sortingKey,
    recipient: scan.sortingName,
  };
  const place = facts.own.parcelCell;
  return accept(
    { code: 'WaitCell', data: { parcel } },
    place
      ? {
          sounds: ['attention'],
          notification: {
            status: 'warning',
            key: 'workflowParcelAlreadyInCell',
            params: { cell: place.name },
          },
        }
      : { sounds: ['scan'] },
  );
}

function onWaitCell(state: State, facts: Facts): Transition<ParcelPlacingData> {
  const { scan } = facts;
  if (scan?.kind === 'parcel') return takeParcel(scan, facts);
  const { parcel } = state.data;
  if (scan?.kind !== 'cell' || !parcel) return refuse('workflowActionNotExpected');
  return intoFastCell(parcel, scan, facts, START, 'workflowCellOfOtherRecipient');
}

export const parcelPlacingWorkflow: WorkflowDefinition<ParcelPlacingData, ParcelPlacingFacts> = {
  name: 'parcel-placing',
  start: START,
  states: {
    WaitWhat: {
      actions: ['BarcodeScanned'],
      expects: ['parcel', 'recepient'],
      expectKey: 'workflowExpectParcelOrRecipient',
    },
    WaitCell: {
      actions: ['BarcodeScanned', 'SkipClick'],
      expects: ['cell', 'parcel'],
      expectKey: 'workflowExpectCell',
    },
  },

  transition(state, action, facts) {
    const { scan } = facts;
    if (state.code === 'WaitWhat' && action.code === 'BarcodeScanned') {
      if (scan?.kind === 'recepient') {
        if (scan.warehouseId !== facts.warehouseId) {
          return refuse('workflowRecipientNotFound', { barcode: scan.barcode }, 'objectNotFound');
        }
        const recipient = { code: scan.code, name: scan.name };
        return accept({ code: 'WaitWhat', data: { recipient } }, { sounds: ['scan'] });
      }
      return scan?.kind === 'parcel'
        ? takeParcel(scan, facts)
        : refuse('workflowActionNotExpected');
    }
    if (state.code !== 'WaitCell') return refuse('workflowActionNotExpected');
    if (action.code === 'SkipClick') return accept(START);
    if (action.code !== 'BarcodeScanned') return refuse('workflowActionNotExpected');
    return onWaitCell(state, facts);
  },

  view(state, facts): StepView {
    const { parcel, recipient } = state.data;
    if (state.code !== 'WaitCell' || !parcel) {
      if (!recipient) {
        return { prompt: { key: 'parcelPlacingWhat', params: {} }, options: {}, items: [] };
      }
      const cell = facts.own.suggested?.name ?? null;
      return {
        prompt: {
          // No empty FAST cell left: the prompt says so rather than naming an empty cell.
          key: cell ? 'parcelPlacingRecipient' : 'parcelPlacingRecipientAnyCell',
          params: { recipient: recipient.name, code: recipient.code, cell: cell ?? '' },
        },
        options: {},
        items: facts.own.recipientParcels.map((p) => ({
          ...heldParcelItem({ id: p.id, barcode: p.number, name: p.name }, recipient.name, null),
          isCurrent: false,
        })),
      };
    }
    const { suggested, parcelCell } = facts.own;
    return {
      prompt: {
        key: suggested ? 'parcelPlacingCell' : 'parcelPlacingAnyCell',
        params: {
          parcel: parcel.barcode,
          recipient: parcel.recipient,
          cell: suggested?.name ?? '',
        },
      },
      options: { canSkip: true },
      items: [heldParcelItem(parcel, parcel.recipient, parcelCell?.name ?? null)],
    };
  },
};
