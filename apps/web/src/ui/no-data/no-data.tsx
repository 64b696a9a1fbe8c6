import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../buttons/action-button';
import styles from './no-data.module.css';

/**
 * The no-data block (spec part 1 §2): an empty list, or a section that is not there yet. A list
 * that failed to load shows its f-code (`code`) and, when it can be asked again, `retry`.
 */
export function NoData(props: {
  text?: string;
  code?: string;
  retry?: { label: string; testId: string; onRetry: () => void };
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { code, retry } = props;
  return (
    <div data-testid="no-data" role="status" className={styles.noData}>
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M20 6h-3.2l-1.6-2H8.8L7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2Zm0 12H4V8h16v10ZM8 12h8v2H8v-2Z"
        />
      </svg>
      <p className={styles.text}>{props.text ?? t('noData')}</p>
      {code ? (
        <small className={styles.code} data-testid="no-data-code">
          {code}
        </small>
      ) : null}
      {retry ? (
        <ActionButton testId={retry.testId} label={retry.label} onClick={retry.onRetry} />
      ) : null}
      {props.children}
    </div>
  );
}
