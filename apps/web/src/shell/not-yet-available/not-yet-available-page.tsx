import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../layout/not-available-page';
import type notYetAvailable from './locales/ru.json';

/** The title of a route area that a later issue builds (its key in this namespace). */
export type NotYetAvailableTitle = keyof typeof notYetAvailable;

const pages = new Map<NotYetAvailableTitle, ComponentType>();

/**
 * The page of a route of the spec that is not built yet: its title and the no-data block. One
 * chunk and one catalogue serve them all (issue 15), so a feature folder is only made when the
 * feature is built.
 */
export function notYetAvailablePage(title: NotYetAvailableTitle): ComponentType {
  let page = pages.get(title);
  if (!page) {
    page = function NotYetAvailableRoute() {
      const { t } = useTranslation('not-yet-available');
      return <NotAvailablePage title={t(title)} />;
    };
    pages.set(title, page);
  }
  return page;
}
