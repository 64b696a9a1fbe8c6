import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoData } from '../no-data/no-data';
import { Pager, type PagerProps } from './pager';
import styles from './list-section.module.css';

/** Why a list is not there: its text and f-code, and how to ask for it again. */
export interface ListFailure {
  text: string;
  code?: string;
  retryTestId: string;
  onRetry: () => void;
}

/**
 * A titled list of a page (spec part 1 §2): the loading line while the first page comes, the
 * no-data block with its f-code and retry when it failed, the no-data block with `emptyText`
 * when it is empty, else the list itself (`children`: total line and table), and the pager.
 */
export function ListSection(props: {
  title: string;
  isLoading?: boolean;
  failure?: ListFailure | null;
  emptyText?: string | null;
  pager?: PagerProps;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { title, failure, emptyText, pager } = props;
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {props.isLoading ? <p>{t('list.loading')}</p> : null}
      {failure ? (
        <NoData
          text={failure.text}
          code={failure.code}
          retry={{ label: t('list.retry'), testId: failure.retryTestId, onRetry: failure.onRetry }}
        />
      ) : null}
      {emptyText ? <NoData text={emptyText} /> : props.children}
      {pager ? <Pager {...pager} /> : null}
    </section>
  );
}

/**
 * The failure of a list's query while it has nothing to show (a failed reload keeps the list
 * it had): its text, f-code and the retry that reads it again.
 */
export function listFailure<E extends { code: string }>(
  query: { error: E | null; data: unknown; refetch: () => unknown },
  textOf: (error: E) => string,
  retryTestId: string,
): ListFailure | null {
  const { error } = query;
  if (!error || query.data) return null;
  return {
    text: textOf(error),
    code: error.code,
    retryTestId,
    onRetry: () => void query.refetch(),
  };
}
