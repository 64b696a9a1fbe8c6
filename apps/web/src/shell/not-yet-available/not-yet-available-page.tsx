import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../ui/page/not-available-page';
import type notYetAvailable from './locales/ru.json';

/** The title of a route area that a later issue builds (its key in this namespace). */
export type NotYetAvailableTitle = keyof typeof notYetAvailable;

const pages = new Map<string, ComponentType>();

/**
 * The title key of a route's path: its segments, parameters without the colon, in camel case
 * ('/audit/:sessionId' → 'auditSessionId', '/cargo-picking-v2' → 'cargoPickingV2'). Derived, not
 * listed beside each path, to keep the route table of the first screen small (its 150 kB).
 */
export function notYetAvailableTitle(path: string): NotYetAvailableTitle {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^:/, ''))
    .join('-')
    .replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as NotYetAvailableTitle;
}

/**
 * The page of a route of the spec that is not built yet: its title and the no-data block. One
 * chunk and one catalogue serve them all, so a feature folder is only made when the
 * feature is built.
 */
export function notYetAvailablePage(path: string): ComponentType {
  const title = notYetAvailableTitle(path);
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

/** The route table renders this page through `page(path)` (app/routes.ts `renders`). */
export const page = notYetAvailablePage;
