import type { FastifyInstance } from 'fastify';
import {
  SORTING_ROUTES,
  SORTING_SCHEMAS,
  SORTING_SYSTEM_ROUTES,
  SORTING_SYSTEM_SCHEMAS,
  VISION_ROUTES,
  VISION_SCHEMAS,
} from '@sorting/contracts';
import { registerRoutes } from '../../http/typed-routes.js';
import type { ContainersService } from './containers.service.js';
import type { ContextService } from './context.service.js';
import type { ParcelDetailsService } from './parcel-details.service.js';
import type { SortingService } from './sorting.service.js';

/**
 * Spec part 1 §7 "Authentication and context", "Sorting" and the sorting system calls, and the
 * vision boxes lookup of part 2 §7: the routes of `SORTING_ROUTES`, `SORTING_SYSTEM_ROUTES`
 * and `VISION_ROUTES` (paths, access and schemas are in packages/contracts).
 */
export async function sortingRoutes(
  app: FastifyInstance,
  options: {
    context: ContextService;
    sorting: SortingService;
    details: ParcelDetailsService;
    containers: ContainersService;
  },
): Promise<void> {
  const { context, sorting, details, containers } = options;
  registerRoutes(app, SORTING_ROUTES, SORTING_SCHEMAS, {
    searchWarehouse: async ({ call }) => context.searchWarehouse(call),
    searchZone: async ({ body, call }) => context.searchZone(body, call),
    listWarehouses: async ({ call }) => context.listWarehouses(call),
    listZones: async ({ call }) => context.listZones(call),
    scanParcel: async ({ body, call }) => sorting.scanParcel(body, call),
    searchBox: async ({ body, call }) => sorting.searchBox(body, call),
    searchCell: async ({ body, call }) => sorting.searchCell(body, call),
    suggestCells: async ({ body, call }) => sorting.suggestCells(body, call),
    move: async ({ body, call }) => sorting.move(body, call),
    createBoxes: async ({ body, call }) => sorting.createBoxes(body, call),
    measure: async ({ body, call }) => details.measure(body, call),
    weigh: async ({ body, call }) => details.weigh(body, call),
    dimension: async ({ query, call }) => details.dimension(query.barcode, call),
    sticker: async ({ params, query, call }) => details.sticker(params.id, query.lang, call),
    stickerPrinted: async ({ params, call }) => details.stickerPrinted(params.id, call),
    clearAttention: async ({ params, call }) => details.clearAttention(params.id, call),
    reportDamage: async ({ params, body, call }) =>
      details.reportDamage(params.id, body.Comment, call),
    moveContainer: async ({ body, call }) => containers.moveContainer(body, call),
    findContainer: async ({ query, call }) => containers.findContainer(query.barcode, call),
    listContainers: async ({ call }) => containers.listContainers(call),
    deleteContainer: async ({ query, call }) => containers.deleteContainer(query.barcode, call),
    containerSticker: async ({ query, call }) => containers.containerSticker(query.barcode, call),
  });
  registerRoutes(app, SORTING_SYSTEM_ROUTES, SORTING_SYSTEM_SCHEMAS, {
    measures: async ({ params, call }) => details.measures(params.barcode, call),
    arriveInbound: async ({ query, call }) => details.arriveInbound(query.barcode, call),
  });
  registerRoutes(app, VISION_ROUTES, VISION_SCHEMAS, {
    boxes: async ({ body, call }) => containers.visionBoxes(body.barcode, call),
  });
}
