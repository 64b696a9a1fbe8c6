import {
  SORTING_ROUTES,
  SORTING_SYSTEM_ROUTES,
  type CallArguments,
  type CallInput,
  type RouteDefinition,
  type TAcceptanceReport,
  type TBox,
  type TCell,
  type TDimension,
  type TMeasures,
  type TMoveResult,
  type TParcel,
  type TParcelSticker,
  type TReturnableBox,
  type TZone,
} from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { LookupResult, ZoneLookupInput } from './sorting-entry.machine';

/** A call's body as the machine fills it: every field there, null for "not given". */
type Filled<R extends RouteDefinition> = {
  [K in keyof CallArguments<R>['body']]-?: undefined extends CallArguments<R>['body'][K]
    ? Exclude<CallArguments<R>['body'][K], undefined> | null
    : CallArguments<R>['body'][K];
};

/** A change of the worker's action, sent once under its operation id. */
type Operation = Pick<CallInput<typeof SORTING_ROUTES.move>, 'operationId'>;

/** The `{id}` of `/sorting-api/parcels/{id}/…`, which the machine calls parcelId. */
type ParcelId = CallArguments<typeof SORTING_ROUTES.stickerPrinted>['params']['id'];

/** Spec part 1 §7 `parcels/scan`. */
export type ParcelScanInput = Filled<typeof SORTING_ROUTES.scanParcel>;
/** Spec part 1 §7 `boxes/search`. */
export type BoxSearchInput = Filled<typeof SORTING_ROUTES.searchBox>;
/** Spec part 1 §7 `cells/search`. */
export type CellSearchInput = Filled<typeof SORTING_ROUTES.searchCell>;
/** Spec part 1 §7 `cells/suggest`: for a parcel (parcelId, barcode) or a box (boxId). */
export type CellSuggestInput = Filled<typeof SORTING_ROUTES.suggestCells>;
/** Spec part 1 §7 `move`, with the operation id of the worker's action. */
export type MoveInput = Filled<typeof SORTING_ROUTES.move> & Operation;
export type MeasureInput = CallArguments<typeof SORTING_ROUTES.measure>['body'] & Operation;
/** Weight in grams (spec part 1 §5: kg × 1000, rounded, by the machine). */
export type WeightInput = CallArguments<typeof SORTING_ROUTES.weigh>['body'] & Operation;

/** Spec part 1 §7 `ContainerAccounting/move`, with the operation id of the worker's action. */
export type ContainerMoveInput = CallArguments<typeof SORTING_ROUTES.moveContainer>['body'] &
  Operation;

/** A change of one parcel (`/sorting-api/parcels/{id}/…`). */
export type ParcelActionInput = { parcelId: ParcelId } & Operation;

/** Spec part 1 §7 `parcels/{id}/damage`: its body's Comment. */
export type DamageInput = ParcelActionInput & {
  comment: CallArguments<typeof SORTING_ROUTES.reportDamage>['body']['Comment'];
};

