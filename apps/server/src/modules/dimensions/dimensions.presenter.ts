import type { TDimension } from '@sorting/contracts';
import type { DimensionTypeRow } from './dimensions.repository.js';

/** Spec part 2 §3 "Dimension type" as `GET /dimensions-api/dimension` answers each one. */
export function presentDimension(row: DimensionTypeRow): TDimension {
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
