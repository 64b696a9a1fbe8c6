import {
  DELIVERY_MAX_CENTIMETRES,
  DELIVERY_MAX_GRAMS,
  type TDeliveryCreated,
  type TDeliveryItem,
  type TPickingDeliveryQuery,
  type TPickingDeliveryResult,
  type TTariff,
  type TTariffQuery,
  type ZDeliveryCreateRequest,
  type ZDeliveryMeasureRequest,
} from '@sorting/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { operationsOver, repeatWhenUnchanged, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import type { PickingHandOver } from '../picking/index.js';
import { openPickingOfCaller, pickingWarehouseNumberOf } from '../picking/index.js';
import { refusal } from '../../lib/refusal.js';
import { isMeasured, presentDelivery, presentItem, presentTariff } from './delivery.presenter.js';
import type {
  DeliveryItemRow,
  DeliveryPickingRow,
  DeliveryRepository,
  DeliveryRow,
} from './delivery.repository.js';

type CreateInput = z.output<typeof ZDeliveryCreateRequest>;
type MeasureInput = z.output<typeof ZDeliveryMeasureRequest>;

/** The caller's default warehouse number (the picking's, docs/DECISIONS.md "Recipient picking"). */
/** An OPEN picking of the caller's warehouse that is the caller's (as the core's changes). */
async function openPickingOrRefuse(
  repository: DeliveryRepository,
  id: number,
  context: CallContext,
): Promise<DeliveryPickingRow> {
  const picking = await repository.lockPicking(id, pickingWarehouseNumberOf(context));
  return openPickingOfCaller(picking, id, context);
}

/** Spec part 1 §5 bounds: sides > 0 and ≤ 10,000 cm, weight whole grams 1…1,000,000. */
function checkMeasure(body: MeasureInput): void {
  const sides = [body.height, body.width, body.length];
  const isSideBad = sides.some((side) => !(side > 0) || side > DELIVERY_MAX_CENTIMETRES);
  const isWeightBad =
    !Number.isInteger(body.weight) || body.weight <= 0 || body.weight > DELIVERY_MAX_GRAMS;
  if (isSideBad || isWeightBad) throw refusal('invalidMeasure', 'deliveryInvalidMeasure');
}

type Measure = Pick<DeliveryItemRow, 'heightCm' | 'widthCm' | 'lengthCm' | 'weightGrams'>;

/** A package already measured exactly so: measuring it again changes nothing. */
function sameMeasure(item: Measure, measure: Measure): boolean {
  return (
    item.heightCm === measure.heightCm &&
    item.widthCm === measure.widthCm &&
    item.lengthCm === measure.lengthCm &&
    item.weightGrams === measure.weightGrams
  );
}

/**
 * Delivery to a recipient (spec part 2 §3 "Delivery", §4 tariff rule and Delivery flow, §7
 * "Delivery" and `picking/delivery`; docs/DECISIONS.md "Delivery to a recipient"): the tariffs
 * of a warehouse pair, one delivery per open picking with its packages, packages measured,
 * the delivery finished (measures frozen) or skipped (cancelled and unlinked); `end` hands it
 * over through `handOverAtEnd`. Every change runs once per `X-Operation-Id`.
 */
