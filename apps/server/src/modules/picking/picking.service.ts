import type {
  TCancelResult,
  TEndResult,
  TPicking,
  TPickingClientsPage,
  TPickingClientsQuery,
  TPickingInfo,
  TPickingItems,
  TPickupResult,
  ZEndRequest,
  ZPickupRequest,
} from '@sorting/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import type { PickingHandOver } from './picking-hand-over.js';
import type { MessageKey } from '../../i18n/messages.js';
import { refusal } from '../../lib/refusal.js';
import {
  clientOrRefuse,
  openPickingOrRefuse,
  refuseOtherUserId,
  warehouseOf,
} from './picking-access.js';
import { presentClient, presentInfo, presentItem, rublesOf } from './picking.presenter.js';
import type { PickingRepository } from './picking.repository.js';
import type { PickingValidationService } from './picking-validation.service.js';
import { paymentRulesOver } from './picking-payment-rules.js';

/** The refusal of a barcode that is no item of the picking, by what it names. */
const FOREIGN_BARCODE_KEYS = {
  ownParcel: 'pickingParcelNotInPicking',
  otherRecipient: 'pickingParcelOtherRecipient',
  parcel: 'pickingParcelNoRecipient',
  box: 'pickingNotAParcelBox',
  client: 'pickingNotAParcelClient',
  unknown: 'pickingBarcodeUnknown',
} as const satisfies Record<string, MessageKey>;

/** Who calls: the call context and the device cookie (single picking per device). */
export interface PickingCaller extends CallContext {
  deviceId: string | null;
}

type PickupInput = z.output<typeof ZPickupRequest>;
type EndInput = z.output<typeof ZEndRequest>;

/**
 * Spec part 1 §4 "Picking", §7 "Recipient picking", part 2 §7 "Picking" (docs/DECISIONS.md
 * "Recipient picking"): recipients with parcels in cells, a picking begun, its parcels picked
 * from their cells, then handed out at end or put back at cancel. The warehouse is the
 * caller's default warehouse; every change runs once per `X-Operation-Id`.
 */
