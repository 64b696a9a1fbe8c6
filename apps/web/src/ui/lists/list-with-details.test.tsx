import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../../test/render';
import { ListWithDetails } from './list-with-details';

interface Supply {
  id: number;
  code: string;
}

function Screen(props: { rows: Supply[] | null }) {
  const [selected, setSelected] = useState<Supply | null>(null);
  return (
    <ListWithDetails
      title="Supplies"
      isLoading={props.rows === null}
      failure={null}
      rows={props.rows}
      emptyText="No supplies"
      pager={{ page: 1, pages: 1, onPage: () => undefined, testId: 'pager' }}
      table={{
        testId: 'supplies',
        total: { text: `${props.rows?.length ?? 0} shown`, testId: 'total' },
        columns: [{ label: 'Code', testId: 'code', cell: (row) => row.code }],
        rowOf: (row) => ({ key: row.id, testId: 'row', data: { 'data-code': row.code } }),
        actionsLabel: 'Actions',
      }}
      open={{ testId: 'open', label: 'Open', ariaLabel: (row) => `Open ${row.code}` }}
      actions={(row) => <span data-testid="other-action">{row.code}</span>}
      selected={selected}
      onSelect={setSelected}
      details={(row) => <p data-testid="details">{`Details of ${row.code}`}</p>}
    />
  );
}

// Spec part 2 §2: /inbound and /shipment list documents and open one's details beside the list.
describe('a list with details', () => {
  it('opens the details of the row whose "open" button was pressed, beside the list', async () => {
    await renderWithI18n(
      <Screen
        rows={[
          { id: 1, code: 'A-1' },
          { id: 2, code: 'A-2' },
        ]}
      />,
    );
    expect(screen.getByTestId('total').textContent).toBe('2 shown');
    expect(screen.queryByTestId('details')).toBeNull();
    const second = screen.getAllByTestId('row')[1] as HTMLElement;
    const actions = within(second).getAllByTestId(/open|other-action/);
    expect(actions.map((action) => action.getAttribute('data-testid'))).toEqual([
      'open',
      'other-action',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Open A-2' }));
    expect(screen.getByTestId('details').textContent).toBe('Details of A-2');
    expect(screen.getByTestId('supplies').closest('section')?.nextElementSibling).toBe(
      screen.getByTestId('details'),
    );
  });

  it('shows the no-data block for an empty page, and no table', async () => {
    await renderWithI18n(<Screen rows={[]} />);
    expect(screen.getByTestId('no-data').textContent).toContain('No supplies');
    expect(screen.queryByTestId('supplies')).toBeNull();
  });
});
