import type { FastifyInstance } from 'fastify';
import {
  ZWarehouseSearchRequest,
  ZZoneListRequest,
  ZZoneSearchRequest,
  success,
} from '@sorting/contracts';
import { localeOf } from '../../i18n/messages.js';
import type { SessionUser } from '../auth/auth.service.js';
import type { ContextService } from './context.service.js';

/** Behind `requireSession` the user is always there. */
function userOf(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('route without requireSession');
  return request.user;
}

/** Spec part 1 §7 "Authentication and context": warehouse and zone search. */
export async function contextRoutes(
  app: FastifyInstance,
  options: { service: ContextService },
): Promise<void> {
  const { service } = options;

  app.post(
    '/sorting-api/warehouses/search',
    { preHandler: app.requireSession },
    async (request) => {
      const body = ZWarehouseSearchRequest.parse(request.body ?? {});
      const warehouse = await service.searchWarehouse(userOf(request), body, localeOf(request));
      return app.envelopeCasing.present(request, success(warehouse));
    },
  );

  app.post('/sorting-api/zones/search', { preHandler: app.requireSession }, async (request) => {
    const body = ZZoneSearchRequest.parse(request.body ?? {});
    const zone = await service.searchZone(userOf(request), body, localeOf(request));
    return app.envelopeCasing.present(request, success(zone));
  });

  // Ours (docs/DECISIONS.md "Sorting entry"): the lists the entry offers beside scanning.
  app.get('/sorting-api/warehouses', { preHandler: app.requireSession }, async (request) => {
    const warehouses = await service.listWarehouses(userOf(request));
    return app.envelopeCasing.present(request, success(warehouses));
  });

  app.get('/sorting-api/zones', { preHandler: app.requireSession }, async (request) => {
    const query = ZZoneListRequest.parse(request.query ?? {});
    const zones = await service.listZones(userOf(request), query.warehouseId, localeOf(request));
    return app.envelopeCasing.present(request, success(zones));
  });
}
