import { z } from 'zod';

import { ZId, zText } from '../input-rules.js';

// The schemas of the audit calls (spec part 2 §3 "Audit", §4 "Audit", §7 "Audit"); the route
// map is `audit.routes.ts`. camelCase envelope and fields, as the spec reads
// `operationObject.sessions` (docs/DECISIONS.md "Audit").

/** The longest date range of the sessions list (docs/DECISIONS.md "Faults and bad input"). */
export const AUDIT_LIST_MAX_DAYS = 93;

/** Sessions per page of the list (spec part 2 §9 paging habit; `pageSize` is ours). */
export const AUDIT_LIST_PAGE_SIZE = 40;
/** The largest page a client may ask for. */
export const AUDIT_LIST_MAX_PAGE_SIZE = 200;

/**
 * Unit states (docs/DECISIONS.md "Audit"; part 2 §4 names 0, 1 and 3): 0 expected and not yet
 * scanned, 1 correct, 2 surplus (scanned, not expected there), 3 missing (not found when the
 * cell was finished; a later scan in the re-opened cell makes it 1).
 */
export const AUDIT_UNIT_STATES = { expected: 0, correct: 1, surplus: 2, missing: 3 } as const;
export type TAuditUnitState = (typeof AUDIT_UNIT_STATES)[keyof typeof AUDIT_UNIT_STATES];

/** What a unit is: a parcel, a box (a closed box is one unit), a returnable box, or unknown. */
export const AUDIT_UNIT_KINDS = ['parcel', 'box', 'container', 'unknown'] as const;
export type TAuditUnitKind = (typeof AUDIT_UNIT_KINDS)[number];

/** `{warehouseCode}`: the warehouse code (`MSK-SC1`) or its number, as the vision call takes. */
const ZWarehouseKey = zText({ min: 1, max: 50 });
const ZBarcode = zText({ min: 1, max: 200, barcode: true });

export const ZAuditWarehouseParams = z.object({ warehouseCode: ZWarehouseKey });
export const ZAuditSessionParams = ZAuditWarehouseParams.extend({ sessionId: ZId });
export const ZAuditCellParams = ZAuditSessionParams.extend({ cellId: ZId });
export type TAuditSessionParams = z.infer<typeof ZAuditSessionParams>;
export type TAuditCellParams = z.infer<typeof ZAuditCellParams>;

/**
 * `POST …/Sessions/get`: ISO 8601 instants with an offset (the web sends local 00:00:00 and
 * 23:59:59), `dateFrom ≤ dateTo`, at most AUDIT_LIST_MAX_DAYS apart. `page` (1-based) and
 * `pageSize` are ours: with either, one page (AUDIT_LIST_PAGE_SIZE by default); with neither,
 * every listed session, as the spec's call (docs/DECISIONS.md "Audit").
 */
export const ZAuditSessionsRequest = z
  .object({
    dateFrom: z.iso.datetime({ offset: true }),
    dateTo: z.iso.datetime({ offset: true }),
    page: z.number().int().min(1).max(100_000).nullish(),
    pageSize: z.number().int().min(1).max(AUDIT_LIST_MAX_PAGE_SIZE).nullish(),
  })
  .refine((body) => Date.parse(body.dateFrom) <= Date.parse(body.dateTo), {
    message: 'dateFrom must not be after dateTo',
    path: ['dateTo'],
  })
  .refine(
    (body) =>
      Date.parse(body.dateTo) - Date.parse(body.dateFrom) <= AUDIT_LIST_MAX_DAYS * 86_400_000,
    { message: `the range spans at most ${AUDIT_LIST_MAX_DAYS} days`, path: ['dateTo'] },
  );
export type TAuditSessionsRequest = z.input<typeof ZAuditSessionsRequest>;
export type TAuditSessionsQuery = z.output<typeof ZAuditSessionsRequest>;

/** `POST …/cells` and `…/cells/{cellId}/scan`: the scanned barcode. */
export const ZAuditBarcodeRequest = z.object({ barcode: ZBarcode });
export type TAuditBarcodeRequest = z.infer<typeof ZAuditBarcodeRequest>;

/** `POST …/cells/finish`: the cell to finish. */
export const ZAuditCellFinishRequest = z.object({ cellId: ZId });
export type TAuditCellFinishRequest = z.infer<typeof ZAuditCellFinishRequest>;

const ZState = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Part 2 §3 itemsStatuses: how many units are in each state (states with none left out). */
export const ZAuditItemsStatus = z.object({ state: ZState, count: z.number().int() });
export type TAuditItemsStatus = z.infer<typeof ZAuditItemsStatus>;

/**
 * A unit of an audited cell. `name`: the parcel's name (null for a box, a returnable box or an
 * unknown barcode, which the web words by `kind`); `systemLocation`: the cell name (or place)
 * where our data has it, null when it knows none.
 */
