import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import type { CellRow } from '@sorting/domain';

// The demo consolidations (docs/DECISIONS.md "Deconsolidation"): boxes gathered for
// one destination in zone 7 «Консолидация» of the sorting centre, and one of warehouse 1201
// that a worker of the centre is refused. demo-data.ts makes boxes and parcels of them.

const SC = DEFAULT_SORTING_CENTER_ID;
const REGULAR = 1201;

/** Zone 7 of the sorting centre: SITO rows a–d × 01–06, where consolidated boxes stand. */
export const DEMO_CONSOLIDATION_ZONE = {
  number: 7,
  name: 'Консолидация',
  type: 'SITO',
  rowCount: 4,
  colCount: 6,
} as const;

/** A consolidation record: a box in a cell for one destination (spec part 2 §1). */
export interface DemoConsolidation {
  warehouseNumber: number;
  boxNumber: number;
  zoneNumber: number;
  row: CellRow;
  col: number;
  destinationKey: 'NSK-04' | 'EKB-03' | 'SPB-01';
  destinationName: string;
  /** Closed by the consolidation workflow. */
  isCompleted: boolean;
  note: string;
}

export const DEMO_CONSOLIDATIONS: readonly DemoConsolidation[] = [
  {
    warehouseNumber: SC,
    boxNumber: 111,
    zoneNumber: 7,
    row: 'a',
    col: 1,
    destinationKey: 'NSK-04',
    destinationName: 'Новосибирск',
    isCompleted: true,
    note: 'completed, 3 parcels measured and weighed',
  },
  {
    warehouseNumber: SC,
    boxNumber: 112,
    zoneNumber: 7,
    row: 'a',
    col: 2,
    destinationKey: 'EKB-03',
    destinationName: 'Екатеринбург',
    isCompleted: false,
    note: 'not completed; P420005 not measured («—»)',
  },
  {
    warehouseNumber: REGULAR,
    boxNumber: 111,
    zoneNumber: 1,
    row: 'a',
    col: 3,
    destinationKey: 'SPB-01',
    destinationName: 'Санкт-Петербург',
    isCompleted: true,
    note: 'of warehouse 1201: a worker of the sorting centre is refused',
  },
];

/** A parcel of a consolidated box; measures in cm and grams, null when not measured. */
export interface DemoConsolidatedParcel {
  number: string;
  warehouseNumber: number;
  boxNumber: number;
  name: string;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  weightGrams: number | null;
}

function measured(
  number: string,
  boxNumber: number,
  name: string,
  [lengthCm, widthCm, heightCm, weightGrams]: readonly (number | null)[],
  warehouseNumber = SC,
): DemoConsolidatedParcel {
  return {
    number,
    warehouseNumber,
    boxNumber,
    name,
    lengthCm: lengthCm ?? null,
    widthCm: widthCm ?? null,
    heightCm: heightCm ?? null,
    weightGrams: weightGrams ?? null,
  };
}

/** The parcels of the consolidated boxes: 1449 g shows «1,4 кг», 12.5 cm «13» (p2 §5). */
export const DEMO_CONSOLIDATED_PARCELS: readonly DemoConsolidatedParcel[] = [
  measured('P420001', 111, 'Амортизатор задний', [60, 12.5, 12, 1449]),
  measured('P420002', 111, 'Диск тормозной', [32, 32, 8, 6450]),
  measured('P420003', 111, 'Свеча зажигания', [10, 4, 3, 80]),
  measured('P420004', 112, 'Ремень ГРМ', [30, 20, 5, 450]),
  measured('P420005', 112, 'Датчик ABS', []),
  measured('P420006', 111, 'Рычаг подвески', [45, 15, 10, 2100], REGULAR),
];
