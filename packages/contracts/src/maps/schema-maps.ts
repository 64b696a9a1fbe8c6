import { USERS_SCHEMAS } from '../users/users.schemas.js';
import { TIME_TRACKING_SCHEMAS } from '../time-tracking/time-tracking.schemas.js';
import { AUTH_SCHEMAS, SESSIONS_SCHEMAS } from '../auth/auth.schemas.js';
import { CORE_SCHEMAS } from '../core/core.schemas.js';
import { PRINTING_SCHEMAS } from '../printing/print-jobs.js';
import {
  SORTING_SCHEMAS,
  SORTING_SYSTEM_SCHEMAS,
  VISION_SCHEMAS,
} from '../sorting/sorting.schemas.js';
import { DIMENSIONS_SCHEMAS } from '../dimensions/dimensions.schemas.js';
import { DOCUMENTS_FLOW_SCHEMAS } from '../documents-flow/documents-flow.schemas.js';
import { RETURNS_SCHEMAS } from '../returns/returns.schemas.js';
import { DECONSOLIDATION_SCHEMAS } from '../deconsolidation/deconsolidation.schemas.js';
import { PICKING_SCHEMAS } from '../picking/picking.schemas.js';
import { DELIVERY_SCHEMAS, PICKING_DELIVERY_SCHEMAS } from '../delivery/delivery.schemas.js';
import { PICKING_PAYMENT_SCHEMAS } from '../picking/picking-payment.schemas.js';
import { AUDIT_SCHEMAS } from '../audit/audit.schemas.js';
import { DOCUMENTS_SCHEMAS } from '../documents/documents.schemas.js';
import { WORKFLOW_SCHEMAS } from '../workflows/workflows.schemas.js';
import { TOPOLOGY_SCHEMAS } from '../topology/topology.schemas.js';
import {
  INTEGRATION_ADMIN_SCHEMAS,
  INTEGRATION_SCHEMAS,
} from '../integration/integration.schemas.js';
import type { ROUTE_MAPS } from './route-maps.js';
import type { SchemasOf } from '../routing/route.js';

/**
 * The zod schemas of every route map, by service and call: what the server binds to its
 * routes (each module passes its own) and what the API document test checks against.
 */
export const SCHEMA_MAPS = {
  users: { ...USERS_SCHEMAS, ...SESSIONS_SCHEMAS, ...INTEGRATION_ADMIN_SCHEMAS },
  auth: AUTH_SCHEMAS,
  core: CORE_SCHEMAS,
  printing: PRINTING_SCHEMAS,
  returns: RETURNS_SCHEMAS,
  timeTracking: TIME_TRACKING_SCHEMAS,
  sorting: SORTING_SCHEMAS,
  // Spec part 2 §7 inbound and outbound documents share the sortingsystem-api service.
  sortingSystem: { ...SORTING_SYSTEM_SCHEMAS, ...DOCUMENTS_SCHEMAS },
  vision: VISION_SCHEMAS,
  dimensions: DIMENSIONS_SCHEMAS,
  deconsolidating: DECONSOLIDATION_SCHEMAS,
  documentsFlow: DOCUMENTS_FLOW_SCHEMAS,
  picking: { ...PICKING_SCHEMAS, ...PICKING_DELIVERY_SCHEMAS, ...PICKING_PAYMENT_SCHEMAS },
  delivery: DELIVERY_SCHEMAS,
  audit: AUDIT_SCHEMAS,
  workflow: WORKFLOW_SCHEMAS,
  topology: TOPOLOGY_SCHEMAS,
  integration: INTEGRATION_SCHEMAS,
} as const satisfies { [S in keyof typeof ROUTE_MAPS]: SchemasOf<(typeof ROUTE_MAPS)[S]> };
