import type {
  PICKING_PAYMENT_ROUTES,
  PICKING_ROUTES,
  RouteDefinition,
  TCancelResult,
  TEndResult,
  TLostResult,
  TPicking,
  TPickingBalance,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPaymentProviderCode,
  TPaymentTypeCode,
  TPickingPayment,
  TPickingReturnReason,
  TPickingReturnResult,
  TPickupResult,
  TPickingReturnReasonCode,
  TValidationData,
} from '@sorting/contracts';
import { cashOnDeliveryRemaining } from '@sorting/domain';
import type { CallResult, FlatCallInput } from '../../lib/api-client';

// The picking machine's types (picking.machine.ts; spec part 1 §4 "Picking", §8, §9; part 2
// §3 "Picking info", §4; docs/DECISIONS.md "Recipient picking").

export type { CallResult };

/** Spec part 1 §9: the recipient chosen on this device, kept across reloads. */
export const LAST_PICKING_RECIPIENT_KEY = 'LAST_PICKING_RECIPIENT';

/**
 * Spec part 1 §8 "Recipient picking" (the `picking` catalogue; docs/DECISIONS.md "Recipient
 * picking" maps them): f-0001 clients, f-0002 items (search), f-0004 no client, f-0005 info,
 * f-0006/f-0007 begin refused/no answer, f-0008/f-0009 pickup refused/no answer,
 * f-0011/f-0012 end refused/no answer, f-0013 cancel.
 */
export const PICKING_CODES = [
  'f-0001',
  'f-0002',
  'f-0003',
  'f-0004',
  'f-0005',
  'f-0006',
  'f-0007',
  'f-0008',
  'f-0009',
  'f-0010',
  'f-0011',
  'f-0012',
  'f-0013',
  /** Return reasons not loaded, return refused or unanswered. */
  'f-0014',
  'f-0015',
  /** Pay failed, pay state not read, pay state not set, not PROCESSED. */
  'f-0019',
  'f-0020',
  'f-0021',
  'f-0023',
  /** Gate mode: a scanned cell that is not one of the client's gate cells. */
  'notGateCell',
  /** The terminal declined the card; the payment ended CANCELLED. */
  'paymentDeclined',
  /** The payment ended CANCELLED otherwise (the terminal's timeout, a cancel). */
  'paymentCancelled',
] as const;
export type PickingCode = (typeof PICKING_CODES)[number];

/** An error of the prompt line and its toast. */
export interface PickingError {
  code: PickingCode;
  /** What was scanned or asked for (a barcode or a client code). */
  barcode?: string;
  /** The server's message, or null without an answer. */
  message: string | null;
  /** The server's ErrorCode (it selects the message), null without an answer. */
  errorCode?: number | string | null;
}

/** The sounds of part 1 §8 the process plays. */
export type PickingSound = 'success-small' | 'success-big' | 'repeat' | 'ok-new';

/**
 * A call's input as the machine gives it: the route's own fields (`FlatCallInput`) less those
 * the service fills when it sends (the signed-in `UserId`, the `Timestamp`, the empty comment).
 */
export type PickingAsk<R extends RouteDefinition, FilledOnSend extends string = never> = Omit<
  FlatCallInput<R>,
  FilledOnSend
>;
type Sent = 'UserId' | 'Timestamp';
type Routes = typeof PICKING_ROUTES;
type PaymentRoutes = typeof PICKING_PAYMENT_ROUTES;

