import { describe, expect, it } from 'vitest';
import type { TValidationData } from '@sorting/contracts';
import { start, type Rules } from './picking.machine.fixture';
import { amountDue, progressOf, TERMINAL_POLL_MS } from './picking.machine';

// Every exit of choosePayment, checkPayment and
// endPayment, and item return, against the fake server of picking.machine.fixture.ts. Called
// from picking.machine.test.ts, whose coverage checks they feed.

const COD: Rules = { cod: true };
const PINCODE: TValidationData = { Kind: 'pincode', Pincode: '4821' };
const ATTORNEY: TValidationData = {
  Kind: 'attorney',
  AttorneyNumber: '77 АБ 1234567',
  AttorneyDate: '2026-01-10',
  HolderName: 'Орлов Дмитрий',
};

/** Begun, P400001 and P400002 picked (P400003 of 200,00 ₽ waits), on the picked list. */
async function picked(rules: Rules = COD) {
  const s = start('R-1001', undefined, rules);
  await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001', '=34717-8-b-03', 'P400002', {
    type: 'TO_CHECK',
  });
  return s;
}

/** On checkPayment with `provider`. */
async function paying(provider: 'cash-desk' | 'card-pos' | 'terminal', rules: Rules = COD) {
  const s = await picked(rules);
  await s.send({ type: 'END' }, { type: 'PAY', provider });
  expect(s.view()).toBe('checkPayment');
  return s;
}

