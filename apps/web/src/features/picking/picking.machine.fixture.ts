import type {
  TPickingPayment,
  TPickingReturnReason,
  TPickingReturnReasonCode,
  TPickingReturnResult,
  TCancelResult,
  TEndResult,
  TLostResult,
  TPicking,
  TPickingBalance,
  TPickingClient,
  TPickingClientsPage,
  TPickingInfo,
  TPickingItem,
  TPickupResult,
} from '@sorting/contracts';
import { pickupPage } from '../../lib/page-paths';
import { result } from '../../test/call-result';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createCoverage } from '../../test/machine-graph';
import { startMachine } from '../../test/machine-harness';
import { pickingClient, pickingInfo, pickingItem, zone8Cell } from './picking.fixture';
import {
  pickingMachine,
  progressOf,
  type CallResult,
  type PaymentProvider,
  type PickingError,
  type PickingEvent,
  type PickingSound,
} from './picking.machine';
import type { PickingPorts } from './picking.model';
import type { PortInput } from '../../lib/api-client';

type Ask<K extends keyof PickingPorts> = PortInput<PickingPorts[K]>;

// The fake server and the actor of the picking machine's model-based tests
// (picking.machine.test.ts and its scenario files): it behaves like apps/server's picking-api
// for the demo recipients R-1001 and R-1006, and its pay, pay state and return calls
// like picking-payment.service with the simulated terminal. The coverage and the fired codes
// are shared by every scenario of the test file.

type Failure = 'network' | 'refused';
type CallName =
  | 'pay'
  | 'payState'
  | 'setPayState'
  | 'reasons'
  | 'return'
  | 'find'
  | 'info'
  | 'begin'
  | 'search'
  | 'pickup'
  | 'end'
  | 'cancel'
  | 'balance'
  | 'lost'
  | 'restore';

/** The validation fields of the fake recipient. */
export interface Rules {
  validationType?: number;
  gateCells?: string[];
  shortfall?: number;
  /** LAST_PICKING_RECIPIENT as the restore port answers it. */
  restorable?: string | null;
  /**
   * Cash on delivery 500,00 ₽ (P400001) and 734,50 ₽ (P400002) and a third item
   * (P400003, 200,00 ₽), so money is due; without it the recipient pays nothing.
   */
  cod?: boolean;
  /** What the simulated terminal does on its second poll. */
  terminal?: 'approve' | 'decline' | 'timeout' | 'silent';
  /** The runtime settings' providers. */
  providers?: PaymentProvider[];
}

const REASONS: TPickingReturnReasonCode[] = [
  'RECIPIENT_REFUSED',
  'DAMAGED',
  'WRONG_ITEM',
  'INCOMPLETE',
  'NOT_AS_DESCRIBED',
];

function item(itemId: number, barcode: string, cell: string, order: number): TPickingItem {
  return pickingItem(itemId, barcode, zone8Cell(cell, order));
}

export const CLIENT: TPickingClient = pickingClient('R-1001', 'Смирнов Алексей', {
  barcodes: ['P400001', 'P400002'],
});

function infoOf(
  pickingId: number | null,
  isOwn: boolean,
  rules: Rules = {},
  items: readonly TPickingItem[] = [],
): TPickingInfo {
  const info = pickingInfo(
    pickingId === null
      ? CLIENT
      : {
          ...CLIENT,
          pickingId,
          pickingBeginDateUtc: '2026-03-02T08:00:00.000Z',
          pickingUserName: 'Иванов Пётр',
        },
    { IsOwnPicking: isOwn },
  );
  return {
    ...info,
    ValidationType: rules.validationType ?? 0,
    PickingMode: rules.gateCells ? 'with_cell' : 'normal',
    AllowedGateCells: rules.gateCells ?? [],
    // As the server: the parcels lying in cells (not LOST, not in the returns area).
    CashOnDelivery:
      items
        .filter((one) => one.state === 'WAITING' || one.state === 'PICKED')
        .reduce((sum, one) => sum + Math.round(one.cashOnDelivery * 100), 0) / 100,
  };
}

