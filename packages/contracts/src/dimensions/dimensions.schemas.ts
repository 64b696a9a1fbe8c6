import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';
import { ZDimension } from '../sorting/sorting.schemas.js';

// The schemas of the dimension types directory (spec part 2 §3 "Dimension type", §5, §7
// "Dimensions"); the route map is `dimensions.routes.ts`. PascalCase fields and envelope, as
// the list answers them (docs/DECISIONS.md "Dimension types").

/** Spec part 2 §9: the directory is paged by 40 (on the screen). */
export const DIMENSIONS_PAGE_SIZE = 40;

/** Printable characters without spaces (the barcode's recognition is the service's rule). */
const PRINTABLE_WITHOUT_SPACES = /^[^\s\p{C}]+$/u;

/** A size in cm: more than 0, at most 10,000 (the measure rule of spec part 1 §5). */
const ZSize = z.number().positive().max(10_000);

/**
 * `POST /dimensions-api/dimension` and `PUT …/{id}`: Name (1–100 characters after trimming),
 * Barcode (1–50 printable characters without spaces), Length, Width, Height in cm, IsCommon
 * (always false from the screen, part 2 §5; true is refused, common types are not made here).
 */
export const ZDimensionRequest = z.object({
  Name: zText({ min: 1, max: 100 }),
  Barcode: zText({ min: 1, max: 50 }).refine((barcode) => PRINTABLE_WITHOUT_SPACES.test(barcode), {
    message: 'printable characters without spaces',
  }),
  Length: ZSize,
  Width: ZSize,
  Height: ZSize,
  IsCommon: z.boolean(),
});
export type TDimensionRequest = z.infer<typeof ZDimensionRequest>;

/** `PUT` and `DELETE /dimensions-api/dimension/{id}`. */
export const ZDimensionParams = z.object({ id: ZId });
export type TDimensionParams = z.infer<typeof ZDimensionParams>;

/** Ours: what a delete answers, the type that is gone. */
export const ZDimensionDeleted = z.object({ DimensionId: z.number().int(), Barcode: z.string() });
export type TDimensionDeleted = z.infer<typeof ZDimensionDeleted>;

/** The dimensions calls' schemas (`DIMENSIONS_ROUTES`). */
export const DIMENSIONS_SCHEMAS = {
  list: {
    summary: 'The dimension types of the user’s warehouse and the common ones',
    response: z.array(ZDimension),
  },
  create: {
    summary: 'Adds a dimension type to the user’s warehouse',
    body: ZDimensionRequest,
    response: ZDimension,
  },
  update: {
    summary: 'Changes a dimension type of the user’s warehouse',
    params: ZDimensionParams,
    body: ZDimensionRequest,
    response: ZDimension,
  },
  remove: {
    summary: 'Deletes a dimension type of the user’s warehouse',
    params: ZDimensionParams,
    response: ZDimensionDeleted,
  },
};
