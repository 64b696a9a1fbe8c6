import { formatBoxBarcode } from '@sorting/domain';
import type { BoxRow, SortingRepository } from './sorting.repository.js';

/** A box's size in cm; null when not given (a sticker printed before the box is chosen). */
export interface BoxSize {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/**
 * Spec part 1 §7 `boxes/create` for sorting boxes: `count` boxes of the warehouse, numbered
 * from the box sequence, recorded as one `box.created` event. The one code path of the call
 * and of the print box sticker workflow (docs/DECISIONS.md "Guided workflows"), inside the
 * caller's transaction.
 */
export async function createSortingBoxes(
  repository: SortingRepository,
  origin: { userId: number; warehouse: { id: number; number: number } },
  count: number,
  size: BoxSize | null,
): Promise<BoxRow[]> {
  const { warehouse } = origin;
  const numbers = await repository.takeBoxNumbers(count);
  const rows = await repository.insertBoxes(
    numbers.map((n) => ({
      warehouseId: warehouse.id,
      number: n,
      barcode: formatBoxBarcode(warehouse.number, n),
      lengthCm: size?.lengthCm ?? null,
      widthCm: size?.widthCm ?? null,
      heightCm: size?.heightCm ?? null,
    })),
  );
  await repository.events.record(
    { userId: origin.userId, warehouseId: warehouse.id },
    'box.created',
    {
      isReturnable: false,
      numbers,
      lengthCm: size?.lengthCm ?? null,
      widthCm: size?.widthCm ?? null,
      heightCm: size?.heightCm ?? null,
    },
    rows.map((box) => box.barcode),
  );
  return rows;
}
