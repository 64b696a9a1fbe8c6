import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';

// The demo data of the transit loading workflows (docs/DECISIONS.md "Guided workflows";
// docs/DEMO.md): two transit shipments to «СЦ Казань» ready (state 2), their closed boxes
// picked already (out of their cells, units `picked`), and two returnable boxes as pallets
// (in demo-data.ts DEMO_RETURNABLE_BOXES, which the returnable boxes' tests count).
// Box numbers 71–77: 141–143 are the recipients' boxes of zone 8, the blocks up to 168 are
// taken or kept for the other workflows, and numbers above 168 would move the box sequence
// (LastBoxNumber), so the 141–147 became 71–77.

const SC = DEFAULT_SORTING_CENTER_ID;

/** A transit shipment /loading and /loading-v2 load: its closed, picked boxes by number. */
export interface DemoLoadingShipment {
  code: string;
  name: string;
  clientName: string;
  boxNumbers: readonly number[];
  note: string;
}

export const DEMO_LOADING_SHIPMENTS: readonly DemoLoadingShipment[] = [
  {
    code: 'OUT-0103',
    name: 'Транзит в СЦ Казань',
    clientName: 'СЦ Казань',
    boxNumbers: [71, 72, 73, 74],
    note: '/loading: load it on two pallets',
  },
  {
    code: 'OUT-0104',
    name: 'Транзит в СЦ Казань',
    clientName: 'СЦ Казань',
    boxNumbers: [75, 76, 77],
    note: '/loading-v2: load two boxes, confirm one missing',
  },
];

/** The sorting key of the transit boxes: Казань, as sorting collected them. */
export const DEMO_LOADING_BOX_KEY = 'KZN-02';

export const DEMO_LOADING_WAREHOUSE_NUMBER = SC;

/** The returnable boxes /loading takes as pallets (seeded with demo-data.ts's others). */
export const DEMO_LOADING_PALLETS = [
  {
    number: 21,
    warehouseNumber: SC,
    barcode: '_R34717-21',
    lengthCm: 120,
    widthCm: 80,
    heightCm: 15,
  },
  {
    number: 22,
    warehouseNumber: SC,
    barcode: '_R34717-22',
    lengthCm: 120,
    widthCm: 80,
    heightCm: 15,
  },
] as const;
