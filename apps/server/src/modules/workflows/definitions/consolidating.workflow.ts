import type { TWorkflowItem } from '@sorting/contracts';
import {
  accept,
  refuse,
  type Accepted,
  type RunState,
  type StepView,
  type Transition,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../workflow-definition.js';

// Consolidation (docs/DECISIONS.md "Guided workflows", its step table): a parcel, then the
// consolidation of its destination (or a new one: an empty cell and an empty box), then the
// parcel moved into the consolidation's box by sorting's move; TaskCompleted closes the box.

/** An active consolidation as a run holds it and the facts give it. */
export interface ConsolidationFact {
  id: number;
  cellId: number;
  cellBarcode: string;
  cellName: string;
  boxId: number;
  boxBarcode: string;
  destinationKey: string;
  destinationName: string;
}

/** A parcel of the destination with where it lies. */
export interface DestinationParcel {
  id: number;
  number: string;
  name: string;
  boxId: number | null;
  cellName: string | null;
}

/** What the engine reads for a consolidation step (consolidating.facts.ts). */
export interface ConsolidatingFacts {
  /** The scanned parcel's destination's, else the run's consolidation; null when none is active. */
  consolidation: ConsolidationFact | null;
  /** The parcels of that destination. */
  parcels: DestinationParcel[];
}

export interface ConsolidatingData {
  parcel?: { id: number; barcode: string; sortingKey: string; sortingName: string };
  cell?: { id: number; barcode: string; name: string };
  /** The consolidation being filled (WaitWhere) or last filled (WaitWhat: TaskCompleted). */
  consolidation?: ConsolidationFact;
  /** The consolidation this run's previous parcel went into: PlaceClick offered for it. */
  lastConsolidationId?: number;
}

type State = RunState<ConsolidatingData>;
type Facts = WorkflowFacts<ConsolidatingFacts>;

/** WaitWhat keeping what the run filled last. */
function waitWhat(data: ConsolidatingData): State {
  const { consolidation, lastConsolidationId } = data;
  return {
    code: 'WaitWhat',
    data: {
      ...(consolidation ? { consolidation } : {}),
      ...(lastConsolidationId !== undefined ? { lastConsolidationId } : {}),
    },
  };
}

/** «3 из 5 собрано»: the destination's parcels in the box once this one is in. */
function placeParcel(state: State, facts: Facts): Transition<ConsolidatingData> {
  const { parcel } = state.data;
  const consolidation = facts.own.consolidation;
  if (!parcel || !consolidation) return refuse('workflowNoConsolidation');
  const parcels = facts.own.parcels;
  const inBox = parcels.filter((p) => p.boxId === consolidation.boxId && p.id !== parcel.id);
  const total = Math.max(parcels.length, inBox.length + 1);
  const next = waitWhat({ consolidation, lastConsolidationId: consolidation.id });
  return accept(next, {
    effects: [{ kind: 'moveParcel', parcelId: parcel.id, boxId: consolidation.boxId }],
    sounds: ['ok-new'],
    notification: {
      status: 'success',
      key: 'workflowParcelConsolidated',
      params: { done: inBox.length + 1, total },
    },
  });
}

function onWaitWhat(state: State, facts: Facts, code: string): Transition<ConsolidatingData> {
  const { scan } = facts;
  if (code === 'TaskCompleted') {
    const consolidation = facts.own.consolidation;
    if (!state.data.consolidation || !consolidation) return refuse('workflowNoConsolidation');
    const count = facts.own.parcels.filter((p) => p.boxId === consolidation.boxId).length;
    return accept(
      { code: 'WaitWhat', data: {} },
      {
        effects: [
          {
            kind: 'completeConsolidation',
            consolidationId: consolidation.id,
            boxId: consolidation.boxId,
          },
        ],
        sounds: ['success-big'],
        notification: {
          status: 'success',
          key: 'workflowConsolidationCompleted',
          params: { destination: consolidation.destinationName, count },
        },
      },
    );
  }
  if (scan?.kind !== 'parcel') return refuse('workflowActionNotExpected');
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('parcelNotFound', { barcode: scan.barcode }, 'parcelNotFound');
  }
  const parcel = {
    id: scan.id,
    barcode: scan.barcode,
    sortingKey: scan.sortingKey,
    sortingName: scan.sortingName,
  };
  const { lastConsolidationId } = state.data;
  const keep = lastConsolidationId !== undefined ? { lastConsolidationId } : {};
  const consolidation = facts.own.consolidation;
  if (!consolidation) return accept({ code: 'WaitCell', data: { parcel, ...keep } });
  if (scan.boxId === consolidation.boxId) {
    return refuse('workflowParcelInConsolidation', { barcode: scan.barcode });
  }
  return accept({ code: 'WaitWhere', data: { parcel, consolidation, ...keep } });
}

function onWaitCell(state: State, facts: Facts): Transition<ConsolidatingData> {
  const { scan } = facts;
  if (scan?.kind !== 'cell') return refuse('workflowActionNotExpected');
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('cellOfOtherWarehouse', { barcode: scan.barcode }, 'repeatedFailure');
  }
  if (scan.boxBarcode !== null) {
    return refuse('workflowCellHoldsBox', { cell: scan.name, box: scan.boxBarcode });
  }
  const cell = { id: scan.id, barcode: scan.barcode, name: scan.name };
  return accept({ code: 'WaitBox', data: { ...state.data, cell } });
}

