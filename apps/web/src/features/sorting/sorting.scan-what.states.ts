import { assign, raise } from 'xstate';
import type { TBox, TParcel } from '@sorting/contracts';
import { prompts } from './sorting.prompts';
import {
  HALT,
  PARCEL_NOT_FOUND_CODES,
  ZONE_NOT_FOUND_CODE,
  clearWork,
  codeOf,
  fail,
  failFromServer,
  failScanned,
  failWithMessage,
  isOk,
  noAnswer,
  objectNotFound,
  scanInUrl,
  scanIs,
  scanIsContainer,
  scannedText,
  serverFailure,
  sortingSetup,
} from './sorting.setup';

// The sorting machine's scan what step (spec part 1 §4 "Sorting scan flow by scanned object
// type"): the work state's transitions and the states of a scan; composed in sorting.machine.ts.

/** What work does with a scan or a button in any of its states; states refine it. */
export const workTransitions = sortingSetup.createStateConfig({
  on: {
    CHANGE_ZONE: {
      target: 'entry',
      actions: assign(({ context }) => ({
        ...clearWork,
        zone: null,
        error: null,
        entryInput: {
          defaultWarehouseNumber: context.warehouse ? String(context.warehouse.Number) : null,
          lastZoneNumber: null,
        },
      })),
    },
    CHANGE_WAREHOUSE: {
      target: 'entry',
      actions: assign({
        ...clearWork,
        warehouse: null,
        zone: null,
        error: null,
        entryInput: { defaultWarehouseNumber: null, lastZoneNumber: null },
      }),
    },
    RETRY: {
      guard: ({ context }) => context.canRetryMove,
      target: '.moving',
      actions: 'clearError',
    },
    // Spec part 1 §4 "Sorting scan flow by scanned object type"; states refine it.
    SCANNED: [
      { guard: scanIs('empty') },
      {
        guard: ({ context, event }) => scanIs('user')({ event }) && context.isUserScanAllowed,
        target: '#sorting.logout',
      },
      // Not allowed: the shell's user switch plays the error sound (docs/DECISIONS.md "Sorting screen").
      { guard: scanIs('user') },
      { guard: scanIs('token') },
      {
        guard: ({ event }) => event.type === 'SCANNED' && scanInUrl(event.text) !== null,
        actions: raise(({ event }) => ({
          type: 'SCANNED' as const,
          text: scanInUrl(scannedText(event)) ?? '',
        })),
      },
      {
        guard: scanIs('url'),
        actions: [{ type: 'fail', params: { key: 'urlNotSupported', code: null } }],
      },
      {
        guard: scanIs('acceptance-report'),
        target: '.arriving',
        actions: [
          'clearError',
          'startOperation',
          assign({ scanned: ({ event }) => scannedText(event) }),
        ],
      },
      {
        // A returnable container (`_R…`): located, then moved to a cell (ContainerAccounting).
        guard: scanIsContainer,
        target: '.findingContainer',
        actions: ['clearError', 'takeScan'],
      },
      {
        guard: scanIs('box'),
        target: '.searchingBox',
        actions: ['clearError', 'takeScan'],
      },
      {
        // Spec part 1 §8 f-0031: a parcel scan while a box is chosen.
        guard: ({ context, event }) => scanIs('parcel')({ event }) && context.box !== null,
        actions: fail('f-0031'),
      },
      {
        guard: scanIs('parcel'),
        target: '.scanningParcel',
        actions: [
          'clearError',
          assign({
            scanned: ({ event }) => scannedText(event),
            isRescan: ({ context, event }) =>
              context.lastParcel !== null && context.lastParcel.barcode === scannedText(event),
          }),
        ],
      },
      {
        guard: scanIs('cell'),
        target: '.changingZone',
        actions: ['clearError', 'takeScan'],
      },
      {
        // .GL/.GW/.GH outside the measure step.
        actions: { type: 'fail', params: { key: 'measureOutsideStep', code: null } },
      },
    ],
  },
});

/** Back to where the worker was after a refusal. */
const resumeState = sortingSetup.createStateConfig({
  always: [
    { guard: ({ context }) => context.container !== null, target: 'scanContainerPlace' },
    {
      guard: ({ context }) => context.parcel !== null && context.box?.isEmpty === true,
      target: 'scanCell',
    },
    {
      guard: ({ context }) => context.parcel !== null || context.box !== null,
      target: 'scanWhere',
    },
    { target: 'scanWhat' },
  ],
});

const scanWhatState = sortingSetup.createStateConfig({
  entry: assign({ ...clearWork, prompt: prompts.scanWhat }),
});

