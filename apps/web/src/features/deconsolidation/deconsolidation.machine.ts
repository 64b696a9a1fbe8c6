import { assign, fromPromise, raise, setup } from 'xstate';
import type { TDeconsolidated, TDeconsolidationBox } from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type {
  CallResult,
  DeconsolidationContext,
  DeconsolidationError,
  DeconsolidationEvent,
  DeconsolidationInput,
  DeconsolidationPorts,
} from './deconsolidation.model';
import { LOADER_STATES } from '../../shell/machine/loader-states';
import { isCallOk, scannedLookupInput, showErrorAction } from '../../shell/machine/call-feedback';

export * from './deconsolidation.model';

// The loader line after LOADER_DELAY_MS of a call (spec part 2 §9).
export { LOADER_DELAY_MS } from '../../shell/machine/loader-states';

type ScanKind = 'empty' | 'target' | 'other';

/** A cell (`=`, `%`) or a box (`_`) is what this screen loads. */
export function scanKindOf(text: string): ScanKind {
  const { type } = recognizeBarcode(text);
  if (type === 'empty') return 'empty';
  return type === 'cell' || type === 'box' ? 'target' : 'other';
}

/**
 * The deconsolidation screen (spec part 2 §2 views waiting, info, close; §4 transitions; §8
 * codes; docs/DECISIONS.md "Deconsolidation"): a cell or box scan loads the consolidated box,
 * scans are ignored while it is shown, «Расконсолидировать» asks and then unpacks it by its
 * cell. Calls and feedback are ports of the input, so it runs under `createActor` with no DOM.
 */
export const deconsolidationMachine = setup({
  types: {
    input: {} as DeconsolidationInput,
    context: {} as DeconsolidationContext,
    events: {} as DeconsolidationEvent,
  },
  actors: {
    loadBox: fromPromise<
      CallResult<TDeconsolidationBox>,
      { ports: DeconsolidationPorts; warehouseCode: string; barcode: string }
    >(({ input }) =>
      input.ports.loadBox({ warehouseCode: input.warehouseCode, barcode: input.barcode }),
    ),
    deconsolidate: fromPromise<
      CallResult<TDeconsolidated>,
      {
        ports: DeconsolidationPorts;
        warehouseCode: string;
        cellBarcode: string;
        operationId: string;
      }
    >(({ input }) =>
      input.ports.deconsolidate({
        warehouseCode: input.warehouseCode,
        cellBarcode: input.cellBarcode,
        operationId: input.operationId,
      }),
    ),
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<
      DeconsolidationContext,
      DeconsolidationEvent,
      DeconsolidationError
    >(),
  },
}).createMachine({
  id: 'deconsolidation',
  initial: 'waiting',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode ?? '',
    barcode: null,
    box: null,
    done: null,
    operationId: null,
    error: null,
  }),
  states: {
    /** «Сканируйте ячейку или короб консолидации». */
    waiting: {
      on: {
        SCANNED: [
          { guard: ({ event }) => scanKindOf(event.text) === 'empty' },
          {
            guard: ({ event }) => scanKindOf(event.text) === 'target',
            target: 'loading',
            actions: assign({
              barcode: ({ event }) => recognizeBarcode(event.text).raw,
              error: null,
            }),
          },
          {
            actions: {
              type: 'showError',
              params: { code: 'store.a-000', message: null, isWrongKind: true },
            },
          },
        ],
      },
    },

    /** GET …/Consolidating/{barcode}; the loader after LOADER_DELAY_MS. */
    loading: {
      tags: ['busy'],
      ...LOADER_STATES,
      invoke: {
        src: 'loadBox',
        input: scannedLookupInput,
        onDone: [
          {
            guard: isCallOk,
            target: 'info',
            actions: assign({ box: ({ event }) => event.output.operationObject }),
          },
          {
            target: 'waiting',
            actions: {
              type: 'showError',
              params: ({ context, event }) => ({
                code: 'store.a-001',
                barcode: context.barcode ?? '',
                message: event.output.message,
              }),
            },
          },
        ],
        onError: {
          target: 'waiting',
          actions: { type: 'showError', params: { code: 'store.a-000', message: null } },
        },
      },
    },

    /** The box and its parcels; spec part 2 §4: a scan is ignored while a box is loaded. */
    info: {
      on: {
        DECONSOLIDATE: {
          target: 'confirm',
          actions: assign({
            operationId: ({ context }) => context.ports.createOperationId(),
            error: null,
          }),
        },
        CANCEL: { target: 'waiting', actions: assign({ box: null, barcode: null, error: null }) },
      },
    },

    /** «Короб {{box}} будет распакован: {{count}} посылок вернутся в сортировку». */
    confirm: {
      on: {
        CONFIRMED: 'deconsolidating',
        CANCELLED: 'info',
      },
    },

    /** DELETE …/Consolidating/{cellBarcode} with the box's cell. */
    deconsolidating: {
      tags: ['busy'],
      invoke: {
        src: 'deconsolidate',
        input: ({ context }) => ({
          ports: context.ports,
          warehouseCode: context.warehouseCode,
          cellBarcode: context.box?.CellBarcode ?? '',
          operationId: context.operationId ?? context.ports.createOperationId(),
        }),
        onDone: [
          {
            guard: isCallOk,
            target: 'close',
            actions: [
              assign({ done: ({ event }) => event.output.operationObject, operationId: null }),
              ({ context, event }) =>
                context.ports.notifyDone({
                  box: event.output.operationObject?.Barcode ?? '',
                  count: event.output.operationObject?.ParcelsCount ?? 0,
                }),
            ],
          },
          {
            target: 'info',
            actions: {
              type: 'showError',
              params: ({ context, event }) => ({
                code: 'store.a-002',
                cell: context.box?.CellBarcode ?? '',
                message: event.output.message,
              }),
            },
          },
        ],
        onError: {
          target: 'info',
          actions: { type: 'showError', params: { code: 'store.a-000', message: null } },
        },
      },
    },

    /** «Короб {{box}} расконсолидирован…»; «Следующий» or a new scan goes on. */
    close: {
      on: {
        NEXT: {
          target: 'waiting',
          actions: assign({ box: null, done: null, barcode: null, error: null }),
        },
        SCANNED: [
          { guard: ({ event }) => scanKindOf(event.text) === 'empty' },
          {
            // The scan is the waiting view's: it loads (or refuses) from there.
            target: 'waiting',
            actions: [
              assign({ box: null, done: null, barcode: null, error: null }),
              raise(({ event }) => event),
            ],
          },
        ],
      },
    },
  },
});

export type DeconsolidationMachine = typeof deconsolidationMachine;