function onWaitBox(state: State, facts: Facts): Transition<ConsolidatingData> {
  const { scan } = facts;
  const { parcel, cell } = state.data;
  if (scan?.kind !== 'box' || !parcel || !cell) return refuse('workflowActionNotExpected');
  if (scan.warehouseId !== facts.warehouseId) {
    return refuse('boxNotFound', { barcode: scan.barcode }, 'objectNotFound');
  }
  if (scan.cellId !== null || scan.parcelsCount > 0 || scan.isClosed) {
    return refuse('workflowBoxNotEmpty', { box: scan.barcode });
  }
  const opening: Accepted<ConsolidatingData> = accept(
    {
      code: 'WaitWhere',
      data: {
        parcel,
        ...(state.data.lastConsolidationId !== undefined
          ? { lastConsolidationId: state.data.lastConsolidationId }
          : {}),
      },
    },
    {
      effects: [
        {
          kind: 'openConsolidation',
          boxId: scan.id,
          boxBarcode: scan.barcode,
          cellId: cell.id,
          cellBarcode: cell.barcode,
          cellName: cell.name,
          destinationKey: parcel.sortingKey,
          destinationName: parcel.sortingName,
        },
      ],
      sounds: ['new'],
      notification: {
        status: 'info',
        key: 'workflowConsolidationOpened',
        params: { destination: parcel.sortingName, cell: cell.name },
      },
    },
  );
  return opening;
}

function onWaitWhere(state: State, facts: Facts, code: string): Transition<ConsolidatingData> {
  const consolidation = facts.own.consolidation;
  if (!consolidation) return refuse('workflowNoConsolidation');
  if (code === 'PlaceClick') {
    return state.data.lastConsolidationId === consolidation.id
      ? placeParcel(state, facts)
      : refuse('workflowActionNotExpected');
  }
  const { scan } = facts;
  const isItsPlace =
    (scan?.kind === 'cell' && scan.id === consolidation.cellId) ||
    (scan?.kind === 'box' && scan.id === consolidation.boxId);
  if (!isItsPlace) {
    return refuse('workflowWrongConsolidationPlace', {
      cell: consolidation.cellName,
      box: consolidation.boxBarcode,
    });
  }
  return placeParcel(state, facts);
}

/** The destination's parcels still outside the box, the scanned one current. */
function itemsOf(state: State, facts: Facts): TWorkflowItem[] {
  const consolidation = facts.own.consolidation;
  if (!consolidation) return [];
  return facts.own.parcels
    .filter((p) => p.boxId !== consolidation.boxId)
    .map((p) => ({
      itemId: String(p.id),
      kind: 'parcel' as const,
      barcode: p.number,
      title: p.name,
      subtitle: null,
      location: p.cellName,
      quantity: 1,
      doneQuantity: 0,
      state: 'waiting' as const,
      isCurrent: p.id === state.data.parcel?.id,
    }));
}

export const consolidatingWorkflow: WorkflowDefinition<ConsolidatingData, ConsolidatingFacts> = {
  name: 'consolidating',
  start: { code: 'WaitWhat', data: {} },
  states: {
    WaitWhat: {
      actions: ['BarcodeScanned', 'TaskCompleted'],
      expects: ['parcel'],
      expectKey: 'workflowExpectParcel',
    },
    WaitCell: {
      actions: ['BarcodeScanned', 'SkipClick'],
      expects: ['cell'],
      expectKey: 'workflowExpectCell',
    },
    WaitBox: {
      actions: ['BarcodeScanned', 'SkipClick'],
      expects: ['box'],
      expectKey: 'workflowExpectBox',
    },
    WaitWhere: {
      actions: ['BarcodeScanned', 'PlaceClick', 'SkipClick'],
      expects: ['cell', 'box'],
      expectKey: 'workflowExpectCellOrBox',
    },
  },

  transition(state, action, facts) {
    const skippable =
      state.code === 'WaitCell' || state.code === 'WaitBox' || state.code === 'WaitWhere';
    if (action.code === 'SkipClick' && skippable) {
      return accept(waitWhat(state.data));
    }
    switch (state.code) {
      case 'WaitWhat':
        return onWaitWhat(state, facts, action.code);
      case 'WaitCell':
        return onWaitCell(state, facts);
      case 'WaitBox':
        return onWaitBox(state, facts);
      case 'WaitWhere':
        return onWaitWhere(state, facts, action.code);
      default:
        return refuse('workflowActionNotExpected');
    }
  },

  view(state, facts): StepView {
    const { parcel, cell } = state.data;
    const consolidation = facts.own.consolidation;
    switch (state.code) {
      case 'WaitCell':
        return {
          prompt: {
            key: 'consolidationCell',
            params: { parcel: parcel?.barcode ?? '', destination: parcel?.sortingName ?? '' },
          },
          options: {},
          items: [],
        };
      case 'WaitBox':
        return {
          prompt: { key: 'consolidationBox', params: { cell: cell?.name ?? '' } },
          options: {},
          items: [],
        };
      case 'WaitWhere':
        return {
          prompt: {
            key: 'consolidationWhere',
            params: {
              parcel: parcel?.barcode ?? '',
              cell: consolidation?.cellName ?? '',
              box: consolidation?.boxBarcode ?? '',
              destination: consolidation?.destinationName ?? '',
            },
          },
          options: {
            canPlace: consolidation !== null && state.data.lastConsolidationId === consolidation.id,
          },
          items: itemsOf(state, facts),
        };
      default:
        return {
          prompt: consolidation
            ? {
                key: 'consolidationWhatOrComplete',
                params: { destination: consolidation.destinationName },
              }
            : { key: 'consolidationWhat', params: {} },
          options: {
            canCompleteTask: consolidation !== null && state.data.consolidation !== undefined,
          },
          items: itemsOf(state, facts),
        };
    }
  },
};
