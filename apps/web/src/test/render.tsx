import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@sorting/domain';
import { createI18nRegistry } from '../shell/i18n';
import { COMMON_CATALOGUES, createCatalogueLoader } from '../app/catalogues';

/** A registry with the real catalogues, as the app loads them. */
export function createTestRegistry() {
  return createI18nRegistry(
    COMMON_CATALOGUES,
    createCatalogueLoader((load) => load()),
  );
}

/** Renders with the real catalogues of a locale ('common' plus the given namespaces). */
export async function renderWithI18n(
  ui: ReactElement,
  locale: Locale = 'ru',
  namespaces: string[] = [],
) {
  const i18n = await createTestRegistry().ensure(locale, ['common', ...namespaces]);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
