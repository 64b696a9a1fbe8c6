import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PICKING_RETURN_REASON_CODES,
  type TPickingPayment,
  type TPickingReturnReasonCode,
} from '@sorting/contracts';
import { renderWithI18n } from '../../test/render';
import { CheckPayment, parseKopecks, ReturnDialog } from './picking-payment-views';

// The cash
// screen's change and «недостаточно», the reason titles of both catalogues (the code when a
// title is missing), the buttons off while a call runs.

const PAYMENT: TPickingPayment = {
  PaymentId: 1,
  PickingId: 7,
  State: 'PENDING',
  PaymentTypeCode: 'cash',
  ProviderCode: 'cash-desk',
  Amount: 1034.5,
  CancelReason: null,
  TransactionId: null,
  StartedDateUtc: '2026-03-02T08:05:00.000Z',
};

const noop = () => undefined;

describe('CheckPayment (cash)', () => {
  it('shows the change or what is short; confirms only enough money, in kopecks', async () => {
    const confirmed: (number | null)[] = [];
    await renderWithI18n(
      <CheckPayment
        payment={PAYMENT}
        isBusy={false}
        onConfirm={(kopecks) => confirmed.push(kopecks)}
        onCheck={noop}
        onCancel={noop}
      />,
      'ru',
      ['picking'],
    );
    const input = screen.getByTestId('payment-received');
    await userEvent.type(input, '1 000,5');
    expect(screen.getByTestId('payment-short').textContent).toBe(
      'Недостаточно: не хватает 34,00\u00a0₽',
    );
    expect(screen.getByTestId('payment-confirm')).toHaveProperty('disabled', true);
    await userEvent.clear(input);
    await userEvent.type(input, '1100');
    expect(screen.getByTestId('payment-change').textContent).toBe('Сдача: 65,50\u00a0₽');
    await userEvent.click(screen.getByTestId('payment-confirm'));
    expect(confirmed).toEqual([110_000]);
  });

  it('every button is off while a call runs', async () => {
    await renderWithI18n(
      <CheckPayment
        payment={{ ...PAYMENT, PaymentTypeCode: 'card', ProviderCode: 'card-pos' }}
        isBusy
        onConfirm={noop}
        onCheck={noop}
        onCancel={noop}
      />,
      'en',
      ['picking'],
    );
    for (const id of ['payment-confirm', 'payment-check', 'payment-cancel']) {
      expect(screen.getByTestId(id)).toHaveProperty('disabled', true);
    }
    expect(screen.getByTestId('payment-confirm').textContent).toBe('Payment went through');
  });

  it('reads sums as typed', () => {
    expect(parseKopecks('1 234,5')).toBe(123_450);
    expect(parseKopecks('1234.56')).toBe(123_456);
    expect(parseKopecks('12,345')).toBeNull();
    expect(parseKopecks('')).toBeNull();
    expect(parseKopecks('-5')).toBeNull();
  });
});

describe('CheckPayment (terminal)', () => {
  it('shows the time since the payment started, ticking, and what the worker can do', async () => {
    let at = Date.parse(PAYMENT.StartedDateUtc) + 37_000;
    const now = () => at;
    await renderWithI18n(
      <CheckPayment
        payment={{ ...PAYMENT, PaymentTypeCode: 'card', ProviderCode: 'terminal' }}
        isBusy={false}
        onConfirm={noop}
        onCheck={noop}
        onCancel={noop}
        now={now}
      />,
      'ru',
      ['picking'],
    );
    expect(screen.getByTestId('terminal-elapsed').textContent).toBe('прошло 0:37');
    expect(screen.getByTestId('terminal-help').textContent).toContain('«Отменить оплату»');
    at += 65_000;
    await waitFor(() =>
      expect(screen.getByTestId('terminal-elapsed').textContent).toBe('прошло 1:42'),
    );
  });
});

describe('ReturnDialog', () => {
  it.each(['ru', 'en'] as const)(
    'every reason has a title in %s; a code without one shows the code',
    async (locale) => {
      const reasons = [
        ...PICKING_RETURN_REASON_CODES,
        'LOST_IN_TRANSIT' as TPickingReturnReasonCode,
      ];
      await renderWithI18n(
        <ReturnDialog
          barcode="P400203"
          reasons={reasons}
          chosen={null}
          isBusy={false}
          onChoose={noop}
          onConfirm={noop}
          onBack={noop}
          onClose={noop}
        />,
        locale,
        ['picking'],
      );
      const titles = screen.getAllByTestId('return-reason').map((node) => node.textContent);
      expect(titles).toHaveLength(6);
      expect(
        titles.slice(0, 5).every((title) => title !== '' && !/^[A-Z_]+$/.test(title ?? '')),
      ).toBe(true);
      expect(titles[5]).toBe('LOST_IN_TRANSIT');
    },
  );

  it('asks to confirm the chosen reason before the return is sent', async () => {
    const confirmed: string[] = [];
    await renderWithI18n(
      <ReturnDialog
        barcode="P400203"
        reasons={PICKING_RETURN_REASON_CODES}
        chosen="DAMAGED"
        isBusy={false}
        onChoose={noop}
        onConfirm={() => confirmed.push('confirm')}
        onBack={() => confirmed.push('back')}
        onClose={noop}
      />,
      'ru',
      ['picking'],
    );
    expect(screen.getByTestId('return-question').textContent).toBe(
      'Вернуть посылку P400203 с причиной «Повреждена»? Отменить возврат нельзя.',
    );
    expect(screen.queryAllByTestId('return-reason')).toHaveLength(0);
    screen.getByTestId('return-back').click();
    screen.getByTestId('return-confirm').click();
    expect(confirmed).toEqual(['back', 'confirm']);
  });
});
