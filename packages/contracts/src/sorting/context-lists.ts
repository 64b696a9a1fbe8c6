import { z } from 'zod';
import { ZId } from '../input-rules.js';
import { ZWarehouse } from './warehouses-search.js';
import { ZZone } from './zones-search.js';

/**
 * Ours (docs/DECISIONS.md "Sorting entry"), not in the spec: `GET /sorting-api/warehouses`,
 * the warehouses the session user may use, in the warehouse search's shape.
 */
export const ZWarehouseList = z.array(ZWarehouse);
export type TWarehouseList = z.infer<typeof ZWarehouseList>;

/** Ours: `GET /sorting-api/zones?warehouseId=`, the zones of a warehouse. */
export const ZZoneListRequest = z.object({ warehouseId: ZId });
export type TZoneListRequest = z.infer<typeof ZZoneListRequest>;

/** A zone of the list: the zone search's fields plus the barcode printed on its label. */
export const ZZoneListItem = ZZone.extend({ Barcode: z.string() });
export type TZoneListItem = z.infer<typeof ZZoneListItem>;

export const ZZoneList = z.array(ZZoneListItem);
export type TZoneList = z.infer<typeof ZZoneList>;