export function createFakeServer(rules: Rules = {}) {
  let items = [item(11, 'P400001', '8-a-01', 800001), item(12, 'P400002', '8-b-03', 800009)];
  if (rules.cod) {
    items = [
      { ...items[0]!, cashOnDelivery: 500 },
      { ...items[1]!, cashOnDelivery: 734.5 },
      { ...item(13, 'P400003', '8-b-04', 800010), cashOnDelivery: 200 },
    ];
  }
  let pickingId: number | null = null;
  let payment: TPickingPayment | null = null;
  const payments: TPickingPayment[] = [];
  let polls = 0;
  const paidKopecks = () =>
    items
      .filter((one) => one.state === 'PICKED')
      .reduce((sum, one) => sum + Math.round(one.cashOnDelivery * 100), 0);
  const setPayment = (next: Partial<TPickingPayment>) => {
    if (!payment) return null;
    const updated: TPickingPayment = { ...payment, ...next };
    payments[payments.indexOf(payment)] = updated;
    payment = updated;
    return payment;
  };
  const failOnce: Partial<Record<CallName, Failure>> = {};
  const calls: Record<CallName, unknown[]> = {
    pay: [],
    payState: [],
    setPayState: [],
    reasons: [],
    return: [],
    find: [],
    info: [],
    begin: [],
    search: [],
    pickup: [],
    end: [],
    cancel: [],
    balance: [],
    lost: [],
    restore: [],
  };
  const failed = <T>(failure: Failure, message: string): Promise<CallResult<T>> =>
    failure === 'network'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(result<T>(null, { errorCode: 1, message }));
  const take = (name: CallName, input: unknown) => {
    calls[name].push(input);
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  return {
    calls,
    items: () => items,
    failNext(name: CallName, failure: Failure) {
      failOnce[name] = failure;
    },
    /** The recipient's picking is already open on this device (a reload). */
    openOwnPicking() {
      pickingId = 7;
    },
    /** Every payment row made (at most one live). */
    payments: () => payments,
    payment: () => payment,
    ports: {
      findClients: async (search: string): Promise<CallResult<TPickingClientsPage>> => {
        const failure = take('find', search);
        if (failure) return failed(failure, 'Сбой');
        const found = [CLIENT].filter(
          (client) => client.clientCode === search || client.barcodes.includes(search),
        );
        return result({
          items: found,
          totalCount: found.length,
          page: 1,
          pageSize: 2,
          isSinglePickingPerDevice: false,
        });
      },
      info: async (clientCode: string): Promise<CallResult<TPickingInfo>> => {
        const failure = take('info', clientCode);
        if (failure) return failed(failure, 'Сбой');
        if (clientCode !== CLIENT.clientCode) {
          return result<TPickingInfo>(null, {
            errorCode: 104,
            message: `Получатель ${clientCode} не найден`,
          });
        }
        return result(infoOf(pickingId, pickingId !== null, rules, items));
      },
      begin: async (input: Ask<'begin'>) => {
        const failure = take('begin', input);
        if (failure) return failed<TPicking>(failure, 'Выдачу уже ведёт Сидорова Анна');
        pickingId = pickingId ?? 7;
        return result<TPicking>({
          pickingId,
          clientCode: input.PickingClientCode,
          state: 'OPEN',
          beginDateUtc: '2026-03-02T08:00:00.000Z',
          userId: 1,
          userName: 'Иванов Пётр',
          itemsCount: items.length,
        });
      },
      search: async (id: number) => {
        const failure = take('search', id);
        if (failure) return failed<TPickingItem[]>(failure, 'Сбой');
        return result(items.map((one) => ({ ...one })));
      },
      pickup: async (input: Ask<'pickup'>): Promise<CallResult<TPickupResult>> => {
        const failure = take('pickup', input);
        if (failure) return failed(failure, 'Сбой');
        const found = items.find((one) => one.barcode === input.Barcode);
        // As the server: why a barcode that is no item cannot be picked (before any cell).
        if (!found) {
          const message = /^P4\d{5}$/.test(input.Barcode)
            ? `Посылка ${input.Barcode} — не этого получателя`
            : `Посылка ${input.Barcode} не найдена`;
          return result<TPickupResult>(null, { errorCode: 404, message });
        }
        const isGate = rules.gateCells?.includes(input.CellBarcode) ?? false;
        if (!isGate && found.cell.barcode !== input.CellBarcode) {
          return result<TPickupResult>(null, {
            errorCode: 304,
            message: `Посылка ${input.Barcode} лежит в ячейке ${found.cell.name}`,
          });
        }
        items = items.map((one) => (one === found ? { ...one, state: 'PICKED' } : one));
        const progress = progressOf(items);
        return result({
          item: { ...found, state: 'PICKED' },
          pickedCount: progress.picked,
          totalCount: progress.total,
        });
      },
      end: async (input: Ask<'end'>) => {
        const failure = take('end', input);
        if (failure) return failed<TEndResult>(failure, 'Нужна оплата');
        return result<TEndResult>({
          pickingId: input.PickingId,
          state: 'PROCESSED',
          handedOut: items.filter((one) => one.state === 'PICKED').map((one) => one.barcode),
          waiting: items.filter((one) => one.state === 'WAITING').map((one) => one.barcode),
          cashOnDelivery: 0,
        });
      },
      balance: async (clientCode: string): Promise<CallResult<TPickingBalance>> => {
        const failure = take('balance', clientCode);
        if (failure) return failed(failure, 'Сбой');
        return result({
          clientCode,
          balance: 500,
          balanceDebet: 0,
          isNeedBalanceCheck: rules.shortfall !== undefined,
          cashOnDelivery: 1200,
          shortfall: rules.shortfall ?? null,
        });
      },
      lost: async (input: Ask<'lost'>): Promise<CallResult<TLostResult>> => {
        const failure = take('lost', input);
        if (failure) return failed(failure, 'Не ожидает выдачи');
        items = items.map((one) =>
          one.itemId === input.PickingItemId ? { ...one, state: 'LOST' } : one,
        );
        const progress = progressOf(items);
        return result({
          itemId: input.PickingItemId,
          barcode: input.Barcode,
          state: 'LOST',
          description: input.Description,
          pickedCount: progress.picked,
          totalCount: progress.total,
        });
      },
      pay: async (input: Ask<'pay'>): Promise<CallResult<TPickingPayment>> => {
        const failure = take('pay', input);
        if (failure) return failed(failure, 'Неверный код получения');
        // A live payment answers again (IsRepeat): never a second charge.
        if (payment && payment.State !== 'CANCELLED') return result(payment);
        if (paidKopecks() === 0) {
          return result<TPickingPayment>(null, { errorCode: 1, message: 'Нечего оплачивать' });
        }
        polls = 0;
        payment = {
          PaymentId: payments.length + 1,
          PickingId: input.pickingId,
          State: 'PENDING',
          PaymentTypeCode: input.PaymentTypeCode,
          ProviderCode: input.ProviderCode,
          Amount: paidKopecks() / 100,
          CancelReason: null,
          TransactionId: input.ProviderCode === 'terminal' ? `sim-${payments.length + 1}` : null,
          StartedDateUtc: '2026-03-02T08:05:00.000Z',
        };
        payments.push(payment);
        return result(payment);
      },
      payState: async (id: number): Promise<CallResult<TPickingPayment>> => {
        const failure = take('payState', id);
        if (failure) return failed(failure, 'Сбой');
        if (!payment) return result<TPickingPayment>(null, { errorCode: 104, message: 'Нет' });
        if (payment.ProviderCode === 'terminal' && payment.State === 'PENDING') {
          polls += 1;
          if (polls >= 2 && rules.terminal === 'approve') setPayment({ State: 'PROCESSED' });
          if (polls >= 2 && rules.terminal === 'decline') {
            setPayment({ State: 'CANCELLED', CancelReason: 'declined' });
          }
          if (polls >= 2 && rules.terminal === 'timeout') {
            setPayment({ State: 'CANCELLED', CancelReason: 'timeout' });
          }
        }
        return result(payment);
      },
      setPayState: async (input: Ask<'setPayState'>): Promise<CallResult<TPickingPayment>> => {
        const failure = take('setPayState', input);
        if (failure) return failed(failure, 'Оплата уже завершена');
        if (!payment) return result<TPickingPayment>(null, { errorCode: 104, message: 'Нет' });
        if (input.State === 'PROCESSED' && payment.ProviderCode === 'terminal') {
          return result<TPickingPayment>(null, { errorCode: 1, message: 'Терминал не одобрил' });
        }
        return result(
          setPayment(
            input.State === 'CANCELLED'
              ? { State: 'CANCELLED', CancelReason: 'cancelled' }
              : { State: 'PROCESSED' },
          ),
        );
      },
      returnReasons: async (itemId: number): Promise<CallResult<TPickingReturnReason[]>> => {
        const failure = take('reasons', itemId);
        if (failure) return failed(failure, 'Сбой');
        return result(REASONS.map((code) => ({ code })));
      },
      returnItem: async (input: Ask<'returnItem'>): Promise<CallResult<TPickingReturnResult>> => {
        const failure = take('return', input);
        if (failure) return failed(failure, 'Идёт оплата');
        const found = items.find((one) => one.itemId === input.PickingRouteItemId);
        if (!found) return result<TPickingReturnResult>(null, { errorCode: 104, message: 'Нет' });
        items = items.map((one) => (one === found ? { ...one, state: 'RETURNED' } : one));
        const progress = progressOf(items);
        return result({
          itemId: found.itemId,
          barcode: found.barcode,
          state: 'RETURNED',
          returnReasonCode: input.ReturnReasonCode,
          pickedCount: progress.picked,
          totalCount: progress.total,
          amount: paidKopecks() / 100,
          parcelsForReturnCount: 1,
        });
      },
      restorablePath: async (): Promise<string | null> => {
        const failure = take('restore', null);
        if (failure) throw new TypeError('Failed to fetch');
        return rules.restorable ? pickupPage(rules.restorable) : null;
      },
      cancel: async (input: Ask<'cancel'>) => {
        const failure = take('cancel', input);
        if (failure) return failed<TCancelResult>(failure, 'Уже завершена');
        const putBack = items.filter((one) => one.state === 'PICKED').map((one) => one.barcode);
        items = items.map((one) => ({ ...one, state: 'WAITING' }));
        pickingId = null;
        return result<TCancelResult>({ pickingId: input.PickingId, state: 'CANCELLED', putBack });
      },
    },
  };
}

export const coverage = createCoverage(pickingMachine);
export const firedCodes = new Set<string>();

export type FakeServer = ReturnType<typeof createFakeServer>;

/** An actor on `clientCode` over a new fake server, or over `existing` (a reload). */
export function start(
  clientCode: string | null,
  prepare?: (server: FakeServer) => void,
  rules: Rules = {},
  existing?: FakeServer,
) {
  const server = existing ?? createFakeServer(rules);
  prepare?.(server);
  const scheduler = createFakeScheduler();
  const errors: PickingError[] = [];
  const sounds: PickingSound[] = [];
  const paths: string[] = [];
  const done: string[] = [];
  const stored: (string | null)[] = [];
  let operation = 0;
  const driven = startMachine(
    pickingMachine,
    {
      clientCode,
      ...(rules.providers ? { paymentProviders: rules.providers } : {}),
      ports: {
        ...server.ports,
        wait: (ms) => new Promise<void>((resolve) => scheduler.setTimeout(resolve, ms)),
        createOperationId: () => `op-${++operation}`,
        rememberRecipient: (code) => stored.push(code),
        forgetRecipient: () => stored.push(null),
        navigate: (path) => paths.push(path),
        play: (sound) => sounds.push(sound),
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyDone: (notice) => done.push(notice.kind),
        notifyPaymentCancelled: (notice) => done.push(`payment cancelled ${notice.amount}`),
        notifyReturned: (notice) => done.push(`returned ${notice.barcode} ${notice.reason}`),
      },
    },
    coverage.inspect,
  );
  const { actor, view, settled } = driven;
  return {
    actor,
    server,
    scheduler,
    errors,
    sounds,
    paths,
    done,
    stored,
    view,
    settled,
    context: driven.context,
    /** Events one at a time, the first after the restore or load has settled. */
    async send(...events: (PickingEvent | string)[]) {
      await settled();
      return driven.send(...events);
    },
    /** The scheduler's time moved on (the terminal's next poll), then settled. */
    async advance(ms: number) {
      scheduler.advance(ms);
      // The timer's promise, the poll and its answer settle over a few turns.
      for (let round = 0; round < 3; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await settled();
      return view();
    },
  };
}
