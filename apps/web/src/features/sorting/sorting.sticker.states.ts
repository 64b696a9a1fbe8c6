import { assign } from 'xstate';
import { prompts } from './sorting.prompts';
import { callState, fail, failWithMessage, isOk, sortingSetup } from './sorting.setup';

// The sorting machine's sorting step: the sticker, then the suggested cells; composed in
// sorting.machine.ts.

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
      entry: assign({ prompt: prompts.step('printingSticker') }),
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
      tags: ['busy'],
      entry: [
        'endOperation',
        assign({
          stepsDone: ({ context }) => ({ ...context.stepsDone, sticker: true }),
          prompt: prompts.step('sortingStep'),
        }),
      ],
      invoke: {
        src: 'suggestCells',
        input: ({ context }) => context,
        onDone: [
          {
            // Spec part 1 §4: EXPEDITION with automove → the first cell at once.
            guard: ({ context, event }) =>
              isOk(event.output) &&
              context.parcel !== null &&
              context.zone?.Type === 'EXPEDITION' &&
              context.warehouse?.DisableAutomove !== true &&
              (event.output.operationObject ?? []).length > 0,
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
              // `free`: the best cell is an empty one (docs/DECISIONS.md "Sorting screen", sounds).
              ({ context }) => {
                if (context.cells[0]?.isEmpty === true) context.ports.play(['free']);
              },
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
