import { assign } from 'xstate';
import { LOST_DESCRIPTION_MAX } from '@sorting/contracts';
import {
  failuresTo,
  itemOf,
  notifyFinished,
  refusedError,
  scanOf,
} from './picking-machine-helpers';
import { isGateMode, progressOf } from './picking.model';
import { returnAsk } from './picking.return.states';
import { pickingSetup } from './picking.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The picking machine's process steps (spec part 1 §4 pickingProcess; lost and gate
// mode): pickups by scans, «Не найдена», cancel; composed in picking.machine.ts.

const LOST_FAILURES = failuresTo('pickingProcess', 'f-0010');
const CANCEL_FAILURES = failuresTo('pickingProcess', 'f-0013');

export const processStates = {
  /** Items grouped by cell; a cell then its items, or an item then its cell. */
  pickingProcess: pickingSetup.createStateConfig({
    exit: assign({ repeated: null }),
    on: {
      SCANNED: [
        { guard: ({ event }) => scanOf(event.text).type === 'empty' },
        {
          // Gate mode: only the client's gate cells; any other is refused here.
          guard: ({ context, event }) =>
            scanOf(event.text).type === 'cell' &&
            isGateMode(context.info) &&
            !(context.info?.AllowedGateCells ?? []).includes(scanOf(event.text).raw),
          actions: {
            type: 'showError',
            params: ({ context, event }) => ({
              code: 'notGateCell',
              barcode: scanOf(event.text).raw,
              message: (context.info?.AllowedGateCells ?? []).join(', '),
            }),
          },
        },
        {
          // An item then its cell: that pickup; the cell is not kept (a gate cell is).
          guard: ({ context, event }) =>
            scanOf(event.text).type === 'cell' && context.pendingBarcode !== null,
          target: 'pickingUp',
          actions: assign({
            pickupAsk: ({ context, event }) => ({
              barcode: context.pendingBarcode ?? '',
              cellBarcode: scanOf(event.text).raw,
            }),
            currentCell: ({ context, event }) =>
              isGateMode(context.info) ? scanOf(event.text).raw : context.currentCell,
            pendingBarcode: null,
            error: null,
          }),
        },
        {
          // A cell first: the items scanned next are picked from it.
          guard: ({ event }) => scanOf(event.text).type === 'cell',
          actions: assign({
            currentCell: ({ event }) => scanOf(event.text).raw,
            repeated: null,
            error: null,
          }),
        },
        {
          // No item of this picking: the server says why (another recipient's parcel, not
          // found, a box or a recipient code); with no cell scanned yet its CellBarcode is ''.
          guard: ({ context, event }) => itemOf(context, event.text) === undefined,
          target: 'pickingUp',
          actions: assign({
            pickupAsk: ({ context, event }) => ({
              barcode: scanOf(event.text).raw,
              cellBarcode: context.currentCell ?? '',
            }),
            error: null,
          }),
        },
        {
          // A re-scan: the repeat sound and «Уже собрана» on the prompt.
          guard: ({ context, event }) => itemOf(context, event.text)?.state === 'PICKED',
          actions: [
            assign({ repeated: ({ event }) => scanOf(event.text).raw, error: null }),
            ({ context }) => context.ports.play('repeat'),
          ],
        },
        {
          guard: ({ context }) => context.currentCell !== null,
          target: 'pickingUp',
          actions: assign({
            pickupAsk: ({ context, event }) => ({
              barcode: scanOf(event.text).raw,
              cellBarcode: context.currentCell ?? '',
            }),
            error: null,
          }),
        },
        {
          actions: assign({
            pendingBarcode: ({ event }) => scanOf(event.text).raw,
            repeated: null,
            error: null,
          }),
        },
      ],
      TO_CHECK: {
        guard: ({ context }) => progressOf(context.items).picked > 0,
        target: 'checkPicked',
      },
      CANCEL: 'confirmCancel',
      RETURN_ASK: returnAsk('pickingProcess'),
      LOST_ASK: {
        guard: ({ context, event }) =>
          context.items.some((one) => one.itemId === event.itemId && one.state === 'WAITING'),
        target: 'lostDialog',
        actions: assign({
          lostItem: ({ context, event }) =>
            context.items.find((one) => one.itemId === event.itemId) ?? null,
          error: null,
        }),
      },
    },
  }),

  /** «Не найдена»: a required description for the WAITING item. */
  lostDialog: pickingSetup.createStateConfig({
    on: {
      LOST_SUBMIT: {
        guard: ({ event }) => {
          const text = event.description.trim();
          return text.length > 0 && text.length <= LOST_DESCRIPTION_MAX;
        },
        target: 'markingLost',
        actions: assign({
          lostDescription: ({ event }) => event.description.trim(),
          operationId: ({ context }) => context.ports.createOperationId(),
        }),
      },
      LOST_CLOSE: { target: 'pickingProcess', actions: assign({ lostItem: null }) },
    },
  }),

  /** POST lost: the item LOST, out of the to-do list; f-0010 when refused or unanswered. */
  markingLost: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'lost',
      input: ({ context }) => ({
        ports: context.ports,
        PickingItemId: context.lostItem?.itemId ?? 0,
        Barcode: context.lostItem?.barcode ?? '',
        Description: context.lostDescription ?? '',
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'afterLost',
          actions: assign({
            items: ({ context }) =>
              context.items.map((one) =>
                one.itemId === context.lostItem?.itemId ? { ...one, state: 'LOST' as const } : one,
              ),
            // Out of the amount due (the info still counts it).
            droppedItemIds: ({ context }) => [
              ...context.droppedItemIds,
              context.lostItem?.itemId ?? 0,
            ],
            lostItem: null,
            lostDescription: null,
            operationId: null,
          }),
        },
        LOST_FAILURES.refused,
      ],
      onError: LOST_FAILURES.onError,
    },
  }),

  /** Everything left is picked → the picked list; else on with the process. */
  afterLost: pickingSetup.createStateConfig({
    always: [
      {
        guard: ({ context }) => {
          const progress = progressOf(context.items);
          return progress.total > 0 && progress.picked === progress.total;
        },
        target: 'checkPicked',
      },
      { target: 'pickingProcess' },
    ],
  }),

  /** POST pickup: success-small, success-big when all are picked (then the picked list). */
  pickingUp: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'pickup',
      input: ({ context }) => ({
        ports: context.ports,
        PickingId: context.pickingId ?? 0,
        Barcode: context.pickupAsk?.barcode ?? '',
        CellBarcode: context.pickupAsk?.cellBarcode ?? '',
        operationId: context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'afterPickup',
          actions: assign({
            items: ({ context, event }) => {
              const picked = event.output.operationObject?.item;
              return context.items.map((item) =>
                picked && item.itemId === picked.itemId ? { ...item, state: picked.state } : item,
              );
            },
            pickupAsk: null,
          }),
        },
        {
          target: 'pickingProcess',
          actions: {
            type: 'showError',
            params: ({ context, event }) =>
              refusedError('f-0008', event.output, context.pickupAsk?.barcode ?? ''),
          },
        },
      ],
      onError: {
        target: 'pickingProcess',
        actions: {
          type: 'showError',
          params: ({ context }) => ({
            code: 'f-0009',
            barcode: context.pickupAsk?.barcode ?? '',
            message: null,
          }),
        },
      },
    },
  }),

  /** All picked → success-big and the picked list; else success-small, go on. */
  afterPickup: pickingSetup.createStateConfig({
    always: [
      {
        guard: ({ context }) => {
          const progress = progressOf(context.items);
          return progress.picked === progress.total;
        },
        target: 'checkPicked',
        actions: ({ context }) => context.ports.play('success-big'),
      },
      { target: 'pickingProcess', actions: ({ context }) => context.ports.play('success-small') },
    ],
  }),

  /** «Отменить выдачу?» listing the parcels to put back. */
  confirmCancel: pickingSetup.createStateConfig({
    on: {
      CONFIRMED: {
        target: 'cancelling',
        actions: assign({ operationId: ({ context }) => context.ports.createOperationId() }),
      },
      CANCELLED: 'pickingProcess',
    },
  }),

  /** POST cancel: PICKED back to WAITING; the recipient forgotten, back to `/picking`. */
  cancelling: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'cancel',
      input: ({ context }) => ({
        ports: context.ports,
        PickingId: context.pickingId ?? 0,
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'finished',
          actions: [
            ({ context, event }) =>
              notifyFinished(context, 'cancelled', event.output.operationObject),
            'leave',
          ],
        },
        CANCEL_FAILURES.refused,
      ],
      onError: CANCEL_FAILURES.onError,
    },
  }),
};
