import { defineRoute } from '../routing/route.js';
import type { SORTING_SCHEMAS, SORTING_SYSTEM_SCHEMAS, VISION_SCHEMAS } from './sorting.schemas.js';

type Sorting = typeof SORTING_SCHEMAS;

/**
 * Every sorting call needs a signed-in user; which warehouse and which rows the user may touch
 * the services check (the warehouse comes in the body, not in the path).
 */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 1 §7 "Authentication and context" and "Sorting" (`/sorting-api`, PascalCase
 * envelope, camelCase operation objects but for the returnable boxes' and dimension's).
 */
export const SORTING_ROUTES = {
  searchWarehouse: defineRoute<Sorting['searchWarehouse']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/warehouses/search',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  searchZone: defineRoute<Sorting['searchZone']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/zones/search',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound', 'zoneNotFound'],
  }),
  listWarehouses: defineRoute<Sorting['listWarehouses']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/warehouses',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: [],
  }),
  listZones: defineRoute<Sorting['listZones']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/zones',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  scanParcel: defineRoute<Sorting['scanParcel']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/parcels/scan',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['parcelNotFound', 'objectNotFound', 'zoneNotFound'],
  }),
  searchBox: defineRoute<Sorting['searchBox']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/boxes/search',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound', 'zoneNotFound', 'refused'],
  }),
  searchCell: defineRoute<Sorting['searchCell']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/cells/search',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound', 'repeatedFailure'],
  }),
  suggestCells: defineRoute<Sorting['suggestCells']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/cells/suggest',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['parcelNotFound', 'objectNotFound', 'zoneNotFound'],
  }),
  move: defineRoute<Sorting['move']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/move',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: [
      'parcelNotFound',
      'objectNotFound',
      'repeatedFailure',
      'refused',
      'stateChanged',
      'badRequest',
    ],
  }),
  createBoxes: defineRoute<Sorting['createBoxes']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/boxes/create',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound'],
  }),
  measure: defineRoute<Sorting['measure']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/parcels/measure',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound', 'invalidMeasure'],
  }),
  weigh: defineRoute<Sorting['weigh']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/parcels/weight',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound', 'invalidMeasure'],
  }),
  dimension: defineRoute<Sorting['dimension']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/dimension',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  sticker: defineRoute<Sorting['sticker']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/Parcels/{id}/sticker',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound', 'parcelNotFound'],
  }),
  stickerPrinted: defineRoute<Sorting['stickerPrinted']>()({
    service: 'sorting',
    method: 'PUT',
    path: '/sorting-api/Parcels/{id}/sticker_printed',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound'],
  }),
  clearAttention: defineRoute<Sorting['clearAttention']>()({
    service: 'sorting',
    method: 'DELETE',
    path: '/sorting-api/parcels/{id}/attention',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound'],
  }),
  reportDamage: defineRoute<Sorting['reportDamage']>()({
    service: 'sorting',
    method: 'PUT',
    path: '/sorting-api/parcels/{id}/damage',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound'],
  }),
  moveContainer: defineRoute<Sorting['moveContainer']>()({
    service: 'sorting',
    method: 'POST',
    path: '/sorting-api/ContainerAccounting/move',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound', 'repeatedFailure'],
  }),
  findContainer: defineRoute<Sorting['findContainer']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/ContainerAccounting',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  // Spec part 1 §7 "returnable boxes": these three paths are spelt containerAccounting, the
  // ones above ContainerAccounting; paths match case-sensitively, so both exist.
  listContainers: defineRoute<Sorting['listContainers']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/containerAccounting/all',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: [],
  }),
  deleteContainer: defineRoute<Sorting['deleteContainer']>()({
    service: 'sorting',
    method: 'DELETE',
    path: '/sorting-api/containerAccounting',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound'],
  }),
  containerSticker: defineRoute<Sorting['containerSticker']>()({
    service: 'sorting',
    method: 'GET',
    path: '/sorting-api/containerAccounting/sticker',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
} as const;

/** Spec part 1 §7 sorting system calls (`/sortingsystem-api`, PascalCase envelope). */
export const SORTING_SYSTEM_ROUTES = {
  measures: defineRoute<(typeof SORTING_SYSTEM_SCHEMAS)['measures']>()({
    service: 'sortingSystem',
    method: 'GET',
    path: '/sortingsystem-api/Parcels/{barcode}/measures',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['parcelNotFound'],
  }),
  arriveInbound: defineRoute<(typeof SORTING_SYSTEM_SCHEMAS)['arriveInbound']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/inbound/arrive',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: true,
    errors: ['objectNotFound'],
  }),
} as const;

/** Spec part 2 §7 vision (`/vision-api`, PascalCase envelope). */
export const VISION_ROUTES = {
  boxes: defineRoute<(typeof VISION_SCHEMAS)['boxes']>()({
    service: 'vision',
    method: 'POST',
    path: '/vision-api/v1/{warehouse}/VisionFragment/boxes',
    answer: 'pascal',
    access: SIGNED_IN,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
} as const;
