import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPickingPayment, TPickingReturnReasonCode } from '@sorting/contracts';
import { changeDue, formatMoney } from '@sorting/domain';
import { ActionButton, controlStyles, Dialog } from '../../ui';
import type { PaymentProvider } from './picking.model';
import styles from './picking-page.module.css';

// The screens and dialog of picking payment and item return (spec part 2 §4
// choosePayment, checkPayment, endPayment, item return; docs/DECISIONS.md "Picking payment").

/** "1 234,50" or "1234.5" typed into the received field → kopecks; null when not a sum. */
export function parseKopecks(text: string): number | null {
  const normalized = text.replace(/[\s\u00A0]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** The amount due of part 1 §5 (`cashOnDeliveryRemaining`, `formatMoney`). */
export function AmountDue(props: { amount: number }) {
  const { t } = useTranslation('picking');
  return (
    <p className={styles.due} data-testid="amount-due" data-amount={props.amount}>
      {t('payment.due', { amount: formatMoney(props.amount) })}
    </p>
  );
}

/** choosePayment: one large button per provider of the runtime settings. */
export function ChoosePayment(props: {
  providers: readonly PaymentProvider[];
  isBusy: boolean;
  onPay: (provider: PaymentProvider['code']) => void;
}) {
  const { t } = useTranslation('picking');
  return (
    <section
      className={styles.choices}
      data-testid="payment-providers"
      aria-label={t('payment.chooseTitle')}
    >
      {props.providers.map((provider) => (
        <button
          key={provider.code}
          type="button"
          className={controlStyles.primary}
          data-testid={`pay-${provider.code}`}
          aria-label={t('payment.providerOf', {
            provider: t(`payment.provider.${provider.code}`),
          })}
          disabled={props.isBusy}
          onClick={() => props.onPay(provider.code)}
        >
          {t(`payment.provider.${provider.code}`)}
        </button>
      ))}
    </section>
  );
}

/**
 * checkPayment: cash — the money received, its change or «недостаточно», «Оплата получена»;
 * card-pos — «Оплата прошла»; the terminal — «Приложите карту к терминалу» while it is polled.
 * «Проверить оплату» and «Отменить оплату» for all; every button off while a call runs.
 */
export function CheckPayment(props: {
  payment: TPickingPayment;
  isBusy: boolean;
  onConfirm: (receivedKopecks: number | null) => void;
  onCheck: () => void;
  onCancel: () => void;
  /** The clock of the terminal's elapsed time (tests give their own). */
  now?: () => number;
}) {
  const { t } = useTranslation('picking');
  const [received, setReceived] = useState('');
  const { payment } = props;
  const due = Math.round(payment.Amount * 100);
  const kopecks = parseKopecks(received);
  const change = kopecks === null ? null : changeDue(due, kopecks);
  const isCash = payment.PaymentTypeCode === 'cash';
  const isTerminal = payment.ProviderCode === 'terminal';
  return (
    <section
      className={styles.form}
      data-testid="check-payment"
      data-provider={payment.ProviderCode}
    >
      <p className={styles.due} data-testid="payment-amount" data-amount={payment.Amount}>
        {t('payment.due', { amount: formatMoney(payment.Amount) })}
      </p>
      {isCash ? (
        <>
          <label className={controlStyles.field}>
            {t('payment.received')}
            <input
              className={controlStyles.input}
              data-testid="payment-received"
              inputMode="decimal"
              autoComplete="off"
              value={received}
              onChange={(event) => setReceived(event.target.value)}
            />
          </label>
          {change === null ? null : change.enough ? (
            <p className={styles.totals} data-testid="payment-change">
              {t('payment.change', { amount: formatMoney(change.changeKopecks / 100) })}
            </p>
          ) : (
            <p className={styles.fieldError} data-testid="payment-short">
              {t('payment.short', { amount: formatMoney(change.shortKopecks / 100) })}
            </p>
          )}
        </>
      ) : null}
      {isTerminal ? (
        <TerminalWait startedDateUtc={payment.StartedDateUtc} now={props.now ?? Date.now} />
      ) : null}
      <div className={styles.formButtons}>
        {isTerminal ? null : (
          <ActionButton
            testId="payment-confirm"
            label={t(isCash ? 'payment.cashConfirm' : 'payment.cardConfirm')}
            disabled={props.isBusy || (isCash && !(change?.enough ?? false))}
            onClick={() => props.onConfirm(isCash ? kopecks : null)}
            isPrimary
          />
        )}
        <ActionButton
          testId="payment-check"
          label={t('payment.check')}
          disabled={props.isBusy}
          onClick={props.onCheck}
        />
        <ActionButton
          testId="payment-cancel"
          label={t('payment.cancel')}
          disabled={props.isBusy}
          onClick={props.onCancel}
        />
      </div>
    </section>
  );
}

/** Whole seconds since `startedDateUtc` by `now`, ticking each second. */
function useElapsedSeconds(startedDateUtc: string, now: () => number): number {
  const [seconds, setSeconds] = useState(() => secondsSince(startedDateUtc, now()));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsSince(startedDateUtc, now())), 1000);
    return () => clearInterval(timer);
  }, [startedDateUtc, now]);
  return seconds;
}

