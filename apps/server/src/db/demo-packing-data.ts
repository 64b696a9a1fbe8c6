import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import type { DemoEntry } from './demo-entry.js';

// The demo data of packing (docs/DECISIONS.md "Packing"; docs/DEMO.md): order ORD-0301 of three
// auto parts already picked for the parcels shipment OUT-0301 (state 2, its units `picked`, the
// parcels in no box): ready to pack at /packing. Parcels P480001…; the packages are sorting boxes
// numbered from the box sequence when they open, so no box number is reserved here.

const SC = DEFAULT_SORTING_CENTER_ID;

export interface DemoPackingItem {
  number: string;
  maker: string;
  partNumber: string;
  name: string;
  barcodes: readonly string[];
  /** What the demo sheet says it shows. */
  note: string;
}

export const DEMO_PACKING_ORDER = {
  orderNumber: 'ORD-0301',
  shipmentCode: 'OUT-0301',
  shipmentName: 'Заказ ORD-0301',
  clientName: 'ООО «Мотор-Деталь»',
  items: [
    {
      number: 'P480001',
      maker: 'Daimler AG',
      partNumber: 'A0004201220',
      name: 'Колодки тормозные передние',
      barcodes: ['4059626000147'],
      note: 'scan it at /packing: its order ORD-0301 opens',
    },
    {
      number: 'P480002',
      maker: 'Suzuki',
      partNumber: '16510-81420',
      name: 'Фильтр масляный',
      barcodes: ['4962771000168'],
      note: 'with P480003 one part number: a scan of `16510-81420` asks how many are packed',
    },
    {
      number: 'P480003',
      maker: 'Suzuki',
      partNumber: '16510-81420',
      name: 'Фильтр масляный',
      barcodes: ['4962771000168'],
      note: 'the second oil filter of the order',
    },
  ] satisfies readonly DemoPackingItem[],
} as const;

/** The demo sheet's rows of packing. */
export function listDemoPackingEntries(): DemoEntry[] {
  const order = DEMO_PACKING_ORDER;
  const entries: DemoEntry[] = order.items.map((item) => ({
    kind: 'parcel' as const,
    barcode: item.number,
    description: `${item.maker} ${item.partNumber} ${item.name}, factory barcode ${item.barcodes.join(', ')}; order ${order.orderNumber} picked for ${order.shipmentCode}, ready to pack (/packing): ${item.note}; warehouse ${SC}`,
  }));
  entries.push({
    kind: 'shipment',
    barcode: order.shipmentCode,
    description: `/packing: picked (2), parcels, ${order.clientName}, order ${order.orderNumber} of ${order.items.length} items ready to pack into DIM-S / DIM-M; warehouse ${SC}`,
  });
  return entries;
}
