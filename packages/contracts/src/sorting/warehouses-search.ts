import { z } from 'zod';
import { blankToUndefined, ZOptionalId, zText } from '../input-rules.js';

/** The sorting modes of @sorting/domain (contracts do not depend on the domain package). */
const SORTING_MODES = ['SortingCenter', 'Warehouse'] as const;

/**
 * A warehouse or zone number to look up, as a JSON number or as text ('' counts as absent).
 * The service reads it with `toInt4Id`: what can be no number of ours (past int4, or no
 * digits at all, as a scan of something else) finds nothing (ErrorCode 104 / 204).
 */
export const ZLookupNumber = z.preprocess(
  blankToUndefined,
  z.union([z.number(), zText({ max: 50 })]).optional(),
);

/**
 * Spec part 1 §7 `POST /sorting-api/warehouses/search`: number and userId, each optional; no
 * body at all (an empty JSON body reaches the route as null) asks for the default warehouse.
 */
export const ZWarehouseSearchRequest = z
  .object({ number: ZLookupNumber, userId: ZOptionalId })
  .nullish()
  .transform((body) => body ?? {});
export type TWarehouseSearchRequest = z.infer<typeof ZWarehouseSearchRequest>;

/** Spec part 1 §3 "Warehouse": the operation object of the warehouse search. */
export const ZWarehouse = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Number: z.number().int(),
  Code: z.string(),
  DefaultZoneNumber: z.number().int().nullable(),
  LastBoxNumber: z.number().int(),
  Version: z.number().int(),
  SortingMode: z.enum(SORTING_MODES),
  IsSinglePickingPerDevice: z.boolean(),
  DisableAutomove: z.boolean(),
  MenuType: z.number().int(),
});
export type TWarehouse = z.infer<typeof ZWarehouse>;
