import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ModuleDeps } from '../../http/server-module.js';
import type { PaymentTerminal } from './payment-terminal.js';
import type { PickingHandOver } from './picking-hand-over.js';
import { pickingPaymentRoutes } from './picking-payment.routes.js';
import { createPickingPaymentRepository } from './picking-payment.repository.js';
import { createPickingPaymentService } from './picking-payment.service.js';
import { createPickingValidationRepository } from './picking-validation.repository.js';
import { createPickingValidationService } from './picking-validation.service.js';
import { pickingRoutes } from './picking.routes.js';
import { createPickingRepository } from './picking.repository.js';
import { createPickingService } from './picking.service.js';
import { createPaymentTerminal } from './simulated-terminal.js';

export type { PaymentTerminal } from './payment-terminal.js';
export type { PickingHandOver } from './picking-hand-over.js';
export {
  openPickingOfCaller,
  pickingWarehouseNumberOf,
  type HeldPicking,
} from './picking-holder.js';

export interface PickingDeps extends ModuleDeps {
  /** The delivery module's hand-over, run in `end`'s transaction (app.ts wires it). */
  handOver: (tx: Db) => PickingHandOver;
  /** The integrated payment terminal when a test gives its own; else the configured one. */
  paymentTerminal?: PaymentTerminal;
}

/** Recipient picking, its validation, payment and item return (spec part 1 §4, §7). */
export async function registerPicking(app: FastifyInstance, deps: PickingDeps): Promise<void> {
  const { config, database, now } = deps;
  const validation = createPickingValidationService({
    db: database.db,
    repository: createPickingRepository,
    validation: createPickingValidationRepository,
    now,
  });
  await app.register(pickingRoutes, {
    service: createPickingService({
      db: database.db,
      repository: createPickingRepository,
      now,
      validation,
      handOver: deps.handOver,
    }),
    validation,
  });
  const payment = createPickingPaymentService({
    db: database.db,
    repository: createPickingRepository,
    payments: createPickingPaymentRepository,
    terminal:
      deps.paymentTerminal ?? createPaymentTerminal(config.paymentTerminal, database.db, now),
    terminalTimeoutMs: config.paymentTerminal.timeoutMs,
    now,
    validation,
  });
  await app.register(pickingPaymentRoutes, { service: payment });
  // Terminal intents a stopped server left without their transaction, settled at start
  // (docs/DECISIONS.md "Picking payment"). Best effort: a database or terminal that fails now
  // leaves them to the next call on each.
  app.addHook('onReady', async () => {
    try {
      const settled = await payment.settleUnstartedIntents();
      if (settled > 0) {
        app.log.warn({ settled }, 'payment intents without a terminal answer settled');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'payment intents not settled at start');
    }
  });
}
