import type { ReactNode } from 'react';
import { ListSection, type ListFailure } from './list-section';
import { ListTable, RowButton, type ListTableProps } from './list-table';
import type { PagerProps } from './pager';
import { SplitView } from './split-view';

/**
 * A paged list whose rows open their details beside it (spec part 2 §2, the documents pages
 * /inbound and /shipment): the titled list with its loading, failure and empty states and its
 * pager, each row's "open" button first among its actions, and the chosen row's details
 * beside the list from 1184 px, below it on narrower screens.
 */
export function ListWithDetails<T>(props: {
  title: string;
  isLoading: boolean;
  failure: ListFailure | null;
  /** The rows of the page; null until the first answer. */
  rows: readonly T[] | null;
  emptyText: string;
  pager: PagerProps;
  table: Omit<ListTableProps<T>, 'rows' | 'actions'> & { actionsLabel: string };
  /** The button that opens a row's details. */
  open: { testId: string; label: string; ariaLabel: (row: T) => string };
  /** The row's other actions, after "open". */
  actions?: (row: T) => ReactNode;
  selected: T | null;
  onSelect: (row: T) => void;
  details: (row: T) => ReactNode;
}) {
  const { rows, open } = props;
  return (
    <SplitView details={props.selected ? props.details(props.selected) : null}>
      <ListSection
        title={props.title}
        isLoading={props.isLoading}
        failure={props.failure}
        emptyText={rows && rows.length === 0 ? props.emptyText : null}
        pager={props.pager}
      >
        {rows && rows.length > 0 ? (
          <ListTable
            {...props.table}
            rows={rows}
            actions={(row) => (
              <>
                <RowButton
                  testId={open.testId}
                  label={open.label}
                  ariaLabel={open.ariaLabel(row)}
                  onClick={() => props.onSelect(row)}
                />
                {props.actions?.(row)}
              </>
            )}
          />
        ) : null}
      </ListSection>
    </SplitView>
  );
}
