import { assign } from 'xstate';
import { clientOfScan, failuresTo, refusedError, scanOf } from './picking-machine-helpers';
import { isBalanceBlocked } from './picking.model';
import { pickingSetup } from './picking.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The picking machine's entry steps (spec part 1 §4 pickingDirectionSelect, pickingInfo;
// part 2 §3 "Picking info"): restore, find, info, balance, begin, items; composed in
// picking.machine.ts.

const FIND_FAILURES = failuresTo('pickingDirectionSelect', 'f-0001');
const BEGIN_FAILURES = failuresTo('pickingInfo', 'f-0006', 'f-0007');
const SEARCH_FAILURES = failuresTo('pickingInfo', 'f-0002');
const BALANCE_FAILURES = failuresTo('pickingInfo', 'f-0003');

export const entryStates = {
  /**
   * `/picking`: the list; a scanned parcel barcode or client code opens the client. On
   * `/picking/pickup/{code}` the recipient is chosen already: on to its info.
   */
  /**
   * `/picking` where the warehouse runs one picking per device (part 1 §6): the
   * recipient kept in LAST_PICKING_RECIPIENT is opened again (its info or its process).
   */
  restoring: pickingSetup.createStateConfig({
    // On `/picking/pickup/{code}` the recipient is chosen already: on to its info.
    always: { guard: 'hasClientCode', target: 'loadingInfo' },
    tags: ['busy'],
    invoke: {
      src: 'restorable',
      input: ({ context }) => ({ ports: context.ports }),
      onDone: [
        {
          guard: ({ event }) => event.output !== null,
          target: 'pickingDirectionSelect',
          actions: ({ context, event }) => context.ports.navigate(event.output ?? ''),
        },
        { target: 'pickingDirectionSelect' },
      ],
      onError: 'pickingDirectionSelect',
    },
  }),

  pickingDirectionSelect: pickingSetup.createStateConfig({
    on: {
      SCANNED: [
        { guard: ({ event }) => scanOf(event.text).type === 'empty' },
        {
          target: 'findingClient',
          actions: assign({
            search: ({ event }) => scanOf(event.text).raw,
            error: null,
          }),
        },
      ],
      CHOOSE: {
        actions: {
          type: 'openClient',
          params: ({ event }) => ({ clientCode: event.clientCode }),
        },
      },
    },
  }),

  /** GET clients?search=: exactly one client of that code or parcel opens it. */
  findingClient: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'findClients',
      input: ({ context }) => ({ ports: context.ports, search: context.search ?? '' }),
      onDone: [
        {
          guard: ({ context, event }) =>
            isCallOk({ event }) &&
            clientOfScan(event.output.operationObject, context.search ?? '') !== null,
          target: 'pickingDirectionSelect',
          actions: {
            type: 'openClient',
            params: ({ context, event }) => ({
              clientCode: clientOfScan(event.output.operationObject, context.search ?? '') ?? '',
            }),
          },
        },
        {
          guard: isCallOk,
          target: 'pickingDirectionSelect',
          actions: {
            type: 'showError',
            params: ({ context }) => ({
              code: 'f-0004',
              barcode: context.search ?? '',
              message: null,
            }),
          },
        },
        FIND_FAILURES.refused,
      ],
      onError: FIND_FAILURES.onError,
    },
  }),

  /**
   * POST info: this device's open picking goes back to the process (a reload); else the
   * info screen. Unknown → f-0004 and `/picking`.
   */
  loadingInfo: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'info',
      input: ({ context }) => ({ ports: context.ports, clientCode: context.clientCode ?? '' }),
      onDone: [
        {
          guard: ({ event }) =>
            isCallOk({ event }) &&
            event.output.operationObject?.IsOwnPicking === true &&
            event.output.operationObject.PickingId !== null,
          target: 'loadingItems',
          actions: [
            assign({
              info: ({ event }) => event.output.operationObject,
              pickingId: ({ event }) => event.output.operationObject?.PickingId ?? null,
            }),
            ({ context }) => context.ports.rememberRecipient(context.clientCode ?? ''),
          ],
        },
        {
          guard: isCallOk,
          target: 'loadingBalance',
          actions: [
            // Viewing a recipient never moves the pointer (docs/DECISIONS.md "Recipient picking", the device pointer).
            assign({ info: ({ event }) => event.output.operationObject }),
          ],
        },
        {
          target: 'finished',
          actions: [
            {
              type: 'showError',
              params: ({ context, event }) =>
                refusedError('f-0004', event.output, context.clientCode ?? ''),
            },
            'toList',
          ],
        },
      ],
      onError: {
        target: 'infoFailed',
        actions: { type: 'showError', params: { code: 'f-0005', message: null } },
      },
    },
  }),

  /** POST balance: the info screen's money; f-0003 when it fails. */
  loadingBalance: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'balance',
      input: ({ context }) => ({ ports: context.ports, clientCode: context.clientCode ?? '' }),
      onDone: [
        {
          guard: isCallOk,
          target: 'pickingInfo',
          actions: assign({ balance: ({ event }) => event.output.operationObject }),
        },
        BALANCE_FAILURES.refused,
      ],
      onError: BALANCE_FAILURES.onError,
    },
  }),

  /** No answer to info (f-0005): try again, or back to the list. */
  infoFailed: pickingSetup.createStateConfig({
    on: {
      RETRY: 'loadingInfo',
      BACK: { target: 'finished', actions: 'toList' },
    },
  }),

  /** The recipient: addresses, warehouses, counts, cash on delivery; Begin. */
  pickingInfo: pickingSetup.createStateConfig({
    on: {
      BEGIN: {
        guard: ({ context }) => !isBalanceBlocked(context.balance),
        target: 'beginning',
        actions: assign({
          operationId: ({ context }) => context.ports.createOperationId(),
          error: null,
        }),
      },
      BACK: { target: 'finished', actions: 'toList' },
    },
  }),

  /** POST begin: the picking (this user's again when it was open). */
  beginning: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'begin',
      input: ({ context }) => ({
        ports: context.ports,
        PickingClientCode: context.clientCode ?? '',
        operationId: context.operationId ?? context.ports.createOperationId(),
      }),
      onDone: [
        {
          guard: isCallOk,
          target: 'loadingItems',
          actions: [
            assign({
              pickingId: ({ event }) => event.output.operationObject?.pickingId ?? null,
              operationId: null,
            }),
            // The device's open picking (part 1 §4 single picking per device): set on begin.
            ({ context }) => context.ports.rememberRecipient(context.clientCode ?? ''),
          ],
        },
        BEGIN_FAILURES.refused,
      ],
      onError: BEGIN_FAILURES.onError,
    },
  }),

  /** POST search: the items by the walk through the hall. */
  loadingItems: pickingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      src: 'search',
      input: ({ context }) => ({ ports: context.ports, pickingId: context.pickingId ?? 0 }),
      onDone: [
        {
          // An open picking with picked items may be paying: GET pay first.
          guard: ({ event }) =>
            isCallOk({ event }) &&
            (event.output.operationObject ?? []).some((item) => item.state === 'PICKED'),
          target: 'resumingPayment',
          actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
        },
        {
          guard: isCallOk,
          target: 'pickingProcess',
          actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
        },
        SEARCH_FAILURES.refused,
      ],
      onError: SEARCH_FAILURES.onError,
    },
  }),
};
