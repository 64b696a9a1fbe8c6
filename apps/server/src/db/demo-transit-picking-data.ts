import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import { formatBoxBarcode } from '@sorting/domain';
import type { DemoEntry } from './demo-entry.js';

// The demo data of boxes transit picking (docs/DECISIONS.md "Guided workflows", step tables
// 7–9; docs/DEMO.md): two transit shipments to «СЦ Казань» in state 1 whose closed boxes stand
// in the TRANSIT cells of zone 4: OUT-0102 for /cargo-picking (v1) in 4-b-01…4-b-04 and
// OUT-0105 for /cargo-picking-v2 in 4-c-01…4-c-04, one of its boxes holding six parcels for
// the details check. The issue's box numbers 131–138 are the recipients' boxes of zone 8
// (demo-picking-data.ts), so these are 181–188.

const SC = DEFAULT_SORTING_CENTER_ID;

/** The destination the transit boxes collect. */
export const DEMO_TRANSIT_DESTINATION = { key: 'KZN-02', name: 'Казань' } as const;

export interface DemoTransitBox {
  number: number;
  row: 'b' | 'c';
  col: number;
  parcels: readonly { number: string; name: string }[];
}

export interface DemoTransitShipment {
  code: string;
  name: string;
  clientName: string;
  route: '/cargo-picking' | '/cargo-picking-v2';
  boxes: readonly DemoTransitBox[];
}

/** The transit zone holding the boxes. */
export const DEMO_TRANSIT_ZONE_NUMBER = 4;

export const DEMO_TRANSIT_SHIPMENTS: readonly DemoTransitShipment[] = [
  {
    code: 'OUT-0102',
    name: 'Транзит ТР-0102',
    clientName: 'СЦ Казань',
    route: '/cargo-picking',
    boxes: [
      {
        number: 181,
        row: 'b',
        col: 1,
        parcels: [
          { number: 'P450107', name: 'Ремень ГРМ' },
          { number: 'P450108', name: 'Ролик натяжной' },
        ],
      },
      { number: 182, row: 'b', col: 2, parcels: [{ number: 'P450109', name: 'Сайлентблок' }] },
      { number: 183, row: 'b', col: 3, parcels: [] },
      { number: 184, row: 'b', col: 4, parcels: [] },
    ],
  },
  {
    code: 'OUT-0105',
    name: 'Транзит ТР-0105',
    clientName: 'СЦ Казань',
    route: '/cargo-picking-v2',
    boxes: [
      { number: 185, row: 'c', col: 1, parcels: [{ number: 'P450110', name: 'Датчик ABS' }] },
      {
        number: 186,
        row: 'c',
        col: 2,
        parcels: [
          { number: 'P450101', name: 'Амортизатор передний' },
          { number: 'P450102', name: 'Амортизатор задний' },
          { number: 'P450103', name: 'Опора амортизатора' },
          { number: 'P450104', name: 'Пыльник амортизатора' },
          { number: 'P450105', name: 'Отбойник' },
          { number: 'P450106', name: 'Пружина подвески' },
        ],
      },
      { number: 187, row: 'c', col: 3, parcels: [] },
      { number: 188, row: 'c', col: 4, parcels: [] },
    ],
  },
];

export function demoTransitBoxBarcode(box: DemoTransitBox): string {
  return formatBoxBarcode(SC, box.number);
}

function cellName(box: DemoTransitBox): string {
  return `${DEMO_TRANSIT_ZONE_NUMBER}-${box.row}-${String(box.col).padStart(2, '0')}`;
}

/** docs/DEMO.md's rows of the transit picking demo: its parcels, boxes and shipments. */
export function listDemoTransitPickingEntries(): DemoEntry[] {
  const entries: DemoEntry[] = [];
  for (const shipment of DEMO_TRANSIT_SHIPMENTS) {
    for (const box of shipment.boxes) {
      for (const parcel of box.parcels) {
        entries.push({
          kind: 'parcel',
          barcode: parcel.number,
          description: `${parcel.name}, ${DEMO_TRANSIT_DESTINATION.name}; in box ${box.number} of shipment ${shipment.code} (${shipment.route}); warehouse ${SC}`,
        });
      }
    }
    for (const box of shipment.boxes) {
      entries.push({
        kind: 'box',
        barcode: demoTransitBoxBarcode(box),
        description: `box ${box.number} in cell ${cellName(box)}, closed, ${box.parcels.length} parcel${box.parcels.length === 1 ? '' : 's'}; shipment ${shipment.code} (${shipment.route}); warehouse ${SC}`,
      });
    }
    const first = shipment.boxes[0];
    const last = shipment.boxes.at(-1);
    entries.push({
      kind: 'shipment',
      barcode: shipment.code,
      description: `${shipment.route}: forming (1), transit to ${shipment.clientName}, boxes ${first?.number}–${last?.number} in ${first ? cellName(first) : ''}…${last ? cellName(last) : ''}; warehouse ${SC}`,
    });
  }
  return entries;
}
