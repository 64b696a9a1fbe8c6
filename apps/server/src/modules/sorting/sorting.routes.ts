import type { FastifyInstance } from 'fastify';
import {
  ZBarcodeQuery,
  ZBoxCreateRequest,
  ZBoxSearchRequest,
  ZCellSearchRequest,
  ZCellSuggestRequest,
  ZContainerMoveRequest,
  ZMoveRequest,
  ZParcelDamageRequest,
  ZParcelBarcodeParams,
  ZParcelIdParams,
  ZParcelMeasureRequest,
  ZParcelScanRequest,
  ZParcelWeightRequest,
  ZStickerQuery,
  ZVisionBoxesRequest,
  ZVisionParams,
} from '@sorting/contracts';
import { answer, answerOutcome, callContextOf } from '../../http/route-context.js';
import type { ContainersService } from './containers.service.js';
import type { ParcelDetailsService } from './parcel-details.service.js';
import type { SortingService } from './sorting.service.js';

/** Spec part 1 §7 "Sorting" calls (and the vision boxes lookup of part 2 §7). */
export async function sortingRoutes(
  app: FastifyInstance,
  options: {
    sorting: SortingService;
    details: ParcelDetailsService;
    containers: ContainersService;
  },
): Promise<void> {
  const { sorting, details, containers } = options;
  const guarded = { preHandler: app.requireSession };

  app.post('/sorting-api/parcels/scan', guarded, async (request) => {
    const body = ZParcelScanRequest.parse(request.body ?? {});
    return answer(app, request, await sorting.scanParcel(body, callContextOf(request)));
  });

  app.post('/sorting-api/boxes/search', guarded, async (request) => {
    const body = ZBoxSearchRequest.parse(request.body ?? {});
    return answer(app, request, await sorting.searchBox(body, callContextOf(request)));
  });

  app.post('/sorting-api/cells/search', guarded, async (request) => {
    const body = ZCellSearchRequest.parse(request.body ?? {});
    return answer(app, request, await sorting.searchCell(body, callContextOf(request)));
  });

  app.post('/sorting-api/cells/suggest', guarded, async (request) => {
    const body = ZCellSuggestRequest.parse(request.body ?? {});
    return answer(app, request, await sorting.suggestCells(body, callContextOf(request)));
  });

  app.post('/sorting-api/move', guarded, async (request) => {
    const body = ZMoveRequest.parse(request.body ?? {});
    return answerOutcome(app, request, await sorting.move(body, callContextOf(request)));
  });

  app.post('/sorting-api/boxes/create', guarded, async (request) => {
    const body = ZBoxCreateRequest.parse(request.body ?? {});
    return answerOutcome(app, request, await sorting.createBoxes(body, callContextOf(request)));
  });

  app.post('/sorting-api/parcels/measure', guarded, async (request) => {
    const body = ZParcelMeasureRequest.parse(request.body ?? {});
    return answerOutcome(app, request, await details.measure(body, callContextOf(request)));
  });

  app.post('/sorting-api/parcels/weight', guarded, async (request) => {
    const body = ZParcelWeightRequest.parse(request.body ?? {});
    return answerOutcome(app, request, await details.weigh(body, callContextOf(request)));
  });

  app.get('/sorting-api/dimension', guarded, async (request) => {
    const query = ZBarcodeQuery.parse(request.query ?? {});
    return answer(app, request, await details.dimension(query.barcode, callContextOf(request)));
  });

  app.get('/sortingsystem-api/Parcels/:barcode/measures', guarded, async (request) => {
    const params = ZParcelBarcodeParams.parse(request.params);
    return answer(app, request, await details.measures(params.barcode, callContextOf(request)));
  });

  app.post('/sortingsystem-api/documents/inbound/arrive', guarded, async (request) => {
    const query = ZBarcodeQuery.parse(request.query ?? {});
    return answerOutcome(
      app,
      request,
      await details.arriveInbound(query.barcode, callContextOf(request)),
    );
  });

  app.get('/sorting-api/Parcels/:id/sticker', guarded, async (request) => {
    const params = ZParcelIdParams.parse(request.params);
    const query = ZStickerQuery.parse(request.query ?? {});
    return answer(
      app,
      request,
      await details.sticker(params.id, query.lang, callContextOf(request)),
    );
  });

  app.put('/sorting-api/Parcels/:id/sticker_printed', guarded, async (request) => {
    const params = ZParcelIdParams.parse(request.params);
    return answerOutcome(
      app,
      request,
      await details.stickerPrinted(params.id, callContextOf(request)),
    );
  });

  app.delete('/sorting-api/parcels/:id/attention', guarded, async (request) => {
    const params = ZParcelIdParams.parse(request.params);
    return answerOutcome(
      app,
      request,
      await details.clearAttention(params.id, callContextOf(request)),
    );
  });

  app.put('/sorting-api/parcels/:id/damage', guarded, async (request) => {
    const params = ZParcelIdParams.parse(request.params);
    const body = ZParcelDamageRequest.parse(request.body ?? {});
    return answerOutcome(
      app,
      request,
      await details.reportDamage(params.id, body.Comment, callContextOf(request)),
    );
  });

  app.post('/sorting-api/ContainerAccounting/move', guarded, async (request) => {
    const body = ZContainerMoveRequest.parse(request.body ?? {});
    return answerOutcome(
      app,
      request,
      await containers.moveContainer(body, callContextOf(request)),
    );
  });

  app.get('/sorting-api/ContainerAccounting', guarded, async (request) => {
    const query = ZBarcodeQuery.parse(request.query ?? {});
    return answer(
      app,
      request,
      await containers.findContainer(query.barcode, callContextOf(request)),
    );
  });

  // Spec part 1 §7 "returnable boxes": these three paths are spelt containerAccounting, the
  // sorting ones above ContainerAccounting; Fastify matches case-sensitively, so both exist.
  app.get('/sorting-api/containerAccounting/all', guarded, async (request) =>
    answer(app, request, await containers.listContainers(callContextOf(request))),
  );

  app.delete('/sorting-api/containerAccounting', guarded, async (request) => {
    const query = ZBarcodeQuery.parse(request.query ?? {});
    return answerOutcome(
      app,
      request,
      await containers.deleteContainer(query.barcode, callContextOf(request)),
    );
  });

  app.get('/sorting-api/containerAccounting/sticker', guarded, async (request) => {
    const query = ZBarcodeQuery.parse(request.query ?? {});
    return answer(
      app,
      request,
      await containers.containerSticker(query.barcode, callContextOf(request)),
    );
  });

  app.post('/vision-api/v1/:warehouse/VisionFragment/boxes', guarded, async (request) => {
    const params = ZVisionParams.parse(request.params);
    const body = ZVisionBoxesRequest.parse(request.body ?? {});
    return answer(
      app,
      request,
      await containers.visionBoxes(params.warehouse, body.barcode, callContextOf(request)),
    );
  });
}
