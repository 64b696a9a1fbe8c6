import type { WorkflowName } from '@sorting/contracts';

/**
 * The guided-workflow routes of spec part 1 §2 that one workflow screen serves, one line each
 * with the workflow it runs (`{workflowName}` of the process call; the mapping is ours,
 * docs/DECISIONS.md "Guided workflows"): each is a route of its own, with its own catalogue
 * namespace (its path without the slash, `route` here, under `routes/<namespace>/locales/`), and all render
 * this feature with the line as the parameter (docs/DECISIONS.md "Web shell", a feature behind
 * many routes).
 */
export const WORKFLOW_ROUTE_TABLE = [
  { route: 'cargo-picking', workflow: 'boxes-transit-picking' },
  { route: 'cargo-picking-v2', workflow: 'boxes-transit-picking-v2' },
  { route: 'loading', workflow: 'boxes-transit-loading' },
  { route: 'loading-v2', workflow: 'boxes-transit-loading-v2' },
  { route: 'place-to-storage', workflow: 'place-to-storage' },
  { route: 'receipt-cargo', workflow: 'receipt-cargo' },
  { route: 'consolidation', workflow: 'consolidating' },
  { route: 'parcel-picking-in-storage', workflow: 'parcel-picking-in-storage' },
  { route: 'print-box-sticker', workflow: 'print-box-sticker' },
  { route: 'parcels-picking', workflow: 'parcels-picking' },
  { route: 'parcels-placing', workflow: 'parcel-placing' },
  { route: 'packing', workflow: 'packing' },
  { route: 'placing', workflow: 'placing' },
] as const satisfies readonly { route: string; workflow: WorkflowName }[];

/** A line of the route table. */
export type WorkflowRouteLine = (typeof WORKFLOW_ROUTE_TABLE)[number];

/** A workflow route's namespace: its path without the slash (app/routes.ts adds it). */
export type WorkflowRoute = WorkflowRouteLine['route'];

/** Every workflow route's namespace, in the table's order. */
export const WORKFLOW_ROUTES: readonly WorkflowRoute[] = WORKFLOW_ROUTE_TABLE.map(
  (line) => line.route,
);
