import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../../test/render';
import { NoData } from '../no-data/no-data';
import { Dialog } from './dialog';

function Harness() {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <Dialog isOpen={isOpen} onClose={() => setOpen(false)} title="T">
        <NoData />
      </Dialog>
      <output data-testid="state">{String(isOpen)}</output>
    </>
  );
}

describe('Dialog', () => {
  it('opens, labels itself with its title and closes with its button', async () => {
    await renderWithI18n(<Harness />, 'en');
    const dialog = screen.getByTestId('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByText('T').id);
    expect(screen.getByTestId('no-data').textContent).toBe('No data');
    expect(screen.getByTestId('dialog-close').getAttribute('aria-label')).toBe('Close');
    await userEvent.click(screen.getByTestId('dialog-close'));
    expect(screen.getByTestId('state').textContent).toBe('false');
    expect(dialog.open).toBe(false);
  });

  it('closes on Escape (the cancel event)', async () => {
    await renderWithI18n(<Harness />);
    fireEvent(screen.getByTestId('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.getByTestId('state').textContent).toBe('false');
  });
});
