import type { FastifyInstance } from 'fastify';
import { DOCUMENTS_ROUTES, DOCUMENTS_SCHEMAS, DOCUMENTS_TOTAL_HEADER } from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { DocumentsService } from './documents.service.js';

/**
 * Spec part 2 §7 "Inbound and outbound documents": the routes of `DOCUMENTS_ROUTES` (paths,
 * access and schemas are in packages/contracts). The heads answer the spec's array; the number
 * matching the filter travels in `X-Total-Count` (ours, additive: paging by 40, part 2 §9).
 */
export async function documentsRoutes(
  app: FastifyInstance,
  options: { service: DocumentsService },
): Promise<void> {
  const { service } = options;
  registerRoutes(app, DOCUMENTS_ROUTES, DOCUMENTS_SCHEMAS, {
    inboundStatesCount: async ({ body, call }) => service.countStates(body, call),
    inboundHeads: async ({ body, call, reply }) => {
      const page = await service.inboundHeads(body, call);
      void reply.header(DOCUMENTS_TOTAL_HEADER, String(page.total));
      return page.heads;
    },
    inboundDetails: async ({ query, call }) => service.inboundDetails(query.inboundId, call),
    outboundHeads: async ({ body, call, reply }) => {
      const page = await service.outboundHeads(body, call);
      void reply.header(DOCUMENTS_TOTAL_HEADER, String(page.total));
      return page.heads;
    },
    outboundDetails: async ({ query, call }) => service.outboundDetails(query.outboundId, call),
    closeInbound: async ({ query, call }) => service.closeInbound(query.inboundId, call),
    receiptPlaceId: async ({ query, call }) => service.receiptPlaceId(query.inboundId, call),
    outboundSyncState: async ({ body, call }) =>
      service.clearSyncKeys(
        body.map((item) => item.OutboundId),
        call,
      ),
    inboundDetailLabel: async ({ params, call }) =>
      service.detailLabel(params.inboundDetailId, call),
    inboundDetailStickered: async ({ params, call }) =>
      service.markStickered(params.inboundDetailId, call),
    receiptPlace: async ({ params, call }) => service.receiptPlace(params.id, call),
  });
}
