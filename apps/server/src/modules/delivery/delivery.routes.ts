import type { FastifyInstance } from 'fastify';
import {
  DELIVERY_ROUTES,
  DELIVERY_SCHEMAS,
  PICKING_DELIVERY_ROUTES,
  PICKING_DELIVERY_SCHEMAS,
} from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { DeliveryService } from './delivery.service.js';

/**
 * Spec part 2 §7 "Delivery" and "Picking" (tariff, `picking/delivery`): the routes of
 * `DELIVERY_ROUTES` and `PICKING_DELIVERY_ROUTES` (paths, access and schemas in
 * packages/contracts). The delivery-api answers camelCase (`operationObject`, part 2 §7).
 */
export async function deliveryRoutes(
  app: FastifyInstance,
  options: { service: DeliveryService },
): Promise<void> {
  const { service } = options;
  app.envelopeCasing.register('/delivery-api', 'camel');
  registerRoutes(app, DELIVERY_ROUTES, DELIVERY_SCHEMAS, {
    tariff: async ({ query }) => service.tariff(query),
    create: async ({ body, call }) => service.create(body, call),
    items: async ({ params, call }) => service.items(params.deliveryId, call),
    measure: async ({ params, body, call }) => service.measure(params, body, call),
  });
  registerRoutes(app, PICKING_DELIVERY_ROUTES, PICKING_DELIVERY_SCHEMAS, {
    delivery: async ({ query, call }) => service.pickingDelivery(query, call),
  });
}
