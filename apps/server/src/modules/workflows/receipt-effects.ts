import type { TWorkflowPrintJob } from '@sorting/contracts';
import { inboundDetailLabel } from '../documents/index.js';
import type { InboundPlaceReason } from '../../db/schema-sorting.js';
import { refusal } from '../../lib/refusal.js';
import type { EffectPorts } from './workflow-ports.js';

// The effects of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"): a place
// received (and the supply's arrival by sorting's `documents/inbound/arrive`), a detail's
// `inbound-detail` label, the receipt closed with the places not received recorded missing;
// the place received and the receipt closed are events (the place's history, the feed).

export type ReceiptEffect =
  | {
      kind: 'receivePlace';
      placeId: number;
      placeBarcode: string;
      count: number;
      reason: InboundPlaceReason | null;
      measures: { lengthCm: number; widthCm: number; heightCm: number; weightGrams: number } | null;
      /** The supply's `.69.` barcode when it is still expected (1): it arrives now. */
      arrival: string | null;
    }
  | { kind: 'printDetailLabel'; parcelId: number; copies: number }
  | { kind: 'closeReceipt'; inboundId: number };

export function isReceiptEffect(effect: { kind: string }): effect is ReceiptEffect {
  return ['receivePlace', 'printDetailLabel', 'closeReceipt'].includes(effect.kind);
}

/** The receipt effect; a detail label's print job (stickered once the agent reports it). */
export async function runReceiptEffect(
  ports: EffectPorts,
  effect: ReceiptEffect,
): Promise<TWorkflowPrintJob[]> {
  const receipt = ports.repository.receipt;
  switch (effect.kind) {
    case 'receivePlace': {
      const done = await receipt.recordPlaceReceipt({
        placeId: effect.placeId,
        count: effect.count,
        reason: effect.reason,
        measures: effect.measures,
        userId: ports.userId,
        at: ports.now,
      });
      if (!done) {
        throw refusal('stateChanged', 'receiptPlaceAlreadyReceived', {
          place: effect.placeBarcode,
        });
      }
      if (effect.arrival !== null) await ports.door.arriveInbound(effect.arrival);
      await ports.repository.events.record(
        { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
        'inbound.placeReceived',
        {
          placeId: effect.placeId,
          count: effect.count,
          reason: effect.reason,
          measures: effect.measures,
        },
        [effect.placeBarcode],
      );
      return [];
    }
    case 'printDetailLabel': {
      const [detail] = (await receipt.findDetails([effect.parcelId])) ?? [];
      if (!detail)
        throw refusal('objectNotFound', 'inboundDetailNotFound', { id: effect.parcelId });
      const label = inboundDetailLabel(detail);
      return [
        {
          barcodeName: label.barcodeName,
          barcodeData: Object.entries(label.barcodeData).map(([name, value]) => ({ name, value })),
          copies: effect.copies,
          inboundDetailId: detail.id,
        },
      ];
    }
    case 'closeReceipt': {
      const missing = await receipt.markPlacesMissing(effect.inboundId);
      await ports.repository.events.record(
        { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
        'inbound.receiptClosed',
        { inboundId: effect.inboundId, placesMissing: missing },
      );
      return [];
    }
  }
}