function secondsSince(startedDateUtc: string, at: number): number {
  const started = Date.parse(startedDateUtc);
  return Number.isNaN(started) ? 0 : Math.max(0, Math.floor((at - started) / 1000));
}

/**
 * The terminal's wait (part 2 §4 checkPayment; DECISIONS "Picking payment"): the time since
 * the payment started and what the worker can do while the terminal has not answered.
 */
function TerminalWait(props: { startedDateUtc: string; now: () => number }) {
  const { t } = useTranslation('picking');
  const seconds = useElapsedSeconds(props.startedDateUtc, props.now);
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <>
      <p className={styles.totals} data-testid="terminal-waiting">
        {t('payment.terminalWaiting')}{' '}
        <span data-testid="terminal-elapsed" role="timer" aria-live="off">
          {t('payment.terminalElapsed', { time })}
        </span>
      </p>
      <p data-testid="terminal-help">{t('payment.terminalHelp')}</p>
    </>
  );
}

/** Label and value rows (`[testId, label, value]`): the info screen, the receipt. */
export function InfoRows(props: { rows: readonly (readonly [string, string, string])[] }) {
  return (
    <dl className={styles.info}>
      {props.rows.map(([testId, label, value]) => (
        <div key={testId} className={styles.infoRow}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** endPayment: the receipt — paid, method, cash received and change. */
export function PaymentReceipt(props: {
  payment: TPickingPayment;
  receivedKopecks: number | null;
}) {
  const { t } = useTranslation('picking');
  const { payment } = props;
  const due = Math.round(payment.Amount * 100);
  const change = props.receivedKopecks === null ? null : changeDue(due, props.receivedKopecks);
  const rows: [string, string, string][] = [
    ['receipt-paid', t('payment.paid'), formatMoney(payment.Amount)],
    ['receipt-method', t('payment.method'), t(`payment.provider.${payment.ProviderCode}`)],
  ];
  if (props.receivedKopecks !== null && change?.enough) {
    rows.push(
      ['receipt-received', t('payment.receivedCash'), formatMoney(props.receivedKopecks / 100)],
      ['receipt-change', t('payment.changeDue'), formatMoney(change.changeKopecks / 100)],
    );
  }
  return (
    <section data-testid="payment-receipt" aria-label={t('payment.receiptTitle')}>
      <InfoRows rows={rows} />
    </section>
  );
}

/** «Возврат»: the item's reasons as buttons (the code when a title is missing). */
export function ReturnDialog(props: {
  barcode: string;
  reasons: readonly TPickingReturnReasonCode[];
  /** The reason chosen: the dialog asks to confirm it (the return is not undone). */
  chosen: TPickingReturnReasonCode | null;
  isBusy: boolean;
  onChoose: (reason: TPickingReturnReasonCode) => void;
  onConfirm: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('picking');
  if (props.chosen !== null) {
    const reason = t(`return.reason.${props.chosen}`, { defaultValue: props.chosen });
    return (
      <Dialog
        isOpen
        onClose={props.onClose}
        title={t('return.title', { barcode: props.barcode })}
        actions={
          <>
            <ActionButton
              testId="return-confirm"
              isPrimary
              label={t('return.confirmButton')}
              disabled={props.isBusy}
              onClick={props.onConfirm}
            />
            <ActionButton
              testId="return-back"
              label={t('return.back')}
              disabled={props.isBusy}
              onClick={props.onBack}
            />
          </>
        }
      >
        <p data-testid="return-question">
          {t('return.confirm', { barcode: props.barcode, reason })}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t('return.title', { barcode: props.barcode })}
      actions={
        <ActionButton
          testId="return-close"
          label={t('return.close')}
          disabled={props.isBusy}
          onClick={props.onClose}
        />
      }
    >
      <p>{t('return.prompt')}</p>
      <div className={styles.choices} data-testid="return-reasons">
        {props.reasons.map((code) => (
          <button
            key={code}
            type="button"
            className={controlStyles.button}
            data-testid="return-reason"
            data-reason={code}
            disabled={props.isBusy}
            onClick={() => props.onChoose(code)}
          >
            {t(`return.reason.${code}`, { defaultValue: code })}
          </button>
        ))}
      </div>
    </Dialog>
  );
}

/** The «Возврат» button of an item (process list and picked list). */
export function ReturnButton(props: { barcode: string; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('picking');
  return (
    <button
      type="button"
      className={`${controlStyles.button} ${styles.lostButton}`}
      data-testid="picking-return"
      aria-label={t('return.buttonOf', { barcode: props.barcode })}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {t('return.button')}
    </button>
  );
}