/** What the screens talk to: the calls, storage, sounds, toasts and navigation. */
export interface PickingPorts {
  /** GET clients with a search: a scanned parcel barcode or client code. */
  findClients(search: string): Promise<CallResult<TPickingClientsPage>>;
  info(clientCode: string): Promise<CallResult<TPickingInfo>>;
  begin(input: PickingAsk<Routes['begin']>): Promise<CallResult<TPicking>>;
  search(pickingId: number): Promise<CallResult<TPickingItem[]>>;
  pickup(input: PickingAsk<Routes['pickup'], Sent>): Promise<CallResult<TPickupResult>>;
  end(input: PickingAsk<Routes['end'], Sent>): Promise<CallResult<TEndResult>>;
  /** The balance check of the info screen (f-0003 on failure). */
  balance(clientCode: string): Promise<CallResult<TPickingBalance>>;
  /** A WAITING item not found in its cell (f-0010 on failure). */
  lost(input: PickingAsk<Routes['lost'], Sent>): Promise<CallResult<TLostResult>>;
  /**
   * Where `/picking` reopens LAST_PICKING_RECIPIENT when the warehouse
   * runs one picking per device: its pick-up page, or its delivery page when its open picking
   * has a delivery (part 1 §4); null when nothing is to be reopened.
   */
  restorablePath(): Promise<string | null>;
  cancel(input: PickingAsk<Routes['cancel']>): Promise<CallResult<TCancelResult>>;
  /** POST pay (the amount is the server's; a live payment answers IsRepeat). */
  pay(input: PickingAsk<PaymentRoutes['pay'], Sent>): Promise<CallResult<TPickingPayment>>;
  /** GET pay (for the terminal the server asks it). */
  payState(pickingId: number): Promise<CallResult<TPickingPayment>>;
  /** PUT pay, PROCESSED (confirmed by the worker) or CANCELLED. */
  setPayState(
    input: PickingAsk<PaymentRoutes['setPayState']>,
  ): Promise<CallResult<TPickingPayment>>;
  /** GET return/reasons of an item (pickingRouteItemId = its itemId). */
  returnReasons(itemId: number): Promise<CallResult<TPickingReturnReason[]>>;
  /** POST return with a reason (ReturnReasonComment ''). */
  returnItem(
    input: PickingAsk<PaymentRoutes['returnItem'], 'Timestamp' | 'ReturnReasonComment'>,
  ): Promise<CallResult<TPickingReturnResult>>;
  /** Resolves after `ms` through the page's scheduler (the terminal's polling). */
  wait(ms: number): Promise<void>;
  createOperationId(): string;
  /** LAST_PICKING_RECIPIENT: kept on choice, cleared on end and cancel (part 1 §4, §9). */
  rememberRecipient(clientCode: string): void;
  forgetRecipient(): void;
  /** A path without the locale prefix (`/picking`, `/picking/pickup/R-1`). */
  navigate(path: string): void;
  play(sound: PickingSound): void;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: PickingError): void;
  /** An item returned (part 2 §4): the ok toast naming the parcel and the reason. */
  notifyReturned(returned: { barcode: string; reason: TPickingReturnReasonCode }): void;
  /** The worker cancelled a payment: the ok toast, another way to pay may be chosen. */
  notifyPaymentCancelled(payment: { amount: number }): void;
  /** A picking ended or cancelled: the ok toast. */
  notifyDone(
    done: { kind: 'ended'; result: TEndResult } | { kind: 'cancelled'; result: TCancelResult },
  ): void;
}

export interface PickingInput {
  ports: PickingPorts;
  /** `/picking/pickup/{clientCode}`; null on `/picking` (direction select). */
  clientCode: string | null;
  /** `paymentProviders` of the runtime settings; all of them when not given. */
  paymentProviders?: readonly PaymentProvider[];
}

/** A payment provider as the runtime settings offer it. */
export interface PaymentProvider {
  code: TPaymentProviderCode;
  paymentType: TPaymentTypeCode;
}

/** How often checkPayment asks the server about a terminal payment. */
export const TERMINAL_POLL_MS = 1_000;

export interface PickingContext {
  ports: PickingPorts;
  clientCode: string | null;
  info: TPickingInfo | null;
  pickingId: number | null;
  items: TPickingItem[];
  /** A cell scanned first: the items scanned next are picked from it. */
  currentCell: string | null;
  /** An item scanned first: the next cell scan picks it up from there. */
  pendingBarcode: string | null;
  /** A PICKED parcel scanned again: «Уже собрана» on the prompt until the next scan. */
  repeated: string | null;
  /** The pickup being sent. */
  pickupAsk: { barcode: string; cellBarcode: string } | null;
  /** What the direction select looks for. */
  search: string | null;
  /** The info screen's balance check; null before it or when it failed. */
  balance: TPickingBalance | null;
  /** The WAITING item the «Не найдена» dialog is about. */
  lostItem: TPickingItem | null;
  /** The lost item's description being sent. */
  lostDescription: string | null;
  /** The proof the end sends (kept when it got no answer). */
  validation: TValidationData | null;
  /** One id per user action: a retry of the same action replays it. */
  operationId: string | null;
  error: PickingError | null;
  /** The providers offered on choosePayment. */
  paymentProviders: readonly PaymentProvider[];
  /** The provider chosen on choosePayment. */
  provider: PaymentProvider | null;
  /** The picking's payment as the server last answered it. */
  payment: TPickingPayment | null;
  /** The cash handed over (kopecks), for the change on the receipt. */
  receivedKopecks: number | null;
  /** The item «Возврат» is about and its reasons. */
  returnItem: TPickingItem | null;
  returnReasons: TPickingReturnReasonCode[];
  returnReason: TPickingReturnReasonCode | null;
  /** Where the return dialog goes back to. */
  returnFrom: 'pickingProcess' | 'checkPicked';
  /**
   * Items marked LOST or RETURNED since the info was read: still in the info's
   * cash on delivery, so the amount due takes them off (docs/DECISIONS.md "Picking payment").
   */
  droppedItemIds: number[];
}