export function createDeliveryService(options: {
  db: Db;
  repository: RepositoryFactory<Db, DeliveryRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf } = options;
  const changes = operationsOver(db, repositoryOf);

  async function deliveryOrRefuse(
    repository: DeliveryRepository,
    id: number,
    context: CallContext,
    lock: boolean,
  ): Promise<DeliveryRow> {
    const delivery = await repository.findDelivery(id, pickingWarehouseNumberOf(context), lock);
    if (!delivery) throw refusal('objectNotFound', 'deliveryNotFound', { id });
    return delivery;
  }

  return {
    /** `GET tariff`: the pair's tariffs; none is an empty list, never an error. */
    async tariff(query: TTariffQuery): Promise<TTariff[]> {
      const rows = await repositoryOf(db).listTariffs(query.fromAddress, query.toAddress);
      return rows.map(presentTariff);
    },

    /**
     * `POST delivery`: the delivery of the open picking `externalCode` with `itemsCount`
     * packages, linked to the picking at once. The picking's live delivery answers again with
     * IsRepeat. A SELF recipient, other warehouses than the recipient's or no tariff → 1.
     */
    async create(
      body: CreateInput,
      context: CallContext,
    ): Promise<OperationOutcome<TDeliveryCreated>> {
      const outcome = await changes.run(context, async (repository) => {
        const picking = await openPickingOrRefuse(repository, body.externalCode, context);
        const existing = await repository.findLiveDelivery(picking.id);
        if (existing) {
          const items = await repository.listItems(existing.id);
          return { delivery: presentDelivery(existing, items), isRepeat: true };
        }
        if (picking.deliveryType === 'SELF') {
          throw refusal('refused', 'deliverySelfClient', { code: picking.clientCode });
        }
        if (
          picking.warehouseCodeFrom !== body.warehouseFrom ||
          picking.warehouseCodeTo !== body.warehouseTo
        ) {
          throw refusal('refused', 'deliveryWarehousesDiffer', {
            from: body.warehouseFrom,
            to: body.warehouseTo,
            code: picking.clientCode,
          });
        }
        const tariffs = await repository.listTariffs(body.warehouseFrom, body.warehouseTo);
        if (tariffs.length === 0) {
          throw refusal('refused', 'deliveryNoTariff', {
            from: body.warehouseFrom,
            to: body.warehouseTo,
          });
        }
        const at = now();
        const deliveryId = await repository.insertDelivery({
          warehouseId: picking.warehouseId,
          pickingId: picking.id,
          warehouseCodeFrom: body.warehouseFrom,
          warehouseCodeTo: body.warehouseTo,
          addressFrom: body.addressFrom,
          addressTo: body.addressTo,
          // The creation date (UTC), docs/DECISIONS.md "Delivery to a recipient".
          sendDate: at.toISOString().slice(0, 10),
          recipientCode: picking.clientCode,
          recipientName: picking.clientName,
          createdAt: at,
          createdBy: context.user.id,
        });
        await repository.insertItems(deliveryId, body.itemsCount);
        await repository.linkPicking(picking.id, deliveryId);
        const items = await repository.listItems(deliveryId);
        await repository.events.record(
          { userId: context.user.id, warehouseId: picking.warehouseId, at },
          'delivery.created',
          {
            deliveryId,
            pickingId: picking.id,
            clientCode: picking.clientCode,
            packagesCount: items.length,
          },
          [...(await repository.pickingParcels(picking.id)), ...items.map((item) => item.barcode)],
        );
        const delivery = await repository.findLiveDelivery(picking.id);
        if (!delivery) throw new Error(`delivery ${deliveryId} vanished`);
        return { delivery: presentDelivery(delivery, items), isRepeat: false };
      });
      return {
        value: outcome.value.delivery,
        isRepeat: outcome.isRepeat || outcome.value.isRepeat,
      };
    },

    /** `GET items`: the packages by position; unknown or another warehouse's → 104. */
    async items(deliveryId: number, context: CallContext): Promise<TDeliveryItem[]> {
      const repository = repositoryOf(db);
      const delivery = await deliveryOrRefuse(repository, deliveryId, context, false);
      return (await repository.listItems(delivery.id)).map(presentItem);
    },

    /**
     * `measure`: a package's sides and weight, again and again until the delivery is finished
     * (then 1); out of bounds → 422 `invalidMeasure`; a package of another delivery → 104.
     */
    async measure(
      params: { deliveryId: number; deliveryItemId: number },
      body: MeasureInput,
      context: CallContext,
    ): Promise<OperationOutcome<TDeliveryItem>> {
      checkMeasure(body);
      const outcome = await changes.run(context, async (repository) => {
        // The delivery locked: measures of one delivery (a double tap) run one after the other.
        const delivery = await deliveryOrRefuse(repository, params.deliveryId, context, true);
        if (delivery.state !== 'CREATED') {
          throw refusal('refused', 'deliveryFinished', { id: delivery.id });
        }
        const measure = {
          heightCm: body.height,
          widthCm: body.width,
          lengthCm: body.length,
          weightGrams: body.weight,
        };
        const current = await repository.findItem(delivery.id, params.deliveryItemId);
        if (!current) {
          throw refusal('objectNotFound', 'deliveryItemNotFound', {
            id: params.deliveryItemId,
            deliveryId: delivery.id,
          });
        }
        // The same measure again records nothing (docs/DECISIONS.md "Faults and bad input").
        if (sameMeasure(current, measure)) return { value: presentItem(current), unchanged: true };
        const at = now();
        const item = await repository.measureItem(delivery.id, current.id, measure, at);
        if (!item) throw new Error(`delivery item ${current.id} vanished`);
        await repository.events.record(
          { userId: context.user.id, warehouseId: delivery.warehouseId, at },
          'delivery.measured',
          {
            deliveryId: delivery.id,
            positionNumber: item.positionNumber,
            height: body.height,
            width: body.width,
            length: body.length,
            weight: body.weight,
          },
          [item.barcode],
        );
        return { value: presentItem(item), unchanged: false };
      });
      return repeatWhenUnchanged(outcome);
    },

    /**
     * `picking/delivery`: with `deliveryId` the picking's delivery is finished when every
     * package is measured (else 1 listing the positions; finished already → IsRepeat); without
     * it the picking goes on as a plain pick-up, its unfinished delivery cancelled and unlinked.
     */
    async pickingDelivery(
      query: TPickingDeliveryQuery,
      context: CallContext,
    ): Promise<OperationOutcome<TPickingDeliveryResult>> {
      const outcome = await changes.run(context, async (repository) => {
        const picking = await openPickingOrRefuse(repository, query.pickingId, context);
        const live = await repository.findLiveDelivery(picking.id);
        const at = now();
        const event = (kind: string, delivery: DeliveryRow, units: string[]) =>
          repository.events.record(
            { userId: context.user.id, warehouseId: picking.warehouseId, at },
            kind,
            {
              deliveryId: delivery.id,
              pickingId: picking.id,
              clientCode: picking.clientCode,
            },
            units,
          );
        if (query.deliveryId === undefined) {
          if (!live) {
            return {
              result: { pickingId: picking.id, deliveryId: null, outcome: 'skipped' as const },
              isRepeat: true,
            };
          }
          if (live.state !== 'CREATED') {
            throw refusal('refused', 'deliveryAlreadyFinished', { id: live.id });
          }
          const items = await repository.listItems(live.id);
          await repository.setState(live.id, 'CANCELLED', at);
          await repository.linkPicking(picking.id, null);
          await event(
            'delivery.skipped',
            live,
            items.map((item) => item.barcode),
          );
          return {
            result: { pickingId: picking.id, deliveryId: live.id, outcome: 'skipped' as const },
            isRepeat: false,
          };
        }
        if (!live || live.id !== query.deliveryId) {
          throw refusal('objectNotFound', 'deliveryNotFound', { id: query.deliveryId });
        }
        const result = { pickingId: picking.id, deliveryId: live.id, outcome: 'finished' as const };
        if (live.state === 'FINISHED') return { result, isRepeat: true };
        const items = await repository.listItems(live.id);
        const unmeasured = items.filter((item) => !isMeasured(item));
        if (unmeasured.length > 0) {
          throw refusal('refused', 'deliveryUnmeasured', {
            positions: unmeasured.map((item) => item.positionNumber).join(', '),
          });
        }
        await repository.setState(live.id, 'FINISHED', at);
        await event(
          'delivery.finished',
          live,
          items.map((item) => item.barcode),
        );
        return { result, isRepeat: false };
      });
      return { value: outcome.value.result, isRepeat: outcome.isRepeat || outcome.value.isRepeat };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * `picking/end` over a picking's delivery, inside the end's transaction: none →
 * null (a plain pick-up); unfinished → 1; finished → HANDED with the handed parcels and its
 * packages in one event (docs/DECISIONS.md "Delivery to a recipient").
 */
export function createDeliveryHandOver(repository: DeliveryRepository): PickingHandOver {
  return async (input) => {
    const delivery = await repository.findLiveDelivery(input.pickingId);
    if (!delivery) return null;
    if (delivery.state !== 'FINISHED') {
      throw refusal('refused', 'deliveryNotFinished', { id: delivery.id });
    }
    const items = await repository.listItems(delivery.id);
    await repository.setState(delivery.id, 'HANDED', input.at);
    await repository.events.record(
      { userId: input.userId, warehouseId: input.warehouseId, at: input.at },
      'delivery.handedOver',
      {
        deliveryId: delivery.id,
        pickingId: input.pickingId,
        clientCode: input.clientCode,
        parcelsCount: input.parcels.length,
        packagesCount: items.length,
      },
      [...input.parcels, ...items.map((item) => item.barcode)],
    );
    return { deliveryId: delivery.id };
  };
}

export type DeliveryHandOver = ReturnType<typeof createDeliveryHandOver>;
