import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SERVED_WORKFLOW_NAMES } from '@sorting/contracts';
import { api } from '../../lib/api';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { NotAvailablePage } from '../../ui';
import { createWorkflowService } from './workflow.service';
import type { WorkflowRouteLine } from './workflow-routes';
import { WorkflowScreen } from './workflow-screen';

const pages = new Map<WorkflowRouteLine, ComponentType>();

const isServed = (line: WorkflowRouteLine) =>
  (SERVED_WORKFLOW_NAMES as readonly string[]).includes(line.workflow);

/**
 * The workflow screen of a route (spec part 1 §2): one feature, rendered by each workflow
 * route with its line of the route table, whose catalogue the router loads with the route. A
 * workflow the server does not run yet (parts 2 and 3) keeps the placeholder: the route's
 * title and the no-data block.
 */
export function workflowPage(line: WorkflowRouteLine): ComponentType {
  let page = pages.get(line);
  if (!page) {
    page = isServed(line)
      ? function WorkflowScreenPage() {
          const queryClient = useQueryClient();
          // Spec part 1 §7: the runtime settings' sorting centre (34717 by default).
          const [process] = useState(() =>
            createWorkflowService(
              api,
              async () => (await queryClient.ensureQueryData(runtimeSettingsQuery)).sortingCenterId,
              line.workflow,
            ),
          );
          return <WorkflowScreen line={line} process={process} />;
        }
      : function WorkflowScreen() {
          const { t } = useTranslation(line.route);
          return <NotAvailablePage title={t('title')} />;
        };
    pages.set(line, page);
  }
  return page;
}

/** The route table renders this feature through `page(line)` (app/routes.ts `renders`). */
export const page = workflowPage;
