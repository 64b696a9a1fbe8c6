import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type {
  TCancelResult,
  TEndResult,
  TLostResult,
  TPicking,
  TPickingBalance,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickupResult,
  TValidationData,
} from '@sorting/contracts';
import { attorneyProblems, isPincode } from '@sorting/domain';
import { PICKING_PATH, pickupPath } from './picking-machine-helpers';
import type {
  CallResult,
  PickingContext,
  PickingError,
  PickingEvent,
  PickingInput,
  PickingPorts,
} from './picking.model';

// The picking machine's setup (actors, guards, actions); its steps are state configs in
// picking.*.states.ts, composed in picking.machine.ts (as features/sorting does).

type Ports = { ports: PickingPorts };

/** The device's today as yyyy-mm-dd (a power of attorney's date is judged against it). */
function deviceToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A proof the server may take: a pincode of digits, a power of attorney without problems. */
function isValidProof(data: TValidationData, kind: 'pincode' | 'attorney'): boolean {
  if (data.Kind !== kind) return false;
  if (data.Kind === 'pincode') return isPincode(data.Pincode);
  if (data.Kind !== 'attorney') return false;
  const input = {
    number: data.AttorneyNumber,
    date: data.AttorneyDate,
    holderName: data.HolderName,
  };
  return Object.keys(attorneyProblems(input, deviceToday())).length === 0;
}

export const pickingSetup = setup({
  types: {
    input: {} as PickingInput,
    context: {} as PickingContext,
    events: {} as PickingEvent,
  },
  actors: {
    findClients: fromPromise<CallResult<TPickingClientsPage>, Ports & { search: string }>(
      ({ input }) => input.ports.findClients(input.search),
    ),
    info: fromPromise<CallResult<TPickingInfo>, Ports & { clientCode: string }>(({ input }) =>
      input.ports.info(input.clientCode),
    ),
    begin: fromPromise<CallResult<TPicking>, Ports & { clientCode: string; operationId: string }>(
      ({ input }) =>
        input.ports.begin({ clientCode: input.clientCode, operationId: input.operationId }),
    ),
    search: fromPromise<CallResult<TPickingItem[]>, Ports & { pickingId: number }>(({ input }) =>
      input.ports.search(input.pickingId),
    ),
    pickup: fromPromise<
      CallResult<TPickupResult>,
      Ports & { pickingId: number; barcode: string; cellBarcode: string; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.pickup(ask);
    }),
    end: fromPromise<
      CallResult<TEndResult>,
      Ports & { pickingId: number; validation: TValidationData; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.end(ask);
    }),
    balance: fromPromise<CallResult<TPickingBalance>, Ports & { clientCode: string }>(({ input }) =>
      input.ports.balance(input.clientCode),
    ),
    lost: fromPromise<
      CallResult<TLostResult>,
      Ports & { itemId: number; barcode: string; description: string; operationId: string }
    >(({ input }) => {
      const { ports, ...ask } = input;
      return ports.lost(ask);
    }),
    restorable: fromPromise<string | null, Ports>(({ input }) => input.ports.restorablePath()),
    cancel: fromPromise<
      CallResult<TCancelResult>,
      Ports & { pickingId: number; operationId: string }
    >(({ input }) =>
      input.ports.cancel({ pickingId: input.pickingId, operationId: input.operationId }),
    ),
  },
  guards: {
    hasClientCode: ({ context }) => context.clientCode !== null,
    isValidProof: ({ event }, params: { kind: 'pincode' | 'attorney' }) =>
      event.type === 'VALIDATE' && isValidProof(event.data, params.kind),
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: enqueueActions(({ context, enqueue }, error: PickingError) => {
      enqueue.assign({ error });
      enqueue(() => context.ports.notifyError(error));
    }),
    /** A recipient chosen: kept as LAST_PICKING_RECIPIENT, its pick-up page opened. */
    openClient: ({ context }, params: { clientCode: string }) => {
      context.ports.rememberRecipient(params.clientCode);
      context.ports.navigate(pickupPath(params.clientCode));
    },
    /** The proof entered on checkPincode or checkProxy, sent by the end (issue 17). */
    takeProof: assign({
      validation: ({ context, event }) =>
        event.type === 'VALIDATE' ? event.data : context.validation,
      operationId: ({ context }) => context.ports.createOperationId(),
      error: null,
    }),
    /** A refused pincode is typed again; other proofs stay as entered (issue 17). */
    forgetPincode: assign({
      validation: ({ context }) =>
        context.validation?.Kind === 'pincode' ? null : context.validation,
    }),
    /** End, cancel or back: the recipient forgotten, reset to direction select (part 1 §4). */
    leave: ({ context }) => {
      context.ports.forgetRecipient();
      context.ports.navigate(PICKING_PATH);
    },
  },
});
