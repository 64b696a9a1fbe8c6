import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import type { SessionApi } from '../session/session-service';
import { ShellServicesProvider, type ShellServices } from '../shell-services';
import UserMenu from './user-menu';

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
    // Spec part 1 §8: the catalogue's f-004, its code in small print for support.
    await waitFor(() =>
      expect(toasts()).toEqual(['Could not sign out. Please try again. <small>f-004</small>']),
    );
    expect(services.session.getUser()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/sorting');
  });

  it('a tap on the name shows it whole (a handheld shows two lines of it)', async () => {
    await renderMenu({});
    const name = screen.getByRole('button', { name: 'Иванов Пётр' });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('header-user-full-name')).toBeNull();
    await userEvent.click(name);
    expect(name.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('header-user-full-name').textContent).toBe('Иванов Пётр');
    await userEvent.click(name);
    expect(screen.queryByTestId('header-user-full-name')).toBeNull();
  });
});
