import { USERS_ROUTES } from '../users/users.routes.js';
import { TIME_TRACKING_ROUTES } from '../time-tracking/time-tracking.routes.js';
import { AUTH_ROUTES, SESSIONS_ROUTES } from '../auth/auth.routes.js';
import { CORE_ROUTES } from '../core/core.routes.js';
import { PRINTING_ROUTES } from '../printing/printing.routes.js';
import { SORTING_ROUTES, SORTING_SYSTEM_ROUTES, VISION_ROUTES } from '../sorting/sorting.routes.js';
import { DIMENSIONS_ROUTES } from '../dimensions/dimensions.routes.js';
import { DOCUMENTS_FLOW_ROUTES } from '../documents-flow/documents-flow.routes.js';
import { RETURNS_ROUTES } from '../returns/returns.routes.js';
import { DECONSOLIDATION_ROUTES } from '../deconsolidation/deconsolidation.routes.js';
import { PICKING_ROUTES } from '../picking/picking.routes.js';
import { DELIVERY_ROUTES, PICKING_DELIVERY_ROUTES } from '../delivery/delivery.routes.js';
import { PICKING_PAYMENT_ROUTES } from '../picking/picking-payment.routes.js';
import { AUDIT_ROUTES } from '../audit/audit.routes.js';
import { DOCUMENTS_ROUTES } from '../documents/documents.routes.js';
import { WORKFLOW_ROUTES } from '../workflows/workflows.routes.js';
import { TOPOLOGY_ROUTES } from '../topology/topology.routes.js';
import {
  INTEGRATION_ADMIN_ROUTES,
  INTEGRATION_API_ROUTES,
} from '../integration/integration.routes.js';
import type { RouteMap } from '../routing/route.js';

/**
 * Every service's route map: the server registers each, /openapi.json documents each, and a
 * test holds the three equal (apps/server/test/api-document.test.ts).
 */
export const ROUTE_MAPS = {
  // The integration API's keys are managed beside the centre's users (users-api).
  users: { ...USERS_ROUTES, ...SESSIONS_ROUTES, ...INTEGRATION_ADMIN_ROUTES },
  auth: AUTH_ROUTES,
  core: CORE_ROUTES,
  printing: PRINTING_ROUTES,
  returns: RETURNS_ROUTES,
  timeTracking: TIME_TRACKING_ROUTES,
  sorting: SORTING_ROUTES,
  // Spec part 2 §7 inbound and outbound documents share the sortingsystem-api service.
  sortingSystem: { ...SORTING_SYSTEM_ROUTES, ...DOCUMENTS_ROUTES },
  vision: VISION_ROUTES,
  dimensions: DIMENSIONS_ROUTES,
  deconsolidating: DECONSOLIDATION_ROUTES,
  documentsFlow: DOCUMENTS_FLOW_ROUTES,
  // Spec part 2 §7: `picking/delivery`, payment and item return are
  // picking-api calls beside the pick-up's own.
  picking: { ...PICKING_ROUTES, ...PICKING_DELIVERY_ROUTES, ...PICKING_PAYMENT_ROUTES },
  delivery: DELIVERY_ROUTES,
  audit: AUDIT_ROUTES,
  workflow: WORKFLOW_ROUTES,
  topology: TOPOLOGY_ROUTES,
  integration: INTEGRATION_API_ROUTES,
} as const satisfies Record<string, RouteMap>;
