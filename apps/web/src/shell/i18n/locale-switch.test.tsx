import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createMemoryCookieJar } from '../../lib/cookies';
import { renderWithI18n } from '../../test/render';
import { LocaleSwitch } from '../header/locale-switch';
import { ShellServicesProvider } from '../shell-services';
import { createTestServices } from '../../test/services';
import { LocaleProvider } from './locale-context';
import { localeSwitchTarget, persistLocale } from './locale-switch';

const EXPIRES = 'expires=Fri, 01 Jan 2100 00:00:00 GMT';

describe('persistLocale', () => {
  it('writes NEXT_LOCALE, NEXT_DEFAULT_LOCALE and NEXT_LOCALES for path / until 2100', () => {
    const jar = createMemoryCookieJar();
    persistLocale(jar, 'en');
    expect(jar.written).toEqual([
      `NEXT_LOCALE=en; path=/; ${EXPIRES}; SameSite=Lax`,
      `NEXT_DEFAULT_LOCALE=ru; path=/; ${EXPIRES}; SameSite=Lax`,
      `NEXT_LOCALES=ru,en; path=/; ${EXPIRES}; SameSite=Lax`,
    ]);
  });

  it('writes ru explicitly when ru is chosen', () => {
    const jar = createMemoryCookieJar();
    persistLocale(jar, 'ru');
    expect(jar.get('NEXT_LOCALE')).toBe('ru');
  });
});

describe('localeSwitchTarget', () => {
  it.each([
    ['/sorting', 'en', '/en/sorting'],
    ['/', 'en', '/en'],
    ['/en/sorting', 'ru', '/sorting'],
    ['/en', 'ru', '/'],
    ['/ru/picking/pickup/7', 'en', '/en/picking/pickup/7'],
    ['/ru/users', 'ru', '/users'],
  ] as const)('%s → %s: %s', (pathname, locale, expected) => {
    expect(localeSwitchTarget({ pathname }, locale)).toBe(expected);
  });

  it('keeps search and hash', () => {
    expect(
      localeSwitchTarget({ pathname: '/user-auth', search: '?redirect=%2Fx', hash: '#a' }, 'en'),
    ).toBe('/en/user-auth?redirect=%2Fx#a');
  });
});

describe('LocaleSwitch', () => {
  it('writes the cookie and opens the page in the other locale', async () => {
    const cookies = createMemoryCookieJar();
    const router = createMemoryRouter(
      [
        { path: '/sorting', element: <LocaleSwitch /> },
        { path: '/en/sorting', element: <p>english page</p> },
      ],
      { initialEntries: ['/sorting?x=1'] },
    );
    const services = createTestServices({ cookies });
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <LocaleProvider locale="ru" base="">
          <RouterProvider router={router} />
        </LocaleProvider>
      </ShellServicesProvider>,
    );
    expect(screen.getByTestId('locale-ru').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('locale-en').textContent).toBe('EN');
    await userEvent.click(screen.getByTestId('locale-en'));
    expect(cookies.get('NEXT_LOCALE')).toBe('en');
    expect(cookies.get('NEXT_DEFAULT_LOCALE')).toBe('ru');
    expect(cookies.get('NEXT_LOCALES')).toBe('ru,en');
    expect(router.state.location.pathname).toBe('/en/sorting');
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByText('english page')).toBeTruthy();
  });
});
