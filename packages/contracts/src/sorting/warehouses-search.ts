import { z } from 'zod';

/** The sorting modes of @sorting/domain (contracts do not depend on the domain package). */
const SORTING_MODES = ['SortingCenter', 'Warehouse'] as const;

/** A number the client may send as a JSON number or as text ('' counts as absent). */
export const ZLooseNumber = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.union([z.number(), z.string().trim()]).optional(),
);

/** Spec part 1 §7 `POST /sorting-api/warehouses/search`: number and userId, each optional. */
export const ZWarehouseSearchRequest = z
  .object({ number: ZLooseNumber, userId: ZLooseNumber })
  .default({});
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
