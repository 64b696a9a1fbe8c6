import { assign } from 'xstate';
import type { TMoveResult } from '@sorting/contracts';
import type { LookupResult } from './sorting-entry.machine';
import { prompts } from './sorting.prompts';
import {
  CELL_NOT_FOUND_CODES,
  HALT,
  UNAVAILABLE_CODE,
  codeOf,
  fail,
  failWithMessage,
  isOk,
  noAnswer,
  objectNotFound,
  scanIs,
  scanIsSortingBox,
  serverFailure,
  sortingSetup,
} from './sorting.setup';

// The sorting machine's move step (spec part 1 §7 move): scan where or scan cell, the
// target's lookup, the move and its retries; composed in sorting.machine.ts.

/** A cell scan in scan where or scan cell: the cell is looked up for the move. */
const cellScanned = {
  guard: scanIs('cell'),
  target: 'searchingCell',
  actions: ['clearError', 'takeScan'] as const,
};

/** Spec part 1 §2, §4: the parcel (or box) is known; where does it go. */
const scanWhereState = sortingSetup.createStateConfig({
  entry: assign({ prompt: prompts.scanWhere }),
  on: {
    CANCELLED: { target: 'scanWhat', actions: 'clearError' },
    SCANNED: [
      cellScanned,
      {
        guard: ({ context, event }) => scanIsSortingBox({ event }) && context.parcel !== null,
        target: 'searchingBoxForParcel',
        actions: ['clearError', 'takeScan'],
      },
    ],
  },
});

/** Spec part 1 §4: an empty box was taken for the parcel; which cell does it go to. */
const scanCellState = sortingSetup.createStateConfig({
  entry: assign({ prompt: prompts.scanCell }),
  on: {
    CANCELLED: { target: 'scanWhat', actions: 'clearError' },
    SCANNED: [
      cellScanned,
      {
        guard: scanIsSortingBox,
        target: 'searchingBoxForParcel',
        actions: ['clearError', 'takeScan'],
      },
    ],
  },
});

/**
 * A scanned cell is looked up (`cells/search`), then `then` moves to it: the parcel's or box's
 * move, or a returnable container's. Spec part 1 §8 f-0003: not found (104, or 304 for another
 * warehouse's cell); the server code stays in the text's parameters.
 */
export function searchingCellThen(then: 'moving' | 'movingContainer') {
  return sortingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'searchCell',
      input: ({ context }) => context,
      onDone: [
        {
          guard: ({ event }) => isOk(event.output),
          target: then,
          actions: [
            'startOperation',
            assign({ targetCell: ({ event }) => event.output.operationObject }),
          ],
        },
        {
          guard: ({ event }) => CELL_NOT_FOUND_CODES.includes(codeOf(event.output) ?? ''),
          target: 'resume',
          actions: {
            type: 'fail',
            params: ({ context, event }) => ({
              key: 'f-0003',
              code: 'f-0003',
              params: { barcode: context.scanned, code: codeOf(event.output) ?? '' },
            }),
          },
        },
        serverFailure(),
      ],
      onError: noAnswer(),
    },
  });
}

/** A box scanned for the parcel: into it, or an empty one goes to a cell first. */
const searchingBoxForParcelState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'searchBox',
    input: ({ context }) => ({ ...context, box: null }),
    onDone: [
      {
        guard: ({ event }) => isOk(event.output) && event.output.operationObject?.isEmpty === true,
        target: 'scanCell',
        actions: assign({ box: ({ event }) => event.output.operationObject }),
      },
      {
        guard: ({ event }) => isOk(event.output),
        target: 'moving',
        actions: [
          'startOperation',
          assign({
            box: ({ event }) => event.output.operationObject,
            targetCell: null,
          }),
        ],
      },
      objectNotFound(),
      serverFailure(),
    ],
    onError: noAnswer(),
  },
});

/** A move's success: back to `target` with the moved action (sounds, the last move). */
function movedTo(target: string, options: { isAutomove: boolean }) {
  return {
    guard: ({ event }: { event: { output: LookupResult<TMoveResult> } }) => event.output.isSuccess,
    target,
    actions: {
      type: 'moved' as const,
      params: ({ event }: { event: { output: LookupResult<TMoveResult> } }) => ({
        result: event.output.operationObject,
        isAutomove: options.isAutomove,
      }),
    },
  };
}

/** Spec part 1 §7 move: the parcel or box into the target cell or box. */
const movingState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'move',
    input: ({ context }) => context,
    onDone: [
      movedTo('scanWhat', { isAutomove: false }),
      {
        guard: ({ event }) => codeOf(event.output) === UNAVAILABLE_CODE,
        target: 'connectionLost',
      },
      {
        // A refusal would be refused again: no Retry; a new scan
        // is a new move. The parcel must not stay where it was put: `stop`.
        target: 'resume',
        actions: failWithMessage('f-0014', HALT),
      },
    ],
    // The request never got an answer (network lost, or the answer lost after the
    // server committed): keep the scan and send the same operation again.
    onError: { target: 'connectionLost' },
  },
});

/**
 * The move got no answer. The parcel and the target stay; the same move (same
 * X-Operation-Id, so a move the server did make answers IsRepeat) is sent again when the
 * browser is back online or after MOVE_RETRY_DELAY. Scans meanwhile wait (busy).
 */
const connectionLostState = sortingSetup.createStateConfig({
  tags: ['busy'],
  entry: 'connectionLost',
  after: { MOVE_RETRY_DELAY: { target: 'moving' } },
  on: {
    ONLINE: { target: 'moving' },
    CANCELLED: { target: 'resume', actions: 'clearError' },
  },
});

/** Spec part 1 §4: EXPEDITION zone with automove: the first suggested cell, at once. */
const expeditionSuggestMoveState = sortingSetup.createStateConfig({
  tags: ['busy'],
  entry: assign({
    prompt: ({ context }) => ({
      ...prompts.scanWhere({ context }),
      main: {
        key: 'putInBoxInCell',
        params: { box: '', cell: context.targetCell?.name ?? '' },
      },
    }),
  }),
  invoke: {
    src: 'move',
    input: ({ context }) => context,
    onDone: [
      movedTo('scanWhat', { isAutomove: true }),
      { target: 'scanWhere', actions: failWithMessage('f-0014', HALT) },
    ],
    // No answer: the same move may still go through, so Retry resends it.
    onError: {
      target: 'scanWhere',
      actions: [assign({ canRetryMove: true }), fail('f-0014', { message: '' })],
    },
  },
});

/** The states of the move: where to, the target's lookup, the move and its retries. */
export const moveStates = {
  scanWhere: scanWhereState,
  scanCell: scanCellState,
  searchingCell: searchingCellThen('moving'),
  searchingBoxForParcel: searchingBoxForParcelState,
  moving: movingState,
  connectionLost: connectionLostState,
  expeditionSuggestMove: expeditionSuggestMoveState,
};
