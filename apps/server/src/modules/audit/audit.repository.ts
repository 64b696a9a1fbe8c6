import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditUnitKind } from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import type { WarehouseKeyRow } from '../../db/warehouse-key.js';
import { auditCells, auditSessions, auditUnits } from '../../db/schema-audit.js';
import { cells, users } from '../../db/schema-base.js';
import { boxes, parcels, returnableBoxes } from '../../db/schema-sorting.js';
import { rowsOf } from '../../db/raw-rows.js';
import { createEventRecorder } from '../../db/events.js';
import { pagedSelect, type Page, type Paged } from '../../db/paged-select.js';

export type AuditWarehouseRow = WarehouseKeyRow;

/** The advisory lock class of a user's audit session starts (its second key: the user id). */
const AUDIT_START_LOCK = 34_717_022;

export interface AuditSessionRow {
  id: number;
  warehouseId: number;
  startedBy: number | null;
  startedByName: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  /** itemsStatuses frozen at the finish; null while the session runs. */
  figures: Array<{ state: number; count: number }> | null;
}

/** A cell of a listed session: its id and name. */
export interface ListedCellRow {
  sessionId: number;
  id: number;
  name: string;
}

export interface AuditCellRow {
  auditCellId: number;
  sessionId: number;
  cellId: number;
  cellName: string;
  cellBarcode: string;
  openedBy: number | null;
  openedByName: string | null;
  finishedAt: Date | null;
}

export interface WarehouseCellRow {
  id: number;
  warehouseId: number;
  name: string;
  barcode: string;
}

export interface AuditUnitRow {
  auditCellId: number;
  barcode: string;
  name: string | null;
  kind: TAuditUnitKind;
  state: number;
  isExpected: boolean;
  systemLocation: string | null;
}

/** A unit as our data has it: what it is, its name, where it stands. */
export interface LocatedUnit {
  barcode: string;
  kind: TAuditUnitKind;
  name: string | null;
  location: string | null;
}

export interface StateCountRow {
  key: number;
  state: number;
  count: number;
}

const sessionColumns = {
  id: auditSessions.id,
  warehouseId: auditSessions.warehouseId,
  startedBy: auditSessions.startedBy,
  startedByName: users.name,
  startedAt: auditSessions.startedAt,
  finishedAt: auditSessions.finishedAt,
  figures: auditSessions.figures,
};

const auditCellColumns = {
  auditCellId: auditCells.id,
  sessionId: auditCells.sessionId,
  cellId: auditCells.cellId,
  cellName: cells.name,
  cellBarcode: cells.barcode,
  openedBy: auditCells.openedBy,
  openedByName: users.name,
  finishedAt: auditCells.finishedAt,
};

const unitColumns = {
  auditCellId: auditUnits.auditCellId,
  barcode: auditUnits.barcode,
  name: auditUnits.name,
  kind: sql<TAuditUnitKind>`${auditUnits.kind}`,
  state: auditUnits.state,
  isExpected: auditUnits.isExpected,
  systemLocation: auditUnits.systemLocation,
};

/** The sessions a list shows: started in [from, to], or not finished. */
function listed(warehouseId: number, from: Date, to: Date) {
  return and(
    eq(auditSessions.warehouseId, warehouseId),
    or(
      and(gte(auditSessions.startedAt, from), lte(auditSessions.startedAt, to)),
      isNull(auditSessions.finishedAt),
    ),
  );
}

