import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, PICKING_ROUTES, PICKING_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { CallContext } from '../../lib/call-context.js';
import type { PickingCaller, PickingService } from './picking.service.js';
import type { PickingValidationService } from './picking-validation.service.js';

/** The call with the device that makes it (its `sorting_device` cookie, when sent). */
export function callerOf(call: CallContext, request: FastifyRequest): PickingCaller {
  const deviceId = request.cookies[DEVICE_COOKIE];
  return { ...call, deviceId: typeof deviceId === 'string' && deviceId !== '' ? deviceId : null };
}

/**
 * Spec part 1 §7 "Recipient picking", part 2 §7 "Picking": the routes of `PICKING_ROUTES`
 * (paths, access and schemas are in packages/contracts).
 */
export async function pickingRoutes(
  app: FastifyInstance,
  options: { service: PickingService; validation: PickingValidationService },
): Promise<void> {
  const { service, validation } = options;
  registerRoutes(app, PICKING_ROUTES, PICKING_SCHEMAS, {
    clients: async ({ query, call }) => service.clients(query, call),
    info: async ({ body, call, request }) =>
      service.info(body.PickingClientCode, callerOf(call, request)),
    begin: async ({ body, call, request }) =>
      service.begin(body.PickingClientCode, callerOf(call, request)),
    search: async ({ body, call }) => service.search(body.PickingId, call),
    pickup: async ({ body, call, request }) => service.pickup(body, callerOf(call, request)),
    end: async ({ body, call, request }) => service.end(body, callerOf(call, request)),
    balance: async ({ body, call }) => validation.balance(body.PickingClientCode, call),
    lost: async ({ body, call, request }) => validation.lost(body, callerOf(call, request)),
    cancel: async ({ body, call, request }) =>
      service.cancel(body.PickingId, callerOf(call, request)),
  });
}
