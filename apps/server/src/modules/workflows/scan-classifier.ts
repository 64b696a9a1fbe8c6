import type { SortingDoor } from '../sorting/index.js';
import { kindByPrefix, type ScanFact } from './scan-facts.js';

/** Spec part 1 §7: the prefix of a supply's acceptance report barcode. */
const ACCEPTANCE_PREFIX = '.69.';

/**
 * The object a barcode names (docs/DECISIONS.md "Guided workflows", scan classification): its
 * prefix first (`_R…` a returnable box, `_…` a box, `=`/`%` a cell), then by lookup: a
 * dimension type's barcode (`dt`), then a parcel, then a recipient's code (`recepient`), then a supply's place or `.69.` report
 * (`cargo_unit`). Nothing found: `unknown`.
 */
export async function classifyScan(door: SortingDoor, barcode: string): Promise<ScanFact> {
  const prefixKind = kindByPrefix(barcode);
  const unknown: ScanFact = { kind: 'unknown', barcode, prefixKind };
  if (prefixKind === 'container') {
    const row = await door.findContainer(barcode);
    return row ? { kind: 'container', barcode, id: row.id, warehouseId: row.warehouseId } : unknown;
  }
  if (prefixKind === 'box') {
    const row = await door.findBox(barcode);
    return row
      ? {
          kind: 'box',
          barcode,
          id: row.id,
          number: row.number,
          warehouseId: row.warehouseId,
          cellId: row.cellId,
          isClosed: row.isClosed,
          parcelsCount: row.parcelsCount,
        }
      : unknown;
  }
  if (prefixKind === 'cell') {
    const row = await door.findCell(barcode);
    if (!row) return unknown;
    const box = await door.findBoxInCell(row.id);
    return {
      kind: 'cell',
      barcode,
      id: row.id,
      name: row.name,
      warehouseId: row.warehouseId,
      boxBarcode: box?.barcode ?? null,
    };
  }
  const dimension = await door.findDimension(barcode);
  if (dimension) {
    return {
      kind: 'dt',
      barcode,
      id: dimension.id,
      name: dimension.name,
      warehouseCode: dimension.warehouseCode,
      lengthCm: dimension.length,
      widthCm: dimension.width,
      heightCm: dimension.height,
    };
  }
  const parcel = await door.findParcel(barcode);
  if (parcel) {
    return {
      kind: 'parcel',
      barcode,
      id: parcel.id,
      name: parcel.name,
      warehouseId: parcel.warehouseId,
      sortingKey: parcel.sortingKey,
      sortingName: parcel.sortingName,
      boxId: parcel.boxId,
    };
  }
  const recipient = await door.findRecipient(barcode);
  if (recipient) return { kind: 'recepient', barcode, ...recipient };
  return (await findCargoUnit(door, barcode)) ?? unknown;
}

/** A supply's place, or the supply by its `.69.` acceptance report (receipt of cargo). */
async function findCargoUnit(door: SortingDoor, barcode: string): Promise<ScanFact | null> {
  const place = await door.findInboundPlace(barcode);
  if (place) {
    const { id: placeId, inboundId, warehouseId } = place;
    return { kind: 'cargo_unit', barcode, placeId, inboundId, warehouseId };
  }
  if (!barcode.startsWith(ACCEPTANCE_PREFIX)) return null;
  const supply = await door.findInboundByAcceptance(barcode);
  return supply
    ? {
        kind: 'cargo_unit',
        barcode,
        placeId: null,
        inboundId: supply.id,
        warehouseId: supply.warehouse.id,
      }
    : null;
}
