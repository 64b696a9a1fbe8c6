import type { Key, ReactNode } from 'react';
import controlStyles from '../buttons/controls.module.css';
import styles from './list-table.module.css';

/** A column of a list: its header (also each cell's data-label) and what a row shows in it. */
export interface ListColumn<T> {
  label: string;
  /** The cells' test id; left out where nothing reads the cell alone. */
  testId?: string;
  cell: (row: T) => ReactNode;
}

/**
 * The list of a screen (users, returnable boxes, a box's parcels, a unit's history): its total
 * line, then a table with a header per column and, last, the row actions (a list without
 * actions or total leaves them out). Each cell carries its column's name (data-label), which
 * the narrow layout of list-table.module.css shows before it.
 */
export interface ListTableProps<T> {
  testId: string;
  total?: { text: string; testId: string };
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  /** Each row's React key, test id and data attributes (how tests find a row). */
  rowOf: (row: T) => { key: Key; testId: string; data: Record<`data-${string}`, string | number> };
  /** The row actions' column header and cell; a read-only list has neither. */
  actionsLabel?: string;
  actions?: (row: T) => ReactNode;
}

export function ListTable<T>(props: ListTableProps<T>) {
  return (
    <>
      {props.total ? <p data-testid={props.total.testId}>{props.total.text}</p> : null}
      <div className={styles.frame}>
        <table className={styles.table} data-testid={props.testId}>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
              {props.actions ? <th scope="col">{props.actionsLabel}</th> : null}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => {
              const { key, testId, data } = props.rowOf(row);
              return (
                <tr key={key} data-testid={testId} {...data}>
                  {props.columns.map((column) => (
                    <td key={column.label} data-testid={column.testId} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {props.actions ? (
                    <td className={styles.rowActions}>{props.actions(row)}</td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** An action button of a list row; `ariaLabel` names the row it acts on. */
export function RowButton(props: {
  testId: string;
  label: string;
  ariaLabel: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={controlStyles.button}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label}
    </button>
  );
}
