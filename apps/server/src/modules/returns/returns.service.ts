import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  type AppError,
  type MessageParams,
  DEFAULT_CURRENCY_POSTFIX,
  REASON_DISABLED,
  REASON_ENABLED,
  RETURN_PHOTOS_MAX_PER_BARCODE,
  RETURN_PHOTOS_REQUIRED,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_TYPES,
  RETURN_REASON_CODES,
  RETURNS_ROUTES,
  fillPath,
  returnCostOf,
  type TAcceptedReturn,
  type TReturn2Request,
  type TReturnAccepted,
  type TReturnImageRequest,
  type TReturnItem,
  type TReturnPhoto,
  type TReturnPhotoType,
  type TReturnPoliciesRequest,
  type TReturnReasonCode,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { canUseWarehouse } from '../../lib/authorise.js';
import type { PhotoStore } from './photo-store.js';
import type {
  ReturnPhotoRow,
  ReturnWarehouseRow,
  ReturnsRepository,
  ShippedItemRow,
  ShippedOrderRow,
} from './returns.repository.js';

/** Ours (not in the spec): what `GET /returns-api/return/returns?barcode=` answers. */
/** An unaccepted photo older than this is abandoned and swept. */
export const ABANDONED_PHOTO_AGE_MS = 24 * 60 * 60 * 1000;
/** Photos one sweep transaction deletes; the sweep repeats until none is left. */
const SWEEP_BATCH = 100;

/** The reasons' titles for messages (the web has its own, with descriptions). */
/** The catalogue key of a reason's title: the error handler words it in the caller's language. */
function reasonTitleKey(code: TReturnReasonCode): MessageKey {
  return `returnReason_${code}`;
}

/** `data:image/jpeg;base64,` before the base64 text (a browser's FileReader gives one). */
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i;

/** Where the web reads a photo: the photo route of the map, so its path exists once. */
function photoUrlOf(id: string): string {
  return fillPath(RETURNS_ROUTES.readPhoto.path, { id });
}

function presentPhoto(row: ReturnPhotoRow): TReturnPhoto {
  return {
    id: row.id,
    barcode: row.barcode,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: photoUrlOf(row.id),
  };
}

/** Kopecks → rubles with two decimals, as the wire carries money. */
function rublesOf(kopecks: number): number {
  return Math.round(kopecks) / 100;
}

function quantityAvailableOf(item: ShippedItemRow): number {
  return Math.max(0, item.quantityShipped - item.quantityReturned);
}

/** The cost basis returnCostOf reckons from: the price of every unit still returnable. */
function costBasisOf(item: ShippedItemRow) {
  const quantityAvailable = quantityAvailableOf(item);
  return { quantityAvailable, returnCost: rublesOf(item.unitPriceKopecks * quantityAvailable) };
}

function presentItem(order: ShippedOrderRow, item: ShippedItemRow): TReturnItem {
  const { quantityAvailable, returnCost } = costBasisOf(item);
  return {
    code: item.code,
    barcode: order.parcelBarcode,
    article: item.article,
    brand: item.brand,
    name: item.name,
    quantityAvailable,
    returnCost,
    currencyPostfix: order.currencyPostfix || DEFAULT_CURRENCY_POSTFIX,
    images: item.imageUrls,
    shippedDateUtc: order.shippedAt.toISOString(),
    shipmentWarehouseCode: String(order.warehouse.number),
    reasons: RETURN_REASON_CODES.map((code) => ({
      code,
      disableCode: item.disabledReasons.includes(code) ? REASON_DISABLED : REASON_ENABLED,
    })),
  };
}

