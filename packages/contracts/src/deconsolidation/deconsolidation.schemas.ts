import { z } from 'zod';

import { zText } from '../input-rules.js';

// The schemas of the deconsolidation calls (spec part 2 §3 "Deconsolidation box", §7
// "Deconsolidation"); the route map is `deconsolidation.routes.ts`. The box's fields are
// PascalCase as part 2 §3 writes them, and so is the envelope (docs/DECISIONS.md
// "Deconsolidation").

/** `{warehouseCode}`: the warehouse code (`MSK-SC1`) or its number, as the vision call takes. */
const ZWarehouseKey = zText({ min: 1, max: 50 });

/** A cell barcode starts with `=` or `%` (spec part 1 §4), a box barcode with `_`. */
const isCellBarcode = (barcode: string) => barcode.startsWith('=') || barcode.startsWith('%');
const isBoxBarcode = (barcode: string) => barcode.startsWith('_');

const ZBarcode = zText({ min: 1, max: 200 });

/** `GET …/Consolidating/{barcode}`: the consolidation's cell barcode or its box barcode. */
export const ZConsolidationParams = z.object({
  warehouseCode: ZWarehouseKey,
  barcode: ZBarcode.refine(
    (barcode) => isCellBarcode(barcode) || isBoxBarcode(barcode),
    'a cell (=…) or box (_…) barcode',
  ),
});
export type TConsolidationParams = z.infer<typeof ZConsolidationParams>;

/** `DELETE …/Consolidating/{cellBarcode}`: the consolidation's cell. */
export const ZConsolidationCellParams = z.object({
  warehouseCode: ZWarehouseKey,
  cellBarcode: ZBarcode.refine(isCellBarcode, 'a cell (=…) barcode'),
});
export type TConsolidationCellParams = z.infer<typeof ZConsolidationCellParams>;

const ZMeasure = z.number().nullable();

/** Spec part 2 §3 Details[]: a parcel of the box; cm and grams, null when not measured. */
export const ZDeconsolidationDetail = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Length: ZMeasure,
  Width: ZMeasure,
  Height: ZMeasure,
  Weight: z.number().int().nullable(),
});
export type TDeconsolidationDetail = z.infer<typeof ZDeconsolidationDetail>;

/**
 * Spec part 2 §3 "Deconsolidation box": BoxId, Barcode, Name, Destination, Details[]; plus
 * ours (additive): CellBarcode, CellName, IsCompleted (the consolidation workflow closed it).
 */
export const ZDeconsolidationBox = z.object({
  BoxId: z.number().int(),
  Barcode: z.string(),
  Name: z.string(),
  Destination: z.string(),
  Details: z.array(ZDeconsolidationDetail),
  CellBarcode: z.string(),
  CellName: z.string(),
  IsCompleted: z.boolean(),
});
export type TDeconsolidationBox = z.infer<typeof ZDeconsolidationBox>;

/** Ours: what `DELETE …/Consolidating/{cellBarcode}` answers (the spec shows no answer). */
export const ZDeconsolidated = z.object({
  BoxId: z.number().int(),
  Barcode: z.string(),
  CellBarcode: z.string(),
  ParcelsCount: z.number().int(),
});
export type TDeconsolidated = z.infer<typeof ZDeconsolidated>;

/** The deconsolidation calls' schemas, bound to `DECONSOLIDATION_ROUTES` by name. */
export const DECONSOLIDATION_SCHEMAS = {
  box: {
    summary: 'The consolidated box standing in a cell (by the cell or the box barcode)',
    params: ZConsolidationParams,
    response: ZDeconsolidationBox,
  },
  deconsolidate: {
    summary: 'Unpacks the consolidated box of a cell: its parcels return to sorting',
    params: ZConsolidationCellParams,
    response: ZDeconsolidated,
  },
};
