import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMoveResult,
  TParcel,
  TParcelSticker,
  TZone,
} from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { LookupResult } from './sorting-entry.machine';

/** Spec part 1 §7 `parcels/scan`. */
export interface ParcelScanInput {
  barcode: string;
  warehouseId: number;
  userId: number | null;
  zoneId: number | null;
}

/** Spec part 1 §7 `boxes/search`. */
export interface BoxSearchInput {
  barcode: string;
  warehouseId: number;
  userId: number | null;
  zoneId: number | null;
  zoneType: string | null;
  parcelId: number | null;
  boxId: number | null;
}

/** Spec part 1 §7 `cells/search`. */
export interface CellSearchInput {
  barcode: string;
  warehouseId: number;
  parcelId: number | null;
  userId: number | null;
  boxId: number | null;
}

/** Spec part 1 §7 `cells/suggest`: for a parcel (parcelId, barcode) or a box (boxId). */
export interface CellSuggestInput {
  parcelId: number | null;
  barcode: string | null;
  warehouseId: number;
  userId: number | null;
  zoneId: number | null;
  boxId: number | null;
}

/** Spec part 1 §7 `move`, with the operation id of the worker's action. */
export interface MoveInput {
  parcelId: number | null;
  boxId: number | null;
  cellId: number | null;
  userId: number | null;
  operationId: string;
}

export interface MeasureInput {
  parcelId: number;
  height: number;
  width: number;
  length: number;
  operationId: string;
}

/** Weight in grams (spec part 1 §5: kg × 1000, rounded, by the machine). */
export interface WeightInput {
  parcelId: number;
  weight: number;
  operationId: string;
}

export interface ParcelActionInput {
  parcelId: number;
  operationId: string;
}

export interface DamageInput extends ParcelActionInput {
  comment: string;
}

/** The calls of the sorting screen; each answers the casing-free envelope. */
export interface SortingCalls {
  scanParcel(input: ParcelScanInput): Promise<LookupResult<TParcel>>;
  searchBox(input: BoxSearchInput): Promise<LookupResult<TBox>>;
  searchCell(input: CellSearchInput): Promise<LookupResult<TCell>>;
  suggestCells(input: CellSuggestInput): Promise<LookupResult<TCell[]>>;
  move(input: MoveInput): Promise<LookupResult<TMoveResult> & { isRepeat?: boolean }>;
  /** Spec part 1 §7 `GET dimension?barcode`: a dimension type's sizes for the measure step. */
  dimension(input: { barcode: string }): Promise<LookupResult<TDimension>>;
  measure(input: MeasureInput): Promise<LookupResult<unknown>>;
  weigh(input: WeightInput): Promise<LookupResult<unknown>>;
  arriveInbound(input: {
    barcode: string;
    operationId: string;
  }): Promise<LookupResult<TAcceptanceReport>>;
  getSticker(input: { parcelId: number; lang: string }): Promise<LookupResult<TParcelSticker>>;
  markStickerPrinted(input: ParcelActionInput): Promise<LookupResult<unknown>>;
  clearAttention(input: ParcelActionInput): Promise<LookupResult<unknown>>;
  reportDamage(input: DamageInput): Promise<LookupResult<unknown>>;
  /** The zone of a scanned cell (spec part 1 §4 "Cell scan otherwise: new zone data"). */
  searchZone(input: { warehouseId: number; barcode: string }): Promise<LookupResult<TZone>>;
}

/** Leaves out null fields: the server's schemas take absent, not null, for "not given". */
function compact<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined),
  ) as Partial<T>;
}

/** The Sorting calls of spec part 1 §7 over the API client. */
export function createSortingService(api: ApiClient): SortingCalls {
  return {
    scanParcel: (input) =>
      api.post<TParcel>('sorting', '/sorting-api/parcels/scan', compact(input)),
    searchBox: (input) => api.post<TBox>('sorting', '/sorting-api/boxes/search', compact(input)),
    searchCell: (input) => api.post<TCell>('sorting', '/sorting-api/cells/search', compact(input)),
    suggestCells: (input) =>
      api.post<TCell[]>('sorting', '/sorting-api/cells/suggest', compact(input)),
    move: ({ operationId, ...input }) =>
      api.post<TMoveResult>('sorting', '/sorting-api/move', compact(input), { operationId }),
    dimension: ({ barcode }) =>
      api.get<TDimension>('sorting', '/sorting-api/dimension', { query: { barcode } }),
    measure: ({ operationId, ...input }) =>
      api.post('sorting', '/sorting-api/parcels/measure', input, { operationId }),
    weigh: ({ operationId, ...input }) =>
      api.post('sorting', '/sorting-api/parcels/weight', input, { operationId }),
    arriveInbound: ({ barcode, operationId }) =>
      api.post<TAcceptanceReport>(
        'sortingSystem',
        '/sortingsystem-api/documents/inbound/arrive',
        undefined,
        { query: { barcode }, operationId },
      ),
    getSticker: ({ parcelId, lang }) =>
      api.get<TParcelSticker>('sorting', `/sorting-api/Parcels/${parcelId}/sticker`, {
        query: { lang },
      }),
    markStickerPrinted: ({ parcelId, operationId }) =>
      api.put('sorting', `/sorting-api/Parcels/${parcelId}/sticker_printed`, undefined, {
        operationId,
      }),
    clearAttention: ({ parcelId, operationId }) =>
      api.delete('sorting', `/sorting-api/parcels/${parcelId}/attention`, { operationId }),
    reportDamage: ({ parcelId, comment, operationId }) =>
      api.put(
        'sorting',
        `/sorting-api/parcels/${parcelId}/damage`,
        { Comment: comment },
        {
          operationId,
        },
      ),
    searchZone: (input) => api.post<TZone>('sorting', '/sorting-api/zones/search', input),
  };
}
