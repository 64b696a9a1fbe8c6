import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@sorting/domain';
import { LocaleProvider } from '../../shell/i18n';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { SoundName } from '../../shell/sounds/sound-names';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import { USER_ID, createFakeAuditServer } from './audit.fixture';
import { AuditSessionPage, AuditSessionScreen } from './audit-session-page';
import { LAST_AUDIT_SESSION_KEY } from './audit-session.machine';

// The session page over a fake audit-api (spec part 2 §2, §4, §5, §8): the views and
// scan states it renders, the unit groups, the sounds, the figures and the last-session record.

async function renderScreen(locale: Locale = 'ru') {
  const played: SoundName[] = [];
  const services = createTestServices({
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
  });
  services.session.setUser({
    userId: String(USER_ID),
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: '34717',
  });
  const server = createFakeAuditServer();
  const router = createMemoryRouter(
    [
      {
        path: '/audit/:sessionId',
        Component: () => <AuditSessionScreen calls={server.ports} sessionId={7} firstCell={null} />,
      },
      { path: '/audit', Component: () => <p>list</p> },
    ],
    { initialEntries: ['/audit/7'] },
  );
  await renderWithI18n(
    <ShellServicesProvider services={services}>
      <LocaleProvider locale={locale} base={locale === 'ru' ? '' : `/${locale}`}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </ShellServicesProvider>,
    locale,
    ['audit'],
  );
  const root = await screen.findByTestId('audit-screen');
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  const waitFor_ = (attribute: string, value: string) =>
    waitFor(() => expect(root.getAttribute(attribute)).toBe(value));
  return { services, server, played, scan, waitFor: waitFor_, toasts: () => shownToasts(services) };
}

const count = (group: string) => screen.getByTestId(`count-${group}`).textContent;

describe('AuditSessionScreen', () => {
  it('opens a cell, groups its units, sounds each answer, finishes with the figures', async () => {
    const s = await renderScreen();
    await s.waitFor('data-scan-state', 'startScan');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте ячейку'),
    );
    expect(JSON.parse(s.services.localStorage!.getItem(LAST_AUDIT_SESSION_KEY)!)).toEqual({
      userId: USER_ID,
      warehouseCode: '34717',
      sessionId: 7,
    });

    s.scan('P410001');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-code').textContent).toBe('store.a-008'),
    );
    expect(s.toasts()[0]?.content).toBe('Сначала отсканируйте ячейку');

    s.scan('=34717-6-a-01');
    await s.waitFor('data-scan-state', 'scanProcess');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте единицы ячейки 6-a-01');
    expect(count('pending')).toBe('5');

    s.scan('P410001');
    await waitFor(() => expect(count('correct')).toBe('1'));
    await waitFor(() => expect(s.played).toContain('ok-new'));
    s.scan('P410007');
    await waitFor(() => expect(count('surplus')).toBe('1'));
    expect(screen.getByTestId('unit-location').textContent).toContain('в системе: 6-b-01');
    await waitFor(() => expect(s.played).toContain('attention'));
    s.scan('P410001');
    await waitFor(() => expect(s.played).toContain('repeat'));
    expect(screen.getByTestId('audit-counters').textContent).toBe('Единиц: 6 · верно: 50,0 %');

    await userEvent.click(screen.getByTestId('audit-finish'));
    // Part 2 §5, one formula: the question says what the result will say (the 4 units still
    // expected become missing), not the open cell's 50,0 %.
    expect(screen.getByTestId('confirm-audit-text').textContent).toContain(
      'Ячеек: 1 · единиц: 6 · верно: 16,7 %',
    );
    await userEvent.click(screen.getByTestId('confirm-audit-finish'));
    await s.waitFor('data-view', 'sessionInfo');
    // 1 correct, 1 surplus, 4 missing.
    expect(screen.getByTestId('prompt-extra').textContent).toBe('Единиц: 6 · верно: 16,7 %');
    // The last scan's spoken letters may still follow on their timers.
    expect(s.played).toContain('success-big');
    expect(screen.getAllByTestId('audit-cell-table')).toHaveLength(1);
    expect(screen.getByTestId('audit-missing').querySelectorAll('li')).toHaveLength(4);
    expect(s.services.localStorage!.getItem(LAST_AUDIT_SESSION_KEY)).toBeNull();
  });

  it('words a refused cell in English with the server message and code', async () => {
    const s = await renderScreen('en');
    await s.waitFor('data-scan-state', 'startScan');
    s.scan('=34717-6-z-99');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-text').textContent).toBe(
        'Could not open cell =34717-6-z-99: Ячейка =34717-6-z-99 не найдена (104)',
      ),
    );
    expect(screen.getByTestId('prompt-error-code').textContent).toBe('store.a-002');
  });

  it('closing a cell shows its summary and plays a sound', async () => {
    const s = await renderScreen();
    await s.waitFor('data-scan-state', 'startScan');
    s.scan('=34717-6-a-01');
    await s.waitFor('data-scan-state', 'scanProcess');
    s.scan('P410001');
    await waitFor(() => expect(count('correct')).toBe('1'));
    s.played.length = 0;
    s.scan('=34717-6-a-01');
    await s.waitFor('data-scan-state', 'startScan');
    expect(s.toasts()).toContainEqual({
      status: 'ok',
      content: 'Ячейка 6-a-01 закрыта: верно 1, излишек 0, недостача 4',
    });
    expect(s.played).toContain('success-small');
  });

  it.each(['abc', '0', '99999999999'])(
    '/audit/%s: «Сессия не найдена», translated, back to /audit, no call',
    async (id) => {
      const services = createTestServices();
      const fetches: string[] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = ((input: RequestInfo | URL) => {
        fetches.push(String(input));
        return Promise.reject(new TypeError('no network in this test'));
      }) as typeof fetch;
      try {
        const router = createMemoryRouter(
          [
            { path: '/audit/:sessionId', Component: AuditSessionPage },
            { path: '/audit', Component: () => <p data-testid="audit-list">list</p> },
          ],
          { initialEntries: [`/audit/${id}`] },
        );
        await renderWithI18n(
          <ShellServicesProvider services={services}>
            <LocaleProvider locale="ru" base="">
              <RouterProvider router={router} />
            </LocaleProvider>
          </ShellServicesProvider>,
          'ru',
          ['audit'],
        );
        expect(await screen.findByTestId('audit-list')).toBeTruthy();
        expect(shownToasts(services)).toEqual([
          { status: 'error', content: 'Не удалось загрузить единицы сессии: Сессия не найдена' },
        ]);
        expect(fetches.filter((url) => url.includes('audit-api'))).toEqual([]);
      } finally {
        globalThis.fetch = realFetch;
      }
    },
  );
});
