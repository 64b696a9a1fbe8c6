import { assign, fromPromise, setup } from 'xstate';
import type {
  TCancelResult,
  TEndResult,
  TLostResult,
  TPicking,
  TPickingBalance,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickingPayment,
  TPickingReturnReason,
  TPickingReturnResult,
  TPickupResult,
  TValidationData,
} from '@sorting/contracts';
import { attorneyProblems, changeDue, isPincode } from '@sorting/domain';
import { PAGES, pickupPage } from '../../lib/page-paths';
import {
  amountDueKopecks,
  type CallResult,
  type PickingContext,
  type PickingError,
  type PickingEvent,
  type PickingInput,
  type PickingPorts,
} from './picking.model';
import type { PortInput } from '../../lib/api-client';
import { showErrorAction } from '../../shell/machine/call-feedback';

// The picking machine's setup (actors, guards, actions); its steps are state configs in
// picking.*.states.ts, composed in picking.machine.ts (as features/sorting does).

type Ports = { ports: PickingPorts };
/** A call's input as its port takes it: the route's own fields (`FlatCallInput`). */
type Ask<K extends keyof PickingPorts> = PortInput<PickingPorts[K]>;

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
    begin: fromPromise<CallResult<TPicking>, Ports & Ask<'begin'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.begin(ask);
    }),
    search: fromPromise<CallResult<TPickingItem[]>, Ports & { pickingId: number }>(({ input }) =>
      input.ports.search(input.pickingId),
    ),
    pickup: fromPromise<CallResult<TPickupResult>, Ports & Ask<'pickup'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.pickup(ask);
    }),
    end: fromPromise<CallResult<TEndResult>, Ports & Ask<'end'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.end(ask);
    }),
    balance: fromPromise<CallResult<TPickingBalance>, Ports & { clientCode: string }>(({ input }) =>
      input.ports.balance(input.clientCode),
    ),
    lost: fromPromise<CallResult<TLostResult>, Ports & Ask<'lost'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.lost(ask);
    }),
    restorable: fromPromise<string | null, Ports>(({ input }) => input.ports.restorablePath()),
    cancel: fromPromise<CallResult<TCancelResult>, Ports & Ask<'cancel'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.cancel(ask);
    }),
    pay: fromPromise<CallResult<TPickingPayment>, Ports & Ask<'pay'>>(({ input }) => {
      const { ports, ...ask } = input;
      return ports.pay(ask);
    }),
    payState: fromPromise<CallResult<TPickingPayment>, Ports & { pickingId: number }>(({ input }) =>
      input.ports.payState(input.pickingId),
    ),
    setPayState: fromPromise<CallResult<TPickingPayment>, Ports & Ask<'setPayState'>>(
      ({ input }) => {
        const { ports, ...ask } = input;
        return ports.setPayState(ask);
      },
    ),
    /** The terminal's next poll, through the page's scheduler. */
    wait: fromPromise<void, Ports & { ms: number }>(({ input }) => input.ports.wait(input.ms)),
    returnReasons: fromPromise<CallResult<TPickingReturnReason[]>, Ports & { itemId: number }>(
      ({ input }) => input.ports.returnReasons(input.itemId),
    ),
    returnItem: fromPromise<CallResult<TPickingReturnResult>, Ports & Ask<'returnItem'>>(
      ({ input }) => {
        const { ports, ...ask } = input;
        return ports.returnItem(ask);
      },
    ),
  },
  guards: {
    hasClientCode: ({ context }) => context.clientCode !== null,
    isValidProof: ({ event }, params: { kind: 'pincode' | 'attorney' }) =>
      event.type === 'VALIDATE' && isValidProof(event.data, params.kind),
    /** Money is due and no PROCESSED payment covers it yet (part 2 §4). */
    mustPay: ({ context }) =>
      amountDueKopecks(context) > 0 && context.payment?.State !== 'PROCESSED',
    /** Cash is confirmed only when enough was handed over (`changeDue`). */
    canConfirm: ({ context, event }) => {
      if (event.type !== 'PAYMENT_CONFIRM' || context.payment === null) return false;
      if (context.payment.PaymentTypeCode !== 'cash') return true;
      const due = Math.round(context.payment.Amount * 100);
      const received = event.receivedKopecks;
      return received !== null && Number.isSafeInteger(received) && received >= 0
        ? changeDue(due, received).enough
        : false;
    },
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<PickingContext, PickingEvent, PickingError>(),
    /**
     * A recipient chosen: its pick-up page opened. LAST_PICKING_RECIPIENT names the device's
     * open picking, so viewing never changes it (docs/DECISIONS.md "Recipient picking", the device pointer).
     */
    openClient: ({ context }, params: { clientCode: string }) => {
      context.ports.navigate(pickupPage(params.clientCode));
    },
    /** The proof entered on checkPincode or checkProxy, sent by the end. */
    takeProof: assign({
      validation: ({ context, event }) =>
        event.type === 'VALIDATE' ? event.data : context.validation,
      operationId: ({ context }) => context.ports.createOperationId(),
      error: null,
    }),
    /** A refused pincode is typed again; other proofs stay as entered. */
    forgetPincode: assign({
      validation: ({ context }) =>
        context.validation?.Kind === 'pincode' ? null : context.validation,
    }),
    /** The payment as the server answered it. */
    takePayment: assign({
      payment: ({ context, event }) =>
        (event as { output?: CallResult<TPickingPayment> }).output?.operationObject ??
        context.payment,
    }),
    clearError: assign({ error: null }),
    /** A new user action: its operation id (a retry of it replays). */
    newOperation: assign({
      operationId: ({ context }) => context.ports.createOperationId(),
      error: null,
    }),
    /** «Возврат» on an item of `from` (the guard checked it is WAITING or PICKED). */
    askReturn: assign(({ context, event }, params: { from: PickingContext['returnFrom'] }) => ({
      returnItem:
        event.type === 'RETURN_ASK'
          ? (context.items.find((item) => item.itemId === event.itemId) ?? null)
          : null,
      returnFrom: params.from,
      returnReasons: [],
      returnReason: null,
      error: null,
    })),
    closeReturn: assign({ returnItem: null, returnReason: null }),
    /** A payment PROCESSED (part 2 §8 sounds: ok-new). */
    playPaid: ({ context }) => context.ports.play('ok-new'),
    /** End or cancel: the recipient forgotten, reset to direction select (part 1 §4). */
    leave: ({ context }) => {
      context.ports.forgetRecipient();
      context.ports.navigate(PAGES.picking);
    },
    /** «К списку» from a recipient viewed: the device's open picking stays pointed at. */
    toList: ({ context }) => context.ports.navigate(PAGES.picking),
  },
});
