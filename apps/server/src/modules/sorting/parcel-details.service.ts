import {
  type TAcceptanceReport,
  type TDimension,
  type TMeasures,
  type TParcelMeasureRequest,
  type TParcelSticker,
  type TParcelWeightRequest,
  type TStickerQuery,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { authorise, notFound, parcelNotFound, presentMeasures } from './sorting.presenter.js';
import { type ParcelRow, type SortingRepository } from './sorting.repository.js';
import { createSortingReader } from './scan-reads.repository.js';
import { presentDimension } from '../dimensions/index.js';

/** Spec part 1 §5: measures are positive numbers; ours: at most 10 000 cm. */
const MAX_CENTIMETRES = 10_000;

/** Captions of the parcel sticker (labels print what they are given). */
const STICKER_CAPTIONS: Record<
  TStickerQuery['lang'],
  { route: string; client: string; destination: string }
> = {
  ru: { route: 'Маршрут', client: 'Клиент', destination: 'Направление' },
  en: { route: 'Route', client: 'Client', destination: 'Destination' },
};

/**
 * Spec part 1 §5 and §7: measure and weight, the parcel's measures, dimension types, the
 * sticker, attention and damage flags, and the acceptance of an inbound supply.
 */
export function createParcelDetailsService(deps: {
  db: Db;
  repository: RepositoryFactory<Db, SortingRepository>;
}) {
  const { db } = deps;
  const reader = createSortingReader(db);
  const changes = operationsOver(db, deps.repository);

  /** The parcel, locked, in a warehouse the user may use (else 104 / 403). */
  async function lockOwnParcel(
    repository: SortingRepository,
    parcelId: number,
    context: CallContext,
  ): Promise<ParcelRow> {
    const parcel = await repository.lockParcel(parcelId);
    const warehouse = parcel ? await repository.findWarehouseById(parcel.warehouseId) : null;
    if (!parcel || !warehouse) {
      throw refusal('objectNotFound', 'parcelNotFound', { barcode: String(parcelId) });
    }
    authorise(context.user, warehouse);
    return parcel;
  }

  /** A change of one parcel: locked, authorised, recorded; idempotent by operation id. */
  function changeParcel<T>(
    parcelId: number,
    context: CallContext,
    change: (
      repository: SortingRepository,
      parcel: ParcelRow,
    ) => Promise<{
      value: T;
      kind: string;
      payload: Record<string, unknown>;
    }>,
  ): Promise<OperationOutcome<T>> {
    return changes.run(context, async (repository) => {
      const parcel = await lockOwnParcel(repository, parcelId, context);
      const { value, kind, payload } = await change(repository, parcel);
      await repository.events.record(
        { userId: context.user.id, warehouseId: parcel.warehouseId },
        kind,
        { parcelId: parcel.id, parcelNumber: parcel.number, ...payload },
        [parcel.number],
      );
      return value;
    });
  }

  return {
    measure(
      request: TParcelMeasureRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TMeasures>> {
      const values = [request.height, request.width, request.length];
      if (values.some((value) => !(value > 0) || value > MAX_CENTIMETRES)) {
        throw refusal('invalidMeasure', 'invalidMeasure');
      }
      return changeParcel(request.parcelId, context, async (repository, parcel) => {
        const measured = {
          heightCm: request.height,
          widthCm: request.width,
          lengthCm: request.length,
        };
        await repository.updateParcel(parcel.id, { ...measured, needsMeasure: false });
        return {
          value: presentMeasures({ ...parcel, ...measured }),
          kind: 'parcel.measured',
          payload: { height: request.height, width: request.width, length: request.length },
        };
      });
    },

    /** Spec part 1 §5: grams (kg × 1000, rounded); ≤ 0 is refused (f-0027). */
    weigh(
      request: TParcelWeightRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TMeasures>> {
      const grams = Math.round(request.weight);
      if (!(grams > 0) || grams > 2_000_000_000) {
        throw refusal('invalidMeasure', 'invalidWeight');
      }
      return changeParcel(request.parcelId, context, async (repository, parcel) => {
        await repository.updateParcel(parcel.id, { weightGrams: grams, needsWeight: false });
        return {
          value: presentMeasures({ ...parcel, weightGrams: grams }),
          kind: 'parcel.weighed',
          payload: { weight: grams },
        };
      });
    },

    /** `GET /sortingsystem-api/Parcels/{barcode}/measures`; unknown parcel 404. */
    async measures(barcode: string, context: CallContext): Promise<TMeasures> {
      const parcel = await reader.findParcelByNumber(barcode);
      if (!parcel) throw parcelNotFound(barcode);
      authorise(context.user, parcel.warehouse);
      return presentMeasures(parcel);
    },

    /** A dimension type by barcode: a common one, or one of a warehouse the user may use. */
    async dimension(barcode: string, context: CallContext): Promise<TDimension> {
      const row = await reader.findDimensionByBarcode(barcode);
      if (!row) throw notFound('dimensionNotFound', barcode);
      if (row.warehouseCode !== null) {
        const warehouse = await reader.findWarehouseByCode(row.warehouseCode);
        if (!warehouse) throw notFound('dimensionNotFound', barcode);
        authorise(context.user, warehouse);
      }
      return presentDimension(row);
    },

    /** The parcel sticker as the `parcel` label's print job payload. */
    async sticker(
      parcelId: number,
      lang: TStickerQuery['lang'],
      context: CallContext,
    ): Promise<TParcelSticker> {
      const parcel = await reader.findParcelById(parcelId);
      if (!parcel) {
        throw refusal('objectNotFound', 'parcelNotFound', { barcode: String(parcelId) });
      }
      authorise(context.user, parcel.warehouse);
      const captions = STICKER_CAPTIONS[lang];
      return {
        barcodeName: 'parcel',
        barcodeData: [
          { name: 'barcode', value: parcel.number },
          { name: 'name', value: parcel.name },
          { name: 'destination', value: `${captions.destination} ${parcel.sortingName}` },
          ...(parcel.routeNumber
            ? [{ name: 'route', value: `${captions.route} ${parcel.routeNumber}` }]
            : []),
          ...(parcel.clientName
            ? [{ name: 'client', value: `${captions.client} ${parcel.clientName}` }]
            : []),
        ],
      };
    },

    stickerPrinted(parcelId: number, context: CallContext): Promise<OperationOutcome<null>> {
      return changeParcel(parcelId, context, async (repository, parcel) => {
        await repository.updateParcel(parcel.id, {
          needsSticker: false,
          stickerPrintedAt: new Date(),
        });
        return { value: null, kind: 'parcel.stickerPrinted', payload: {} };
      });
    },

    /** Spec part 1 §4: after the damage check the attention flag is deleted. */
    clearAttention(parcelId: number, context: CallContext): Promise<OperationOutcome<null>> {
      return changeParcel(parcelId, context, async (repository, parcel) => {
        await repository.updateParcel(parcel.id, { attentionMessage: null });
        return {
          value: null,
          kind: 'parcel.attentionCleared',
          payload: { comment: parcel.attentionMessage },
        };
      });
    },

    reportDamage(
      parcelId: number,
      comment: string,
      context: CallContext,
    ): Promise<OperationOutcome<null>> {
      return changeParcel(parcelId, context, async (repository, parcel) => {
        await repository.updateParcel(parcel.id, { isDamaged: true, damageComment: comment });
        return { value: null, kind: 'parcel.damaged', payload: { comment } };
      });
    },

    /** Spec part 1 §7 `documents/inbound/arrive?barcode`: the supply of a `.69.` report. */
    async arriveInbound(
      barcode: string,
      context: CallContext,
    ): Promise<OperationOutcome<TAcceptanceReport>> {
      const found = await reader.findInboundByAcceptanceBarcode(barcode);
      if (!found) throw notFound('inboundNotFound', barcode);
      authorise(context.user, found.warehouse);
      return changes.run(context, async (repository) => {
        if (found.arrivedAt === null) {
          await repository.markInboundArrived(found.id);
          await repository.events.record(
            { userId: context.user.id, warehouseId: found.warehouse.id },
            'inbound.arrived',
            { inboundNumber: found.number, acceptanceBarcode: barcode },
            [barcode, found.number],
          );
        }
        return {
          detailsQuantity: found.detailsQuantity,
          name: found.senderName,
          inboundNumber: found.number,
        };
      });
    },
  };
}

export type ParcelDetailsService = ReturnType<typeof createParcelDetailsService>;
