import { z } from 'zod';

import { zText } from '../input-rules.js';
import { ZONE_TYPES } from '../sorting/zone-types.js';
import {
  TOPOLOGY_MAX_BOXES_PER_CALL,
  TOPOLOGY_MAX_CELLS_PER_CALL,
  TOPOLOGY_MAX_COL,
  TOPOLOGY_MAX_ZONE_NUMBER,
} from './topology-limits.js';

// The schemas of the topology calls (`/topology-api`, ours: part 2 §7 shows no topology
// calls; docs/DECISIONS.md "Topology"); the route map is `topology.routes.ts`. camelCase
// envelope and fields, as the other `/v1/{warehouseCode}` services.

/** Cell rows, spec part 1 §9: a to z (as in @sorting/domain `CELL_ROWS`). */
const ROWS = 'abcdefghijklmnopqrstuvwxyz';

/** `{warehouseCode}`: the warehouse code (`MSK-SC1`) or its number. */
const ZWarehouseKey = zText({ min: 1, max: 50 });
const ZRow = z.enum(ROWS.split('') as [string, ...string[]]);
const ZCol = z.coerce.number().int().min(1).max(TOPOLOGY_MAX_COL);
const ZZoneNumber = z.coerce.number().int().min(1).max(TOPOLOGY_MAX_ZONE_NUMBER);

export const ZTopologyWarehouseParams = z.object({ warehouseCode: ZWarehouseKey });
export const ZTopologyZoneParams = ZTopologyWarehouseParams.extend({ zoneNumber: ZZoneNumber });
export type TTopologyZoneParams = z.infer<typeof ZTopologyZoneParams>;

/** Rows and columns of a cell range, both ends included. */
const ZCellRangeFields = z.object({ rowFrom: ZRow, rowTo: ZRow, colFrom: ZCol, colTo: ZCol });
export type TCellRange = z.infer<typeof ZCellRangeFields>;

/** How many cells a range spans (rows × columns); 0 when its start is after its end. */
export function cellRangeSize(range: TCellRange): number {
  const rows = ROWS.indexOf(range.rowTo) - ROWS.indexOf(range.rowFrom) + 1;
  const cols = range.colTo - range.colFrom + 1;
  return rows > 0 && cols > 0 ? rows * cols : 0;
}

const ORDERED = { message: 'from must not be after to', path: ['rowTo'] };

/** `GET …/zones/{zoneNumber}/cells`: the range to read (a whole zone at most, 26 × 99). */
export const ZCellRangeQuery = ZCellRangeFields.refine(
  (range) => cellRangeSize(range) > 0,
  ORDERED,
);
/** `POST …/zones/{zoneNumber}/cells`: the range to create, at most 1,000 cells. */
export const ZCellsCreateRequest = ZCellRangeFields.refine(
  (range) => cellRangeSize(range) > 0,
  ORDERED,
).refine((range) => cellRangeSize(range) <= TOPOLOGY_MAX_CELLS_PER_CALL, {
  message: `at most ${TOPOLOGY_MAX_CELLS_PER_CALL} cells a call`,
  path: ['colTo'],
});
export type TCellsCreateRequest = z.infer<typeof ZCellsCreateRequest>;

/** `POST …/zones`: a zone number 1–999, a name of 1–100 characters, a known type. */
export const ZZoneCreateRequest = z.object({
  number: ZZoneNumber,
  name: zText({ min: 1, max: 100 }),
  type: z.enum(ZONE_TYPES),
});
export type TZoneCreateRequest = z.infer<typeof ZZoneCreateRequest>;

/** `GET …/boxes`: a box number range, from ≤ to, at most 500 numbers. */
export const ZBoxRangeQuery = z
  .object({
    numberFrom: z.coerce.number().int().min(1).max(2_147_483_647),
    numberTo: z.coerce.number().int().min(1).max(2_147_483_647),
  })
  .refine((range) => range.numberFrom <= range.numberTo, {
    message: 'from must not be after to',
    path: ['numberTo'],
  })
  .refine((range) => range.numberTo - range.numberFrom < TOPOLOGY_MAX_BOXES_PER_CALL, {
    message: `at most ${TOPOLOGY_MAX_BOXES_PER_CALL} boxes a call`,
    path: ['numberTo'],
  });
export type TBoxRangeQuery = z.infer<typeof ZBoxRangeQuery>;

/** A zone with what its cells use: their count and the rows and columns they span. */
export const ZTopologyZone = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  type: z.enum(ZONE_TYPES),
  barcode: z.string(),
  cellCount: z.number().int(),
  rowFrom: z.string().nullable(),
  rowTo: z.string().nullable(),
  colFrom: z.number().int().nullable(),
  colTo: z.number().int().nullable(),
});
export type TTopologyZone = z.infer<typeof ZTopologyZone>;

/** A cell of a range that exists, with the number of its open box (null when none). */
export const ZTopologyCell = z.object({
  name: z.string(),
  barcode: z.string(),
  row: z.string(),
  col: z.number().int(),
  isEmpty: z.boolean(),
  openBoxNumber: z.number().int().nullable(),
});
export type TTopologyCell = z.infer<typeof ZTopologyCell>;

/** What creating a range's cells did: the cells made and those that already were. */
export const ZCellsCreated = z.object({ created: z.number().int(), existing: z.number().int() });
export type TCellsCreated = z.infer<typeof ZCellsCreated>;

/** A box of a reprint range with its `box` label's parameters (part 2 §9, 68×60). */
export const ZTopologyBox = z.object({
  number: z.number().int(),
  barcode: z.string(),
  route: z.string().nullable(),
  client: z.string().nullable(),
  lengthCm: z.number().nullable(),
  widthCm: z.number().nullable(),
  heightCm: z.number().nullable(),
});
export type TTopologyBox = z.infer<typeof ZTopologyBox>;

/** The topology calls' schemas (`TOPOLOGY_ROUTES`). */
export const TOPOLOGY_SCHEMAS = {
  zones: {
    summary: 'The zones of a warehouse with their cell counts',
    params: ZTopologyWarehouseParams,
    response: z.array(ZTopologyZone),
  },
  cells: {
    summary: 'The existing cells of a range of a zone',
    params: ZTopologyZoneParams,
    query: ZCellRangeQuery,
    response: z.array(ZTopologyCell),
  },
  createZone: {
    summary: 'Adds a zone to a warehouse',
    params: ZTopologyWarehouseParams,
    body: ZZoneCreateRequest,
    response: ZTopologyZone,
  },
  createCells: {
    summary: 'Creates the missing cells of a range of a zone',
    params: ZTopologyZoneParams,
    body: ZCellsCreateRequest,
    response: ZCellsCreated,
  },
  boxes: {
    summary: 'The existing boxes of a number range with their label parameters',
    params: ZTopologyWarehouseParams,
    query: ZBoxRangeQuery,
    response: z.array(ZTopologyBox),
  },
};
