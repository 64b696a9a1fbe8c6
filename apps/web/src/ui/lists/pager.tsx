import { useTranslation } from 'react-i18next';
import { ActionButton } from '../buttons/action-button';
import styles from './pager.module.css';

/** Where a list paged on the screen stands: the page shown, how many, and how to turn. */
export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId: string;
}

/** Previous / "page N of M" / next under a list paged on the screen; nothing for one page. */
export function Pager(props: PagerProps) {
  const { t } = useTranslation('common');
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <div className={styles.pager} data-testid={props.testId}>
      <ActionButton
        testId="page-previous"
        label={t('pager.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <span data-testid="page-of">{t('pager.pageOf', { page, pages })}</span>
      <ActionButton
        testId="page-next"
        label={t('pager.next')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}

/**
 * The pager of a list the server pages without a total (the documents lists): a full page
 * means there may be a next one.
 */
export function pagerWithoutTotal(props: {
  page: number;
  shown: number;
  pageSize: number;
  onPage: (page: number) => void;
  testId: string;
}): PagerProps {
  const hasNext = props.shown === props.pageSize;
  return {
    page: props.page,
    pages: hasNext ? props.page + 1 : props.page,
    onPage: props.onPage,
    testId: props.testId,
  };
}
