import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import {
  DOCUMENTS_MAX_PAGE_SIZE,
  INBOUND_DETAIL_STATES,
  INBOUND_STATES,
  OUTBOUND_STATES,
} from './documents-types.js';

export * from './documents-types.js';

// The schemas of the inbound and outbound document calls (spec part 2 §3 "Inbound supply",
// "Outbound shipment", §7 "Inbound and outbound documents"); the route map is
// `documents.routes.ts`. Requests are PascalCase as §7 writes them, operation objects camelCase
// as §3 spells them, the envelope PascalCase (sortingsystem-api).

const int = () => z.number().int();

/** A date bound: ISO 8601 with its offset (the web sends the local day's 00:00:00/23:59:59). */
const ZDateBound = z.iso.datetime({ offset: true }).nullable().default(null);

/** Spec part 2 §3 "Documents filter": states, searchString, dateBegin, dateEnd, isSupplySelected. */
export const ZDocumentsFilter = z.object({
  IsSupplySelected: z.boolean().optional(),
  States: z
    .array(z.union(INBOUND_STATES.map((state) => z.literal(state))))
    .max(5)
    .default([]),
  SearchString: zText({ max: 200 }).nullable().default(''),
  DateBegin: ZDateBound,
  DateEnd: ZDateBound,
  /** Ours (additive): 1-based page; without it the first page. */
  Page: z.number().int().min(1).max(100_000).optional(),
  /** Ours (additive): rows per page, 40 by default (part 2 §9). */
  PageSize: z.number().int().min(1).max(DOCUMENTS_MAX_PAGE_SIZE).optional(),
});
export type TDocumentsFilter = z.infer<typeof ZDocumentsFilter>;
export type TDocumentsFilterInput = z.input<typeof ZDocumentsFilter>;

/** `Documents/inbound/states/count`: DateBegin, DateEnd (the web sends the last 364 days). */
export const ZInboundCountRequest = z.object({ DateBegin: ZDateBound, DateEnd: ZDateBound });
export type TInboundCountRequest = z.input<typeof ZInboundCountRequest>;

/** Counts of supplies by state, every state present (zeros included). */
export const ZInboundStateCounts = z.object({
  1: int(),
  2: int(),
  3: int(),
  4: int(),
  5: int(),
});
export type TInboundStateCounts = z.infer<typeof ZInboundStateCounts>;

/** One supporting document of a supply (`properties.documents`, ours: the spec shows no shape). */
export const ZSupplyDocument = z.object({
  documentId: int(),
  kind: z.string(),
  number: z.string(),
});
export type TSupplyDocument = z.infer<typeof ZSupplyDocument>;

/** Spec part 2 §3 "Inbound detail". */
export const ZInboundDetail = z.object({
  inboundId: int(),
  inboundDetailId: int(),
  name: z.string(),
  boxName: z.string().nullable(),
  barcode: z.string(),
  state: z.union(INBOUND_DETAIL_STATES.map((state) => z.literal(state))),
  properties: z.object({
    orderNumber: z.string().nullable(),
    detailName: z.string().nullable(),
    makeName: z.string().nullable(),
    detailNumber: z.string().nullable(),
    quantity: int(),
  }),
});
export type TInboundDetail = z.infer<typeof ZInboundDetail>;

/** Spec part 2 §3 "Inbound supply (head)". */
export const ZInboundHead = z.object({
  inboundId: int(),
  code: z.string(),
  properties: z.object({
    documentNumber: z.string().nullable(),
    quantityReceipted: int(),
    documents: z.array(ZSupplyDocument),
    isNeedStickering: z.boolean(),
    receiptPlaceDocumentId: int().nullable(),
    isStickeringDisabled: z.boolean(),
  }),
  createDateUtc: z.string(),
  arrivalDateUtc: z.string().nullable(),
  detailsQuantity: int(),
  name: z.string(),
  state: z.union(INBOUND_STATES.map((state) => z.literal(state))),
  details: z.array(ZInboundDetail),
});
export type TInboundHead = z.infer<typeof ZInboundHead>;

/** Spec part 2 §3 "Outbound detail". */
export const ZOutboundDetail = z.object({
  outboundId: int(),
  outboundDetailId: int(),
  orderNumber: z.string().nullable(),
  name: z.string(),
  boxName: z.string().nullable(),
  quantity: int(),
});
export type TOutboundDetail = z.infer<typeof ZOutboundDetail>;

