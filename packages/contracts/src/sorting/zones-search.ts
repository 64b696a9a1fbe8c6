import { z } from 'zod';
import { blankToUndefined, ZId, zText } from '../input-rules.js';
import { ZLookupNumber } from './warehouses-search.js';

import { ZONE_TYPES } from './zone-types.js';

/**
 * Spec part 1 §7 `POST /sorting-api/zones/search`: a zone barcode (or a cell barcode, whose
 * zone is meant) or a zone number, within a warehouse. §5: barcode or number is required.
 */
export const ZZoneSearchRequest = z
  .object({
    barcode: z.preprocess(blankToUndefined, zText({ max: 200, barcode: true }).optional()),
    number: ZLookupNumber,
    warehouseId: ZId,
  })
  .refine((body) => body.barcode !== undefined || body.number !== undefined, {
    message: 'barcode or number is required',
    path: ['barcode'],
  });
export type TZoneSearchRequest = z.infer<typeof ZZoneSearchRequest>;

/** Spec part 1 §3 "Zone": Id, Number, Name, Type. */
export const ZZone = z.object({
  Id: z.number().int(),
  Number: z.number().int(),
  Name: z.string(),
  Type: z.enum(ZONE_TYPES),
});
export type TZone = z.infer<typeof ZZone>;
