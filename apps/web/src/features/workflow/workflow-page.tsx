import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SERVED_WORKFLOW_NAMES } from '@sorting/contracts';
import { api } from '../../lib/api';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { NotAvailablePage } from '../../ui';
import {
  createDetailStickeredCall,
  createStickerPrintedCall,
  createWorkflowService,
} from './workflow.service';
import { lineOf, type WorkflowRouteLine } from './workflow-route-table';
import type { WorkflowRoute } from './workflow-routes';
import { WorkflowScreen } from './workflow-screen';

const pages = new Map<WorkflowRoute, ComponentType>();

const isServed = (line: WorkflowRouteLine) =>
  (SERVED_WORKFLOW_NAMES as readonly string[]).includes(line.workflow);

/**
 * The workflow screen of a route (spec part 1 §2): one feature, rendered by each workflow
 * route with the workflow of its line of the route table; the router loads the route's
 * catalogue with it. A
 * workflow the server does not run yet (parts 2 and 3) keeps the placeholder: the route's
 * title and the no-data block.
 */
export function workflowPage(route: WorkflowRoute): ComponentType {
  let page = pages.get(route);
  if (!page) {
    const line = lineOf(route);
    page = isServed(line)
      ? function WorkflowScreenPage() {
          const queryClient = useQueryClient();
          // Spec part 1 §7: the runtime settings' sorting centre (34717 by default).
          const sortingCenterId = async () =>
            (await queryClient.ensureQueryData(runtimeSettingsQuery)).sortingCenterId;
          const [process] = useState(() =>
            createWorkflowService(api, sortingCenterId, line.workflow),
          );
          // The details workflow of the line's items («Состав»), when it names one.
          const [detailsProcess] = useState(() =>
            line.details ? createWorkflowService(api, sortingCenterId, line.details) : undefined,
          );
          // The shared `workflow` texts (routes/workflow/locales, in the lazy map of route
          // catalogues) load with the screen, not with the route: the route table and the
          // catalogue loader of the first screen stay as they were; the page is empty until then.
          return (
            <Suspense fallback={null}>
              <WorkflowScreen
                line={line}
                process={process}
                detailsProcess={detailsProcess}
                markStickerPrinted={createStickerPrintedCall(api)}
                markDetailStickered={createDetailStickeredCall(api)}
              />
            </Suspense>
          );
        }
      : function WorkflowScreen() {
          const { t } = useTranslation(line.route);
          return <NotAvailablePage title={t('title')} />;
        };
    pages.set(route, page);
  }
  return page;
}

/** The route table renders this feature through `page(route)` (app/routes.ts `renders`). */
export const page = workflowPage;
