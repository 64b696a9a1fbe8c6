import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';

// The demo data of the guided workflows, part 1 (docs/DECISIONS.md "Guided workflows";
// docs/DEMO.md): empty boxes standing in no cell for placing and consolidation, a returnable
// box to place, and destination OMS-05 «Омск» whose parcels lie in boxes of 1-c-01 and 1-c-02,
// to be gathered into a consolidation in the empty cells 7-c-01…7-c-06 (7-d-01…7-d-06 for placing).
// Box numbers 161–165: 121–134 are the picking demo's boxes of zone 8.

const SC = DEFAULT_SORTING_CENTER_ID;

/** An empty open sorting box standing in no cell. */
export interface DemoLooseBox {
  number: number;
  warehouseNumber: number;
  note: string;
}

export const DEMO_LOOSE_BOXES: readonly DemoLooseBox[] = [
  { number: 161, warehouseNumber: SC, note: '/consolidation: the box of a new consolidation' },
  { number: 162, warehouseNumber: SC, note: '/consolidation: a second new consolidation' },
  { number: 163, warehouseNumber: SC, note: '/placing: place it into 7-d-01…7-d-06' },
];

/** The destination the consolidation demo gathers. */
export const DEMO_WORKFLOW_DESTINATION = { key: 'OMS-05', name: 'Омск' } as const;

/** The open boxes in zone 1 holding the destination's parcels. */
export const DEMO_WORKFLOW_BOXES = [
  { number: 164, row: 'c', col: 1 },
  { number: 165, row: 'c', col: 2 },
] as const;

/** OMS-05's parcels: two in the box of 1-c-01, two in the box of 1-c-02. */
export const DEMO_WORKFLOW_PARCELS = [
  { number: 'P440001', boxNumber: 164, name: 'Радиатор охлаждения' },
  { number: 'P440002', boxNumber: 164, name: 'Термостат' },
  { number: 'P440003', boxNumber: 165, name: 'Помпа водяная' },
  { number: 'P440004', boxNumber: 165, name: 'Патрубок радиатора' },
] as const;

/** The returnable box placing locates in a cell. */
export const DEMO_WORKFLOW_RETURNABLE_BOX = {
  number: 12,
  warehouseNumber: SC,
  barcode: '_R34717-12',
  lengthCm: 60,
  widthCm: 40,
  heightCm: 30,
} as const;

/** A recipient whose parcels wait to be placed into a pick-up cell (/parcels-placing). */
export interface DemoPlacingRecipient {
  code: string;
  name: string;
  parcels: readonly { number: string; name: string }[];
}

/**
 * Guided workflows, part 2: recipients whose parcels lie in no cell yet; /parcels-placing puts
 * them into FAST cells of zone 3 (boxes keyed `recipient:<code>`), then /picking lists them.
 */
export const DEMO_PLACING_RECIPIENTS: readonly DemoPlacingRecipient[] = [
  {
    code: 'R-4501',
    name: 'Кузнецова Мария',
    parcels: [
      { number: 'P450001', name: 'Фара передняя' },
      { number: 'P450002', name: 'Зеркало боковое' },
    ],
  },
  {
    code: 'R-4502',
    name: 'Орлов Павел',
    parcels: [{ number: 'P450003', name: 'Аккумулятор 60 Ач' }],
  },
];

/** The sorting key of a recipient's parcels (docs/DECISIONS.md "Guided workflows"). */
export function recipientKey(code: string): string {
  return `recipient:${code}`;
}

/** A parcel of the storage supply; `needsSticker` prints its sticker before a cell. */
export interface DemoStorageParcel {
  number: string;
  name: string;
  needsSticker: boolean;
}

/**
 * The supply /place-to-storage stores: arrived (state 5), its parcels in no cell; the box of a
 * storage cell is keyed `client:<name>` (docs/DECISIONS.md "Guided workflows").
 */
export const DEMO_STORAGE_SUPPLY = {
  code: 'IN-0101',
  clientName: 'ООО «Запчасти-Опт»',
  documentNumber: 'ТН-2026-0401',
  parcels: [
    { number: 'P450011', name: 'Масло моторное 5W-30', needsSticker: false },
    { number: 'P450012', name: 'Антифриз G12', needsSticker: false },
    { number: 'P450013', name: 'Щётки стеклоочистителя', needsSticker: true },
    { number: 'P450014', name: 'Жидкость тормозная DOT-4', needsSticker: false },
  ] satisfies readonly DemoStorageParcel[],
} as const;

/** The sorting key of a client's stored goods (docs/DECISIONS.md "Guided workflows"). */
export function clientKey(name: string): string {
  return `client:${name}`;
}

/**
 * The parcels shipment /parcel-picking-in-storage picks (state 1, kind `parcels`): its parcels
 * lie in open boxes 166–168 of the FAST cells 3-c-01…3-c-03, keyed by the client.
 */
export const DEMO_STORAGE_SHIPMENT = {
  code: 'OUT-0101',
  name: 'Заказ ORD-9101',
  clientName: 'ООО «Ремавто»',
  boxes: [
    { number: 166, row: 'c', col: 1 },
    { number: 167, row: 'c', col: 2 },
    { number: 168, row: 'c', col: 3 },
  ],
  parcels: [
    { number: 'P450021', name: 'Фильтр масляный', boxNumber: 166 },
    { number: 'P450022', name: 'Фильтр воздушный', boxNumber: 166 },
    { number: 'P450023', name: 'Колодки тормозные', boxNumber: 167 },
    { number: 'P450024', name: 'Свечи зажигания', boxNumber: 168 },
  ],
} as const;
