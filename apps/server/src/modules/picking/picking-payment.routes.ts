import type { FastifyInstance } from 'fastify';
import { PICKING_PAYMENT_ROUTES, PICKING_PAYMENT_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { callerOf } from './picking.routes.js';
import type { PickingPaymentService } from './picking-payment.service.js';

/**
 * Spec part 2 §7 "Picking": payment and item return, the routes of
 * `PICKING_PAYMENT_ROUTES` (paths, access and schemas are in packages/contracts).
 */
export async function pickingPaymentRoutes(
  app: FastifyInstance,
  options: { service: PickingPaymentService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, PICKING_PAYMENT_ROUTES, PICKING_PAYMENT_SCHEMAS, {
    pay: async ({ params, body, call, request }) =>
      service.pay(params.pickingId, body, callerOf(call, request)),
    payState: async ({ params, call }) => service.payState(params.pickingId, call),
    setPayState: async ({ params, body, call, request }) =>
      service.setPayState(params.pickingId, body.State, callerOf(call, request)),
    returnReasons: async ({ query, call }) => service.returnReasons(query.pickingRouteItemId, call),
    returnItem: async ({ body, call, request }) =>
      service.returnItem(body, callerOf(call, request)),
  });
}
