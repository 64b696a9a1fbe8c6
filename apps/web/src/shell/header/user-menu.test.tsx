import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import type { SessionApi } from '../session/session-service';
import { ShellServicesProvider, type ShellServices } from '../shell-services';
import { UserMenu } from './user-menu';

async function renderMenu(api: Partial<SessionApi>, locale: 'ru' | 'en' = 'ru') {
  const base = createTestServices();
  const services: ShellServices = { ...base, sessionApi: { ...base.sessionApi, ...api } };
  services.session.setUser({
    userId: '1',
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: null,
  });
  const router = createMemoryRouter(
    [
      { path: '/sorting', Component: UserMenu },
      { path: '*', Component: () => null },
    ],
    { initialEntries: ['/sorting'] },
  );
  await renderWithI18n(
    <ShellServicesProvider services={services}>
      <RouterProvider router={router} />
    </ShellServicesProvider>,
    locale,
  );
  const toasts = () =>
    Object.values(services.toasts.getSnapshot())
      .flat()
      .map((toast) => toast.content);
  return { services, router, toasts };
}

describe('UserMenu', () => {
  it('shows the name; logout clears the session and opens sign-in', async () => {
    const { services, router } = await renderMenu({});
    expect(screen.getByTestId('header-user-name').textContent).toBe('Иванов Пётр');
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-auth'));
    expect(services.session.getUser()).toBeNull();
  });

  it('an unsuccessful logout is f-004 and keeps the user', async () => {
    const { services, router, toasts } = await renderMenu(
      { endSession: async () => ({ isSuccess: false }) },
      'en',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(toasts()).toEqual(['Could not sign out. Please try again.']));
    expect(services.session.getUser()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/sorting');
  });
});
