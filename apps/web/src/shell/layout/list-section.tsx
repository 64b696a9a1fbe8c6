import type { ReactNode } from 'react';
import { NoData } from '../no-data/no-data';
import { Pager, type PagerProps } from './pager';
import styles from './list-section.module.css';

/** Why a list is not there: its text, its f-code, and how to ask again. */
export interface ListFailure {
  text: string;
  code?: string;
  retry: { label: string; testId: string; onRetry: () => void };
}

/**
 * A titled list of a page (spec part 1 §2): the loading line while the first page comes, the
 * no-data block with its f-code and retry when it failed, the no-data block with `emptyText`
 * when it is empty, else the list itself (`children`: total line and table), and the pager.
 */
export function ListSection(props: {
  title: string;
  loadingText?: string | null;
  failure?: ListFailure | null;
  emptyText?: string | null;
  pager?: PagerProps;
  children?: ReactNode;
}) {
  const { title, loadingText, failure, emptyText, pager } = props;
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {loadingText ? <p>{loadingText}</p> : null}
      {failure ? <NoData text={failure.text} code={failure.code} retry={failure.retry} /> : null}
      {emptyText ? <NoData text={emptyText} /> : props.children}
      {pager ? <Pager {...pager} /> : null}
    </section>
  );
}
