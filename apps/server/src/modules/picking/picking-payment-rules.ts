import type { Db } from '../../db/database.js';
import { refusal } from '../../lib/refusal.js';
import { rublesOf } from './picking.presenter.js';
import { createPickingPaymentRepository } from './picking-payment.repository.js';

// What a picking's payment forbids or requires of the other picking calls (
// docs/DECISIONS.md "Picking payment"), in the caller's transaction after it locked the
// picking: while a payment is PENDING or PROCESSED the picked list is frozen (pickup, lost,
// return refused), so the amount paid is the amount handed out; end binds a PROCESSED
// payment; cancel waits until the payment is cancelled.

export function paymentRulesOver(tx: Db) {
  const payments = createPickingPaymentRepository(tx);
  return {
    /** Pickup, lost, return: refused (ErrorCode 1) while a payment is live. */
    async refuseWhileLive(pickingId: number): Promise<void> {
      if (await payments.findLive(pickingId)) {
        throw refusal('refused', 'pickingPaymentLive', { id: pickingId });
      }
    },

    /**
     * End of picked parcels owing `kopecks`: nothing owed → no payment needed; else a
     * PROCESSED payment of that amount is bound to the end (none → 402 with the amount).
     * Answers the bound payment's id.
     */
    async bindForEnd(pickingId: number, kopecks: number, at: Date): Promise<number | null> {
      if (kopecks === 0) return null;
      const live = await payments.findLive(pickingId);
      if (!live || live.state !== 'PROCESSED' || live.amountKopecks !== kopecks) {
        throw refusal('paymentRequired', 'pickingPaymentRequired', {
          amount: rublesOf(kopecks).toFixed(2),
        });
      }
      await payments.bind(live.id, at);
      return live.id;
    },

    /** Cancel of a picking: refused while a payment is PENDING or PROCESSED. */
    async beforeCancel(pickingId: number): Promise<void> {
      if (await payments.findLive(pickingId)) {
        throw refusal('refused', 'pickingCancelPaid', { id: pickingId });
      }
    },
  };
}

export type PaymentRules = ReturnType<typeof paymentRulesOver>;
