import { z } from 'zod';
import type {
  TAcceptanceReport,
  TBox,
  TCell,
  TDimension,
  TMeasures,
  TMoveResult,
  TParcel,
  TParcelSticker,
  TReturnableBox,
  TReturnableBoxSticker,
  TVisionFragments,
} from './sorting-types.js';
import { CELL_ZONE_TYPES, SORTING_EVENT_KINDS } from './sorting-types.js';
import {
  ZBarcodeQuery,
  ZBoxCreateRequest,
  ZBoxSearchRequest,
  ZCellSearchRequest,
  ZCellSuggestRequest,
  ZContainerMoveRequest,
  ZMoveRequest,
  ZParcelBarcodeParams,
  ZParcelDamageRequest,
  ZParcelIdParams,
  ZParcelMeasureRequest,
  ZParcelScanRequest,
  ZParcelWeightRequest,
  ZStickerQuery,
  ZVisionBoxesRequest,
  ZVisionParams,
} from './sorting-calls.js';
import { ZWarehouseList, ZZoneList, ZZoneListRequest } from './context-lists.js';
import { ZWarehouse, ZWarehouseSearchRequest } from './warehouses-search.js';
import { ZZone, ZZoneSearchRequest } from './zones-search.js';

// The schemas of the Sorting, sorting system, vision and dimensions calls (spec part 1 §3, §7;
// part 2 §7); the route maps are `sorting.routes.ts`. The answers' shapes are the plain types
// of `sorting-types.ts` (the web imports those without zod); `Exact` below holds each schema
// equal to its type, so the server's answer serializer (which drops unknown fields) keeps all.

type Exact<Schema extends z.ZodType, T> = [z.output<Schema>] extends [T]
  ? [T] extends [z.output<Schema>]
    ? Schema
    : never
  : never;

/** Holds a schema to the plain type it describes: a field missing on either side fails. */
function exactly<T>() {
  return <Schema extends z.ZodType>(schema: Schema & Exact<Schema, T>): Schema => schema;
}

const int = () => z.number().int();

export const ZCell = exactly<TCell>()(
  z.object({
    id: int(),
    name: z.string(),
    number: int(),
    zoneNumber: int(),
    zoneType: z.enum(CELL_ZONE_TYPES),
    row: z.string(),
    col: int(),
    isEmpty: z.boolean(),
    barcode: z.string(),
  }),
);

export const ZParcel = exactly<TParcel>()(
  z.object({
    id: int(),
    name: z.string(),
    number: z.string(),
    sortingKey: z.string(),
    sortingName: z.string(),
    boxNumber: int().nullable(),
    cellName: z.string().nullable(),
    isBoxReceipted: z.boolean(),
    inboundNumber: z.string().nullable(),
    isInboundReceipted: z.boolean(),
    isNeedMeasure: z.boolean(),
    isNeedWeight: z.boolean(),
    isNeedStickerPrint: z.boolean(),
    attentionMessage: z.string().nullable(),
    routeNumber: z.string().nullable(),
    cells: z.array(ZCell),
    notReceiptedQuantity: int(),
    isReceipted: z.boolean(),
    clientName: z.string().nullable(),
    makeName: z.string().nullable(),
    detailNumber: z.string().nullable(),
    detailName: z.string().nullable(),
    quantity: z.number(),
  }),
);

export const ZBox = exactly<TBox>()(
  z.object({
    id: int(),
    name: z.string(),
    number: int(),
    isEmpty: z.boolean(),
    cells: z.array(ZCell),
    barcode: z.string(),
    sortingKey: z.string().nullable(),
    isClosed: z.boolean(),
    parcelsCount: int(),
  }),
);

export const ZMoveResult = exactly<TMoveResult>()(
  z.object({
    boxNumber: int().nullable(),
    isBoxReceipted: z.boolean(),
    inboundNumber: z.string().nullable(),
    isInboundReceipted: z.boolean(),
    parcelId: int().nullable(),
    boxId: int().nullable(),
    cellId: int().nullable(),
    cellName: z.string().nullable(),
    isAlreadyInPlace: z.boolean(),
    isNewBox: z.boolean().optional(),
  }),
);

export const ZMeasures = exactly<TMeasures>()(
  z.object({
    height: z.number().nullable(),
    width: z.number().nullable(),
    length: z.number().nullable(),
    weight: z.number().nullable(),
  }),
);

export const ZAcceptanceReport = exactly<TAcceptanceReport>()(
  z.object({ detailsQuantity: int(), name: z.string(), inboundNumber: z.string() }),
);

export const ZDimension = exactly<TDimension>()(
  z.object({
    DimensionId: int(),
    Name: z.string(),
    Barcode: z.string(),
    Length: z.number(),
    Width: z.number(),
    Height: z.number(),
    WarehouseCode: z.string().nullable(),
    IsCommon: z.boolean(),
  }),
);

export const ZReturnableBox = exactly<TReturnableBox>()(
  z.object({
    Number: int(),
    Barcode: z.string(),
    LengthCm: z.number(),
    WidthCm: z.number(),
    HeightCm: z.number(),
    ChangeDate: z.string(),
    CurrentLocationName: z.string().nullable(),
    CurrentLocationCode: z.string().nullable(),
    ExternalBarcode: z.string().nullable(),
  }),
);

const ZLabelParameters = z.array(z.object({ name: z.string(), value: z.string() }));

