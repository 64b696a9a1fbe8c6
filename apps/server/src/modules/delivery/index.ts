import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ModuleDeps } from '../../http/server-module.js';
import type { PickingHandOver } from '../picking/index.js';
import { deliveryRoutes } from './delivery.routes.js';
import { createDeliveryRepository } from './delivery.repository.js';
import { createDeliveryHandOver, createDeliveryService } from './delivery.service.js';

/** Delivery to a recipient (docs/DECISIONS.md "Delivery to a recipient"). */
export async function registerDelivery(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(deliveryRoutes, {
    service: createDeliveryService({
      db: deps.database.db,
      repository: createDeliveryRepository,
      now: deps.now,
    }),
  });
}

/** The hand-over the picking module runs at `end`, in the end's transaction. */
export function deliveryHandOver(tx: Db): PickingHandOver {
  return createDeliveryHandOver(createDeliveryRepository(tx));
}