/** The calls of the sorting screen; each answers the casing-free envelope. */
export interface SortingCalls {
  scanParcel(input: ParcelScanInput): Promise<LookupResult<TParcel>>;
  searchBox(input: BoxSearchInput): Promise<LookupResult<TBox>>;
  searchCell(input: CellSearchInput): Promise<LookupResult<TCell>>;
  suggestCells(input: CellSuggestInput): Promise<LookupResult<TCell[]>>;
  move(input: MoveInput): Promise<LookupResult<TMoveResult> & { isRepeat?: boolean }>;
  /** Spec part 1 §7 `GET dimension?barcode`: a dimension type's sizes for the measure step. */
  dimension(
    input: CallArguments<typeof SORTING_ROUTES.dimension>['query'],
  ): Promise<LookupResult<TDimension>>;
  /** Spec part 1 §7 `GET sortingsystem-api/Parcels/{barcode}/measures`: what is known already. */
  measures(
    input: CallArguments<typeof SORTING_SYSTEM_ROUTES.measures>['params'],
  ): Promise<LookupResult<TMeasures>>;
  /** Spec part 1 §7 `GET ContainerAccounting?barcode`: a returnable container and where it is. */
  findContainer(
    input: CallArguments<typeof SORTING_ROUTES.findContainer>['query'],
  ): Promise<LookupResult<TReturnableBox>>;
  /** Spec part 1 §7 `POST ContainerAccounting/move`: the container to a location (a cell). */
  moveContainer(input: ContainerMoveInput): Promise<LookupResult<TReturnableBox>>;
  measure(input: MeasureInput): Promise<LookupResult<unknown>>;
  weigh(input: WeightInput): Promise<LookupResult<unknown>>;
  arriveInbound(
    input: CallArguments<typeof SORTING_SYSTEM_ROUTES.arriveInbound>['query'] & Operation,
  ): Promise<LookupResult<TAcceptanceReport>>;
  getSticker(
    input: { parcelId: ParcelId } & Pick<
      CallArguments<typeof SORTING_ROUTES.sticker>['query'],
      'lang'
    >,
  ): Promise<LookupResult<TParcelSticker>>;
  markStickerPrinted(input: ParcelActionInput): Promise<LookupResult<unknown>>;
  clearAttention(input: ParcelActionInput): Promise<LookupResult<unknown>>;
  reportDamage(input: DamageInput): Promise<LookupResult<unknown>>;
  /** The zone of a scanned cell (spec part 1 §4 "Cell scan otherwise: new zone data"). */
  searchZone(input: Extract<ZoneLookupInput, { barcode: string }>): Promise<LookupResult<TZone>>;
}

/** `T` without its null fields, which become absent ones. */
type Compact<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/** Leaves out null fields: the server's schemas take absent, not null, for "not given". */
function compact<T extends object>(value: T): Compact<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined),
  ) as Compact<T>;
}

/** The Sorting calls of spec part 1 §7 over the typed client (`SORTING_ROUTES`). */
export function createSortingService(api: ApiClient): SortingCalls {
  return {
    scanParcel: (input) => api.call(SORTING_ROUTES.scanParcel, { body: compact(input) }),
    searchBox: (input) => api.call(SORTING_ROUTES.searchBox, { body: compact(input) }),
    searchCell: (input) => api.call(SORTING_ROUTES.searchCell, { body: compact(input) }),
    suggestCells: (input) => api.call(SORTING_ROUTES.suggestCells, { body: compact(input) }),
    move: ({ operationId, ...input }) =>
      api.call(SORTING_ROUTES.move, { body: compact(input), operationId }),
    dimension: ({ barcode }) => api.call(SORTING_ROUTES.dimension, { query: { barcode } }),
    measures: ({ barcode }) => api.call(SORTING_SYSTEM_ROUTES.measures, { params: { barcode } }),
    findContainer: ({ barcode }) => api.call(SORTING_ROUTES.findContainer, { query: { barcode } }),
    moveContainer: ({ operationId, ...body }) =>
      api.call(SORTING_ROUTES.moveContainer, { body: compact(body), operationId }),
    measure: ({ operationId, ...body }) => api.call(SORTING_ROUTES.measure, { body, operationId }),
    weigh: ({ operationId, ...body }) => api.call(SORTING_ROUTES.weigh, { body, operationId }),
    arriveInbound: ({ barcode, operationId }) =>
      api.call(SORTING_SYSTEM_ROUTES.arriveInbound, { query: { barcode }, operationId }),
    getSticker: ({ parcelId, lang }) =>
      api.call(SORTING_ROUTES.sticker, { params: { id: parcelId }, query: { lang } }),
    markStickerPrinted: ({ parcelId, operationId }) =>
      api.call(SORTING_ROUTES.stickerPrinted, { params: { id: parcelId }, operationId }),
    clearAttention: ({ parcelId, operationId }) =>
      api.call(SORTING_ROUTES.clearAttention, { params: { id: parcelId }, operationId }),
    reportDamage: ({ parcelId, comment, operationId }) =>
      api.call(SORTING_ROUTES.reportDamage, {
        params: { id: parcelId },
        body: { Comment: comment },
        operationId,
      }),
    searchZone: (input) => api.call(SORTING_ROUTES.searchZone, { body: input }),
  };
}
