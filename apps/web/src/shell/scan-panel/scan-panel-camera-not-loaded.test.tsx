import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider } from '../shell-services';
import { ScanPanel } from './scan-panel';

// The viewfinder's chunk does not load (offline, or replaced by a new release).
vi.mock('../camera-viewfinder/camera-viewfinder', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('ScanPanel, when the camera chunk does not load', () => {
  it('says so and closes, and the page stays', async () => {
    const services = createTestServices();
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <ScanPanel />
      </ShellServicesProvider>,
      'en',
    );
    act(() => services.scanSettings.update({ inputDevice: 'camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The camera could not be loaded',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('scan-panel')).toBeTruthy();
  });
});