function isPhotoType(mime: string | undefined): mime is TReturnPhotoType {
  return (RETURN_PHOTO_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * Spec part 1 §7 "Returns": policies, return2 and the photos of a return
 * (docs/DECISIONS.md "Returns").
 */
export function createReturnsService(options: {
  db: Db;
  repository: RepositoryFactory<Db, ReturnsRepository>;
  photoStore: PhotoStore;
  now: () => Date;
  /** A photo's bytes that could not be removed after its row went (left for the operator). */
  logError: (error: unknown, what: string) => void;
}) {
  const { db, repository: repositoryOver, photoStore, now, logError } = options;
  const reader = repositoryOver(db);

  function refuse(key: MessageKey, params: MessageParams = {}): AppError {
    return refusal('refused', key, params);
  }

  /**
   * Who may return an order: a user who may use the order's warehouse (own sorting centre or
   * default one). An object's warehouse, so checked here; the route's own is the hook's.
   */
  function authorise(context: CallContext, warehouse: ReturnWarehouseRow): void {
    if (!canUseWarehouse(context.user, warehouse)) {
      throw refusal('forbidden', 'warehouseForbidden', { number: warehouse.number });
    }
  }

  /** The orders of the barcodes, in their order; the first unknown one is 404. */
  async function findOrdersOrRefuse(
    repository: ReturnsRepository,
    barcodes: string[],
    context: CallContext,
  ): Promise<ShippedOrderRow[]> {
    const unique = [...new Set(barcodes)];
    const found = new Map(
      (await repository.findOrders(unique)).map((order) => [order.parcelBarcode, order]),
    );
    return unique.map((barcode) => {
      const order = found.get(barcode);
      if (!order) {
        throw refusal('parcelNotFound', 'returnParcelNotFound', { barcode });
      }
      authorise(context, order.warehouse);
      return order;
    });
  }

  /** A change in one transaction, idempotent by the call's operation id (db/operations.ts). */
  const changes = operationsOver(db, repositoryOver);

  /** Removes bytes whose row is gone; a failure only leaves an unreferenced file behind. */
  async function deleteBytes(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await photoStore.delete(key);
      } catch (error) {
        logError(error, `return photo ${key}: bytes not deleted`);
      }
    }
  }

  /** Checks a return2 list against the locked items and photos; throws the first refusal. */
  function checkLines(
    lines: TReturn2Request,
    items: Map<string, ShippedItemRow>,
    photos: Map<string, ReturnPhotoRow>,
  ): void {
    const requested = new Map<ShippedItemRow, number>();
    const seenPhotos = new Set<string>();
    for (const line of lines) {
      const item = items.get(`${line.barcode}\n${line.code}`);
      if (!item) {
        throw refuse('returnItemNotFound', { code: line.code, barcode: line.barcode });
      }
      const reason = { key: reasonTitleKey(line.reasonCode) };
      if (item.disabledReasons.includes(line.reasonCode)) {
        throw refuse('returnReasonDisabled', { reason, code: line.code });
      }
      const quantity = (requested.get(item) ?? 0) + line.quantity;
      requested.set(item, quantity);
      const available = quantityAvailableOf(item);
      if (quantity > available) {
        throw refuse('returnQuantityExceeded', { code: line.code, available, quantity });
      }
      for (const id of line.imagesIds) {
        if (seenPhotos.has(id)) throw refuse('returnPhotoRepeated', { id });
        seenPhotos.add(id);
        const photo = photos.get(id);
        if (!photo) throw refuse('returnPhotoUnknown', { id });
        if (photo.barcode !== line.barcode) {
          throw refuse('returnPhotoOfOtherParcel', { id });
        }
        if (photo.returnLineId !== null) throw refuse('returnPhotoAccepted', { id });
      }
      const required = RETURN_PHOTOS_REQUIRED[line.reasonCode];
      if (line.imagesIds.length < required) {
        throw refuse('returnPhotosMissing', {
          reason,
          required,
          given: line.imagesIds.length,
        });
      }
    }
  }

  return {
    /** Every item of every listed parcel, also those with nothing left to return. */
    async policies(body: TReturnPoliciesRequest, context: CallContext): Promise<TReturnItem[]> {
      // The body's warehouseCode: the route hook resolved it and refused another centre's.
      if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
      const orders = await findOrdersOrRefuse(reader, body.parcelBarcode, context);
      const items = await reader.listItems(orders.map((order) => order.id));
      return orders.flatMap((order) =>
        items.filter((item) => item.orderId === order.id).map((item) => presentItem(order, item)),
      );
    },

    /**
     * Accepts a return: every line checked against the quantities and photos as they are
     * now, under row locks, and written in one transaction; the server reckons the cost.
     */
    async accept(
      lines: TReturn2Request,
      context: CallContext,
    ): Promise<OperationOutcome<TReturnAccepted>> {
      return changes.run(context, async (repository) => {
        const orders = await findOrdersOrRefuse(
          repository,
          lines.map((line) => line.barcode),
          context,
        );
        const barcodeOf = new Map(orders.map((order) => [order.id, order.parcelBarcode]));
        const lockedItems = await repository.lockItems(orders.map((order) => order.id));
        const items = new Map(
          lockedItems.map((item) => [`${barcodeOf.get(item.orderId)}\n${item.code}`, item]),
        );
        const photoIds = lines.flatMap((line) => line.imagesIds);
        const photos = new Map(
          (await repository.lockPhotos([...new Set(photoIds)])).map((photo) => [photo.id, photo]),
        );
        checkLines(lines, items, photos);

        const at = now();
        // The first parcel's shipment warehouse: the goods go back where they left from.
        const warehouse = orders[0]?.warehouse;
        if (!warehouse) throw new Error('return without a parcel');
        const returnId = await repository.insertReturn({
          userId: context.user.id,
          warehouseId: warehouse.id,
          operationId: context.operationId,
          acceptedAt: at,
        });
        const accepted: TReturnAccepted = { returnId, items: [] };
        for (const line of lines) {
          const item = items.get(`${line.barcode}\n${line.code}`);
          if (!item) throw new Error('checked item missing');
          const returnCost = returnCostOf(costBasisOf(item), line.quantity, line.reasonCode);
          const lineId = await repository.insertLine({
            returnId,
            itemId: item.id,
            quantity: line.quantity,
            reasonCode: line.reasonCode,
            reasonComment: line.reasonComment,
            comment: line.comment,
            returnCostKopecks: Math.round(returnCost * 100),
          });
          await repository.bindPhotos(line.imagesIds, lineId);
          accepted.items.push({
            code: line.code,
            barcode: line.barcode,
            quantity: line.quantity,
            returnCost,
          });
        }
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at },
          'return.accepted',
          { returnId, items: accepted.items },
        );
        return accepted;
      });
    },

    /**
     * Stores a photo of a parcel's return: type by content, size and per-parcel limits.
     * The bytes are written before the row commits, so a row never names missing bytes.
     */
    async uploadPhoto(
      body: TReturnImageRequest,
      context: CallContext,
    ): Promise<OperationOutcome<TReturnPhoto>> {
      const base64 = body.fileData.replace(DATA_URL_PREFIX, '');
      // A cheap bound before decoding: 4 characters carry 3 bytes.
      if (Math.floor((base64.length * 3) / 4) > RETURN_PHOTO_MAX_BYTES + 3) {
        throw refusal('photoTooLarge', 'photoTooLarge', {
          megabytes: RETURN_PHOTO_MAX_BYTES / 1024 / 1024,
        });
      }
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > RETURN_PHOTO_MAX_BYTES) {
        throw refusal('photoTooLarge', 'photoTooLarge', {
          megabytes: RETURN_PHOTO_MAX_BYTES / 1024 / 1024,
        });
      }
      const type = bytes.length === 0 ? undefined : await fileTypeFromBuffer(bytes);
      if (!isPhotoType(type?.mime)) {
        throw refusal('photoNotImage', 'photoNotImage', { fileName: body.fileName });
      }
      const contentType = type.mime;
      await findOrdersOrRefuse(reader, [body.barcode], context);

      const id = randomUUID();
      let written = false;
      try {
        return await changes.run(context, async (repository) => {
          await repository.lockOrder(body.barcode);
          const held = await repository.countUnboundPhotos(body.barcode);
          if (held >= RETURN_PHOTOS_MAX_PER_BARCODE) {
            throw refusal('tooManyPhotos', 'tooManyPhotos', {
              barcode: body.barcode,
              max: RETURN_PHOTOS_MAX_PER_BARCODE,
            });
          }
          await photoStore.put(id, bytes, contentType);
          written = true;
          const row: ReturnPhotoRow = {
            id,
            barcode: body.barcode,
            fileName: body.fileName,
            contentType,
            size: bytes.length,
            storageKey: id,
            uploadedBy: context.user.id,
            uploadedAt: now(),
            returnLineId: null,
          };
          await repository.insertPhoto(row);
          return presentPhoto(row);
        });
      } catch (error) {
        // Bytes whose row surely did not commit go; when the database cannot tell (a lost
        // commit answer), they stay: an unreferenced file is harmless, a row without bytes not.
        if (written && (await reader.findPhoto(id).catch(() => undefined)) === null) {
          await deleteBytes([id]);
        }
        throw error;
      }
    },

    /** Deletes a photo not yet in an accepted return: the row, then its bytes. */
    async deletePhoto(id: string, context: CallContext): Promise<OperationOutcome<true>> {
      const removedKeys: string[] = [];
      const outcome = await changes.run(context, async (repository) => {
        const [photo] = await repository.lockPhotos([id]);
        if (!photo) {
          throw refusal('objectNotFound', 'returnPhotoUnknown', { id });
        }
        await findOrdersOrRefuse(repository, [photo.barcode], context);
        if (photo.returnLineId !== null) throw refuse('returnPhotoAccepted', { id });
        await repository.deletePhoto(id);
        removedKeys.push(photo.storageKey);
        return true as const;
      });
      await deleteBytes(removedKeys);
      return outcome;
    },

    /** A photo's bytes and type, for the gallery. */
    async readPhoto(
      id: string,
      context: CallContext,
    ): Promise<{ bytes: Buffer; contentType: TReturnPhotoType }> {
      const photo = await reader.findPhoto(id);
      const notFound = () => refusal('objectNotFound', 'returnPhotoUnknown', { id });
      if (!photo) throw notFound();
      await findOrdersOrRefuse(reader, [photo.barcode], context);
      const bytes = await photoStore.get(photo.storageKey);
      if (!bytes) throw notFound();
      return { bytes, contentType: photo.contentType };
    },

    /** The accepted returns of a parcel, newest first, with their photos. */
    async listReturns(barcode: string, context: CallContext): Promise<TAcceptedReturn[]> {
      await findOrdersOrRefuse(reader, [barcode], context);
      const lines = await reader.listAcceptedLines(barcode);
      const photos = await reader.listLinePhotos(lines.map((line) => line.lineId));
      const returns = new Map<number, TAcceptedReturn>();
      for (const line of lines) {
        let accepted = returns.get(line.returnId);
        if (!accepted) {
          accepted = {
            returnId: line.returnId,
            acceptedAtUtc: line.acceptedAt.toISOString(),
            userName: line.userName,
            warehouseCode: String(line.warehouseNumber),
            items: [],
          };
          returns.set(line.returnId, accepted);
        }
        accepted.items.push({
          code: line.code,
          barcode: line.barcode,
          quantity: line.quantity,
          reasonCode: line.reasonCode,
          reasonComment: line.reasonComment,
          comment: line.comment,
          returnCost: rublesOf(line.returnCostKopecks),
          images: photos.filter((photo) => photo.returnLineId === line.lineId).map(presentPhoto),
        });
      }
      return [...returns.values()];
    },

    /**
     * Deletes photos never put in an accepted return and older than a day, rows first and
     * bytes after; safe to run in several server processes at once. Answers how many went.
     */
    async sweepAbandonedPhotos(): Promise<number> {
      const before = new Date(now().getTime() - ABANDONED_PHOTO_AGE_MS);
      let swept = 0;
      for (;;) {
        const keys = await db.transaction((tx) =>
          repositoryOver(tx).deleteAbandonedPhotos(before, SWEEP_BATCH),
        );
        await deleteBytes(keys);
        swept += keys.length;
        if (keys.length < SWEEP_BATCH) return swept;
      }
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