const scanningParcelState = sortingSetup.createStateConfig({
  tags: ['busy'],
  entry: ({ context }) => {
    if (context.isRescan) context.ports.play(['repeat']);
  },
  invoke: {
    src: 'scanParcel',
    input: ({ context }) => context,
    onDone: [
      {
        // Spec part 1 §4, §8 f-0004: a rescan returned another parcel.
        guard: ({ context, event }) =>
          isOk(event.output) &&
          context.isRescan &&
          event.output.operationObject?.id !== context.lastParcel?.id,
        target: 'resume',
        actions: [
          assign({ isRescan: false }),
          // Another parcel under this barcode: the worker must stop.
          failScanned('f-0004', HALT),
        ],
      },
      {
        guard: ({ event }) => isOk(event.output),
        target: 'nextStep',
        actions: [
          assign(({ context, event }) => {
            const parcel = event.output.operationObject as TParcel;
            return {
              ...clearWork,
              isRescan: context.isRescan,
              parcel,
              cells: parcel.cells,
              cellsFromScan: true,
              lastParcel: { barcode: context.scanned, id: parcel.id },
            };
          }),
          ({ context }) => context.ports.writeLastParcel(context.lastParcel),
        ],
      },
      {
        // Spec part 1 §8: parcel error codes 104 and 404 show the barcode.
        guard: ({ event }) => PARCEL_NOT_FOUND_CODES.includes(codeOf(event.output) ?? ''),
        target: 'resume',
        actions: [
          assign({ isRescan: false }),
          {
            // The f-code in small print, not the server's 404.
            type: 'fail',
            params: ({ context }) => ({
              key: 'parcelNotFound',
              code: 'f-0001',
              params: {
                barcode: context.scanned,
                warehouse: context.warehouse?.Number ?? '',
              },
            }),
          },
        ],
      },
      {
        target: 'resume',
        actions: [assign({ isRescan: false }), failFromServer()],
      },
    ],
    onError: {
      target: 'resume',
      actions: [assign({ isRescan: false }), fail('f-0009')],
    },
  },
});

/** The steps a parcel needs before it is sorted, in this order. */
const nextStepState = sortingSetup.createStateConfig({
  always: [
    {
      guard: ({ context }) => !!context.parcel?.attentionMessage && !context.stepsDone.damage,
      target: 'checkDamage',
    },
    {
      guard: ({ context }) =>
        !!(context.parcel?.isNeedMeasure || context.parcel?.isNeedWeight) &&
        !context.stepsDone.measure,
      target: 'measure',
    },
    { target: 'sorting' },
  ],
});

/** A box scanned to sort the box itself (scan what, or another box in scan where). */
const searchingBoxState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'searchBox',
    input: ({ context }) => context,
    onDone: [
      {
        // Spec part 1 §8 f-0005: an empty box cannot be sorted.
        guard: ({ event }) => isOk(event.output) && event.output.operationObject?.isEmpty === true,
        target: 'resume',
        actions: failScanned('f-0005'),
      },
      {
        // Spec part 1 §8 f-0006: this box is the one already chosen.
        guard: ({ context, event }) =>
          isOk(event.output) && event.output.operationObject?.id === context.box?.id,
        target: 'resume',
        actions: failScanned('f-0006'),
      },
      {
        guard: ({ event }) => isOk(event.output),
        target: 'sorting',
        actions: assign(({ event }) => {
          const box = event.output.operationObject as TBox;
          return { ...clearWork, box, cells: box.cells, cellsFromScan: true };
        }),
      },
      objectNotFound(),
      serverFailure(),
    ],
    onError: noAnswer(),
  },
});

/** Spec part 1 §4: a cell scan outside scan where sets the zone of that cell. */
const changingZoneState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'searchZone',
    input: ({ context }) => context,
    onDone: [
      {
        guard: ({ event }) => isOk(event.output),
        target: 'scanWhat',
        actions: [
          // The last move was in the old zone: the prompt shows the new zone instead.
          assign({ zone: ({ event }) => event.output.operationObject, lastMove: null }),
          ({ context }) => {
            if (context.zone) context.ports.rememberZone(context.zone.Number);
          },
        ],
      },
      {
        guard: ({ event }) => codeOf(event.output) === ZONE_NOT_FOUND_CODE,
        target: 'resume',
        actions: failScanned('f-0012'),
      },
      serverFailure(),
    ],
    onError: noAnswer(),
  },
});

/** Spec part 1 §7 documents/inbound/arrive: the acceptance report `.69.` scan. */
const arrivingState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'arriveInbound',
    input: ({ context }) => context,
    onDone: [
      {
        guard: ({ event }) => isOk(event.output),
        target: 'acceptanceReport',
        actions: [
          'endOperation',
          assign({ acceptance: ({ event }) => event.output.operationObject }),
          ({ context }) => context.ports.play(['success-small']),
        ],
      },
      {
        target: 'resume',
        actions: ['endOperation', failWithMessage('f-0026')],
      },
    ],
    onError: {
      target: 'resume',
      actions: ['endOperation', fail('f-0011')],
    },
  },
});

/** Spec part 1 §2 step "acceptance report": name and detailsQuantity. */
const acceptanceReportState = sortingSetup.createStateConfig({
  entry: assign({ ...clearWork, prompt: prompts.acceptanceReport }),
  on: { CANCELLED: 'scanWhat' },
});

/** The states of work around scan what: the parcel or box scan, its lookups, the next step. */
export const scanWhatStates = {
  resume: resumeState,
  scanWhat: scanWhatState,
  scanningParcel: scanningParcelState,
  nextStep: nextStepState,
  searchingBox: searchingBoxState,
  changingZone: changingZoneState,
  arriving: arrivingState,
  acceptanceReport: acceptanceReportState,
};