export function describePaymentScenarios(): void {
  describe('picking machine: the amount due', () => {
    it('is the client’s cash on delivery less the items not handed over, as the server’s amount', async () => {
      const s = await picked();
      // 500,00 + 734,50 + 200,00 in cells; P400003 waits.
      expect(s.context().info?.CashOnDelivery).toBe(1434.5);
      expect(amountDue(s.context())).toBe(1234.5);
      expect(await s.send({ type: 'END' })).toBe('choosePayment');
      await s.send({ type: 'PAY', provider: 'cash-desk' });
      expect(s.context().payment?.Amount).toBe(amountDue(s.context()));
    });

    it('nothing due: End goes straight to the end, no payment', async () => {
      const s = await picked({});
      expect(amountDue(s.context())).toBe(0);
      expect(await s.send({ type: 'END' })).toBe('finished');
      expect(s.server.calls.pay).toEqual([]);
    });

    it('a lost item is taken off once, though the info still counts it', async () => {
      const s = start('R-1001', undefined, COD);
      await s.send({ type: 'BEGIN' }, { type: 'LOST_ASK', itemId: 13 });
      await s.send({ type: 'LOST_SUBMIT', description: 'Нет в ячейке' });
      expect(s.context().info?.CashOnDelivery).toBe(1434.5);
      await s.send('=34717-8-a-01', 'P400001');
      // P400002 waits (734,50), P400003 lost (200,00): 500,00 due.
      expect(amountDue(s.context())).toBe(500);
    });

    it('after a reload the info leaves a returned item out already: not taken off twice', async () => {
      const s = start('R-1001', undefined, COD);
      await s.send({ type: 'BEGIN' }, { type: 'RETURN_ASK', itemId: 13 });
      await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' });
      await s.send('=34717-8-a-01', 'P400001', '=34717-8-b-03', 'P400002');
      expect(s.view()).toBe('checkPicked');
      expect(amountDue(s.context())).toBe(1234.5);
      const t = start('R-1001', undefined, COD, s.server);
      expect(await t.send()).toBe('pickingProcess');
      expect(t.context().info?.CashOnDelivery).toBe(1234.5);
      expect(amountDue(t.context())).toBe(1234.5);
    });
  });

  describe('picking machine: choosePayment and checkPayment', () => {
    it('cash: too little is «недостаточно» (nothing sent); enough PUTs PROCESSED, the change kept, ok-new, then End', async () => {
      const s = await paying('cash-desk');
      expect(s.server.calls.pay).toEqual([
        expect.objectContaining({
          pickingId: 7,
          PaymentTypeCode: 'cash',
          ProviderCode: 'cash-desk',
          ValidationData: { Kind: 'none' },
        }),
      ]);
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 100_000 })).toBe(
        'checkPayment',
      );
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: null })).toBe('checkPayment');
      expect(s.server.calls.setPayState).toEqual([]);
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 150_000 })).toBe(
        'endPayment',
      );
      expect(s.server.calls.setPayState).toEqual([expect.objectContaining({ State: 'PROCESSED' })]);
      expect(s.context().receivedKopecks).toBe(150_000);
      expect(s.sounds.at(-1)).toBe('ok-new');
      expect(await s.send({ type: 'END' })).toBe('finished');
      expect(s.done).toEqual(['ended']);
      expect(s.paths).toEqual(['/picking']);
    });

    it('card-pos: «Оплата прошла» → endPayment', async () => {
      const s = await paying('card-pos');
      expect(s.server.calls.pay[0]).toMatchObject({
        PaymentTypeCode: 'card',
        ProviderCode: 'card-pos',
      });
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: null })).toBe('endPayment');
      expect(s.sounds.at(-1)).toBe('ok-new');
    });

    it('terminal approved: GET once a second through the scheduler until PROCESSED', async () => {
      const s = await paying('terminal', { ...COD, terminal: 'approve' });
      expect(s.server.calls.payState).toEqual([]);
      // PUT PROCESSED is not offered for the terminal: an event is ignored.
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: null })).toBe('checkPayment');
      expect(await s.advance(TERMINAL_POLL_MS - 1)).toBe('checkPayment');
      expect(s.server.calls.payState).toEqual([]);
      expect(await s.advance(1)).toBe('checkPayment');
      expect(s.server.calls.payState).toHaveLength(1);
      // A poll without an answer: polled again.
      s.server.failNext('payState', 'network');
      expect(await s.advance(TERMINAL_POLL_MS)).toBe('checkPayment');
      expect(await s.advance(TERMINAL_POLL_MS)).toBe('endPayment');
      expect(s.server.calls.payState).toHaveLength(3);
      expect(s.sounds.at(-1)).toBe('ok-new');
      expect(s.server.calls.setPayState).toEqual([]);
    });

    it('«Проверить оплату» while pending is f-0023 (terminal and cash); CANCELLED found is f-0023 and the picked list', async () => {
      const s = await paying('terminal', { ...COD, terminal: 'silent' });
      expect(await s.send({ type: 'PAYMENT_CHECK' })).toBe('checkPayment');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0023', message: null });
      const t = await paying('cash-desk');
      expect(await t.send({ type: 'PAYMENT_CHECK' })).toBe('checkPayment');
      expect(t.errors.at(-1)).toEqual({ code: 'f-0023', message: null });
      const u = await paying('terminal', { ...COD, terminal: 'decline' });
      await u.send({ type: 'PAYMENT_CHECK' });
      expect(await u.send({ type: 'PAYMENT_CHECK' })).toBe('checkPicked');
      expect(u.errors.at(-1)).toEqual({ code: 'f-0023', message: null });
      // Approved by the time of the second check: the receipt.
      const v = await paying('terminal', { ...COD, terminal: 'approve' });
      await v.send({ type: 'PAYMENT_CHECK' });
      expect(await v.send({ type: 'PAYMENT_CHECK' })).toBe('endPayment');
    });

    it('terminal declined → checkPicked with the message, then paid by cash (a new payment)', async () => {
      const s = await paying('terminal', { ...COD, terminal: 'decline' });
      await s.advance(TERMINAL_POLL_MS);
      expect(await s.advance(TERMINAL_POLL_MS)).toBe('checkPicked');
      expect(s.errors.at(-1)).toEqual({ code: 'paymentDeclined', message: null });
      expect(s.sounds).not.toContain('ok-new');
      await s.send({ type: 'END' }, { type: 'PAY', provider: 'cash-desk' });
      expect(s.server.payments().map((one) => one.State)).toEqual(['CANCELLED', 'PENDING']);
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 123_450 })).toBe(
        'endPayment',
      );
      const t = await paying('terminal', { ...COD, terminal: 'timeout' });
      await t.advance(TERMINAL_POLL_MS);
      expect(await t.advance(TERMINAL_POLL_MS)).toBe('checkPicked');
      expect(t.errors.at(-1)).toEqual({ code: 'paymentCancelled', message: null });
    });

    it('GET failing is f-0020 (refused with the server’s message, or no answer); the payment stays', async () => {
      const s = await paying('cash-desk');
      s.server.failNext('payState', 'network');
      expect(await s.send({ type: 'PAYMENT_CHECK' })).toBe('checkPayment');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0020', message: null });
      s.server.failNext('payState', 'refused');
      expect(await s.send({ type: 'PAYMENT_CHECK' })).toBe('checkPayment');
      expect(s.errors.at(-1)).toMatchObject({ code: 'f-0020', message: 'Сбой' });
    });

    it('«Отменить оплату» PUTs CANCELLED → checkPicked; PUT failing is f-0021 (cancel and confirm)', async () => {
      const s = await paying('cash-desk');
      s.server.failNext('setPayState', 'refused');
      expect(await s.send({ type: 'PAYMENT_CANCEL' })).toBe('checkPayment');
      expect(s.errors.at(-1)).toMatchObject({ code: 'f-0021', message: 'Оплата уже завершена' });
      s.server.failNext('setPayState', 'network');
      expect(await s.send({ type: 'PAYMENT_CANCEL' })).toBe('checkPayment');
      expect(s.errors.at(-1)).toEqual({ code: 'f-0021', message: null });
      s.server.failNext('setPayState', 'network');
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 123_450 })).toBe(
        'checkPayment',
      );
      expect(s.errors.at(-1)).toEqual({ code: 'f-0021', message: null });
      s.server.failNext('setPayState', 'refused');
      expect(await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 123_450 })).toBe(
        'checkPayment',
      );
      expect(s.done).toEqual([]);
      expect(await s.send({ type: 'PAYMENT_CANCEL' })).toBe('checkPicked');
      expect(s.context().payment?.State).toBe('CANCELLED');
      // The cancel says it took: an ok toast with the amount.
      expect(s.done).toEqual([`payment cancelled ${s.context().payment?.Amount}`]);
      const t = await paying('terminal', { ...COD, terminal: 'silent' });
      expect(await t.send({ type: 'PAYMENT_CANCEL' })).toBe('checkPicked');
      expect(t.done.at(-1)).toMatch(/^payment cancelled /);
    });

    it('pay refused or thrown → checkPicked with f-0019; BACK and an unknown provider stay out', async () => {
      const s = await picked({ ...COD, providers: [{ code: 'cash-desk', paymentType: 'cash' }] });
      expect(await s.send({ type: 'END' })).toBe('choosePayment');
      expect(await s.send({ type: 'PAY', provider: 'terminal' })).toBe('choosePayment');
      expect(await s.send({ type: 'BACK' })).toBe('checkPicked');
      s.server.failNext('pay', 'refused');
      expect(await s.send({ type: 'END' }, { type: 'PAY', provider: 'cash-desk' })).toBe(
        'checkPicked',
      );
      expect(s.errors.at(-1)).toMatchObject({ code: 'f-0019', message: 'Неверный код получения' });
      s.server.failNext('pay', 'network');
      expect(await s.send({ type: 'END' }, { type: 'PAY', provider: 'cash-desk' })).toBe(
        'checkPicked',
      );
      expect(s.errors.at(-1)).toEqual({ code: 'f-0019', message: null });
      expect(s.server.payments()).toEqual([]);
    });

    it('a double tap on Pay sends one pay; a reload answers the same live payment', async () => {
      const s = await picked();
      await s.send({ type: 'END' });
      s.actor.send({ type: 'PAY', provider: 'cash-desk' });
      s.actor.send({ type: 'PAY', provider: 'cash-desk' });
      expect(await s.send()).toBe('checkPayment');
      expect(s.server.calls.pay).toHaveLength(1);
      const t = start('R-1001', undefined, COD, s.server);
      expect(await t.send()).toBe('checkPayment');
      expect(s.server.payments()).toHaveLength(1);
    });
  });

  describe('picking machine: validation, then payment; reload', () => {
    it('pincode first, then the payment with it; a refused pay forgets the pincode', async () => {
      const s = await picked({ ...COD, validationType: 1 });
      expect(await s.send({ type: 'END' })).toBe('checkPincode');
      expect(await s.send({ type: 'VALIDATE', data: PINCODE })).toBe('choosePayment');
      s.server.failNext('pay', 'refused');
      expect(await s.send({ type: 'PAY', provider: 'card-pos' })).toBe('checkPicked');
      expect(s.context().validation).toBeNull();
      await s.send({ type: 'END' }, { type: 'VALIDATE', data: PINCODE });
      await s.send({ type: 'PAY', provider: 'card-pos' });
      expect(s.server.calls.pay.at(-1)).toMatchObject({ ValidationData: PINCODE });
      await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: null });
      expect(await s.send({ type: 'END' })).toBe('finished');
      expect(s.server.calls.end.at(-1)).toMatchObject({ ValidationData: PINCODE });
    });

    it('power of attorney first, then the payment', async () => {
      const s = await picked({ ...COD, validationType: 2 });
      expect(await s.send({ type: 'END' })).toBe('checkProxy');
      expect(await s.send({ type: 'VALIDATE', data: ATTORNEY })).toBe('choosePayment');
    });

    it('a reload in checkPayment resumes from GET; paid, End asks the proof again', async () => {
      const rules = { ...COD, validationType: 1 };
      const s = await picked(rules);
      await s.send({ type: 'END' }, { type: 'VALIDATE', data: PINCODE });
      await s.send({ type: 'PAY', provider: 'cash-desk' });
      const t = start('R-1001', undefined, rules, s.server);
      expect(await t.send()).toBe('checkPayment');
      expect(t.context().payment?.ProviderCode).toBe('cash-desk');
      expect(t.server.calls.begin).toHaveLength(1);
      expect(await t.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: 123_450 })).toBe(
        'endPayment',
      );
      // A reload on endPayment: the receipt again, End asks the pincode, then ends.
      const u = start('R-1001', undefined, rules, s.server);
      expect(await u.send()).toBe('endPayment');
      expect(await u.send({ type: 'END' })).toBe('checkPincode');
      expect(await u.send({ type: 'VALIDATE', data: PINCODE })).toBe('finished');
      const v = await picked({ ...COD, validationType: 2 });
      await v.send({ type: 'END' }, { type: 'VALIDATE', data: ATTORNEY });
      await v.send(
        { type: 'PAY', provider: 'card-pos' },
        { type: 'PAYMENT_CONFIRM', receivedKopecks: null },
      );
      const w = start('R-1001', undefined, { ...COD, validationType: 2 }, v.server);
      expect(await w.send()).toBe('endPayment');
      expect(await w.send({ type: 'END' })).toBe('checkProxy');
    });

    it('a reload without a payment or without an answer goes on with the process', async () => {
      const s = await picked();
      const t = start('R-1001', undefined, COD, s.server);
      expect(await t.send()).toBe('pickingProcess');
      expect(t.server.calls.payState).toHaveLength(1);
      s.server.failNext('payState', 'network');
      const u = start('R-1001', undefined, COD, s.server);
      expect(await u.send()).toBe('pickingProcess');
      expect(u.errors.at(-1)).toEqual({ code: 'f-0020', message: null });
      // Paid meanwhile (the context does not know): Pay answers the PROCESSED payment.
      await s.send({ type: 'END' }, { type: 'PAY', provider: 'card-pos' });
      await s.send({ type: 'PAYMENT_CONFIRM', receivedKopecks: null });
      expect(await u.send({ type: 'TO_CHECK' }, { type: 'END' })).toBe('choosePayment');
      expect(await u.send({ type: 'PAY', provider: 'card-pos' })).toBe('endPayment');
      expect(u.server.payments()).toHaveLength(1);
      expect(await u.send({ type: 'END' })).toBe('finished');
    });
  });

  describe('picking machine: item return', () => {
    it('from the process: reasons, f-0014, f-0015, then returned (the returns label), off the amount', async () => {
      const s = start('R-1001', undefined, COD);
      await s.send({ type: 'BEGIN' }, '=34717-8-a-01', 'P400001', '=34717-8-b-03', 'P400002');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 99 })).toBe('pickingProcess');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 13 })).toBe('returnDialog');
      expect(s.server.calls.reasons).toEqual([13]);
      expect(s.context().returnReasons).toHaveLength(5);
      expect(await s.send({ type: 'RETURN_CLOSE' })).toBe('pickingProcess');
      s.server.failNext('reasons', 'refused');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 13 })).toBe('pickingProcess');
      expect(s.errors.at(-1)).toMatchObject({
        code: 'f-0014',
        barcode: 'P400003',
        message: 'Сбой',
      });
      s.server.failNext('reasons', 'network');
      await s.send({ type: 'RETURN_ASK', itemId: 13 });
      expect(s.errors.at(-1)).toEqual({ code: 'f-0014', barcode: 'P400003', message: null });
      await s.send({ type: 'RETURN_ASK', itemId: 13 });
      s.server.failNext('return', 'refused');
      expect(
        await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' }),
      ).toBe('pickingProcess');
      expect(s.errors.at(-1)).toMatchObject({ code: 'f-0015', message: 'Идёт оплата' });
      s.server.failNext('return', 'network');
      await s.send(
        { type: 'RETURN_ASK', itemId: 13 },
        { type: 'RETURN_CHOOSE', reason: 'DAMAGED' },
        { type: 'RETURN_CONFIRM' },
      );
      expect(s.errors.at(-1)).toEqual({ code: 'f-0015', barcode: 'P400003', message: null });
      await s.send({ type: 'RETURN_ASK', itemId: 13 });
      expect(s.context().returnItem?.barcode).toBe('P400003');
      // The last waiting item returned: the rest is picked → the picked list.
      expect(
        await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' }),
      ).toBe('checkPicked');
      expect(s.server.calls.return.at(-1)).toMatchObject({
        PickingRouteItemId: 13,
        ReturnReasonCode: 'DAMAGED',
      });
      expect(s.context().items.find((one) => one.itemId === 13)?.state).toBe('RETURNED');
      expect(amountDue(s.context())).toBe(1234.5);
    });

    it('asks to confirm the reason; confirmed: ok-new, a toast, the amount due updated', async () => {
      const s = await picked();
      await s.send({ type: 'RETURN_ASK', itemId: 12 });
      expect(await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' })).toBe('confirmReturn');
      expect(s.server.calls.return).toEqual([]);
      expect(await s.send({ type: 'RETURN_BACK' })).toBe('returnDialog');
      expect(s.context().returnReason).toBeNull();
      await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' });
      expect(await s.send({ type: 'RETURN_CLOSE' })).toBe('checkPicked');
      expect(s.server.calls.return).toEqual([]);
      await s.send(
        { type: 'RETURN_ASK', itemId: 12 },
        { type: 'RETURN_CHOOSE', reason: 'DAMAGED' },
      );
      expect(await s.send({ type: 'RETURN_CONFIRM' })).toBe('checkPicked');
      expect(s.server.calls.return).toHaveLength(1);
      expect(s.sounds.at(-1)).toBe('ok-new');
      expect(s.done.at(-1)).toBe('returned P400002 DAMAGED');
      expect(amountDue(s.context())).toBe(500);
      // Closed at the question in the process: back to it, nothing sent.
      const t = start('R-1001', undefined, COD);
      await t.send({ type: 'BEGIN' }, { type: 'RETURN_ASK', itemId: 13 });
      await t.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' });
      expect(await t.send({ type: 'RETURN_CLOSE' })).toBe('pickingProcess');
      expect(t.server.calls.return).toEqual([]);
    });

    it('from the picked list: the amount recomputed; the last picked one back to the process', async () => {
      const s = await picked();
      expect(await s.send({ type: 'RETURN_ASK', itemId: 12 })).toBe('returnDialog');
      expect(await s.send({ type: 'RETURN_CLOSE' })).toBe('checkPicked');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 12 })).toBe('returnDialog');
      expect(
        await s.send(
          { type: 'RETURN_CHOOSE', reason: 'RECIPIENT_REFUSED' },
          { type: 'RETURN_CONFIRM' },
        ),
      ).toBe('checkPicked');
      expect(amountDue(s.context())).toBe(500);
      expect(progressOf(s.context().items)).toEqual({ picked: 1, total: 2 });
      s.server.failNext('reasons', 'refused');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 11 })).toBe('checkPicked');
      s.server.failNext('reasons', 'network');
      expect(await s.send({ type: 'RETURN_ASK', itemId: 11 })).toBe('checkPicked');
      s.server.failNext('return', 'refused');
      await s.send({ type: 'RETURN_ASK', itemId: 11 });
      expect(
        await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' }),
      ).toBe('checkPicked');
      s.server.failNext('return', 'network');
      await s.send({ type: 'RETURN_ASK', itemId: 11 });
      expect(
        await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' }),
      ).toBe('checkPicked');
      await s.send({ type: 'RETURN_ASK', itemId: 11 });
      expect(
        await s.send({ type: 'RETURN_CHOOSE', reason: 'DAMAGED' }, { type: 'RETURN_CONFIRM' }),
      ).toBe('pickingProcess');
      expect(amountDue(s.context())).toBe(0);
      // The server's amount is the same figure: nothing left to pay.
      expect(s.server.calls.return).toHaveLength(4);
    });
  });
}