/** SQL of the cell audit (spec part 2 §7 "Audit"): sessions, their cells and units. */
export function createAuditRepository(db: Db) {
  function sessionQuery() {
    return db
      .select(sessionColumns)
      .from(auditSessions)
      .leftJoin(users, eq(users.id, auditSessions.startedBy));
  }

  function auditCellQuery() {
    return db
      .select(auditCellColumns)
      .from(auditCells)
      .innerJoin(cells, eq(cells.id, auditCells.cellId))
      .leftJoin(users, eq(users.id, auditCells.openedBy));
  }

  /** How many units of the sessions `which` selects are in each state, by session. */
  function countBySession(which: SQL): Promise<StateCountRow[]> {
    return db
      .select({
        key: auditCells.sessionId,
        state: auditUnits.state,
        count: sql<number>`count(*)::int`,
      })
      .from(auditUnits)
      .innerJoin(auditCells, eq(auditCells.id, auditUnits.auditCellId))
      .where(which)
      .groupBy(auditCells.sessionId, auditUnits.state);
  }

  /** The ids of a page of the list, as a subquery (the page's parts run side by side). */
  function pageIds(
    warehouseId: number,
    from: Date,
    to: Date,
    page: { limit: number; offset: number },
  ) {
    return db
      .select({ id: auditSessions.id })
      .from(auditSessions)
      .where(listed(warehouseId, from, to))
      .orderBy(desc(auditSessions.startedAt), desc(auditSessions.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  function listCellNames(which: SQL): Promise<ListedCellRow[]> {
    return db
      .select({ sessionId: auditCells.sessionId, id: cells.id, name: cells.name })
      .from(auditCells)
      .innerJoin(cells, eq(cells.id, auditCells.cellId))
      .innerJoin(auditSessions, eq(auditSessions.id, auditCells.sessionId))
      .where(which)
      .orderBy(asc(auditCells.openedAt), asc(auditCells.id));
  }

  return {
    /** Holds a user's session starts one after the other until the transaction ends. */
    async lockStartsOf(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${AUDIT_START_LOCK}::int, ${userId}::int)`);
    },

    /**
     * The user's latest session of the warehouse started since `since`, when it is still empty
     * (no cell opened) and not finished; else null.
     */
    async findEmptySessionSince(
      warehouseId: number,
      userId: number,
      since: Date,
    ): Promise<number | null> {
      const rows = await db
        .select({ id: auditSessions.id })
        .from(auditSessions)
        .where(
          and(
            eq(auditSessions.warehouseId, warehouseId),
            eq(auditSessions.startedBy, userId),
            gte(auditSessions.startedAt, since),
            isNull(auditSessions.finishedAt),
            sql`not exists (select 1 from ${auditCells} where ${auditCells.sessionId} = ${auditSessions.id})`,
          ),
        )
        .orderBy(desc(auditSessions.id))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async insertSession(warehouseId: number, userId: number, at: Date): Promise<number> {
      const [row] = await db
        .insert(auditSessions)
        .values({ warehouseId, startedBy: userId, startedAt: at })
        .returning({ id: auditSessions.id });
      if (!row) throw new Error('audit session insert returned nothing');
      return row.id;
    },

    /**
     * A session of a warehouse. `share` for a change inside it (scans run side by side, a
     * finish waits for them), `update` for the finish itself.
     */
    async findSession(
      sessionId: number,
      warehouseId: number,
      lock: 'share' | 'update' | null = null,
    ): Promise<AuditSessionRow | null> {
      const query = sessionQuery()
        .where(and(eq(auditSessions.id, sessionId), eq(auditSessions.warehouseId, warehouseId)))
        .limit(1);
      const rows = lock === null ? await query : await query.for(lock, { of: auditSessions });
      return rows[0] ?? null;
    },

    /** Sessions started in [from, to] and every unfinished one, newest first. */
    async listSessions(warehouseId: number, from: Date, to: Date): Promise<AuditSessionRow[]> {
      return sessionQuery()
        .where(listed(warehouseId, from, to))
        .orderBy(desc(auditSessions.startedAt), desc(auditSessions.id));
    },

    /** One page of `listSessions` and how many sessions the range lists. */
    async listSessionsPage(
      warehouseId: number,
      from: Date,
      to: Date,
      page: Page,
    ): Promise<Paged<AuditSessionRow>> {
      const where = listed(warehouseId, from, to);
      return pagedSelect(db, {
        page: sessionQuery()
          .where(where)
          .orderBy(desc(auditSessions.startedAt), desc(auditSessions.id))
          .limit(page.limit)
          .offset(page.offset),
        from: auditSessions,
        where,
      });
    },

    /**
     * The cells of the listed sessions (id and name only, in the order they were opened), by
     * the same condition: 90 days of sessions are one statement with three parameters, and a
     * list of ~2,700 cells reads three columns each (docs/PERFORMANCE.md, audit: p95 ≤ 50 ms).
     */
    async listCellNamesOfListed(
      warehouseId: number,
      from: Date,
      to: Date,
    ): Promise<ListedCellRow[]> {
      return listCellNames(listed(warehouseId, from, to) as SQL);
    },

    /** The cells of a page of the list (`listSessions` with the same page), as above. */
    async listCellNamesOfPage(
      warehouseId: number,
      from: Date,
      to: Date,
      page: { limit: number; offset: number },
    ): Promise<ListedCellRow[]> {
      return listCellNames(inArray(auditSessions.id, pageIds(warehouseId, from, to, page)));
    },

    /** itemsStatuses of the warehouse's running sessions (a finished one's are frozen). */
    async countStatesOfRunning(warehouseId: number): Promise<StateCountRow[]> {
      const running = db
        .select({ id: auditSessions.id })
        .from(auditSessions)
        .where(and(eq(auditSessions.warehouseId, warehouseId), isNull(auditSessions.finishedAt)));
      return countBySession(inArray(auditCells.sessionId, running));
    },

    /** itemsStatuses of the running sessions of a page of the list, counted now. */
    async countStatesOfPage(
      warehouseId: number,
      from: Date,
      to: Date,
      page: { limit: number; offset: number },
    ): Promise<StateCountRow[]> {
      const running = db
        .select({ id: auditSessions.id })
        .from(auditSessions)
        .where(
          and(
            inArray(auditSessions.id, pageIds(warehouseId, from, to, page)),
            isNull(auditSessions.finishedAt),
          ),
        );
      return countBySession(inArray(auditCells.sessionId, running));
    },

    /** Finishes a session and freezes its figures (itemsStatuses). */
    async finishSession(
      sessionId: number,
      userId: number,
      at: Date,
      figures: Array<{ state: number; count: number }>,
    ): Promise<void> {
      await db
        .update(auditSessions)
        .set({ finishedAt: at, finishedBy: userId, figures })
        .where(eq(auditSessions.id, sessionId));
    },

    /**
     * A cell by barcode, locked: two users opening one cell at once take turns, so the second
     * sees the first one's open audit cell (and the partial unique index is never hit).
     */
    async lockCellByBarcode(barcode: string): Promise<WarehouseCellRow | null> {
      const rows = await db
        .select({
          id: cells.id,
          warehouseId: cells.warehouseId,
          name: cells.name,
          barcode: cells.barcode,
        })
        .from(cells)
        .where(eq(cells.barcode, barcode))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    /** The audit cell of a session's cell, locked for a change when asked. */
    async findAuditCell(
      sessionId: number,
      cellId: number,
      lock = false,
    ): Promise<AuditCellRow | null> {
      const query = auditCellQuery()
        .where(and(eq(auditCells.sessionId, sessionId), eq(auditCells.cellId, cellId)))
        .limit(1);
      const rows = lock ? await query.for('update', { of: auditCells }) : await query;
      return rows[0] ?? null;
    },

    /** Where a cell is open now, in any session. */
    async findOpenAuditCell(cellId: number): Promise<AuditCellRow | null> {
      const rows = await auditCellQuery()
        .where(and(eq(auditCells.cellId, cellId), isNull(auditCells.finishedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listAuditCells(sessionIds: number[]): Promise<AuditCellRow[]> {
      if (sessionIds.length === 0) return [];
      return auditCellQuery()
        .where(inArray(auditCells.sessionId, sessionIds))
        .orderBy(asc(auditCells.openedAt), asc(auditCells.id));
    },

    async insertAuditCell(sessionId: number, cellId: number, userId: number, at: Date) {
      const [row] = await db
        .insert(auditCells)
        .values({ sessionId, cellId, openedBy: userId, openedAt: at })
        .returning({ id: auditCells.id });
      if (!row) throw new Error('audit cell insert returned nothing');
      return row.id;
    },

    async reopenAuditCell(auditCellId: number, userId: number, at: Date): Promise<void> {
      await db
        .update(auditCells)
        .set({ finishedAt: null, openedBy: userId, openedAt: at })
        .where(eq(auditCells.id, auditCellId));
    },

    async finishAuditCell(auditCellId: number, at: Date): Promise<void> {
      await db.update(auditCells).set({ finishedAt: at }).where(eq(auditCells.id, auditCellId));
    },

    /**
     * What stands in a cell now: each box in it, each parcel of its open boxes (a
     * closed box is one unit), each returnable box located there.
     */
    async listCellContents(cell: WarehouseCellRow): Promise<LocatedUnit[]> {
      // Ordered byte-wise, so PGlite and PostgreSQL (whatever its collation) agree.
      const result = await db.execute(sql`
        select barcode, kind, name from (
          select b.barcode, 'box' as kind, null::text as name
            from boxes b where b.cell_id = ${cell.id}
          union all
          select p.number, 'parcel', p.name
            from boxes b join parcels p on p.box_id = b.id
            where b.cell_id = ${cell.id} and not b.is_closed
          union all
          select r.barcode, 'container', null
            from returnable_boxes r
            where r.warehouse_id = ${cell.warehouseId} and r.location_code = ${cell.barcode}
              and r.deleted_at is null
        ) contents
        order by barcode collate "C"`);
      return rowsOf<{ barcode: string; kind: TAuditUnitKind; name: string | null }>(result).map(
        (row) => ({ barcode: row.barcode, kind: row.kind, name: row.name, location: cell.name }),
      );
    },

    /** Where our data has a barcode of a warehouse: a parcel, box or returnable box; or null. */
    async locate(barcode: string, warehouseId: number): Promise<LocatedUnit | null> {
      const parcel = await db
        .select({ name: parcels.name, cellName: cells.name })
        .from(parcels)
        .leftJoin(boxes, eq(boxes.id, parcels.boxId))
        .leftJoin(cells, eq(cells.id, boxes.cellId))
        .where(and(eq(parcels.number, barcode), eq(parcels.warehouseId, warehouseId)))
        .limit(1);
      if (parcel[0]) {
        return { barcode, kind: 'parcel', name: parcel[0].name, location: parcel[0].cellName };
      }
      const box = await db
        .select({ cellName: cells.name })
        .from(boxes)
        .leftJoin(cells, eq(cells.id, boxes.cellId))
        .where(and(eq(boxes.barcode, barcode), eq(boxes.warehouseId, warehouseId)))
        .limit(1);
      if (box[0]) return { barcode, kind: 'box', name: null, location: box[0].cellName };
      const container = await db
        .select({ location: returnableBoxes.locationName })
        .from(returnableBoxes)
        .where(
          and(
            eq(returnableBoxes.barcode, barcode),
            eq(returnableBoxes.warehouseId, warehouseId),
            isNull(returnableBoxes.deletedAt),
          ),
        )
        .limit(1);
      if (container[0]) {
        return { barcode, kind: 'container', name: null, location: container[0].location };
      }
      return null;
    },

    async insertUnits(rows: Array<typeof auditUnits.$inferInsert>): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(auditUnits).values(rows).onConflictDoNothing();
    },

    /** A unit of an audit cell, locked for its change. */
    async lockUnit(auditCellId: number, barcode: string): Promise<AuditUnitRow | null> {
      const rows = await db
        .select(unitColumns)
        .from(auditUnits)
        .where(and(eq(auditUnits.auditCellId, auditCellId), eq(auditUnits.barcode, barcode)))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    async setUnitState(
      auditCellId: number,
      barcode: string,
      state: number,
      userId: number,
      at: Date,
    ): Promise<void> {
      await db
        .update(auditUnits)
        .set({ state, scannedBy: userId, scannedAt: at })
        .where(and(eq(auditUnits.auditCellId, auditCellId), eq(auditUnits.barcode, barcode)));
    },

    /** Units still expected (0) become missing (3); answers their barcodes. */
    async markMissing(auditCellId: number): Promise<string[]> {
      const rows = await db
        .update(auditUnits)
        .set({ state: 3 })
        .where(and(eq(auditUnits.auditCellId, auditCellId), eq(auditUnits.state, 0)))
        .returning({ barcode: auditUnits.barcode });
      return rows.map((row) => row.barcode).sort();
    },

    async listUnits(auditCellIds: number[]): Promise<AuditUnitRow[]> {
      if (auditCellIds.length === 0) return [];
      return db
        .select(unitColumns)
        .from(auditUnits)
        .where(inArray(auditUnits.auditCellId, auditCellIds))
        .orderBy(asc(auditUnits.id));
    },

    /** How many units of each audit cell are in each state. */
    async countStatesByCell(auditCellIds: number[]): Promise<StateCountRow[]> {
      if (auditCellIds.length === 0) return [];
      return db
        .select({
          key: auditUnits.auditCellId,
          state: auditUnits.state,
          count: sql<number>`count(*)::int`,
        })
        .from(auditUnits)
        .where(inArray(auditUnits.auditCellId, auditCellIds))
        .groupBy(auditUnits.auditCellId, auditUnits.state);
    },

    /** How many units of each session are in each state. */
    async countStatesBySession(sessionIds: number[]): Promise<StateCountRow[]> {
      if (sessionIds.length === 0) return [];
      return countBySession(inArray(auditCells.sessionId, sessionIds));
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
