import { assign } from 'xstate';
import { recognizeBarcode } from '@sorting/domain';
import { PARCEL_NOT_FOUND, heldPhotos, returnableItems } from './returns.model';
import { cancelFlow, hasPhotos, returnsSetup, showError } from './returns.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The returns machine's first screen: the parcel scan, its policies, the item; composed in
// returns.machine.ts.

/** Scan (or type in the scan panel) the parcel barcode; its policies; pick an item. */
export const scanReturnedPackageState = returnsSetup.createStateConfig({
  initial: 'waitScan',
  states: {
    waitScan: {
      on: {
        SCANNED: [
          // A stray Enter is no scan.
          { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
          {
            guard: ({ event }) => recognizeBarcode(event.text).type === 'parcel',
            target: 'loading',
            actions: assign({
              barcode: ({ event }) => recognizeBarcode(event.text).raw,
              error: null,
            }),
          },
          {
            // Spec §8 f-0004: a cell, user, box, acceptance report, URL… is no parcel.
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                code: 'f-0004',
                barcode: recognizeBarcode(event.text).raw,
              }),
            },
          },
        ],
      },
    },
    /** POST /returns-api/return/policies for the one parcel. */
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPolicies',
        input: ({ context }) => ({
          ports: context.ports,
          warehouseCode: context.warehouseCode,
          barcode: context.barcode ?? '',
        }),
        onDone: [
          {
            guard: ({ event }) =>
              isCallOk({ event }) &&
              returnableItems(event.output.operationObject ?? []).length === 0,
            target: 'waitScan',
            actions: [
              {
                type: 'showError',
                params: ({ context }) => ({ code: 'f-0003', barcode: context.barcode ?? '' }),
              },
              assign({ barcode: null }),
            ],
          },
          {
            // One item to return: it is the item (nothing to choose).
            guard: ({ event }) =>
              isCallOk({ event }) &&
              returnableItems(event.output.operationObject ?? []).length === 1,
            target: '#returns.routeItem',
            actions: assign({
              items: ({ event }) => event.output.operationObject ?? [],
              item: ({ event }) => returnableItems(event.output.operationObject ?? [])[0] ?? null,
            }),
          },
          {
            guard: isCallOk,
            target: 'pickItem',
            actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
          },
          {
            guard: ({ event }) => Number(event.output.errorCode) === PARCEL_NOT_FOUND,
            target: 'waitScan',
            actions: [
              {
                type: 'showError',
                params: ({ context, event }) => ({
                  code: 'f-0002',
                  barcode: context.barcode ?? '',
                  message: event.output.message,
                }),
              },
              assign({ barcode: null }),
            ],
          },
          {
            target: 'waitScan',
            actions: [
              {
                type: 'showError',
                params: ({ event }) => ({ code: 'f-0001', message: event.output.message }),
              },
              assign({ barcode: null }),
            ],
          },
        ],
        onError: {
          target: 'waitScan',
          actions: [showError('f-0001'), assign({ barcode: null })],
        },
      },
    },
    /** Several items in the parcel: the worker picks the one being returned. */
    pickItem: {
      on: {
        ITEM_PICKED: [
          {
            guard: ({ context, event }) =>
              !returnableItems(context.items).some((item) => item.code === event.code),
          },
          {
            // Photos of another item's return are not this one's.
            guard: ({ context, event }) =>
              hasPhotos({ context }) && context.item?.code !== event.code,
            target: '#returns.discarding',
            actions: [
              'pickItem',
              assign({
                discard: ({ context }) => heldPhotos(context).map((photo) => photo.id),
                after: 'item' as const,
              }),
            ],
          },
          { target: '#returns.routeItem', actions: 'pickItem' },
        ],
        // Another parcel: only while no photos are held (they belong to this one).
        SCANNED: {
          guard: ({ context, event }) =>
            !hasPhotos({ context }) && recognizeBarcode(event.text).type === 'parcel',
          target: 'loading',
          actions: [
            'resetFlow',
            assign({ barcode: ({ event }) => recognizeBarcode(event.text).raw }),
          ],
        },
        BACK: cancelFlow,
        CANCEL: cancelFlow,
      },
      exit: 'clearError',
    },
  },
});
