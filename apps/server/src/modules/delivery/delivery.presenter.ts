import type { TDeliveryCreated, TDeliveryItem, TTariff } from '@sorting/contracts';
import type { DeliveryItemRow, DeliveryRow } from './delivery.repository.js';

// The wire shapes of delivery to a recipient (spec part 2 §3 "Delivery", "Delivery item"):
// sides in cm, weight in grams (part 2 §5 kg → g), prices in rubles with two decimals.

export function presentTariff(row: {
  tariffCode: string;
  name: string;
  kopecks: number;
  days: number;
}): TTariff {
  return {
    tariffCode: row.tariffCode,
    name: row.name,
    price: Math.round(row.kopecks) / 100,
    days: row.days,
  };
}

export function presentItem(row: DeliveryItemRow): TDeliveryItem {
  return {
    deliveryItemId: row.id,
    barcode: row.barcode,
    positionNumber: row.positionNumber,
    description: row.description,
    measure: {
      height: row.heightCm,
      width: row.widthCm,
      length: row.lengthCm,
      weight: row.weightGrams,
    },
  };
}

export function presentDelivery(row: DeliveryRow, items: DeliveryItemRow[]): TDeliveryCreated {
  return {
    deliveryId: row.id,
    warehouseCodeFrom: row.warehouseCodeFrom,
    warehouseCodeTo: row.warehouseCodeTo,
    addressFrom: row.addressFrom,
    addressTo: row.addressTo,
    sendDate: row.sendDate,
    recipientCode: row.recipientCode,
    recipientName: row.recipientName,
    pickingId: row.pickingId,
    state: row.state,
    items: items.map(presentItem),
  };
}

/** A package is measured when all three sides and the weight are known. */
export function isMeasured(row: DeliveryItemRow): boolean {
  return (
    row.heightCm !== null &&
    row.widthCm !== null &&
    row.lengthCm !== null &&
    row.weightGrams !== null
  );
}
