import { assign } from 'xstate';
import { recognizeBarcode } from '@sorting/domain';
import { isCallOk } from '../../shell/machine/call-feedback';
import { measureOf, parseAmount } from './delivery.model';
import { deliverySetup, failuresTo, packageOf } from './delivery.setup';

// Delivery's MEASURING step (spec part 2 §2, §4): one package's sides, dimension type and
// weight; composed in delivery.machine.ts.

const SAVE_FAILURES = failuresTo('editing', 'f-0009', 'f-0010');

/** MEASURING one package: sides (cm) typed, `.GL/.GW/.GH` or a dimension type; weight (kg). */
const measuringState = deliverySetup.createStateConfig({
  initial: 'editing',
  on: {
    FIELD_CHANGED: {
      actions: assign({
        measure: ({ context, event }) =>
          context.measure ? { ...context.measure, [event.field]: event.value } : null,
        measureProblem: null,
      }),
    },
  },
  states: {
    editing: {
      on: {
        SCANNED: [
          {
            guard: ({ event }) => {
              const type = recognizeBarcode(event.text).type;
              return type === 'length' || type === 'width' || type === 'height';
            },
            actions: assign({
              measure: ({ context, event }) => {
                const scan = recognizeBarcode(event.text);
                if (!context.measure) return null;
                if (scan.type !== 'length' && scan.type !== 'width' && scan.type !== 'height') {
                  return context.measure;
                }
                // The interface's decimals, as typed ones (`.GW20,5` → «20,5» in ru).
                const value = parseAmount(scan.value);
                const text = Number.isFinite(value) ? context.ports.decimalText(value) : scan.value;
                return { ...context.measure, [scan.type]: text };
              },
              measureProblem: null,
            }),
          },
          {
            guard: ({ context, event }) =>
              recognizeBarcode(event.text).type === 'parcel' &&
              packageOf(context, event.text) === undefined,
            target: 'lookingUpDimension',
          },
        ],
        READ_WEIGHT: 'weighing',
        SAVE: [
          {
            guard: ({ context }) =>
              context.measure === null || typeof measureOf(context.measure) === 'string',
            actions: assign({
              measureProblem: ({ context }) => {
                const measured = context.measure ? measureOf(context.measure) : 'sides';
                return typeof measured === 'string' ? measured : null;
              },
            }),
          },
          { target: 'saving', actions: 'newOperation' },
        ],
        CANCEL: '#delivery.step',
      },
    },
    /** GET /sorting-api/dimension?barcode: a dimension type fills the three sides. */
    lookingUpDimension: {
      tags: ['busy'],
      invoke: {
        src: 'dimension',
        input: ({ context, event }) => ({
          ports: context.ports,
          barcode: recognizeBarcode((event as { text: string }).text).raw,
        }),
        onDone: [
          {
            guard: isCallOk,
            target: 'editing',
            actions: assign({
              measure: ({ context, event }) => {
                const type = event.output.operationObject;
                if (!context.measure || !type) return context.measure;
                return {
                  ...context.measure,
                  length: context.ports.decimalText(type.Length),
                  width: context.ports.decimalText(type.Width),
                  height: context.ports.decimalText(type.Height),
                };
              },
            }),
          },
          { target: 'editing', actions: assign({ measureProblem: 'dimensionNotFound' }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({ measureProblem: 'dimensionNotFound' }),
        },
      },
    },
    /** The scale's stable weight in kg (part 1 §5). */
    weighing: {
      tags: ['busy'],
      invoke: {
        src: 'readWeight',
        input: ({ context }) => ({ ports: context.ports }),
        onDone: {
          target: 'editing',
          actions: assign({
            measure: ({ context, event }) =>
              context.measure
                ? { ...context.measure, weight: context.ports.decimalText(event.output) }
                : null,
            measureProblem: null,
          }),
        },
        onError: { target: 'editing', actions: assign({ measureProblem: 'scale' }) },
      },
    },
    /** POST measure: numbers, weight × 1000 rounded; then STICKERING → LIST. */
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'measure',
        input: ({ context }) => {
          const measured = context.measure ? measureOf(context.measure) : 'sides';
          const values =
            typeof measured === 'string' ? { height: 0, width: 0, length: 0, weight: 0 } : measured;
          return {
            ports: context.ports,
            deliveryId: context.deliveryId ?? 0,
            deliveryItemId: context.measure?.itemId ?? 0,
            ...values,
            operationId: context.operationId ?? context.ports.createOperationId(),
          };
        },
        onDone: [
          {
            guard: isCallOk,
            target: '#delivery.step',
            actions: assign({
              items: ({ context, event }) => {
                const saved = event.output.operationObject;
                return context.items.map((item) =>
                  saved && item.deliveryItemId === saved.deliveryItemId ? saved : item,
                );
              },
              measure: null,
              operationId: null,
            }),
          },
          SAVE_FAILURES.refused,
        ],
        onError: SAVE_FAILURES.onError,
      },
    },
  },
});

export const measureStates = {
  measuring: measuringState,
};
