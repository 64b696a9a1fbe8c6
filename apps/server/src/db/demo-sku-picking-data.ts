import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import { formatBoxBarcode } from '@sorting/domain';
import type { DemoEntry } from './demo-entry.js';

// The demo data of picking goods by SKU (docs/DECISIONS.md "Picking goods by SKU"; docs/DEMO.md):
// the parcels shipment OUT-0201 (state 1) of auto parts of the five makers of spec part 1 §5
// with their factory barcodes (`parcel_barcodes`), in open boxes 241–244 of the FAST cells
// 3-d-01…3-d-04; parcels P460101 and above (P460001… are the receipt of cargo's).

const SC = DEFAULT_SORTING_CENTER_ID;

/** The FAST zone holding the boxes. */
export const DEMO_SKU_ZONE_NUMBER = 3;

export interface DemoSkuPart {
  number: string;
  maker: string;
  partNumber: string;
  name: string;
  barcodes: readonly string[];
  quantity: number;
  needsSticker: boolean;
  attentionMessage: string | null;
  /** What the demo sheet says it shows. */
  note: string;
}

export interface DemoSkuBox {
  number: number;
  row: 'd';
  col: number;
  parts: readonly DemoSkuPart[];
}

export const DEMO_SKU_SHIPMENT = {
  code: 'OUT-0201',
  name: 'Заказ ORD-9201',
  clientName: 'ООО «Автодеталь-Сервис»',
  boxes: [
    {
      number: 241,
      row: 'd',
      col: 1,
      parts: [
        {
          number: 'P460101',
          maker: 'Daimler AG',
          partNumber: 'A0004201220',
          name: 'Колодки тормозные передние',
          barcodes: ['4059626000123'],
          quantity: 1,
          needsSticker: true,
          attentionMessage: null,
          note: 'type `A 000 420 12 20`: taken, its sticker printed at once',
        },
        {
          number: 'P460102',
          maker: 'Suzuki',
          partNumber: '09160-10008',
          name: 'Шайба уплотнительная',
          barcodes: ['4962771000083'],
          quantity: 3,
          needsSticker: false,
          attentionMessage: null,
          note: 'count 3: asks how many are taken',
        },
      ],
    },
    {
      number: 242,
      row: 'd',
      col: 2,
      parts: [
        {
          number: 'P460103',
          maker: 'Febest',
          partNumber: 'ASZ-001',
          name: 'Втулка стабилизатора',
          barcodes: ['4250384000013'],
          quantity: 1,
          needsSticker: true,
          attentionMessage: 'Проверьте комплектность: две втулки в пакете',
          note: 'attention message: confirm it, then choose the sticker count',
        },
      ],
    },
    {
      number: 243,
      row: 'd',
      col: 3,
      parts: [
        {
          number: 'P460104',
          maker: 'Peugeot / Citroen',
          partNumber: '4254.A4',
          name: 'Колодки тормозные задние',
          barcodes: ['3276424254A40'],
          quantity: 1,
          needsSticker: false,
          attentionMessage: null,
          note: 'already stickered: taken with no label',
        },
      ],
    },
    {
      number: 244,
      row: 'd',
      col: 4,
      parts: [
        {
          number: 'P460105',
          maker: 'Depo',
          partNumber: '212-1118L-LD-EM',
          name: 'Фара левая',
          barcodes: ['4716884121118'],
          quantity: 1,
          needsSticker: true,
          attentionMessage: null,
          note: 'scan `2121118L`: the region suffix is dropped',
        },
      ],
    },
  ] satisfies readonly DemoSkuBox[],
} as const;

export function demoSkuBoxBarcode(box: { number: number }): string {
  return formatBoxBarcode(SC, box.number);
}

function cellName(box: DemoSkuBox): string {
  return `${DEMO_SKU_ZONE_NUMBER}-${box.row}-${String(box.col).padStart(2, '0')}`;
}

/** The demo sheet's rows of picking by SKU. */
export function listDemoSkuPickingEntries(): DemoEntry[] {
  const shipment = DEMO_SKU_SHIPMENT;
  const boxes: readonly DemoSkuBox[] = shipment.boxes;
  const entries: DemoEntry[] = boxes.flatMap((box) =>
    box.parts.map((part) => ({
      kind: 'parcel' as const,
      barcode: part.number,
      description: `${part.maker} ${part.partNumber} ${part.name} ×${part.quantity}, factory barcode ${part.barcodes.join(', ')}; in box ${box.number} (${cellName(box)}) of shipment ${shipment.code} (/parcels-picking): ${part.note}; warehouse ${SC}`,
    })),
  );
  entries.push({
    kind: 'shipment',
    barcode: shipment.code,
    description: `/parcels-picking: forming (1), parcels, ${shipment.clientName}, auto parts of five makers in 3-d-01…3-d-04; warehouse ${SC}`,
  });
  return entries;
}
