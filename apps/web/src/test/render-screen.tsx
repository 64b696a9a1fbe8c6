import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import type { Locale } from '@sorting/domain';
import { LocaleProvider } from '../shell/i18n';
import { ShellServicesProvider, type ShellServices } from '../shell/shell-services';
import type { SoundName } from '../shell/sounds/sound-names';
import { renderWithI18n } from './render';
import { createTestServices, shownToasts } from './services';

/**
 * A scan flow's screen rendered at `path` with the real catalogues of `namespace`, test shell
 * services and a memory router: `scan` feeds the scanner, `waitView` waits for the screen
 * root's `data-view`, `played` and `toasts` are what the worker heard and read.
 */
export async function renderScanScreen(options: {
  path: string;
  Screen: ComponentType;
  /** The screen's namespace, or its namespaces (a route's and a shared one). */
  namespace: string | string[];
  rootTestId: string;
  locale?: Locale;
  /** Shell services of the test's own (a signed-in user, a printer). */
  services?: Partial<ShellServices>;
}) {
  const locale = options.locale ?? 'ru';
  const played: SoundName[] = [];
  const services = createTestServices({
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
    ...options.services,
  });
  const router = createMemoryRouter([{ path: options.path, Component: options.Screen }], {
    initialEntries: [options.path],
  });
  await renderWithI18n(
    <ShellServicesProvider services={services}>
      <LocaleProvider locale={locale} base={locale === 'ru' ? '' : `/${locale}`}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </ShellServicesProvider>,
    locale,
    typeof options.namespace === 'string' ? [options.namespace] : options.namespace,
  );
  const root = await screen.findByTestId(options.rootTestId);
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  const waitView = (view: string) =>
    waitFor(() => expect(root.getAttribute('data-view')).toBe(view));
  return { played, scan, waitView, toasts: () => shownToasts(services) };
}