export function createPickingService(options: {
  db: Db;
  repository: RepositoryFactory<Db, PickingRepository>;
  now: () => Date;
  handOver?: (tx: Db) => PickingHandOver;
  /** Validation and floor rules (picking-validation.service.ts). */
  validation: Pick<PickingValidationService, 'over' | 'beforeEnd'>;
}) {
  const { db, now, repository: repositoryOf, validation } = options;
  // Each change's repository carries the rules of its transaction and what a
  // payment forbids or requires (picking-payment-rules.ts).
  const withRules = (tx: Db) =>
    Object.assign(repositoryOf(tx), {
      rules: validation.over(tx),
      payments: paymentRulesOver(tx),
    });
  const changes = operationsOver(db, withRules);
  // The end also hands a delivery's parcels over.
  const endChanges = operationsOver(db, (tx) => ({
    repository: withRules(tx),
    handOver: options.handOver?.(tx) ?? null,
  }));

  function deviceTime(timestamp: string | undefined): Date | null {
    return timestamp === undefined ? null : new Date(timestamp);
  }

  return {
    /** `GET clients`: one page of the clients with a parcel in a cell, by name then code. */
    async clients(query: TPickingClientsQuery, context: CallContext): Promise<TPickingClientsPage> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const { rows, totalCount } = await repository.listClients(warehouse.id, {
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map(presentClient),
        totalCount,
        page: query.page,
        pageSize: query.pageSize,
        isSinglePickingPerDevice: warehouse.isSinglePickingPerDevice,
      };
    },

    /** `info`: the client in PascalCase with its open pickings; unknown → 104. */
    async info(code: string, context: PickingCaller): Promise<TPickingInfo> {
      const { client } = await clientOrRefuse(repositoryOf(db), code, context);
      return presentInfo(client, client.pickingUserId === context.user.id);
    },

    /**
     * `begin`: the client's open picking when it is the caller's (IsRepeat), else a new one
     * with a WAITING item per parcel in a cell (RETURNED per parcel in the returns area). Held
     * by someone else → ErrorCode 1 naming them; nothing in cells → ErrorCode 1.
     */
    async begin(code: string, context: PickingCaller): Promise<OperationOutcome<TPicking>> {
      const outcome = await changes.run(context, async (repository) => {
        const { warehouse, client } = await clientOrRefuse(repository, code, context);
        await repository.lockClient(client.id);
        // Read again under the client's lock: a begin that just committed is seen.
        const current = (await repository.findClient(warehouse.id, code)) ?? client;
        if (current.pickingId !== null && current.pickingBegunAt !== null) {
          if (current.pickingUserId !== context.user.id) {
            throw refusal('refused', 'pickingHeldBy', {
              client: current.code,
              user: current.pickingUserName ?? '',
            });
          }
          const picking: TPicking = {
            pickingId: current.pickingId,
            clientCode: current.code,
            state: 'OPEN',
            beginDateUtc: current.pickingBegunAt.toISOString(),
            userId: context.user.id,
            userName: context.user.name,
            itemsCount: (await repository.progress(current.pickingId)).total,
          };
          return { picking, isResumed: true };
        }
        if (current.parcelsCount === 0) {
          throw refusal('refused', 'pickingNothingInCells', { code: current.code });
        }
        await repository.rules.beforeBegin(warehouse, current, context);
        const at = now();
        const pickingId = await repository.insertPicking({
          warehouseId: warehouse.id,
          clientId: current.id,
          userId: context.user.id,
          deviceId: context.deviceId,
          begunAt: at,
        });
        const items = await repository.insertItems(pickingId, current.id);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at },
          'picking.begun',
          { pickingId, clientCode: current.code, parcelsCount: items.waiting.length },
          [...items.waiting, ...items.returned],
        );
        const picking: TPicking = {
          pickingId,
          clientCode: current.code,
          state: 'OPEN',
          beginDateUtc: at.toISOString(),
          userId: context.user.id,
          userName: context.user.name,
          itemsCount: items.waiting.length,
        };
        return { picking, isResumed: false };
      });
      return {
        value: outcome.value.picking,
        isRepeat: outcome.isRepeat || outcome.value.isResumed,
      };
    },

    /** `search`: the picking's items by cell order, then name; another warehouse's → 104. */
    async search(pickingId: number, context: CallContext): Promise<TPickingItems> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const picking = await repository.lockPicking(pickingId, warehouse.number, 'none');
      if (!picking) {
        throw refusal('objectNotFound', 'pickingNotFound', { id: pickingId });
      }
      return (await repository.listItems(pickingId)).map(presentItem);
    },

    /**
     * `pickup`: the picking's item of Barcode, WAITING → PICKED when CellBarcode is the cell its
     * parcel lies in. Not in this picking → 404; wrong cell → 304 naming the right one; already
     * PICKED → the same answer with IsRepeat (two devices: one wins); LOST/RETURNED → 1.
     */
    async pickup(
      body: PickupInput,
      context: PickingCaller,
    ): Promise<OperationOutcome<TPickupResult>> {
      refuseOtherUserId(body.UserId, context);
      const outcome = await changes.run(context, async (repository) => {
        const picking = await openPickingOrRefuse(repository, body.PickingId, 'share', context);
        const locked = await repository.lockItemByBarcode(picking.id, body.Barcode);
        if (!locked) {
          // Why it cannot be picked (DECISIONS "Recipient picking": the refusal says why).
          const kind = await repository.describeBarcode(picking, body.Barcode);
          throw refusal('parcelNotFound', FOREIGN_BARCODE_KEYS[kind], { barcode: body.Barcode });
        }
        if (locked.state === 'PICKED') {
          const item = await repository.findItem(locked.itemId);
          const progress = await repository.progress(picking.id);
          if (!item) throw new Error(`picking item ${locked.itemId} vanished`);
          return {
            result: {
              item: presentItem(item),
              pickedCount: progress.picked,
              totalCount: progress.total,
            },
            isRepeat: true,
          };
        }
        if (locked.state !== 'WAITING') {
          throw refusal('refused', 'pickingItemNotWaiting', { barcode: body.Barcode });
        }
        // The picked list is frozen while a payment is live.
        await repository.payments.refuseWhileLive(picking.id);
        // After the parcel's lock: a sorting move that held it has committed, so the cell
        // read below is where the parcel lies now.
        const before = await repository.findItem(locked.itemId);
        if (!before || before.isInReturnArea || before.cellBarcode === null) {
          throw refusal('refused', 'pickingParcelNotInCell', { barcode: body.Barcode });
        }
        if (body.CellBarcode === '') {
          throw refusal('refused', 'pickingCellRequired', { barcode: body.Barcode });
        }
        // Its own cell, or in gate mode a gate cell; else 304 naming the right one.
        const { gateCell } = await repository.rules.pickupCell(picking, before, body.CellBarcode);
        const progress = await repository.recordPickup({
          pickingId: picking.id,
          itemId: locked.itemId,
          parcelId: locked.parcelId,
          userId: context.user.id,
          at: now(),
          deviceAt: new Date(body.Timestamp),
          event: {
            warehouseId: picking.warehouseId,
            kind: 'parcel.pickedUp',
            payload: {
              pickingId: picking.id,
              clientCode: picking.clientCode,
              parcelNumber: before.barcode,
              cellName: before.cellName,
              deviceTime: body.Timestamp,
              ...(gateCell === null ? {} : { gateCell }),
            },
            units: [
              before.barcode,
              before.boxBarcode,
              before.cellBarcode,
              gateCell === null ? null : body.CellBarcode,
            ],
          },
        });
        return {
          result: {
            item: presentItem({ ...before, state: 'PICKED' }),
            pickedCount: progress.picked,
            totalCount: progress.total,
          },
          isRepeat: false,
        };
      });
      return { value: outcome.value.result, isRepeat: outcome.isRepeat || outcome.value.isRepeat };
    },

    /**
     * `end`: PROCESSED; the PICKED parcels are handed out (out of their boxes, a new version,
     * held HANDED_OUT), WAITING ones stay for a later visit. Cash on delivery on the picked
     * parcels needs a PROCESSED payment of that amount, bound to this end; none →
     * 402. Nothing picked → 1.
     */
    async end(body: EndInput, context: PickingCaller): Promise<OperationOutcome<TEndResult>> {
      refuseOtherUserId(body.UserId, context);
      // The recipient's proof: its kind, a pincode counted in its own transaction.
      await validation.beforeEnd(body, context);
      return endChanges.run(context, async ({ repository, handOver }) => {
        const picking = await openPickingOrRefuse(repository, body.PickingId, 'update', context);
        const picked = await repository.listPicked(picking.id);
        if (picked.length === 0) throw refusal('refused', 'pickingNothingPicked');
        const kopecks = picked.reduce((sum, parcel) => sum + parcel.kopecks, 0);
        const at = now();
        const paymentId = await repository.payments.bindForEnd(picking.id, kopecks, at);
        // With a delivery, its parcels are handed to it (finished first, else 1).
        await handOver?.({
          pickingId: picking.id,
          warehouseId: picking.warehouseId,
          clientCode: picking.clientCode,
          userId: context.user.id,
          at,
          parcels: picked.map((parcel) => parcel.barcode),
        });
        const proof = await repository.rules.recordProof(picking.id, body.ValidationData, at);
        await repository.handOut(
          picking.id,
          picked.map((parcel) => parcel.parcelId),
          at,
        );
        await repository.closePicking(picking.id, {
          state: 'PROCESSED',
          at,
          userId: context.user.id,
          deviceAt: deviceTime(body.Timestamp),
        });
        const handedOut = picked.map((parcel) => parcel.barcode);
        await repository.events.record(
          { userId: context.user.id, warehouseId: picking.warehouseId, at },
          'parcel.handedOut',
          {
            pickingId: picking.id,
            clientCode: picking.clientCode,
            parcelsCount: handedOut.length,
            comment: picking.clientCode,
            ...proof,
            ...(paymentId === null ? {} : { paymentId }),
          },
          [...handedOut, ...picked.map((parcel) => parcel.boxBarcode)],
        );
        return {
          pickingId: picking.id,
          state: 'PROCESSED',
          handedOut,
          waiting: await repository.listWaiting(picking.id),
          cashOnDelivery: rublesOf(kopecks),
        };
      });
    },

    /** `cancel`: CANCELLED; PICKED items back to WAITING (sorting tables untouched). */
    async cancel(
      pickingId: number,
      context: PickingCaller,
    ): Promise<OperationOutcome<TCancelResult>> {
      return changes.run(context, async (repository) => {
        const picking = await openPickingOrRefuse(repository, pickingId, 'update', context);
        // A paid (or being paid) picking is not cancelled; the payment goes first.
        await repository.payments.beforeCancel(picking.id);
        const putBack = await repository.putBack(picking.id);
        const at = now();
        await repository.closePicking(picking.id, {
          state: 'CANCELLED',
          at,
          userId: context.user.id,
          deviceAt: null,
        });
        await repository.events.record(
          { userId: context.user.id, warehouseId: picking.warehouseId, at },
          'picking.cancelled',
          {
            pickingId: picking.id,
            clientCode: picking.clientCode,
            parcelsCount: putBack.length,
          },
          putBack,
        );
        return { pickingId: picking.id, state: 'CANCELLED', putBack };
      });
    },
  };
}

export type PickingService = ReturnType<typeof createPickingService>;