/** Spec part 2 §3 "Outbound shipment (head)". */
export const ZOutboundHead = z.object({
  outboundId: int(),
  code: z.string(),
  createDateUtc: z.string(),
  clientName: z.string(),
  documents: z.array(ZSupplyDocument),
  detailsQuantity: int(),
  state: z.union(OUTBOUND_STATES.map((state) => z.literal(state))),
  syncKey: z.string().nullable(),
  details: z.array(ZOutboundDetail),
  name: z.string(),
});
export type TOutboundHead = z.infer<typeof ZOutboundHead>;

/** `?inboundId=` */
export const ZInboundIdQuery = z.object({ inboundId: ZId });
/** `?outboundId=` */
export const ZOutboundIdQuery = z.object({ outboundId: ZId });
/** `{inboundDetailId}` */
export const ZInboundDetailParams = z.object({ inboundDetailId: ZId });
/** `{id}` of a receipt place document. */
export const ZReceiptPlaceParams = z.object({ id: ZId });

/** `documents/outbound/syncstate`: `[{OutboundId, SyncKey: null}]`; only null clears. */
export const ZSyncStateRequest = z
  .array(z.object({ OutboundId: ZId, SyncKey: z.null() }))
  .min(1)
  .max(DOCUMENTS_MAX_PAGE_SIZE);
export type TSyncStateRequest = z.input<typeof ZSyncStateRequest>;

/** Ours: what close answers (the spec shows none): the supply, now archived. */
export const ZClosedInbound = z.object({ inboundId: int(), state: z.literal(3) });
export type TClosedInbound = z.infer<typeof ZClosedInbound>;

/** Ours: what syncstate answers: the shipments cleared. */
export const ZSyncStateAnswer = z.array(z.object({ outboundId: int(), syncKey: z.null() }));
export type TSyncStateAnswer = z.infer<typeof ZSyncStateAnswer>;

/** Ours: `PUT …/stickered` answers the detail and its supply's state. */
export const ZStickeredDetail = z.object({
  inboundId: int(),
  inboundDetailId: int(),
  detailState: z.literal(3),
  inboundState: z.union(INBOUND_STATES.map((state) => z.literal(state))),
});
export type TStickeredDetail = z.infer<typeof ZStickeredDetail>;

/** Ours: `GET …/receiptplace/{id}`: the receipt place document with its supply and details. */
export const ZReceiptPlace = z.object({
  receiptPlaceDocumentId: int(),
  inbound: ZInboundHead,
});
export type TReceiptPlace = z.infer<typeof ZReceiptPlace>;

/** The label data inside the JSON string of `…/barcode/json`. */
export interface TInboundDetailLabel {
  barcodeName: 'inbound-detail';
  barcodeData: { barcode: string; name: string; number: string; make: string; quantity: string };
}

/** The documents calls' schemas, bound to `DOCUMENTS_ROUTES` by name. */
export const DOCUMENTS_SCHEMAS = {
  inboundStatesCount: {
    summary: 'Counts of supplies created in the range, by state (all five states)',
    body: ZInboundCountRequest,
    response: ZInboundStateCounts,
  },
  inboundHeads: {
    summary: 'Inbound supplies of the default warehouse by states, search and dates, newest first',
    body: ZDocumentsFilter,
    response: z.array(ZInboundHead),
  },
  inboundDetails: {
    summary: 'The details (parcels) of a supply, by state with received ones last',
    query: ZInboundIdQuery,
    response: z.array(ZInboundDetail),
  },
  outboundHeads: {
    summary: 'Outbound shipments of the default warehouse by search and dates, newest first',
    body: ZDocumentsFilter,
    response: z.array(ZOutboundHead),
  },
  outboundDetails: {
    summary: 'The details of a shipment',
    query: ZOutboundIdQuery,
    response: z.array(ZOutboundDetail),
  },
  closeInbound: {
    summary: 'Archives a supply (states 2, 4, 5 → 3)',
    query: ZInboundIdQuery,
    response: ZClosedInbound,
  },
  receiptPlaceId: {
    summary: 'The receipt place document of a supply to sticker; ErrorCode 0 on success',
    query: ZInboundIdQuery,
    response: z.number().int(),
  },
  outboundSyncState: {
    summary: 'Clears the integration code (syncKey) of shipments, all or none',
    body: ZSyncStateRequest,
    response: ZSyncStateAnswer,
  },
  inboundDetailLabel: {
    summary: 'The inbound-detail label data of a detail, as a JSON string',
    params: ZInboundDetailParams,
    response: z.string(),
  },
  inboundDetailStickered: {
    summary: 'Marks a detail stickered once its label printed (detail → 3, supply → 4)',
    params: ZInboundDetailParams,
    response: ZStickeredDetail,
  },
  receiptPlace: {
    summary: 'A receipt place document: its supply and details, for the stickering page',
    params: ZReceiptPlaceParams,
    response: ZReceiptPlace,
  },
};
