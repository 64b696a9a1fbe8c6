import type { FastifyInstance } from 'fastify';
import { DECONSOLIDATION_ROUTES, DECONSOLIDATION_SCHEMAS } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import { messageFor } from '../../i18n/messages.js';
import type { DeconsolidationService } from './deconsolidation.service.js';

/**
 * Spec part 2 §7 "Deconsolidation": the routes of `DECONSOLIDATION_ROUTES` (paths, access and
 * schemas are in packages/contracts). The box's Name («Короб 112» / "Box 112") is worded here,
 * at the edge, in the caller's language (docs/DECISIONS.md "Deconsolidation").
 */
export async function deconsolidationRoutes(
  app: FastifyInstance,
  options: { service: DeconsolidationService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, DECONSOLIDATION_ROUTES, DECONSOLIDATION_SCHEMAS, {
    box: async ({ params, call, request }) => {
      const { BoxNumber, ...box } = await service.box(params.barcode, call);
      return { ...box, Name: messageFor(request, 'consolidationBoxName', { number: BoxNumber }) };
    },
    deconsolidate: async ({ params, call }) => service.deconsolidate(params.cellBarcode, call),
  });
}
