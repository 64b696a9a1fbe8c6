import { assign, fromPromise, setup } from 'xstate';
import type { TVisionFragment } from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type {
  CallResult,
  VisionContext,
  VisionError,
  VisionEvent,
  VisionInput,
  VisionPorts,
} from './vision.model';
import { LOADER_STATES } from '../../shell/machine/loader-states';
import { isCallOk, scannedLookupInput, showErrorAction } from '../../shell/machine/call-feedback';

export * from './vision.model';

// The loader line after LOADER_DELAY_MS of a call (spec part 2 §9).
export { LOADER_DELAY_MS } from '../../shell/machine/loader-states';

type History = CallResult<{ visionFragments: TVisionFragment[] }>;

/** The barcode a scan looks up, or null for an empty scan (ignored). */
function lookedUp(text: string): string | null {
  const { type, raw } = recognizeBarcode(text);
  return type === 'empty' ? null : raw;
}

/**
 * The vision screen (spec part 2 §2 views scanVisionUnits and visionUnitInfo, §4 "scan, then
 * info once a unit is found"; docs/DECISIONS.md "Vision screen"): a scan of a parcel, box or
 * returnable box loads its history in the user's warehouse; a new scan looks up the next unit.
 * Calls and feedback are ports of the input, so it runs under `createActor` with no DOM.
 */
export const visionMachine = setup({
  types: {
    input: {} as VisionInput,
    context: {} as VisionContext,
    events: {} as VisionEvent,
  },
  actors: {
    loadHistory: fromPromise<
      History,
      { ports: VisionPorts; warehouseCode: string; barcode: string }
    >(({ input }) =>
      input.ports.loadHistory({ warehouse: input.warehouseCode, barcode: input.barcode }),
    ),
  },
  guards: {
    /** An empty scan is ignored in both views. */
    isEmptyScan: ({ event }) => event.type === 'SCANNED' && lookedUp(event.text) === null,
  },
  actions: {
    /** A scan starts a lookup from either view (spec part 2 §4: scan, then info). */
    takeBarcode: assign({
      barcode: ({ event }) => (event.type === 'SCANNED' ? lookedUp(event.text) : null),
      error: null,
    }),
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<VisionContext, VisionEvent, VisionError>(),
  },
}).createMachine({
  id: 'vision',
  initial: 'scanVisionUnits',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode ?? '',
    barcode: null,
    unit: null,
    error: null,
  }),
  states: {
    /** «Сканируйте посылку, короб или оборотную тару». */
    scanVisionUnits: {
      on: { SCANNED: [{ guard: 'isEmptyScan' }, { target: 'loading', actions: 'takeBarcode' }] },
    },

    /** POST /vision-api/v1/{warehouse}/VisionFragment/boxes; the loader after LOADER_DELAY_MS. */
    loading: {
      tags: ['busy'],
      ...LOADER_STATES,
      invoke: {
        src: 'loadHistory',
        input: scannedLookupInput,
        onDone: [
          {
            guard: isCallOk,
            target: 'visionUnitInfo',
            actions: [
              assign({
                unit: ({ context, event }) => ({
                  barcode: context.barcode ?? '',
                  fragments: event.output.operationObject?.visionFragments ?? [],
                }),
              }),
              ({ context, event }) =>
                context.ports.notifyFound({
                  barcode: context.barcode ?? '',
                  count: event.output.operationObject?.visionFragments.length ?? 0,
                }),
            ],
          },
          {
            target: 'scanVisionUnits',
            actions: [
              assign({ unit: null }),
              {
                type: 'showError',
                params: ({ context, event }) => ({
                  code: 'store.v-001',
                  barcode: context.barcode ?? '',
                  message: event.output.message,
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'scanVisionUnits',
          actions: [
            assign({ unit: null }),
            {
              type: 'showError',
              params: ({ context }) => ({
                code: 'store.v-000',
                barcode: context.barcode ?? '',
                message: null,
              }),
            },
          ],
        },
      },
    },

    /** The unit and its history; a new scan looks up the next one. */
    visionUnitInfo: {
      on: {
        SCANNED: [{ guard: 'isEmptyScan' }, { target: 'loading', actions: 'takeBarcode' }],
        NEW_SEARCH: {
          target: 'scanVisionUnits',
          actions: assign({ unit: null, barcode: null, error: null }),
        },
      },
    },
  },
});

export type VisionMachine = typeof visionMachine;
