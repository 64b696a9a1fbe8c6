/**
 * The guided-workflow routes of spec part 1 §2 that one workflow screen serves: each is a
 * route of its own, with its own catalogue namespace (its path without the slash, under
 * `routes/<namespace>/locales/`), and all render this feature with the route's namespace as
 * the parameter (docs/DECISIONS.md "Web shell", a feature behind many routes).
 */
export const WORKFLOW_ROUTES = [
  'cargo-picking',
  'cargo-picking-v2',
  'loading',
  'loading-v2',
  'place-to-storage',
  'receipt-cargo',
  'consolidation',
  'parcel-picking-in-storage',
  'print-box-sticker',
  'parcels-picking',
  'parcels-placing',
  'packing',
  'placing',
] as const;

/** A workflow route: its path is `/<route>`, its catalogue namespace `<route>`. */
export type WorkflowRoute = (typeof WORKFLOW_ROUTES)[number];
