import { ActionButton } from './action-button';
import styles from './pager.module.css';

/** Previous / "page N of M" / next under a list paged on the screen; nothing for one page. */
export function Pager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId: string;
  texts: { previous: string; next: string; pageOf: string };
}) {
  const { page, pages, onPage, texts } = props;
  if (pages <= 1) return null;
  return (
    <div className={styles.pager} data-testid={props.testId}>
      <ActionButton
        testId="page-previous"
        label={texts.previous}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <span data-testid="page-of">{texts.pageOf}</span>
      <ActionButton
        testId="page-next"
        label={texts.next}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}
