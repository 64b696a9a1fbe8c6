import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../ui';
import type { WorkflowRoute } from './workflow-routes';

const pages = new Map<WorkflowRoute, ComponentType>();

/**
 * The workflow screen of a route (spec part 1 §2): one feature, rendered by each workflow
 * route with that route's namespace, whose catalogue the router loads with the route. Until
 * the engine is built it is the placeholder: the route's title and the no-data block.
 */
export function workflowPage(route: WorkflowRoute): ComponentType {
  let page = pages.get(route);
  if (!page) {
    page = function WorkflowScreen() {
      const { t } = useTranslation(route);
      return <NotAvailablePage title={t('title')} />;
    };
    pages.set(route, page);
  }
  return page;
}

/** The route table renders this feature through `page(route)` (app/routes.ts `renders`). */
export const page = workflowPage;
