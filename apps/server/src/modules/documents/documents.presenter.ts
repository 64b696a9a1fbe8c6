import {
  INBOUND_DETAIL_LABEL,
  type InboundDetailState,
  type InboundState,
  type OutboundState,
  type TInboundDetail,
  type TInboundHead,
  type TOutboundDetail,
  type TOutboundHead,
  type TInboundDetailLabel,
  type TSupplyDocument,
} from '@sorting/contracts';
import type { OutboundRow, SupplyDetailRow, SupplyRow } from './documents.repository.js';

// Rows → the camelCase operation objects of spec part 2 §3.

export function presentSupplyDocuments(
  rows: readonly { id: number; inboundId: number; kind: string; number: string }[],
  inboundId: number,
): TSupplyDocument[] {
  return rows
    .filter((row) => row.inboundId === inboundId && row.kind !== 'receipt-place')
    .map((row) => ({ documentId: row.id, kind: row.kind, number: row.number }));
}

export function presentSupply(
  row: SupplyRow,
  documents: TSupplyDocument[],
  details: TInboundDetail[] = [],
): TInboundHead {
  return {
    inboundId: row.id,
    code: row.code,
    properties: {
      documentNumber: row.documentNumber,
      quantityReceipted: row.quantityReceipted,
      documents,
      isNeedStickering: row.needsStickering,
      receiptPlaceDocumentId: row.receiptPlaceDocumentId,
      isStickeringDisabled: row.isStickeringDisabled,
    },
    createDateUtc: row.createdAt.toISOString(),
    arrivalDateUtc: row.arrivedAt?.toISOString() ?? null,
    detailsQuantity: row.detailsQuantity,
    name: row.senderName,
    state: row.state as InboundState,
    details,
  };
}

export function presentSupplyDetail(row: SupplyDetailRow): TInboundDetail {
  return {
    inboundId: row.inboundId,
    inboundDetailId: row.id,
    name: row.name,
    boxName: row.boxName,
    barcode: row.number,
    state: row.state as InboundDetailState,
    properties: {
      orderNumber: row.orderNumber,
      detailName: row.detailName,
      makeName: row.makeName,
      detailNumber: row.detailNumber,
      quantity: row.quantity,
    },
  };
}

export function presentOutbound(row: OutboundRow): TOutboundHead {
  return {
    outboundId: row.id,
    code: row.code,
    createDateUtc: row.createdAt.toISOString(),
    clientName: row.clientName,
    documents: row.documents,
    detailsQuantity: row.detailsQuantity,
    state: row.state as OutboundState,
    syncKey: row.syncKey,
    details: [],
    name: row.name,
  };
}

export function presentOutboundDetail(row: {
  id: number;
  outboundId: number;
  orderNumber: string | null;
  name: string;
  boxName: string | null;
  quantity: number;
}): TOutboundDetail {
  return {
    outboundId: row.outboundId,
    outboundDetailId: row.id,
    orderNumber: row.orderNumber,
    name: row.name,
    boxName: row.boxName,
    quantity: row.quantity,
  };
}

/**
 * The `inbound-detail` label of a supply's detail (part 2 §7 `…/barcode/json`); also printed by
 * the receipt of cargo (docs/DECISIONS.md "Receipt of cargo").
 */
export function inboundDetailLabel(detail: {
  number: string;
  name: string;
  detailName: string | null;
  detailNumber: string | null;
  makeName: string | null;
  quantity: number;
}): TInboundDetailLabel {
  return {
    barcodeName: INBOUND_DETAIL_LABEL,
    barcodeData: {
      barcode: detail.number,
      name: detail.detailName ?? detail.name,
      number: detail.detailNumber ?? '',
      make: detail.makeName ?? '',
      quantity: String(detail.quantity),
    },
  };
}
