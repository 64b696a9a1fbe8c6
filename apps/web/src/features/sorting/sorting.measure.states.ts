import { assign } from 'xstate';
import type { TDimension, TMeasures } from '@sorting/contracts';
import { formDecimal } from '../../lib/number-format';
import { prompts } from './sorting.prompts';
import {
  EMPTY_MEASURE,
  INVALID_MEASURE_CODE,
  codeOf,
  fail,
  failWithMessage,
  isOk,
  measureFormOf,
  parseAmount,
  recognize,
  scanIs,
  scannedText,
  scansOutsideTheScreen,
  sortingSetup,
  weightRejected,
} from './sorting.setup';

// The sorting machine's measure step; composed in sorting.machine.ts.

/** Spec part 1 §4, §5: dimensions (.GL/.GW/.GH or typed) and weight (scale or typed). */
export const measureState = sortingSetup.createStateConfig({
  initial: 'loadingMeasures',
  // A step ran: the scan's cells may no longer hold (the sorting step asks again).
  entry: assign({
    prompt: prompts.step('measureStep'),
    measure: EMPTY_MEASURE,
    cellsFromScan: false,
  }),
  on: {
    CANCELLED: { target: 'scanWhat', actions: 'endOperation' },
    MEASURE_CHANGED: {
      actions: assign({
        measure: ({ context, event }) => ({
          ...context.measure,
          [event.field]: event.value,
        }),
      }),
    },
    SCANNED: [
      {
        guard: scanIs('length', 'width', 'height'),
        actions: assign({
          measure: ({ context, event }) => {
            const scan = recognize(scannedText(event));
            if (scan.type !== 'length' && scan.type !== 'width' && scan.type !== 'height')
              return context.measure;
            return { ...context.measure, [scan.type]: scan.value };
          },
        }),
      },
      {
        // A dimension type (DIM-S …) fills the three sizes (spec part 1 §7 dimension).
        guard: ({ context, event }) =>
          scanIs('parcel')({ event }) && context.parcel?.isNeedMeasure === true,
        target: '.lookingUpDimension',
        actions: ['clearError', 'takeScan'],
      },
      ...scansOutsideTheScreen,
      { actions: { type: 'fail', params: { key: 'finishStep', code: null } } },
    ],
  },
  states: {
    // Spec part 1 §7 `Parcels/{barcode}/measures`: the step starts from what is known; f-0021
    // (no answer) and f-0022 (refused) are its failures, and the worker measures anyway.
    loadingMeasures: {
      tags: ['busy'],
      invoke: {
        src: 'loadMeasures',
        input: ({ context }) => context,
        onDone: [
          {
            guard: ({ event }) => isOk(event.output),
            target: 'waiting',
            actions: assign({
              measure: ({ context, event }) =>
                measureFormOf(
                  event.output.operationObject as TMeasures,
                  context.measure,
                  context.ports.locale,
                ),
            }),
          },
          { target: 'waiting', actions: failWithMessage('f-0022') },
        ],
        onError: { target: 'waiting', actions: fail('f-0021') },
      },
    },
    waiting: {
      on: {
        READ_WEIGHT: 'weighing',
        MEASURE_SUBMITTED: [
          {
            guard: ({ context }) =>
              !!context.parcel?.isNeedMeasure &&
              !(['length', 'width', 'height'] as const).every(
                (field) => parseAmount(context.measure[field]) > 0,
              ),
            actions: { type: 'fail', params: { key: 'measureIncomplete', code: null } },
          },
          {
            guard: ({ context }) => !!context.parcel?.isNeedMeasure,
            target: 'sendingMeasure',
            actions: ['clearError', 'keepOperation'],
          },
          { target: 'checkingWeight', actions: ['clearError', 'keepOperation'] },
        ],
      },
    },
    lookingUpDimension: {
      tags: ['busy'],
      invoke: {
        src: 'lookUpDimension',
        input: ({ context }) => context,
        onDone: [
          {
            guard: ({ event }) => isOk(event.output),
            target: 'waiting',
            actions: assign({
              measure: ({ context, event }) => {
                const type = event.output.operationObject as TDimension;
                return {
                  ...context.measure,
                  length: String(type.Length),
                  width: String(type.Width),
                  height: String(type.Height),
                };
              },
            }),
          },
          // No sizes for that barcode: not a dimension type (the spec gives it no f-code).
          {
            target: 'waiting',
            actions: {
              type: 'fail',
              params: ({ context }) => ({
                key: 'dimensionNotFound',
                code: null,
                params: { barcode: context.scanned },
              }),
            },
          },
        ],
        onError: {
          target: 'waiting',
          actions: { type: 'fail', params: { key: 'dimensionLookupFailed', code: null } },
        },
      },
    },
    weighing: {
      invoke: {
        src: 'readWeight',
        input: ({ context }) => context,
        onDone: {
          target: 'waiting',
          actions: assign({
            measure: ({ context, event }) => ({
              ...context.measure,
              // The scale's kg in the interface's decimals, as the known measures are.
              weight: formDecimal(event.output, context.ports.locale),
            }),
          }),
        },
        onError: {
          target: 'waiting',
          actions: { type: 'fail', params: { key: 'scaleFailed', code: null } },
        },
      },
    },
    sendingMeasure: {
      tags: ['busy'],
      invoke: {
        src: 'measure',
        input: ({ context }) => context,
        onDone: [
          {
            // Saved: the form keeps only what is still needed (the weight).
            guard: ({ event }) => event.output.isSuccess,
            target: 'checkingWeight',
            actions: 'measureSaved',
          },
          {
            guard: ({ event }) => codeOf(event.output) === INVALID_MEASURE_CODE,
            target: 'waiting',
            actions: fail('f-0028'),
          },
          {
            target: 'waiting',
            actions: failWithMessage('f-0007'),
          },
        ],
        onError: {
          target: 'waiting',
          actions: fail('f-0007', { message: '' }),
        },
      },
    },
    checkingWeight: {
      always: [
        { guard: ({ context }) => !context.parcel?.isNeedWeight, target: 'done' },
        {
          // Spec part 1 §5: weight must be > 0, else f-0027.
          guard: ({ context }) => !(parseAmount(context.measure.weight) > 0),
          ...weightRejected(),
        },
        { target: 'sendingWeight' },
      ],
    },
    sendingWeight: {
      tags: ['busy'],
      invoke: {
        src: 'weigh',
        input: ({ context }) => context,
        onDone: [
          { guard: ({ event }) => event.output.isSuccess, target: 'done' },
          {
            guard: ({ event }) => codeOf(event.output) === INVALID_MEASURE_CODE,
            ...weightRejected(),
          },
          {
            target: 'waiting',
            actions: failWithMessage('f-0008'),
          },
        ],
        onError: {
          target: 'waiting',
          actions: fail('f-0008', { message: '' }),
        },
      },
    },
    done: {
      always: {
        target: '#sorting.work.nextStep',
        actions: ['endOperation', 'measureDone'],
      },
    },
  },
});
