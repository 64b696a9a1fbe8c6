import {
  DOCUMENTS_PAGE_SIZE,
  type TClosedInbound,
  type TDocumentsFilter,
  type TInboundDetail,
  type TInboundHead,
  type TInboundStateCounts,
  type TOutboundDetail,
  type TOutboundHead,
  type TReceiptPlace,
  type TStickeredDetail,
  type TSyncStateAnswer,
} from '@sorting/contracts';
import {
  closeDecision,
  orderSupplyDetails,
  stateAfterStickered,
  type SupplyDetailState,
  type SupplyState,
} from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { operationsOver, repeatWhenUnchanged, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type {
  DocumentsRepository,
  DocumentsWarehouseRow,
  SupplyRow,
} from './documents.repository.js';
import {
  inboundDetailLabel,
  presentOutbound,
  presentOutboundDetail,
  presentSupply,
  presentSupplyDetail,
  presentSupplyDocuments,
} from './documents.presenter.js';

/** A page of heads and how many match the filter (the route sends the total as a header). */
export interface HeadsPage<T> {
  heads: T[];
  total: number;
}

/**
 * Spec part 2 §7 "Inbound and outbound documents": supplies and shipments of the user's
 * default warehouse (docs/DECISIONS.md "Inbound supplies and outbound shipments"). A supply or
 * shipment of another warehouse is not found (104), as an unknown id is.
 */
export function createDocumentsService(options: {
  db: Db;
  repository: RepositoryFactory<Db, DocumentsRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf } = options;
  const changes = operationsOver(db, repositoryOf);

  /**
   * The user's default warehouse (part 2 §7: the lists are of it), which the routes declare and
   * the route hook resolves (`call.warehouse`); none → 104.
   */
  function warehouseOf(context: CallContext): DocumentsWarehouseRow {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  /** A supply of the user's warehouse, or 104. */
  async function supplyOf(
    repository: DocumentsRepository,
    id: number,
    context: CallContext,
    options: { lock?: boolean } = {},
  ): Promise<SupplyRow> {
    const warehouse = warehouseOf(context);
    const supply = options.lock ? await repository.lockSupply(id) : await repository.findSupply(id);
    if (!supply || supply.warehouseId !== warehouse.id) {
      throw refusal('objectNotFound', 'supplyNotFound', { id });
    }
    return supply;
  }

  async function detailsOf(repository: DocumentsRepository, inboundId: number) {
    const rows = await repository.listSupplyDetails(inboundId);
    const ordered = orderSupplyDetails(
      rows.map((row) => ({ ...row, state: row.state as SupplyDetailState })),
    );
    return ordered.map(presentSupplyDetail);
  }

  async function presentWithDocuments(
    repository: DocumentsRepository,
    supply: SupplyRow,
    details: TInboundDetail[] = [],
  ): Promise<TInboundHead> {
    const documents = await repository.listSupplyDocuments([supply.id]);
    return presentSupply(supply, presentSupplyDocuments(documents, supply.id), details);
  }

  function pageOf(filter: TDocumentsFilter) {
    const limit = filter.PageSize ?? DOCUMENTS_PAGE_SIZE;
    return { limit, offset: ((filter.Page ?? 1) - 1) * limit };
  }

  function rangeOf(filter: { DateBegin: string | null; DateEnd: string | null }) {
    return {
      begin: filter.DateBegin === null ? null : new Date(filter.DateBegin),
      end: filter.DateEnd === null ? null : new Date(filter.DateEnd),
    };
  }

  return {
    /** `Documents/inbound/states/count`: every state present, zeros included. */
    async countStates(
      range: { DateBegin: string | null; DateEnd: string | null },
      context: CallContext,
    ): Promise<TInboundStateCounts> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const rows = await repository.countSuppliesByState({
        warehouseId: warehouse.id,
        ...rangeOf(range),
      });
      const counts: TInboundStateCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
      for (const row of rows) {
        if (row.state in counts) counts[row.state as SupplyState] = row.count;
      }
      return counts;
    },

    /** `documents/inbound/heads`: newest first, `details` empty in the list. */
    async inboundHeads(
      filter: TDocumentsFilter,
      context: CallContext,
    ): Promise<HeadsPage<TInboundHead>> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const search = (filter.SearchString ?? '').trim();
      // A scanned parcel barcode finds its supply (part 2 §2) without a text scan of the list.
      const parcelSupplyId = search === '' ? null : await repository.findSupplyIdOfParcel(search);
      const { rows, total } = await repository.listSupplies({
        warehouseId: warehouse.id,
        states: filter.States,
        search,
        parcelSupplyId,
        ...rangeOf(filter),
        ...pageOf(filter),
      });
      const documents = await repository.listSupplyDocuments(rows.map((row) => row.id));
      return {
        heads: rows.map((row) => presentSupply(row, presentSupplyDocuments(documents, row.id))),
        total,
      };
    },

    /** `documents/inbound/details?inboundId`: by state, received (2) last (part 2 §4). */
    async inboundDetails(inboundId: number, context: CallContext): Promise<TInboundDetail[]> {
      const repository = repositoryOf(db);
      const supply = await supplyOf(repository, inboundId, context);
      return detailsOf(repository, supply.id);
    },

    async outboundHeads(
      filter: TDocumentsFilter,
      context: CallContext,
    ): Promise<HeadsPage<TOutboundHead>> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const { rows, total } = await repository.listOutbounds({
        warehouseId: warehouse.id,
        states: [],
        search: (filter.SearchString ?? '').trim(),
        parcelSupplyId: null,
        ...rangeOf(filter),
        ...pageOf(filter),
      });
      return { heads: rows.map(presentOutbound), total };
    },

    async outboundDetails(outboundId: number, context: CallContext): Promise<TOutboundDetail[]> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOf(context);
      const outbound = await repository.findOutbound(outboundId);
      if (!outbound || outbound.warehouseId !== warehouse.id) {
        throw refusal('objectNotFound', 'outboundNotFound', { id: outboundId });
      }
      const rows = await repository.listOutboundDetails(outbound.id);
      return rows.map(presentOutboundDetail);
    },

    /**
     * `documents/inbound/close?inboundId` (archiving, part 2 §4): states 2, 4, 5 → 3 with an
     * `inbound.closed` event; 1 → ErrorCode 1 (not arrived); already 3 → IsRepeat, nothing
     * changed.
     */
    async closeInbound(
      inboundId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TClosedInbound>> {
      let wasClosed = false;
      const outcome = await changes.run(context, async (repository) => {
        const supply = await supplyOf(repository, inboundId, context, { lock: true });
        const decision = closeDecision(supply.state as SupplyState);
        if (decision === 'notArrived') {
          throw refusal('refused', 'inboundNotArrived', { code: supply.code });
        }
        if (decision === 'close') {
          const at = now();
          await repository.setSupplyState(supply.id, 3, at);
          await repository.events.record(
            { userId: context.user.id, warehouseId: supply.warehouseId, at },
            'inbound.closed',
            { inboundNumber: supply.code, fromState: supply.state },
            [supply.code],
          );
        } else {
          wasClosed = true;
        }
        return { inboundId: supply.id, state: 3 as const };
      });
      return { ...outcome, isRepeat: outcome.isRepeat || wasClosed };
    },

    /**
     * `documents/inbound/receiptplaceid?inboundId`: the receipt place document (ErrorCode 0 on
     * success); none (stickering not needed or disabled, not arrived) → 104.
     */
    async receiptPlaceId(inboundId: number, context: CallContext): Promise<number> {
      const repository = repositoryOf(db);
      const supply = await supplyOf(repository, inboundId, context);
      const id = supply.receiptPlaceDocumentId;
      if (id === null || !supply.needsStickering || supply.isStickeringDisabled) {
        throw refusal('objectNotFound', 'receiptPlaceNotFound');
      }
      return id;
    },

    /** Ours: `GET …/receiptplace/{id}`: the supply and details of a receipt place document. */
    async receiptPlace(id: number, context: CallContext): Promise<TReceiptPlace> {
      const repository = repositoryOf(db);
      const document = await repository.findReceiptPlace(id);
      if (!document) throw refusal('objectNotFound', 'receiptPlaceNotFound');
      const supply = await supplyOf(repository, document.inboundId, context).catch(() => {
        throw refusal('objectNotFound', 'receiptPlaceNotFound');
      });
      const details = await detailsOf(repository, supply.id);
      return {
        receiptPlaceDocumentId: document.id,
        inbound: await presentWithDocuments(repository, supply, details),
      };
    },

    /**
     * `documents/outbound/syncstate`: clears each shipment's integration code, all or none: an
     * unknown or foreign id → 104 and nothing cleared. The old key stays in the event.
     */
    async clearSyncKeys(
      outboundIds: readonly number[],
      context: CallContext,
    ): Promise<OperationOutcome<TSyncStateAnswer>> {
      const ids = [...new Set(outboundIds)];
      return changes.run(context, async (repository) => {
        const warehouse = warehouseOf(context);
        const rows = await repository.lockOutbounds(ids);
        const missing = ids.find(
          (id) => !rows.some((row) => row.id === id && row.warehouseId === warehouse.id),
        );
        if (missing !== undefined) {
          throw refusal('objectNotFound', 'outboundNotFound', { id: missing });
        }
        await repository.clearSyncKeys(ids);
        const at = now();
        for (const row of rows) {
          if (row.syncKey === null) continue;
          await repository.events.record(
            { userId: context.user.id, warehouseId: warehouse.id, at },
            'outbound.syncCleared',
            { outboundCode: row.code, syncKey: row.syncKey },
            [row.code],
          );
        }
        return rows.map((row) => ({ outboundId: row.id, syncKey: null }));
      });
    },

    /**
     * `…/details/{inboundDetailId}/barcode/json`: the `inbound-detail` label data as a JSON
     * string (part 2 §7), for the web to print through the agent.
     */
    async detailLabel(inboundDetailId: number, context: CallContext): Promise<string> {
      const repository = repositoryOf(db);
      const detail = await repository.findSupplyDetail(inboundDetailId);
      if (!detail)
        throw refusal('objectNotFound', 'inboundDetailNotFound', { id: inboundDetailId });
      await supplyOf(repository, detail.inboundId, context).catch(() => {
        throw refusal('objectNotFound', 'inboundDetailNotFound', { id: inboundDetailId });
      });
      const label = inboundDetailLabel(detail);
      return JSON.stringify(label);
    },

    /**
     * Ours: `PUT …/details/{inboundDetailId}/stickered`, sent once the agent reports the label
     * printed: the detail → 3, an arrived or sorting supply → 4, with an event. A detail
     * already stickered records nothing and answers IsRepeat; an archived supply (3) refuses
     * (ErrorCode 1), nothing written (docs/DECISIONS.md "Inbound supplies and outbound shipments").
     */
    async markStickered(
      inboundDetailId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TStickeredDetail>> {
      const outcome = await changes.run(context, async (repository) => {
        const seen = await repository.findSupplyDetail(inboundDetailId);
        const notFound = () =>
          refusal('objectNotFound', 'inboundDetailNotFound', { id: inboundDetailId });
        if (!seen) throw notFound();
        const supply = await supplyOf(repository, seen.inboundId, context, { lock: true }).catch(
          () => {
            throw notFound();
          },
        );
        // Read again under the supply's lock: a double tap's first call may have stickered it
        // meanwhile.
        const found = await repository.findSupplyDetail(seen.id);
        if (!found) throw notFound();
        if (supply.state === 3) {
          throw refusal('refused', 'inboundArchivedStickered', { code: supply.code });
        }
        if (found.state === 4) {
          throw refusal('refused', 'inboundDetailCancelled', { barcode: found.number });
        }
        const state = stateAfterStickered(supply.state as SupplyState);
        const value = {
          inboundId: supply.id,
          inboundDetailId: found.id,
          detailState: 3 as const,
          inboundState: state,
        };
        if (found.state === 3) return { value, unchanged: true };
        const at = now();
        await repository.markDetailStickered(found.id, at);
        if (state !== supply.state) await repository.setSupplyState(supply.id, state, null);
        await repository.events.record(
          { userId: context.user.id, warehouseId: supply.warehouseId, at },
          'parcel.detailStickered',
          { inboundNumber: supply.code, parcelNumber: found.number },
          [found.number, supply.code],
        );
        return { value, unchanged: false };
      });
      return repeatWhenUnchanged(outcome);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