export const ZAuditUnit = z.object({
  barcode: z.string(),
  name: z.string().nullable(),
  kind: z.enum(AUDIT_UNIT_KINDS),
  state: ZState,
  isExpected: z.boolean(),
  systemLocation: z.string().nullable(),
});
export type TAuditUnit = z.infer<typeof ZAuditUnit>;

/**
 * A cell of a session. Ours (additive): `isOpen` and who opened it last (`openedBy`,
 * `openedByUserId`), so a reload resumes its opener's open cell.
 */
export const ZAuditCell = z.object({
  id: z.number().int(),
  name: z.string(),
  barcode: z.string(),
  isOpen: z.boolean(),
  openedBy: z.string().nullable(),
  openedByUserId: z.number().int().nullable(),
});
export type TAuditCell = z.infer<typeof ZAuditCell>;

export const ZAuditCellWithItems = z.object({ cell: ZAuditCell, items: z.array(ZAuditUnit) });
export type TAuditCellWithItems = z.infer<typeof ZAuditCellWithItems>;

/** Part 2 §3 "Session": a finished one has endDate (ISO 8601); figures over all its cells. */
export const ZAuditSession = z.object({
  sessionId: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  userName: z.string().nullable(),
  userId: z.number().int().nullable(),
  warehouseCode: z.string(),
  itemsStatuses: z.array(ZAuditItemsStatus),
  cells: z.array(
    z.object({
      cell: z.object({ id: z.number().int(), name: z.string() }),
      /** Always empty in the list: units come only through `/items`. */
      items: z.array(ZAuditUnit),
    }),
  ),
});
export type TAuditSession = z.infer<typeof ZAuditSession>;

/** Ours (additive): `totalCount`, every session the range lists, whatever the page. */
export const ZAuditSessions = z.object({
  sessions: z.array(ZAuditSession),
  totalCount: z.number().int(),
});
export type TAuditSessions = z.infer<typeof ZAuditSessions>;

export const ZAuditStarted = z.object({ sessionId: z.number().int() });
export type TAuditStarted = z.infer<typeof ZAuditStarted>;

/** `POST …/cells` answer: the cell and its units as they are now. */
export const ZAuditOpenedCell = ZAuditCellWithItems;
export type TAuditOpenedCell = TAuditCellWithItems;

/** `POST …/cells/{cellId}/scan` answer (ours): the unit as it is now and the cell's counts. */
export const ZAuditScanned = z.object({
  unit: ZAuditUnit,
  itemsStatuses: z.array(ZAuditItemsStatus),
});
export type TAuditScanned = z.infer<typeof ZAuditScanned>;

/** `POST …/cells/finish` answer (ours): the cell and its counts once finished. */
export const ZAuditFinishedCell = z.object({
  cell: ZAuditCell,
  itemsStatuses: z.array(ZAuditItemsStatus),
});
export type TAuditFinishedCell = z.infer<typeof ZAuditFinishedCell>;

/**
 * `GET …/items` answer: part 2 §7 `cellsWithItems`; ours (additive) the session itself, so the
 * screen knows whether it is finished and whose it is.
 */
export const ZAuditSessionItems = z.object({
  session: ZAuditSession,
  cellsWithItems: z.array(ZAuditCellWithItems),
});
export type TAuditSessionItems = z.infer<typeof ZAuditSessionItems>;

/** The audit calls' schemas, bound to `AUDIT_ROUTES` by name. */
export const AUDIT_SCHEMAS = {
  sessions: {
    summary: 'Audit sessions started in a date range and every unfinished one, newest first',
    params: ZAuditWarehouseParams,
    body: ZAuditSessionsRequest,
    response: ZAuditSessions,
  },
  start: {
    summary: 'Starts an audit session',
    params: ZAuditWarehouseParams,
    response: ZAuditStarted,
  },
  openCell: {
    summary: 'Opens (or re-opens) a cell in an audit session: its expected units as they are now',
    params: ZAuditSessionParams,
    body: ZAuditBarcodeRequest,
    response: ZAuditOpenedCell,
  },
  scan: {
    summary: 'Scans a unit in an open cell: found (1) or surplus (2); a repeat changes nothing',
    params: ZAuditCellParams,
    body: ZAuditBarcodeRequest,
    response: ZAuditScanned,
  },
  finishCell: {
    summary: 'Finishes a cell: units not scanned become missing (3)',
    params: ZAuditSessionParams,
    body: ZAuditCellFinishRequest,
    response: ZAuditFinishedCell,
  },
  items: {
    summary: 'The cells of an audit session with their units',
    params: ZAuditSessionParams,
    response: ZAuditSessionItems,
  },
  finish: {
    summary: 'Finishes an audit session: its open cells are finished, its figures frozen',
    params: ZAuditSessionParams,
    response: ZAuditSessionItems,
  },
};
