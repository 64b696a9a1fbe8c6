import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listFailure } from './list-section';
import { ListTable, RowButton } from './list-table';

const rows = [
  { id: 1, name: 'Anna', city: 'Kazan' },
  { id: 2, name: 'Boris', city: 'Omsk' },
];

describe('ListTable', () => {
  it('shows the total, a header per column, each cell with its column name, and the actions', async () => {
    const onDelete = vi.fn();
    render(
      <ListTable
        testId="people"
        total={{ text: '2 people', testId: 'people-total' }}
        columns={[
          { label: 'Name', testId: 'person-name', cell: (row) => row.name },
          { label: 'City', cell: (row) => row.city },
        ]}
        rows={rows}
        rowOf={(row) => ({ key: row.id, testId: 'person', data: { 'data-id': row.id } })}
        actionsLabel="Actions"
        actions={(row) => (
          <RowButton
            testId="person-delete"
            label="Delete"
            ariaLabel={`Delete ${row.name}`}
            onClick={() => onDelete(row.id)}
          />
        )}
      />,
    );
    expect(screen.getByTestId('people-total').textContent).toBe('2 people');
    const headers = within(screen.getByTestId('people')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'City', 'Actions']);
    const [first] = screen.getAllByTestId('person');
    expect(first?.getAttribute('data-id')).toBe('1');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'City', null]);
    expect(screen.getAllByTestId('person-name').map((cell) => cell.textContent)).toEqual([
      'Anna',
      'Boris',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Boris' }));
    expect(onDelete).toHaveBeenCalledWith(2);
  });
});

describe('listFailure', () => {
  const error = { code: 'f-001' };
  const textOf = (failure: { code: string }) => `text of ${failure.code}`;

  it('is the failure of a list that has nothing to show, with its retry', () => {
    const refetch = vi.fn();
    const failure = listFailure({ error, data: undefined, refetch }, textOf, 'retry');
    expect(failure).toMatchObject({ text: 'text of f-001', code: 'f-001', retryTestId: 'retry' });
    failure?.onRetry();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('is none without an error, or while the list it had is still shown', () => {
    const refetch = () => undefined;
    expect(listFailure({ error: null, data: undefined, refetch }, textOf, 'retry')).toBeNull();
    expect(listFailure({ error, data: [], refetch }, textOf, 'retry')).toBeNull();
  });

  // A read-only list (a box's parcels on /deconsolidation, a unit's history on /vision) is the
  // same table: no total line and no empty actions column.
  it('leaves out the total and the actions column of a read-only list', () => {
    render(
      <ListTable
        testId="people"
        columns={[
          { label: 'Name', testId: 'person-name', cell: (row) => row.name },
          { label: 'City', cell: (row) => row.city },
        ]}
        rows={rows}
        rowOf={(row) => ({ key: row.id, testId: 'person', data: { 'data-id': row.id } })}
      />,
    );
    const table = screen.getByTestId('people');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'City']);
    const [first] = screen.getAllByTestId('person');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'City']);
    expect(table.previousElementSibling).toBeNull();
  });
});
