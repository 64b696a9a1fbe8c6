import { cleanup, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@sorting/domain';
import { ShellServicesProvider } from '../../shell/shell-services';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import HomePage from './home-page';

async function renderHome(user: { roles: UserRole[]; sortingCenterId: string | null } | null) {
  const services = createTestServices();
  if (user) {
    services.session.setUser({
      userId: '1',
      number: '1001',
      userName: 'Иванов Пётр',
      defaultWarehouseNumber: '34717',
      ...user,
    });
  }
  const router = createMemoryRouter([{ path: '/', Component: HomePage }]);
  await renderWithI18n(
    <ShellServicesProvider services={services}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ShellServicesProvider>,
    'ru',
    ['home'],
  );
  return screen
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-testid')?.replace('menu-', ''));
}

// The home page shows only what the user can open, and no area not built yet.
describe('home page tiles', () => {
  it('a worker of the centre sees the floor areas, not Users, nothing not built yet', async () => {
    const tiles = await renderHome({ roles: ['worker'], sortingCenterId: '34717' });
    expect(tiles).toEqual([
      'sorting',
      'returns',
      'deconsolidation',
      'vision',
      'picking',
      'audit',
      'inbound',
      'shipment',
      'documents-flow',
      'dimensions',
      'returnable-boxes',
      'topology',
      'time-tracking',
      'notifications',
      'settings',
      'nfc',
      'capture-image',
      'extract-text',
    ]);
  });

  it('a supervisor and an administrator also see Users', async () => {
    for (const role of ['supervisor', 'administrator'] as const) {
      const tiles = await renderHome({ roles: [role], sortingCenterId: '34717' });
      expect(tiles).toContain('users');
      cleanup();
    }
  });

  it('a worker of a warehouse outside any sorting centre has no time tracking', async () => {
    const tiles = await renderHome({ roles: ['worker'], sortingCenterId: null });
    expect(tiles).not.toContain('time-tracking');
    expect(tiles).not.toContain('users');
    expect(tiles).toContain('sorting');
  });

  it('signed out: sign in and the device pages only', async () => {
    expect(await renderHome(null)).toEqual([
      'user-auth',
      'notifications',
      'settings',
      'nfc',
      'capture-image',
      'extract-text',
    ]);
  });
});
