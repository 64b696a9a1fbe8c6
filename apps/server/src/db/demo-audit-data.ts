import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import type { CellRow } from '@sorting/domain';

// The demo of the cell audit (docs/DECISIONS.md "Audit"): zone 6 «Хранение» of the
// sorting centre, touched by no other spec. demo-data.ts makes its boxes, parcels and
// returnable box; seed.ts its finished session.

const SC = DEFAULT_SORTING_CENTER_ID;

/** Zone 6 of the sorting centre: SITO rows a–d × 01–06, where the audit is tried. */
export const DEMO_AUDIT_ZONE = {
  number: 6,
  name: 'Хранение',
  type: 'SITO',
  rowCount: 4,
  colCount: 6,
} as const;

/** A box standing in a zone-6 cell. */
export interface DemoAuditBox {
  number: number;
  row: CellRow;
  col: number;
  isClosed: boolean;
  sortingKey: 'MSK-YUG' | 'SPB-01' | 'EKB-03' | 'KZN-02';
}

/**
 * 6-a-01: open box 101 (P410001–P410003) and closed box 102 (P410004: a closed box is one
 * unit); 6-a-02: box 103 (P410005, P410006) and returnable box _R34717-11; 6-b-01: box 104
 * (P410007, surplus when scanned in 6-a-01).
 */
export const DEMO_AUDIT_BOXES: readonly DemoAuditBox[] = [
  { number: 101, row: 'a', col: 1, isClosed: false, sortingKey: 'MSK-YUG' },
  { number: 102, row: 'a', col: 1, isClosed: true, sortingKey: 'SPB-01' },
  { number: 103, row: 'a', col: 2, isClosed: false, sortingKey: 'EKB-03' },
  { number: 104, row: 'b', col: 1, isClosed: false, sortingKey: 'KZN-02' },
];

/** A parcel lying in a zone-6 box. */
export interface DemoAuditParcel {
  number: string;
  boxNumber: number;
  name: string;
}

export const DEMO_AUDIT_PARCELS: readonly DemoAuditParcel[] = [
  { number: 'P410001', boxNumber: 101, name: 'Фильтр воздушный' },
  { number: 'P410002', boxNumber: 101, name: 'Фильтр салона' },
  { number: 'P410003', boxNumber: 101, name: 'Щётка стеклоочистителя' },
  { number: 'P410004', boxNumber: 102, name: 'Амортизатор передний' },
  { number: 'P410005', boxNumber: 103, name: 'Лампа H7' },
  { number: 'P410006', boxNumber: 103, name: 'Датчик кислорода' },
  { number: 'P410007', boxNumber: 104, name: 'Подшипник ступицы' },
];

/** The returnable box located in 6-a-02. */
export const DEMO_AUDIT_RETURNABLE_BOX = {
  number: 11,
  warehouseNumber: SC,
  barcode: '_R34717-11',
  lengthCm: 60,
  widthCm: 40,
  heightCm: 30,
  locationCode: '=34717-6-a-02',
  locationName: '6-a-02',
} as const;

/** A unit of the demo's finished session. */
export interface DemoAuditUnit {
  barcode: string;
  kind: 'parcel' | 'box' | 'container';
  name: string | null;
  state: 1 | 2 | 3;
  isExpected: boolean;
  systemLocation: string | null;
}

/**
 * The session finished yesterday by Сидорова Анна in 6-b-01: box 104 found, P410007 missing,
 * returnable box _R34717-6 (no location known) surplus: 3 units, 33,3 % correct.
 */
export const DEMO_AUDIT_SESSION = {
  warehouseNumber: SC,
  userNumber: 1002,
  cell: { row: 'b', col: 1 } as const,
  units: [
    {
      barcode: '_34717-104',
      kind: 'box',
      name: null,
      state: 1,
      isExpected: true,
      systemLocation: '6-b-01',
    },
    {
      barcode: 'P410007',
      kind: 'parcel',
      name: 'Подшипник ступицы',
      state: 3,
      isExpected: true,
      systemLocation: '6-b-01',
    },
    {
      barcode: '_R34717-6',
      kind: 'container',
      name: null,
      state: 2,
      isExpected: false,
      systemLocation: null,
    },
  ] satisfies DemoAuditUnit[],
  note: 'finished yesterday in 6-b-01: one found, one missing (P410007), one surplus (_R34717-6)',
};
