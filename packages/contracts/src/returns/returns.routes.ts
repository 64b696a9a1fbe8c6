import { defineRoute } from '../routing/route.js';
import type { RETURNS_SCHEMAS } from './returns.schemas.js';

type Schemas = typeof RETURNS_SCHEMAS;

/** A signed-in user; the service checks the parcel's warehouse is theirs (403 otherwise). */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 1 §7 "Returns": `/returns-api/return/…`, PascalCase envelope. The photo upload is
 * JSON with the photo in base64 (fileData), sent by XMLHttpRequest for its progress; the photo
 * download answers the file itself (`raw`).
 */
export const RETURNS_ROUTES = {
  policies: defineRoute<Schemas['policies']>()({
    service: 'returns',
    method: 'POST',
    path: '/returns-api/return/policies',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'body', field: 'warehouseCode', by: 'number' },
    isOperation: false,
    errors: ['parcelNotFound', 'objectNotFound'],
  }),
  accept: defineRoute<Schemas['accept']>()({
    service: 'returns',
    method: 'POST',
    path: '/returns-api/return/return2',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['parcelNotFound', 'objectNotFound', 'refused'],
  }),
  uploadPhoto: defineRoute<Schemas['uploadPhoto']>()({
    service: 'returns',
    method: 'POST',
    path: '/returns-api/return/image',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['parcelNotFound', 'photoNotImage', 'photoTooLarge', 'tooManyPhotos'],
  }),
  deletePhoto: defineRoute<Schemas['deletePhoto']>()({
    service: 'returns',
    method: 'DELETE',
    path: '/returns-api/return/image/{id}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  readPhoto: defineRoute<Schemas['readPhoto']>()({
    service: 'returns',
    method: 'GET',
    path: '/returns-api/return/image/{id}',
    answer: 'raw',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  listReturns: defineRoute<Schemas['listReturns']>()({
    service: 'returns',
    method: 'GET',
    path: '/returns-api/return/returns',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['parcelNotFound'],
  }),
} as const;