export const ZReturnableBoxSticker = exactly<TReturnableBoxSticker>()(
  z.object({ barcodeName: z.literal('returnable-box'), barcodeData: ZLabelParameters }),
);

export const ZParcelSticker = exactly<TParcelSticker>()(
  z.object({ barcodeName: z.literal('parcel'), barcodeData: ZLabelParameters }),
);

export const ZVisionFragments = exactly<TVisionFragments>()(
  z.object({
    visionFragments: z.array(
      z.object({
        eventId: int(),
        dateUtc: z.string(),
        kind: z.enum(SORTING_EVENT_KINDS),
        userId: int().nullable(),
        userName: z.string().nullable(),
        warehouseNumber: int().nullable(),
        parcelNumber: z.string().nullable(),
        boxNumber: int().nullable(),
        cellName: z.string().nullable(),
        comment: z.string().nullable(),
        workflow: z.string().nullable(),
      }),
    ),
  }),
);

/** A change that answers no operation object (sticker printed, attention, damage). */
const ZNothing = z.null();

/** The Sorting calls' schemas, bound to `SORTING_ROUTES` by name. */
export const SORTING_SCHEMAS = {
  searchWarehouse: {
    summary: 'Finds a warehouse by number (or the user’s default one)',
    body: ZWarehouseSearchRequest,
    response: ZWarehouse,
  },
  searchZone: {
    summary: 'Finds a zone of a warehouse by its barcode (or a cell’s) or number',
    body: ZZoneSearchRequest,
    response: ZZone,
  },
  listWarehouses: {
    summary: 'The warehouses the user may sort in (ours)',
    response: ZWarehouseList,
  },
  listZones: {
    summary: 'The zones of a warehouse with their label barcodes (ours)',
    query: ZZoneListRequest,
    response: ZZoneList,
  },
  scanParcel: {
    summary: 'A scanned parcel with its suggested cells',
    body: ZParcelScanRequest,
    response: ZParcel,
  },
  searchBox: {
    summary: 'A scanned box with its cell or suggested cells',
    body: ZBoxSearchRequest,
    response: ZBox,
  },
  searchCell: {
    summary: 'A scanned cell',
    body: ZCellSearchRequest,
    response: ZCell,
  },
  suggestCells: {
    summary: 'The cells suggested for a parcel or a box, best first',
    body: ZCellSuggestRequest,
    response: z.array(ZCell),
  },
  move: {
    summary: 'Moves a parcel into a cell or a box, or a box into a cell',
    body: ZMoveRequest,
    response: ZMoveResult,
  },
  createBoxes: {
    summary: 'Creates returnable boxes of one size',
    body: ZBoxCreateRequest,
    response: z.array(ZReturnableBox),
  },
  measure: {
    summary: 'Records the height, width and length of a parcel',
    body: ZParcelMeasureRequest,
    response: ZMeasures,
  },
  weigh: {
    summary: 'Records the weight of a parcel in grams',
    body: ZParcelWeightRequest,
    response: ZMeasures,
  },
  dimension: {
    summary: 'The dimension type of a scanned barcode',
    query: ZBarcodeQuery,
    response: ZDimension,
  },
  sticker: {
    summary: 'The parcel sticker’s template and parameters',
    params: ZParcelIdParams,
    query: ZStickerQuery,
    response: ZParcelSticker,
  },
  stickerPrinted: {
    summary: 'Marks the parcel sticker printed',
    params: ZParcelIdParams,
    response: ZNothing,
  },
  clearAttention: {
    summary: 'Clears the attention message of a parcel checked undamaged',
    params: ZParcelIdParams,
    response: ZNothing,
  },
  reportDamage: {
    summary: 'Records damage found on a parcel',
    params: ZParcelIdParams,
    body: ZParcelDamageRequest,
    response: ZNothing,
  },
  moveContainer: {
    summary: 'Moves a returnable box to a location',
    body: ZContainerMoveRequest,
    response: ZReturnableBox,
  },
  findContainer: {
    summary: 'A returnable box by its barcode',
    query: ZBarcodeQuery,
    response: ZReturnableBox,
  },
  listContainers: {
    summary: 'The returnable boxes of the user’s warehouse',
    response: z.array(ZReturnableBox),
  },
  deleteContainer: {
    summary: 'Deletes a returnable box',
    query: ZBarcodeQuery,
    response: ZReturnableBox,
  },
  containerSticker: {
    summary: 'The returnable box sticker’s template and parameters',
    query: ZBarcodeQuery,
    response: ZReturnableBoxSticker,
  },
};

/** The sorting system calls' schemas (`SORTING_SYSTEM_ROUTES`). */
export const SORTING_SYSTEM_SCHEMAS = {
  measures: {
    summary: 'The recorded measures of a parcel',
    params: ZParcelBarcodeParams,
    response: ZMeasures,
  },
  arriveInbound: {
    summary: 'Receives an inbound supply; answers its acceptance report',
    query: ZBarcodeQuery,
    response: ZAcceptanceReport,
  },
};

/** The vision calls' schemas (`VISION_ROUTES`). */
export const VISION_SCHEMAS = {
  boxes: {
    summary: 'The history of a box or parcel, from the events of its moves',
    params: ZVisionParams,
    body: ZVisionBoxesRequest,
    response: ZVisionFragments,
  },
};
