import type { DemoEntry } from './demo-entry.js';
import { demoSupplyAcceptanceBarcode, type DemoSupply } from './demo-inbound-data.js';

// The demo data of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"; docs/DEMO.md):
// supply IN-0201, expected (1) and needing stickering, in two places; its details are auto
// parts of the five makers of the stock matching table (parcels P460001–P460009; P460100 and
// above belong to the packing and SKU picking demo), with their factory barcodes.

/** A place of the supply: its barcode, its details' numbers, whether its measures are known. */
export interface DemoReceiptPlace {
  barcode: string;
  details: readonly string[];
  /** Null: the place comes without measures (WaitMeasurements asks for them). */
  measures: { lengthCm: number; widthCm: number; heightCm: number; weightGrams: number } | null;
}

/** A detail's stock item fields beyond the supply detail: factory barcodes, attention. */
export interface DemoReceiptGoods {
  number: string;
  barcodes: readonly string[];
  attentionMessage: string | null;
}

const SC = 34717;

function part(
  number: string,
  name: string,
  makeName: string,
  detailNumber: string,
  state: 1 | 3 = 1,
  quantity = 1,
): DemoSupply['details'][number] {
  return {
    number,
    name,
    detailName: name,
    makeName,
    detailNumber,
    orderNumber: `ORD-02${number.slice(-2)}`,
    quantity,
    state,
  };
}

export const DEMO_RECEIPT_SUPPLY: DemoSupply = {
  code: 'IN-0201',
  warehouseNumber: SC,
  senderName: 'ООО «АвтоИмпорт»',
  documentNumber: 'ТН-2026-0201',
  state: 1,
  createdDaysAgo: 5,
  arrivedDaysAgo: null,
  needsStickering: true,
  isStickeringDisabled: false,
  papers: [{ kind: 'waybill', number: 'ТН-2026-0201' }],
  details: [
    part('P460001', 'Сальник коленвала', 'Suzuki', '09283-45012'),
    part('P460002', 'Втулка стабилизатора', 'Febest', 'ASZ-001'),
    part('P460003', 'Втулка стабилизатора', 'Febest', 'ASZ-001'),
    part('P460004', 'Фильтр масляный', 'Mercedes-Benz', 'A 000 180 26 09'),
    part('P460005', 'Фара левая', 'Depo', '212-1118L-LD-EM'),
    // Delivered loose before the places, already stickered: in no place.
    part('P460006', 'Прокладка клапанной крышки', 'Peugeot', '0249.F5', 3),
  ],
  note: 'expected (1), needs stickering: /receipt-cargo receives its places and stickers them',
};

export const DEMO_RECEIPT_PLACES: readonly DemoReceiptPlace[] = [
  {
    barcode: 'PL-0201-1',
    details: ['P460001', 'P460002', 'P460003'],
    measures: { lengthCm: 40, widthCm: 30, heightCm: 20, weightGrams: 3200 },
  },
  { barcode: 'PL-0201-2', details: ['P460004', 'P460005'], measures: null },
];

export const DEMO_RECEIPT_GOODS: readonly DemoReceiptGoods[] = [
  { number: 'P460001', barcodes: ['4607012340011'], attentionMessage: null },
  { number: 'P460002', barcodes: ['4607012340028'], attentionMessage: null },
  { number: 'P460003', barcodes: ['4607012340028'], attentionMessage: null },
  { number: 'P460004', barcodes: ['4021234500044'], attentionMessage: null },
  { number: 'P460005', barcodes: ['4712345600051'], attentionMessage: null },
  { number: 'P460006', barcodes: ['3165140000066'], attentionMessage: null },
];

/** docs/DEMO.md's rows of the receipt demo: the supply's report, its places, details, labels. */
export function listDemoReceiptEntries(): DemoEntry[] {
  const supply = DEMO_RECEIPT_SUPPLY;
  const entries: DemoEntry[] = [
    {
      kind: 'cargo-unit',
      barcode: demoSupplyAcceptanceBarcode(supply),
      description: `/receipt-cargo: supply ${supply.code} from ${supply.senderName}, expected (1), needs stickering; ${DEMO_RECEIPT_PLACES.length} places; warehouse ${SC}`,
    },
  ];
  for (const place of DEMO_RECEIPT_PLACES) {
    entries.push({
      kind: 'cargo-unit',
      barcode: place.barcode,
      description: `/receipt-cargo: a place of ${supply.code}, details ${place.details.join(', ')}${place.measures ? '' : ', no measures'}; warehouse ${SC}`,
    });
  }
  for (const detail of supply.details) {
    const goods = DEMO_RECEIPT_GOODS.find((g) => g.number === detail.number);
    entries.push({
      kind: 'supply-detail',
      barcode: detail.number,
      description: `${detail.name} ${detail.makeName} ${detail.detailNumber} ×${detail.quantity}, detail state ${detail.state} of ${supply.code}`,
    });
    for (const barcode of goods?.barcodes ?? []) {
      if (entries.some((entry) => entry.barcode === barcode)) continue;
      entries.push({
        kind: 'goods-label',
        barcode,
        description: `/receipt-cargo: factory barcode of ${detail.makeName} ${detail.detailNumber} (${supply.code}); warehouse ${SC}`,
      });
    }
  }
  return entries;
}
