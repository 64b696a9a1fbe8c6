import type { TSessionUser } from '@sorting/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TRuntimeSettings } from '@sorting/contracts';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { ShellServicesProvider, type ShellServices } from '../../shell/shell-services';
import type { SessionApi } from '../../shell/session/session-service';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import UserAuthPage, { tokenOfScan } from './user-auth-page';

const USER: TSessionUser = {
  Id: 1,
  Number: 1001,
  Name: 'Иванов Пётр',
  DefaultWarehouseNumber: null,
  Roles: [],
  SortingCenterId: null,
};

async function renderPage(api: Partial<SessionApi>, url = '/user-auth?redirect=%2Fsorting') {
  const base = createTestServices();
  const services: ShellServices = { ...base, sessionApi: { ...base.sessionApi, ...api } };
  const queryClient = new QueryClient();
  queryClient.setQueryData(runtimeSettingsQuery.queryKey, {
    features: { demo: true, userBarcodeAuthorization: true, alternativeAuthentication: true },
  } as TRuntimeSettings);
  const router = createMemoryRouter(
    [
      { path: '/user-auth', Component: UserAuthPage },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [url] },
  );
  await renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <ShellServicesProvider services={services}>
        <RouterProvider router={router} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    'ru',
    ['user-auth'],
  );
  const toasts = () => shownToasts(services).map((toast) => toast.content);
  return { services, router, toasts };
}

describe('tokenOfScan', () => {
  it('takes badges and sign-on tokens only', () => {
    expect(tokenOfScan('~W1001-7KQ2')).toBe('~W1001-7KQ2');
    expect(tokenOfScan('https://sso.example/?lkdToken=abc')).toBe('abc');
    expect(tokenOfScan('_B0001')).toBeNull();
  });
});

describe('UserAuthPage', () => {
  it('signs in by badge scan and follows the redirect target', async () => {
    const searchUser = vi.fn(async () => ({ isSuccess: true, operationObject: USER }));
    const { services, router } = await renderPage({ searchUser });
    act(() => void services.scanInput.push('~W1001-7KQ2', 'scanner'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sorting'));
    expect(services.session.getUser()?.userName).toBe('Иванов Пётр');
  });

  it('shows the server message of a refusal', async () => {
    const { services, toasts, router } = await renderPage({
      searchUser: async () => ({ isSuccess: false, message: 'Бейдж не найден' }),
    });
    act(() => void services.scanInput.push('~W0', 'scanner'));
    await waitFor(() => expect(toasts()).toEqual(['Бейдж не найден']));
    expect(router.state.location.pathname).toBe('/user-auth');
  });

  it('shows f-003 when the call fails', async () => {
    const { services, toasts } = await renderPage({
      searchUser: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    act(() => void services.scanInput.push('~W0', 'scanner'));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Не удалось выполнить вход: сервер недоступен. Попробуйте ещё раз.',
      ]),
    );
  });

  it('lists the demo users and signs one in with a tap; a foreign target goes home', async () => {
    const searchUser = vi.fn(async () => ({ isSuccess: true, operationObject: USER }));
    const { router, services } = await renderPage(
      {
        searchUser,
        demoUsers: async () => ({
          isSuccess: true,
          operationObject: [{ name: 'Иванов Пётр', role: 'worker', badge: '~W1001-7KQ2' }],
        }),
      },
      '/user-auth?redirect=%2F%2Fevil.example',
    );
    // The printable sheet is a server page: a plain link, no router.
    const sheet = await screen.findByRole('link', { name: 'Листок с демо-штрихкодами' });
    expect(sheet.getAttribute('href')).toBe('/demo-sheet');
    await userEvent.click(await screen.findByRole('button', { name: /^Войти как Иванов Пётр/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(services.cookies.get('lkdToken')).toBe('~W1001-7KQ2');
  });
});
