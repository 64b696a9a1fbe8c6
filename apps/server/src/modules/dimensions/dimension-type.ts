import type { TDimension } from '@sorting/contracts';

/** The fields of a dimension type row (`dimension_types`) that its answer shows. */
export interface DimensionTypeFields {
  id: number;
  name: string;
  barcode: string;
  length: number;
  width: number;
  height: number;
  warehouseCode: string | null;
}

/**
 * Spec part 2 §3 "Dimension type", as both `GET /dimensions-api/dimension` (the list) and
 * `GET /sorting-api/dimension` (one by barcode) answer it; the sorting module answers
 * it through this module's face.
 */
export function presentDimension(row: DimensionTypeFields): TDimension {
  return {
    DimensionId: row.id,
    Name: row.name,
    Barcode: row.barcode,
    Length: row.length,
    Width: row.width,
    Height: row.height,
    WarehouseCode: row.warehouseCode,
    IsCommon: row.warehouseCode === null,
  };
}
