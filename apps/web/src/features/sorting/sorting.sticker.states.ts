import { assign } from 'xstate';
import type { TCell } from '@sorting/contracts';
import { prompts } from './sorting.prompts';
import { callState, fail, failWithMessage, isOk, sortingSetup } from './sorting.setup';
import type { SortingContext } from './sorting.types';

// The sorting machine's sorting step: the sticker, then the suggested cells; composed in
// sorting.machine.ts.

/** Spec part 1 §4: EXPEDITION with automove → the first cell at once. */
function isAutomove(context: SortingContext, cells: readonly TCell[]): boolean {
  return (
    context.parcel !== null &&
    context.zone?.Type === 'EXPEDITION' &&
    context.warehouse?.DisableAutomove !== true &&
    cells.length > 0
  );
}

/** `free`: the best cell is an empty one (docs/DECISIONS.md "Sorting screen", sounds). */
function playFreeWhenBestIsEmpty({ context }: { context: SortingContext }): void {
  if (context.cells[0]?.isEmpty === true) context.ports.play(['free']);
}

/** The sorting step: the sticker when the parcel needs one, then the cells. */
export const sortingStepState = sortingSetup.createStateConfig({
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        {
          guard: ({ context }) =>
            !!context.parcel?.isNeedStickerPrint && !context.stepsDone.sticker,
          target: 'loadingSticker',
        },
        { target: 'suggesting' },
      ],
    },
    loadingSticker: {
      tags: ['busy'],
      entry: assign({ prompt: prompts.step('printingSticker'), cellsFromScan: false }),
      invoke: {
        src: 'getSticker',
        input: ({ context }) => context,
        onDone: [
          {
            guard: ({ event }) => isOk(event.output),
            target: 'printing',
            actions: [
              'startOperation',
              assign({ sticker: ({ event }) => event.output.operationObject }),
            ],
          },
          {
            target: 'suggesting',
            actions: fail('f-0023'),
          },
        ],
        onError: {
          target: 'suggesting',
          actions: fail('f-0023'),
        },
      },
    },
    printing: {
      tags: ['busy'],
      invoke: {
        src: 'printSticker',
        input: ({ context }) => context,
        onDone: [
          { guard: ({ event }) => event.output === 'printed', target: 'marking' },
          {
            // Spec part 1 §5: a sticker print needs a printer.
            guard: ({ event }) => event.output === 'noPrinter',
            target: 'suggesting',
            actions: [fail('f-0024'), ({ context }) => context.ports.openPrinterSettings()],
          },
          {
            target: 'suggesting',
            actions: fail('f-0025'),
          },
        ],
        onError: {
          target: 'suggesting',
          actions: fail('f-0025'),
        },
      },
    },
    marking: callState('markStickerPrinted', {
      done: 'suggesting',
      back: 'suggesting',
      refused: fail('f-0025'),
      unanswered: fail('f-0025'),
    }),
    suggesting: {
      entry: [
        'endOperation',
        assign({
          stepsDone: ({ context }) => ({ ...context.stepsDone, sticker: true }),
          prompt: prompts.step('sortingStep'),
        }),
      ],
      always: [
        { guard: ({ context }) => context.cellsFromScan, target: 'withScanCells' },
        { target: 'askingCells' },
      ],
    },
    /** The scan's own cells, nothing changed since: no second call (one call per scan). */
    withScanCells: {
      entry: assign({ cellsFromScan: false }),
      always: [
        {
          guard: ({ context }) => isAutomove(context, context.cells),
          target: '#sorting.work.expeditionSuggestMove',
          actions: [
            'startOperation',
            assign({ targetCell: ({ context }) => context.cells[0] ?? null }),
          ],
        },
        { target: '#sorting.work.scanWhere', actions: playFreeWhenBestIsEmpty },
      ],
    },
    askingCells: {
      tags: ['busy'],
      invoke: {
        src: 'suggestCells',
        input: ({ context }) => context,
        onDone: [
          {
            // Spec part 1 §4: EXPEDITION with automove → the first cell at once.
            guard: ({ context, event }) =>
              isOk(event.output) && isAutomove(context, event.output.operationObject ?? []),
            target: '#sorting.work.expeditionSuggestMove',
            actions: [
              'startOperation',
              assign(({ event }) => {
                const cells = event.output.operationObject ?? [];
                return { cells, targetCell: cells[0] ?? null };
              }),
            ],
          },
          {
            guard: ({ event }) => isOk(event.output),
            target: '#sorting.work.scanWhere',
            actions: [
              assign({ cells: ({ event }) => event.output.operationObject ?? [] }),
              playFreeWhenBestIsEmpty,
            ],
          },
          {
            target: '#sorting.work.scanWhere',
            actions: failWithMessage('f-0010'),
          },
        ],
        onError: {
          target: '#sorting.work.scanWhere',
          actions: fail('f-0010', { message: '' }),
        },
      },
    },
  },
});
