import {
  PAYMENT_PROVIDER_TYPES,
  PICKING_RETURN_REASON_CODES,
  type TPaymentSetState,
  type TPickingPayment,
  type TPickingReturnReason,
  type TPickingReturnResult,
  type ZPayRequest,
  type ZPickingReturnRequest,
} from '@sorting/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { openPickingOrRefuse, refuseOtherUserId, warehouseOf } from './picking-access.js';
import { itemRemovalEvent, itemRemovalOf } from './picking-item-removal.js';
import { rublesOf } from './picking.presenter.js';
import type { PickingRepository, PickingRow } from './picking.repository.js';
import type { PickingCaller } from './picking.service.js';
import type { PaymentRow, PickingPaymentRepository } from './picking-payment.repository.js';
import { paymentRulesOver } from './picking-payment-rules.js';
import type { PickingValidationService } from './picking-validation.service.js';
import type { PaymentTerminal } from './payment-terminal.js';

// Picking payment and item return (spec part 2 §3 "Picking and payment", §4
// "Picking payment and return", §7 `pay`, `return/reasons`, `return`; docs/DECISIONS.md
// "Picking payment"). The amount is the server's own (Σ cash on delivery of the PICKED items);
// at most one PENDING or PROCESSED payment per picking; the integrated terminal is asked
// through its port (payment-terminal.ts) and its outcome stored in the payment's row.

type PayInput = z.output<typeof ZPayRequest>;
type ReturnInput = z.output<typeof ZPickingReturnRequest>;

function present(row: PaymentRow): TPickingPayment {
  return {
    PaymentId: row.id,
    PickingId: row.pickingId,
    State: row.state,
    PaymentTypeCode: row.paymentType,
    ProviderCode: row.providerCode,
    Amount: rublesOf(row.amountKopecks),
    CancelReason: row.cancelReason,
    TransactionId: row.transactionId,
    StartedDateUtc: row.startedAt.toISOString(),
  };
}

/** A terminal payment intent without its transaction: its start never answered (yet). */
function isUnstartedIntent(row: PaymentRow): boolean {
  return row.state === 'PENDING' && row.providerCode === 'terminal' && row.transactionId === null;
}

/** The same, of a pay call's answer. */
function isUnstartedAnswer(payment: TPickingPayment): boolean {
  return (
    payment.State === 'PENDING' &&
    payment.ProviderCode === 'terminal' &&
    payment.TransactionId === null
  );
}

/** A pay call's answer inside its operation: a live payment found again is a repeat too. */
interface PayAnswer {
  payment: TPickingPayment;
  isRepeat: boolean;
}

/** The operation's outcome, a repeat when the operation or the pay call inside it was one. */
function repeatOfEither(outcome: OperationOutcome<PayAnswer>): OperationOutcome<TPickingPayment> {
  return { value: outcome.value.payment, isRepeat: outcome.isRepeat || outcome.value.isRepeat };
}