export type PickingEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'CHOOSE'; clientCode: string }
  | { type: 'BEGIN' }
  | { type: 'RETRY' }
  | { type: 'TO_CHECK' }
  | { type: 'BACK' }
  | { type: 'END' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRMED' }
  | { type: 'CANCELLED' }
  | { type: 'LOST_ASK'; itemId: number }
  | { type: 'LOST_SUBMIT'; description: string }
  | { type: 'LOST_CLOSE' }
  | { type: 'VALIDATE'; data: TValidationData }
  /** A provider chosen on choosePayment. */
  | { type: 'PAY'; provider: TPaymentProviderCode }
  /** «Оплата получена» / «Оплата прошла» (cash: the money handed over, kopecks). */
  | { type: 'PAYMENT_CONFIRM'; receivedKopecks: number | null }
  /** «Проверить оплату», «Отменить оплату». */
  | { type: 'PAYMENT_CHECK' }
  | { type: 'PAYMENT_CANCEL' }
  /** «Возврат» on an item, a reason chosen, the dialog closed. */
  | { type: 'RETURN_ASK'; itemId: number }
  | { type: 'RETURN_CHOOSE'; reason: TPickingReturnReasonCode }
  | { type: 'RETURN_CONFIRM' }
  | { type: 'RETURN_BACK' }
  | { type: 'RETURN_CLOSE' };

/** The screens of part 1 §4 plus the page's transient ones (`data-view`). */
export type PickingView =
  | 'restoring'
  | 'pickingDirectionSelect'
  | 'findingClient'
  | 'loadingInfo'
  | 'loadingBalance'
  | 'infoFailed'
  | 'pickingInfo'
  | 'beginning'
  | 'loadingItems'
  | 'pickingProcess'
  | 'pickingUp'
  | 'lostDialog'
  | 'markingLost'
  | 'checkPicked'
  | 'checkPincode'
  | 'checkProxy'
  | 'ending'
  | 'choosePayment'
  | 'paying'
  | 'checkPayment'
  | 'endPayment'
  | 'resumingPayment'
  | 'loadingReasons'
  | 'returnDialog'
  | 'returning'
  | 'confirmCancel'
  | 'cancelling'
  | 'finished';

/** Items still to pick or picked: WAITING and PICKED (LOST and RETURNED are out). */
export function itemsToPick(items: readonly TPickingItem[]): TPickingItem[] {
  return items.filter((item) => item.state === 'WAITING' || item.state === 'PICKED');
}

/** Spec part 2 §4: the picked list excludes WAITING (and the later LOST, RETURNED). */
export function pickedItems(items: readonly TPickingItem[]): TPickingItem[] {
  return items.filter((item) => item.state === 'PICKED');
}

/** "5 из 8": picked of those to pick. */
export function progressOf(items: readonly TPickingItem[]): { picked: number; total: number } {
  const toPick = itemsToPick(items);
  return { picked: pickedItems(toPick).length, total: toPick.length };
}

/** The items by the cell they lie in, in the walk's order (returns area last). */
export function groupByCell(
  items: readonly TPickingItem[],
): { key: string; cell: TPickingItem['cell']; items: TPickingItem[] }[] {
  const groups = new Map<
    string,
    { key: string; cell: TPickingItem['cell']; items: TPickingItem[] }
  >();
  for (const item of items) {
    const key = item.cell.barcode ?? `row:${item.cell.row}`;
    const group = groups.get(key) ?? { key, cell: item.cell, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A storage deadline before today (yyyy-mm-dd compares as text). */
export function isDeadlinePassed(deadline: string | null, today: string): boolean {
  return deadline !== null && deadline < today;
}

/** Begin is disabled while the balance check fails (part 1 §5). */
export function isBalanceBlocked(balance: TPickingBalance | null): boolean {
  return balance !== null && balance.shortfall !== null && balance.shortfall > 0;
}

/** The client picks up into gate cells (`pickingMode` `with_cell`). */
export function isGateMode(info: TPickingInfo | null): boolean {
  return info?.PickingMode === 'with_cell';
}

/** The client's cash on delivery, read as `CashOnDelivery` (info) or `cashOnDelivery` (list). */
export function clientCashOnDelivery(
  client: { CashOnDelivery?: number | null } | { cashOnDelivery?: number | null } | null,
): number {
  if (client === null) return 0;
  const value =
    'CashOnDelivery' in client
      ? client.CashOnDelivery
      : 'cashOnDelivery' in client
        ? client.cashOnDelivery
        : null;
  return value ?? 0;
}

/**
 * The amount due, `cashOnDeliveryRemaining` of the client's
 * cash on delivery less the items not handed over: WAITING ones, and those marked LOST or
 * RETURNED since the info was read (the info already leaves out parcels lost or in the returns
 * area before it). Equal to the server's pay amount (Σ of the PICKED items).
 */
export function amountDue(
  context: Pick<PickingContext, 'info' | 'items' | 'droppedItemIds'>,
): number {
  const notHandedOver = context.items.filter(
    (item) =>
      item.state === 'WAITING' ||
      ((item.state === 'LOST' || item.state === 'RETURNED') &&
        context.droppedItemIds.includes(item.itemId)),
  );
  return cashOnDeliveryRemaining(
    clientCashOnDelivery(context.info),
    notHandedOver.map((item) => item.cashOnDelivery),
  );
}

/** The amount due in whole kopecks (the pay and changeDue unit). */
export function amountDueKopecks(
  context: Pick<PickingContext, 'info' | 'items' | 'droppedItemIds'>,
): number {
  return Math.max(0, Math.round(amountDue(context) * 100));
}
