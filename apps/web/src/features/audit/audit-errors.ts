import type { TFunction } from 'i18next';
import type { AuditError } from './audit.model';

/**
 * The text of an audit error (spec part 2 §8): the code's catalogue text, then the server's
 * message and its ErrorCode when there are.
 */
export function auditErrorText(t: TFunction<'audit'>, error: AuditError): string {
  const params = { barcode: error.barcode ?? '', cell: error.cell ?? '' };
  const text =
    error.code === '0'
      ? t('0')
      : t(`store.${error.code.slice('store.'.length) as 'a-001'}`, params);
  const withReason = error.message ? t('withReason', { text, reason: error.message }) : text;
  return error.message && error.errorCode !== null && error.errorCode !== undefined
    ? t('withCode', { text: withReason, code: String(error.errorCode) })
    : withReason;
}