export function createPickingPaymentService(options: {
  db: Db;
  repository: RepositoryFactory<Db, PickingRepository>;
  payments: RepositoryFactory<Db, PickingPaymentRepository>;
  terminal: PaymentTerminal;
  /** A terminal transaction still pending this long after its start is cancelled. */
  terminalTimeoutMs: number;
  now: () => Date;
  /** The recipient's proof, checked as at end. */
  validation: Pick<PickingValidationService, 'beforeEnd'>;
}) {
  const { db, now, terminal, terminalTimeoutMs, validation } = options;
  const changes = operationsOver(db, (tx) => ({
    core: options.repository(tx),
    payments: options.payments(tx),
    rules: paymentRulesOver(tx),
  }));

  /** An event of the payment, indexed under the parcels it pays for. */
  async function recordPaymentEvent(
    core: PickingRepository,
    payments: PickingPaymentRepository,
    picking: Pick<PickingRow, 'id' | 'warehouseId' | 'clientCode'>,
    kind: string,
    row: PaymentRow,
    userId: number,
    at: Date,
    /** The picked parcels when the caller read them in this transaction already. */
    picked?: { barcodes: string[] },
  ): Promise<void> {
    const { barcodes } = picked ?? (await payments.pickedAmount(picking.id));
    await core.events.record(
      { userId: userId, warehouseId: picking.warehouseId, at },
      kind,
      {
        pickingId: picking.id,
        clientCode: picking.clientCode,
        paymentId: row.id,
        providerCode: row.providerCode,
        paymentTypeCode: row.paymentType,
        amount: rublesOf(row.amountKopecks).toFixed(2),
        ...(row.cancelReason === null ? {} : { cancelReason: row.cancelReason }),
      },
      barcodes,
    );
  }

  /** The answer of a pay call that changed the payment: its event written, the row presented. */
  async function changedPayment(
    tx: { core: PickingRepository; payments: PickingPaymentRepository },
    picking: Pick<PickingRow, 'id' | 'warehouseId' | 'clientCode'>,
    kind: string,
    row: PaymentRow,
    caller: CallContext,
    at: Date,
    picked?: { barcodes: string[] },
  ): Promise<PayAnswer> {
    const userId = caller.user.id;
    await recordPaymentEvent(tx.core, tx.payments, picking, kind, row, userId, at, picked);
    return { payment: present(row), isRepeat: false };
  }

  /**
   * What a PENDING terminal payment becomes as the terminal says now: approved → PROCESSED,
   * declined → CANCELLED, still silent after the timeout → CANCELLED (timeout); null while it
   * is pending within the timeout.
   */
  async function terminalOutcome(row: PaymentRow, at: Date) {
    if (row.state !== 'PENDING' || row.providerCode !== 'terminal' || !row.transactionId) {
      return null;
    }
    const status = await terminal.status(row.transactionId);
    if (status === 'approved') return { state: 'PROCESSED' as const };
    if (status === 'declined') return { state: 'CANCELLED' as const, reason: 'declined' as const };
    if (at.getTime() - row.startedAt.getTime() >= terminalTimeoutMs) {
      return { state: 'CANCELLED' as const, reason: 'timeout' as const };
    }
    return null;
  }

  /**
   * Stores a terminal's outcome (in the caller's transaction, the payment's row locked and
   * still PENDING): a timed-out transaction is cancelled at the terminal first.
   */
  async function storeOutcome(
    tx: { core: PickingRepository; payments: PickingPaymentRepository },
    picking: Pick<PickingRow, 'id' | 'warehouseId' | 'clientCode' | 'userId'>,
    row: PaymentRow,
    outcome: NonNullable<Awaited<ReturnType<typeof terminalOutcome>>>,
    at: Date,
  ): Promise<PaymentRow> {
    if (outcome.state === 'CANCELLED' && outcome.reason === 'timeout' && row.transactionId) {
      await terminal.cancel(row.transactionId);
    }
    const changed =
      outcome.state === 'PROCESSED'
        ? await tx.payments.setState(row.id, { state: 'PROCESSED', at, by: null })
        : await tx.payments.setState(row.id, {
            state: 'CANCELLED',
            at,
            by: null,
            cancelReason: outcome.reason,
          });
    const kind =
      changed.state === 'PROCESSED' ? 'picking.paymentProcessed' : 'picking.paymentCancelled';
    await recordPaymentEvent(tx.core, tx.payments, picking, kind, changed, picking.userId, at);
    return changed;
  }

  /**
   * Settles a terminal payment intent left without its transaction (docs/DECISIONS.md
   * "Picking payment", the payment intent), outside any database transaction (the terminal is
   * outside them). Within the timeout, `start` asks the terminal to start it under the intent's
   * id: a start that reached the terminal before is adopted, none is made twice; `adopt` only
   * takes a transaction the terminal did start. Past the timeout a started transaction is
   * cancelled at the terminal and the intent CANCELLED (timeout). Any other payment is
   * answered as it is.
   */
  async function settleIntent(row: PaymentRow, mode: 'start' | 'adopt'): Promise<PaymentRow> {
    if (!isUnstartedIntent(row)) return row;
    const at = now();
    const isExpired = at.getTime() - row.startedAt.getTime() >= terminalTimeoutMs;
    const transactionId =
      isExpired || mode === 'adopt'
        ? await terminal.find(row.id)
        : await terminal.start({
            id: row.id,
            pickingId: row.pickingId,
            amountKopecks: row.amountKopecks,
          });
    const settled = await db.transaction(async (tx) => {
      const scope = { core: options.repository(tx), payments: options.payments(tx) };
      const locked = await scope.payments.findById(row.id, true);
      // Settled meanwhile by another call or server, or cancelled by the worker.
      if (!locked || !isUnstartedIntent(locked)) return locked ?? row;
      const withTransaction =
        transactionId === null
          ? locked
          : await scope.payments.setTransaction(row.id, transactionId);
      if (!isExpired) return withTransaction;
      const picking = await scope.payments.findPicking(row.pickingId);
      if (!picking) throw new Error(`picking ${row.pickingId} of payment ${row.id} vanished`);
      const outcome = { state: 'CANCELLED' as const, reason: 'timeout' as const };
      return storeOutcome(scope, picking, withTransaction, outcome, at);
    });
    // Started for an intent the worker cancelled meanwhile: nobody else knows of it.
    if (transactionId !== null && settled.state === 'CANCELLED' && !settled.transactionId) {
      await terminal.cancel(transactionId);
    }
    return settled;
  }

  return {
    /**
     * Terminal intents left without their transaction by a server that stopped between
     * committing one and the terminal's answer: each settled (started or adopted, or cancelled
     * past the timeout). Run when the server starts.
     */
    async settleUnstartedIntents(): Promise<number> {
      const intents = await options.payments(db).listUnstartedIntents();
      for (const intent of intents) await settleIntent(intent, 'start');
      return intents.length;
    },

    /**
     * `POST {pickingId}/pay`: the provider must take the type (else 400); the recipient's proof
     * as at end; then a PENDING payment of the PICKED items' cash on delivery (0 → ErrorCode 1),
     * a terminal transaction started for `terminal`. A live payment is answered with IsRepeat.
     */
    async pay(
      pickingId: number,
      body: PayInput,
      caller: PickingCaller,
    ): Promise<OperationOutcome<TPickingPayment>> {
      refuseOtherUserId(body.UserId, caller);
      if (PAYMENT_PROVIDER_TYPES[body.ProviderCode] !== body.PaymentTypeCode) {
        throw refusal('badRequest', 'pickingPaymentProviderType', {
          provider: body.ProviderCode,
          type: body.PaymentTypeCode,
        });
      }
      await validation.beforeEnd(
        {
          PickingId: pickingId,
          UserId: body.UserId,
          Timestamp: body.Timestamp,
          ValidationData: body.ValidationData,
        },
        caller,
      );
      const outcome = await changes.run(caller, async ({ core, payments }) => {
        // The picking locked for update: pays of one picking run one after the other, and a
        // pickup (share lock) waits for them.
        const picking = await openPickingOrRefuse(core, pickingId, 'update', caller);
        const live = await payments.findLive(picking.id);
        if (live) return { payment: present(live), isRepeat: true };
        // Read once: its amount is charged and its parcels index the event.
        const picked = await payments.pickedAmount(picking.id);
        const kopecks = picked.kopecks;
        if (kopecks === 0) throw refusal('refused', 'pickingNothingToPay');
        const at = now();
        const row = await payments.insert({
          pickingId: picking.id,
          paymentType: body.PaymentTypeCode,
          providerCode: body.ProviderCode,
          amountKopecks: kopecks,
          userId: caller.user.id,
          startedAt: at,
          deviceStartedAt: body.Timestamp === undefined ? null : new Date(body.Timestamp),
        });
        // A terminal payment is an intent here: committed first, then started at the terminal
        // under its id as the idempotency key (settleIntent), never inside this transaction.
        const kind = 'picking.paymentStarted';
        return changedPayment({ core, payments }, picking, kind, row, caller, at, picked);
      });
      const answer = repeatOfEither(outcome);
      if (!isUnstartedAnswer(answer.value)) return answer;
      const intent = await options.payments(db).findById(answer.value.PaymentId);
      if (!intent) throw new Error(`payment ${answer.value.PaymentId} vanished`);
      return { ...answer, value: present(await settleIntent(intent, 'start')) };
    },

    /**
     * `GET {pickingId}/pay`: the picking's latest payment (none → 104); a pending terminal
     * payment asks the terminal and stores its outcome (its row locked: two servers store one).
     */
    async payState(pickingId: number, caller: CallContext): Promise<TPickingPayment> {
      // One read: the picking of the caller's warehouse with its latest payment.
      const number = caller.user.defaultWarehouseNumber;
      const found =
        number === null ? null : await options.payments(db).findWithLatest(pickingId, number);
      if (!found) throw refusal('objectNotFound', 'pickingNotFound', { id: pickingId });
      const latest = found.payment;
      if (!latest) throw refusal('objectNotFound', 'pickingPaymentNotFound', { id: pickingId });
      // An intent whose start never answered is started (or its start adopted) first.
      const seen = await settleIntent(latest, 'start');
      const at = now();
      // A pending poll asks the terminal only: nothing to store, no transaction.
      if (!(await terminalOutcome(seen, at))) return present(seen);
      return db.transaction(async (tx) => {
        const scope = { core: options.repository(tx), payments: options.payments(tx) };
        const row = await scope.payments.findLatest(found.picking.id, true);
        if (!row) throw refusal('objectNotFound', 'pickingPaymentNotFound', { id: pickingId });
        // Another server may have stored it meanwhile: judged again under the row's lock.
        const outcome = await terminalOutcome(row, at);
        return present(outcome ? await storeOutcome(scope, found.picking, row, outcome, at) : row);
      });
    },

    /**
     * `PUT {pickingId}/pay {State}`: PROCESSED confirms a pending manual payment (a terminal
     * one only once the terminal approved, else ErrorCode 1); CANCELLED cancels a pending one
     * or refunds a processed one. The picking must be open (after end → ErrorCode 1).
     */
    async setPayState(
      pickingId: number,
      state: TPaymentSetState,
      caller: PickingCaller,
    ): Promise<OperationOutcome<TPickingPayment>> {
      // An intent whose start never answered: a transaction the terminal did start is adopted
      // first, so a cancel reaches it (nothing is started for a PUT).
      const seen = await options.payments(db).findLatest(pickingId);
      if (seen) await settleIntent(seen, 'adopt');
      const outcome = await changes.run(caller, async ({ core, payments }) => {
        const picking = await openPickingOrRefuse(core, pickingId, 'update', caller);
        const latest = await payments.findLatest(picking.id, true);
        if (!latest) throw refusal('objectNotFound', 'pickingPaymentNotFound', { id: pickingId });
        if (latest.state === state) return { payment: present(latest), isRepeat: true };
        const at = now();
        if (state === 'PROCESSED') {
          if (latest.state === 'CANCELLED') {
            throw refusal('refused', 'pickingPaymentCancelled', { id: pickingId });
          }
          if (latest.providerCode === 'terminal') {
            const status = latest.transactionId
              ? await terminal.status(latest.transactionId)
              : 'pending';
            if (status !== 'approved') {
              throw refusal('refused', 'pickingPaymentNotApproved', { id: pickingId });
            }
          }
          const row = await payments.setState(latest.id, {
            state: 'PROCESSED',
            at,
            by: caller.user.id,
          });
          const kind = 'picking.paymentProcessed';
          return changedPayment({ core, payments }, picking, kind, row, caller, at);
        }
        // CANCELLED: a pending payment is cancelled, a processed one refunded (cash handed back,
        // the terminal's transaction reversed).
        const refund = latest.state === 'PROCESSED';
        if (latest.providerCode === 'terminal' && latest.transactionId) {
          await terminal.cancel(latest.transactionId);
        }
        const row = await payments.setState(latest.id, {
          state: 'CANCELLED',
          at,
          by: caller.user.id,
          cancelReason: refund ? 'refunded' : 'cancelled',
        });
        const kind = refund ? 'picking.paymentRefunded' : 'picking.paymentCancelled';
        return changedPayment({ core, payments }, picking, kind, row, caller, at);
      });
      return repeatOfEither(outcome);
    },

    /** `GET return/reasons?pickingRouteItemId=`: every reason code; unknown item → 104. */
    async returnReasons(itemId: number, caller: CallContext): Promise<TPickingReturnReason[]> {
      const item = await options.payments(db).findItem(itemId, false);
      if (!item || item.warehouseNumber !== caller.user.defaultWarehouseNumber) {
        throw refusal('objectNotFound', 'pickingReturnItemNotFound', { id: itemId });
      }
      warehouseOf(caller);
      return PICKING_RETURN_REASON_CODES.map((code) => ({ code }));
    },

    /**
     * `return`: a WAITING or PICKED item of the caller's open picking becomes RETURNED with its
     * reason; its parcel goes to the returns area. Unknown item → 104; LOST or RETURNED → 1;
     * a live payment → 1 (the paid amount is the handed-out amount).
     */
    async returnItem(
      body: ReturnInput,
      caller: PickingCaller,
    ): Promise<OperationOutcome<TPickingReturnResult>> {
      return changes.run(caller, async ({ core, payments, rules }) => {
        const seen = await payments.findItem(body.PickingRouteItemId, false);
        if (!seen || seen.warehouseNumber !== caller.user.defaultWarehouseNumber) {
          throw refusal('objectNotFound', 'pickingReturnItemNotFound', {
            id: body.PickingRouteItemId,
          });
        }
        // The picking first, share-locked as a pickup does, then the item.
        const picking = await openPickingOrRefuse(core, seen.pickingId, 'share', caller);
        const item = await payments.findItem(seen.itemId, true);
        if (!item) {
          throw refusal('objectNotFound', 'pickingReturnItemNotFound', {
            id: body.PickingRouteItemId,
          });
        }
        if (item.state !== 'WAITING' && item.state !== 'PICKED') {
          throw refusal('refused', 'pickingReturnNotAllowed', { barcode: item.barcode });
        }
        await rules.refuseWhileLive(picking.id);
        const removal = itemRemovalOf(picking, item, caller.user.id, now(), body.Timestamp);
        const reason = { reasonCode: body.ReturnReasonCode, comment: body.ReturnReasonComment };
        await payments.markReturned({ ...removal, ...reason, fromState: item.state });
        await core.events.record(
          ...itemRemovalEvent(picking, item, removal, 'parcel.returned', reason, body.Timestamp),
        );
        const progress = await core.progress(picking.id);
        const { kopecks } = await payments.pickedAmount(picking.id);
        return {
          itemId: item.itemId,
          barcode: item.barcode,
          state: 'RETURNED' as const,
          returnReasonCode: body.ReturnReasonCode,
          pickedCount: progress.picked,
          totalCount: progress.total,
          amount: rublesOf(kopecks),
          parcelsForReturnCount: await payments.forReturnCount(item.clientId),
        };
      });
    },
  };
}

export type PickingPaymentService = ReturnType<typeof createPickingPaymentService>;
