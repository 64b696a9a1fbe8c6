import { assign } from 'xstate';
import { emptyFlow, isReasonEnabled, photosOutside } from './returns.model';
import { backToItems, cancelFlow, returnsSetup } from './returns.setup';
import { photoStep, commentStep } from './returns.photo.states';
import { scanReturnedPackageState } from './returns.scan.states';
import {
  afterDiscardState,
  confirmReturnPackageState,
  discardingState,
} from './returns.confirm.states';

export * from './returns.model';

/**
 * The returns screen (spec part 1 §2 "Returns", §3 "Return flow data", §4 "Returns", §8
 * f-0001…f-0010). Top-level states are the screens of §4: ScanRetunedPackage (the spec's
 * spelling) → SelectReturnCount (only for more than one unit) → SelectReturnReason → the
 * reason's steps → ConfirmReturnPackage. Calls, navigation and sounds are ports of the input,
 * so the machine runs under `createActor` with no DOM. Decisions: docs/DECISIONS.md
 * "Returns".
 */
export const returnsMachine = returnsSetup.createMachine({
  id: 'returns',
  initial: 'ScanRetunedPackage',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode ?? '',
    ...emptyFlow(),
    nextKey: 1,
    deleting: null,
    after: 'restart',
    error: null,
  }),
  states: {
    ScanRetunedPackage: scanReturnedPackageState,

    /** A count above 1 goes to count selection first (spec §4). */
    routeItem: {
      always: [
        {
          guard: ({ context }) => (context.item?.quantityAvailable ?? 0) > 1,
          target: 'SelectReturnCount',
        },
        { target: 'SelectReturnReason', actions: assign({ quantity: 1 }) },
      ],
    },

    /** How many of the item's units come back (1 … quantityAvailable). */
    SelectReturnCount: {
      on: {
        COUNT_CHOSEN: {
          guard: ({ context, event }) =>
            Number.isInteger(event.count) &&
            event.count >= 1 &&
            event.count <= (context.item?.quantityAvailable ?? 0),
          target: 'SelectReturnReason',
          actions: assign({ quantity: ({ event }) => event.count }),
        },
        BACK: backToItems,
        CANCEL: cancelFlow,
      },
    },

    /** All reasons with title and description; disableCode 2 shown but not selectable. */
    SelectReturnReason: {
      on: {
        REASON_CHOSEN: [
          { guard: ({ context, event }) => !isReasonEnabled(context.item, event.code) },
          {
            guard: ({ context, event }) => photosOutside(context, event.code).length > 0,
            target: 'discarding',
            actions: [
              'chooseReason',
              assign({
                discard: ({ context, event }) => photosOutside(context, event.code),
                after: 'reason' as const,
              }),
            ],
          },
          { target: 'routeReason', actions: 'chooseReason' },
        ],
        BACK: [
          {
            guard: ({ context }) => (context.item?.quantityAvailable ?? 0) > 1,
            target: 'SelectReturnCount',
          },
          ...backToItems,
        ],
        CANCEL: cancelFlow,
      },
    },

    /** Spec §4: reason to screen. */
    routeReason: {
      always: [
        {
          guard: ({ context }) => context.reasonCode === 'another_reason',
          target: 'CheckQualityReturn',
        },
        {
          guard: ({ context }) => context.reasonCode === 'oversort',
          target: 'OversortOrShortage',
        },
        {
          guard: ({ context }) => context.reasonCode === 'manufacturing_defects',
          target: 'ManufacturingDefect',
        },
        { guard: ({ context }) => context.reasonCode === 'damaged', target: 'PackDamage' },
        // damage_item and fake go straight to the confirmation.
        { target: 'ConfirmReturnPackage' },
      ],
    },

    /** another_reason: the worker says what is wrong (required: "another" says nothing). */
    CheckQualityReturn: {
      on: {
        COMMENT_CHANGED: { actions: 'setComment' },
        NEXT: {
          guard: ({ context }) => context.comment.trim() !== '',
          target: 'ConfirmReturnPackage',
        },
        BACK: 'SelectReturnReason',
        CANCEL: cancelFlow,
      },
    },

    /** oversort: oversort or shortage, and a comment. */
    OversortOrShortage: {
      on: {
        PROBLEM_CHOSEN: { actions: assign({ problem: ({ event }) => event.problem }) },
        COMMENT_CHANGED: { actions: 'setComment' },
        NEXT: { guard: ({ context }) => context.problem !== null, target: 'ConfirmReturnPackage' },
        BACK: 'SelectReturnReason',
        CANCEL: cancelFlow,
      },
    },

    /** manufacturing_defects: documents photo, package photo, comment. */
    ManufacturingDefect: {
      initial: 'documentsPhoto',
      states: {
        documentsPhoto: photoStep(
          'documents',
          '#returns.ManufacturingDefect.packagePhoto',
          '#returns.SelectReturnReason',
        ),
        packagePhoto: photoStep(
          'package',
          '#returns.ManufacturingDefect.comment',
          '#returns.ManufacturingDefect.documentsPhoto',
        ),
        comment: commentStep('#returns.ManufacturingDefect.packagePhoto'),
      },
    },

    /** damaged: act photo, invoice photo, package photo, comment. */
    PackDamage: {
      initial: 'actPhoto',
      states: {
        actPhoto: photoStep(
          'act',
          '#returns.PackDamage.invoicePhoto',
          '#returns.SelectReturnReason',
        ),
        invoicePhoto: photoStep(
          'invoice',
          '#returns.PackDamage.packagePhoto',
          '#returns.PackDamage.actPhoto',
        ),
        packagePhoto: photoStep(
          'package',
          '#returns.PackDamage.comment',
          '#returns.PackDamage.invoicePhoto',
        ),
        comment: commentStep('#returns.PackDamage.packagePhoto'),
      },
    },

    ConfirmReturnPackage: confirmReturnPackageState,
    discarding: discardingState,
    afterDiscard: afterDiscardState,

    /** The return went through; the page has been sent to /sorting. */
    accepted: { type: 'final' },
  },
});

export type ReturnsMachine = typeof returnsMachine;
