import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOST_DESCRIPTION_MAX,
  type TPickingBalance,
  type TValidationData,
} from '@sorting/contracts';
import {
  attorneyProblems,
  formatMoney,
  groupPincode,
  isPincode,
  PINCODE_MAX_LENGTH,
  type AttorneyField,
} from '@sorting/domain';
import { ActionButton, controlStyles, Dialog, SubmitButton } from '../../ui';
import styles from './picking-page.module.css';

// The screens and dialog of picking's validation (spec part 1 §4 checkPincode,
// checkProxy, lost; §5 balance; docs/DECISIONS.md "Picking validation").

/** The device's today as yyyy-mm-dd. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The info screen's money: balance, debt; a failing balance check as an attention block. */
export function BalanceRows(props: { balance: TPickingBalance | null }) {
  const { t } = useTranslation('picking');
  const { balance } = props;
  const shortfall = balance?.shortfall ?? null;
  return (
    <>
      <dl className={styles.info} data-testid="picking-balance">
        <div className={styles.infoRow}>
          <dt>{t('balance')}</dt>
          <dd data-testid="info-balance">{formatMoney(balance?.balance ?? null)}</dd>
        </div>
        <div className={styles.infoRow}>
          <dt>{t('balanceDebet')}</dt>
          <dd data-testid="info-balance-debet">{formatMoney(balance?.balanceDebet ?? null)}</dd>
        </div>
      </dl>
      {shortfall !== null && shortfall > 0 ? (
        <p className={styles.attention} role="alert" data-testid="balance-shortfall">
          {t('balanceShortfall', { amount: formatMoney(shortfall) })}
        </p>
      ) : null}
    </>
  );
}

/** «Не найдена»: a required description (1–500 characters), then the lost call. */
export function LostDialog(props: {
  barcode: string;
  isBusy: boolean;
  onSubmit: (description: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('picking');
  const formId = useId();
  const [text, setText] = useState('');
  const [isTried, setTried] = useState(false);
  const trimmed = text.trim();
  const problem =
    trimmed === '' ? 'lostRequired' : trimmed.length > LOST_DESCRIPTION_MAX ? 'lostTooLong' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem === null) props.onSubmit(trimmed);
  };
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t('lostTitle', { barcode: props.barcode })}
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className={controlStyles.primary}
            data-testid="lost-submit"
            disabled={props.isBusy}
          >
            {t('lostSubmit')}
          </button>
          <ActionButton
            testId="lost-close"
            label={t('lostClose')}
            disabled={props.isBusy}
            onClick={props.onClose}
          />
        </>
      }
    >
      <form id={formId} className={styles.form} noValidate onSubmit={submit}>
        <label className={controlStyles.field}>
          {t('lostDescription')}
          <textarea
            className={controlStyles.input}
            data-testid="lost-description"
            rows={3}
            aria-invalid={isTried && problem ? true : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {isTried && problem ? (
            <span className={styles.fieldError} data-testid="lost-error">
              {t(problem, { max: LOST_DESCRIPTION_MAX })}
            </span>
          ) : null}
        </label>
      </form>
    </Dialog>
  );
}

/** checkPincode: digits only, masked, shown in groups; nothing sent while invalid. */
export function PincodeForm(props: {
  initial: TValidationData | null;
  isBusy: boolean;
  onSubmit: (data: TValidationData) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('picking');
  const [digits, setDigits] = useState(
    props.initial?.Kind === 'pincode' ? props.initial.Pincode : '',
  );
  const [isTried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The step opens with the field focused (and again after a refusal: a new form).
  useEffect(() => input.current?.focus(), []);
  const isValid = isPincode(digits);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (isValid) props.onSubmit({ Kind: 'pincode', Pincode: digits });
  };
  return (
    <form className={styles.form} noValidate onSubmit={submit} data-testid="pincode-form">
      <p>{t('pincodePrompt')}</p>
      <label className={controlStyles.field}>
        {t('pincodeLabel')}
        <input
          ref={input}
          className={`${controlStyles.input} ${styles.pincode}`}
          data-testid="pincode-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PINCODE_MAX_LENGTH}
          aria-invalid={isTried && !isValid ? true : undefined}
          value={digits}
          onChange={(event) => setDigits(event.target.value.replace(/\D/g, ''))}
        />
      </label>
      <p data-testid="pincode-groups" aria-hidden="true">
        {t('pincodeShown', { grouped: groupPincode('•'.repeat(digits.length)) })}
      </p>
      {isTried && !isValid ? (
        <span className={styles.fieldError} data-testid="pincode-error">
          {t('pincodeInvalid')}
        </span>
      ) : null}
      <ProofButtons isBusy={props.isBusy} onBack={props.onBack} />
    </form>
  );
}

const PROXY_FIELDS: readonly {
  field: AttorneyField;
  label: 'proxyNumber' | 'proxyDate' | 'proxyHolder';
  type: string;
}[] = [
  { field: 'number', label: 'proxyNumber', type: 'text' },
  { field: 'date', label: 'proxyDate', type: 'date' },
  { field: 'holderName', label: 'proxyHolder', type: 'text' },
];

/** checkProxy: number, date and holder; field errors inline, nothing sent while invalid. */
export function ProxyForm(props: {
  initial: TValidationData | null;
  isBusy: boolean;
  onSubmit: (data: TValidationData) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('picking');
  const kept = props.initial?.Kind === 'attorney' ? props.initial : null;
  const [form, setForm] = useState<Record<AttorneyField, string>>({
    number: kept?.AttorneyNumber ?? '',
    date: kept?.AttorneyDate ?? '',
    holderName: kept?.HolderName ?? '',
  });
  const [isTried, setTried] = useState(false);
  const problems = attorneyProblems(form, today());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    props.onSubmit({
      Kind: 'attorney',
      AttorneyNumber: form.number.trim(),
      AttorneyDate: form.date,
      HolderName: form.holderName.trim(),
    });
  };
  return (
    <form className={styles.form} noValidate onSubmit={submit} data-testid="proxy-form">
      <p>{t('proxyPrompt')}</p>
      {PROXY_FIELDS.map(({ field, label, type }) => {
        const problem = isTried ? problems[field] : undefined;
        return (
          <label key={field} className={controlStyles.field}>
            {t(label)}
            <input
              className={controlStyles.input}
              data-testid={`proxy-${field}`}
              type={type}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              value={form[field]}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            />
            {problem ? (
              <span className={styles.fieldError} data-testid={`proxy-${field}-error`}>
                {t(`proxyProblem.${problem}`)}
              </span>
            ) : null}
          </label>
        );
      })}
      <ProofButtons isBusy={props.isBusy} onBack={props.onBack} />
    </form>
  );
}

function ProofButtons(props: { isBusy: boolean; onBack: () => void }) {
  const { t } = useTranslation('picking');
  return (
    <div className={styles.formButtons}>
      <SubmitButton
        testId="picking-confirm-end"
        label={t('confirmEnd')}
        disabled={props.isBusy}
        isPrimary
      />
      <ActionButton
        testId="picking-back"
        label={t('backToPicked')}
        disabled={props.isBusy}
        onClick={props.onBack}
      />
    </div>
  );
}
