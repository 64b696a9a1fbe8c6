import {
  AUDIT_LIST_PAGE_SIZE,
  AUDIT_UNIT_STATES,
  type TAuditCell,
  type TAuditFinishedCell,
  type TAuditItemsStatus,
  type TAuditOpenedCell,
  type TAuditScanned,
  type TAuditSession,
  type TAuditSessionItems,
  type TAuditSessions,
  type TAuditSessionsQuery,
  type TAuditStarted,
  type TAuditUnit,
  type TAuditUnitState,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { operationsOver, repeatWhenUnchanged, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type {
  AuditCellRow,
  ListedCellRow,
  AuditRepository,
  AuditSessionRow,
  AuditUnitRow,
  AuditWarehouseRow,
  StateCountRow,
} from './audit.repository.js';

const { expected, correct, surplus, missing } = AUDIT_UNIT_STATES;

/**
 * How long a user's new session, still empty, answers their next start (a double tap or a
 * retry without an operation id): docs/DECISIONS.md "Audit".
 */
export const AUDIT_START_REPEAT_MS = 30_000;

function presentCell(row: AuditCellRow): TAuditCell {
  return {
    id: row.cellId,
    name: row.cellName,
    barcode: row.cellBarcode,
    isOpen: row.finishedAt === null,
    openedBy: row.openedByName,
    openedByUserId: row.openedBy,
  };
}

function presentUnit(row: AuditUnitRow): TAuditUnit {
  return {
    barcode: row.barcode,
    name: row.name,
    kind: row.kind,
    state: row.state as TAuditUnitState,
    isExpected: row.isExpected,
    systemLocation: row.systemLocation,
  };
}

/** itemsStatuses of one key (a session or an audit cell), by state. */
function statusesOf(rows: readonly StateCountRow[], key: number): TAuditItemsStatus[] {
  return rows
    .filter((row) => row.key === key)
    .map((row) => ({ state: row.state as TAuditUnitState, count: row.count }))
    .sort((a, b) => a.state - b.state);
}

/** itemsStatuses counted from units. */
function countStates(units: readonly AuditUnitRow[]): TAuditItemsStatus[] {
  const counts = new Map<number, number>();
  for (const unit of units) counts.set(unit.state, (counts.get(unit.state) ?? 0) + 1);
  return statusesOf(
    [...counts].map(([state, count]) => ({ key: 0, state, count })),
    0,
  );
}

/** Rows by a key, each group in the rows' order (a list of 90 days groups thousands once). */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** A session of the list: its cells carry no units (those come only through `/items`). */
function presentListedSession(
  session: AuditSessionRow,
  warehouse: AuditWarehouseRow,
  cells: readonly ListedCellRow[],
  figures: ReadonlyArray<{ state: number; count: number }>,
): TAuditSession {
  return {
    sessionId: session.id,
    startDate: session.startedAt.toISOString(),
    endDate: session.finishedAt?.toISOString() ?? null,
    userName: session.startedByName,
    userId: session.startedBy,
    warehouseCode: warehouse.code,
    itemsStatuses: figures
      .map((figure) => ({ state: figure.state as TAuditUnitState, count: figure.count }))
      .sort((a, b) => a.state - b.state),
    cells: cells.map((cell) => ({ cell: { id: cell.id, name: cell.name }, items: [] })),
  };
}

/** A session as the items answer it; `cells` are the session's own. */
function presentSession(
  session: AuditSessionRow,
  warehouse: AuditWarehouseRow,
  cells: readonly AuditCellRow[],
  itemsStatuses: TAuditItemsStatus[],
): TAuditSession {
  const named = cells.map((cell) => ({
    sessionId: session.id,
    id: cell.cellId,
    name: cell.cellName,
  }));
  return presentListedSession(session, warehouse, named, itemsStatuses);
}

/**
 * Spec part 2 §7 "Audit": sessions, their cells and units (docs/DECISIONS.md "Audit"). Any user
 * of the warehouse (part 2 §6: no role checks). Every change is an event indexed under the
 * units it concerns, so /vision shows it; the audit records and moves no stock.
 */
export function createAuditService(options: {
  db: Db;
  repository: RepositoryFactory<Db, AuditRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf } = options;
  const changes = operationsOver(db, repositoryOf);

  /**
   * The `{warehouseCode}` warehouse: the route's declaration resolved it and refused another
   * centre's (403, nothing read); an unknown one is 104.
   */
  function warehouseOrRefuse(context: CallContext): AuditWarehouseRow {
    if (!context.warehouse) throw refusal('objectNotFound', 'warehouseNotFound');
    return context.warehouse;
  }

  /** A session of the warehouse (another warehouse's is not named: 104). */
  async function sessionOrRefuse(
    repository: AuditRepository,
    warehouse: AuditWarehouseRow,
    sessionId: number,
    lock: 'share' | 'update' | null,
  ): Promise<AuditSessionRow> {
    const session = await repository.findSession(sessionId, warehouse.id, lock);
    if (!session) throw refusal('objectNotFound', 'auditSessionNotFound', { sessionId });
    return session;
  }

  /** A session still running: a change in a finished one is ErrorCode 1, nothing written. */
  async function runningSessionOrRefuse(
    repository: AuditRepository,
    warehouse: AuditWarehouseRow,
    sessionId: number,
  ): Promise<AuditSessionRow> {
    const session = await sessionOrRefuse(repository, warehouse, sessionId, 'share');
    if (session.finishedAt !== null) {
      throw refusal('refused', 'auditSessionFinished', { sessionId });
    }
    return session;
  }

  function openByOther(row: AuditCellRow) {
    return refusal('refused', 'auditCellOpenByOther', {
      cell: row.cellName,
      user: row.openedByName ?? '—',
    });
  }

  async function sessionItems(
    repository: AuditRepository,
    warehouse: AuditWarehouseRow,
    session: AuditSessionRow,
  ): Promise<TAuditSessionItems> {
    const cells = await repository.listAuditCells([session.id]);
    const units = await repository.listUnits(cells.map((cell) => cell.auditCellId));
    return {
      session: presentSession(session, warehouse, cells, countStates(units)),
      cellsWithItems: cells.map((cell) => ({
        cell: presentCell(cell),
        items: units.filter((unit) => unit.auditCellId === cell.auditCellId).map(presentUnit),
      })),
    };
  }

  /**
   * Finishes an open audit cell: units still expected become missing (one event naming them),
   * then the cell is finished (one event).
   */
  async function finishOpenCell(
    repository: AuditRepository,
    warehouse: AuditWarehouseRow,
    row: AuditCellRow,
    context: CallContext,
    at: Date,
  ): Promise<void> {
    const origin = { at, userId: context.user.id, warehouseId: warehouse.id };
    const payload = { sessionId: row.sessionId, cellName: row.cellName };
    const missingBarcodes = await repository.markMissing(row.auditCellId);
    if (missingBarcodes.length > 0) {
      await repository.events.record(
        origin,
        'audit.unitMissing',
        { ...payload, unitsCount: missingBarcodes.length },
        [row.cellBarcode, ...missingBarcodes],
      );
    }
    await repository.finishAuditCell(row.auditCellId, at);
    await repository.events.record(origin, 'audit.cellFinished', payload, [row.cellBarcode]);
  }

  return {
    /**
     * `POST …/Sessions/get`: started in the range plus every unfinished one, newest first; with
     * `page` or `pageSize` (ours) one page of them, `totalCount` all of them.
     */
    async sessions(query: TAuditSessionsQuery, context: CallContext): Promise<TAuditSessions> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOrRefuse(context);
      const [from, to] = [new Date(query.dateFrom), new Date(query.dateTo)];
      const present = (
        sessions: readonly AuditSessionRow[],
        cells: readonly ListedCellRow[],
        counts: readonly StateCountRow[],
      ) => {
        const cellsOf = groupBy(cells, (cell) => cell.sessionId);
        const countsOf = groupBy(counts, (count) => count.key);
        // A finished session's figures were frozen at its finish; running ones are counted.
        return sessions.map((session) =>
          presentListedSession(
            session,
            warehouse,
            cellsOf.get(session.id) ?? [],
            session.figures ?? countsOf.get(session.id) ?? [],
          ),
        );
      };
      if (!query.page && !query.pageSize) {
        // Every listed session: three lean statements side by side.
        const [sessions, cells, counts] = await Promise.all([
          repository.listSessions(warehouse.id, from, to),
          repository.listCellNamesOfListed(warehouse.id, from, to),
          repository.countStatesOfRunning(warehouse.id),
        ]);
        return { sessions: present(sessions, cells, counts), totalCount: sessions.length };
      }
      // One page (part 2 §9: 40): the page, the total, the page's cells and its running
      // sessions' counts side by side, the page chosen by the same subquery in each
      // (docs/PERFORMANCE.md, audit: p95 ≤ 50 ms).
      const size = query.pageSize ?? AUDIT_LIST_PAGE_SIZE;
      const page = { limit: size, offset: ((query.page ?? 1) - 1) * size };
      const [{ rows: sessions, total: totalCount }, cells, counts] = await Promise.all([
        repository.listSessionsPage(warehouse.id, from, to, page),
        repository.listCellNamesOfPage(warehouse.id, from, to, page),
        repository.countStatesOfPage(warehouse.id, from, to, page),
      ]);
      return { sessions: present(sessions, cells, counts), totalCount };
    },

    /**
     * `POST …/Sessions`: a new session of the warehouse, started by the caller. The caller's
     * own session of this warehouse started within AUDIT_START_REPEAT_MS and still empty (no
     * cell opened, not finished) is answered instead, with IsRepeat: a double tap without an
     * operation id starts one session (docs/DECISIONS.md "Audit").
     */
    async start(context: CallContext): Promise<OperationOutcome<TAuditStarted>> {
      const outcome = await changes.run(context, async (repository) => {
        const warehouse = warehouseOrRefuse(context);
        // A user's starts one after the other: a double tap's second start sees the first.
        await repository.lockStartsOf(context.user.id);
        const at = now();
        const since = new Date(at.getTime() - AUDIT_START_REPEAT_MS);
        const recent = await repository.findEmptySessionSince(warehouse.id, context.user.id, since);
        if (recent !== null) return { value: { sessionId: recent }, unchanged: true };
        const sessionId = await repository.insertSession(warehouse.id, context.user.id, at);
        await repository.events.record(
          { userId: context.user.id, warehouseId: warehouse.id, at },
          'audit.sessionStarted',
          { sessionId },
          [],
        );
        return { value: { sessionId }, unchanged: false };
      });
      return repeatWhenUnchanged(outcome);
    },

    /**
     * `POST …/Sessions/{sessionId}/cells`: opens a cell. First opened: its expected units as
     * they are now (state 0). Its opener gets an open cell back as it is; a finished one
     * re-opens keeping its results. Open by someone else (in any session) → ErrorCode 1 naming
     * who; unknown cell 104; another warehouse's 304; finished session ErrorCode 1.
     */
    async openCell(
      sessionId: number,
      barcode: string,
      context: CallContext,
    ): Promise<OperationOutcome<TAuditOpenedCell>> {
      return changes.run(context, async (repository) => {
        const warehouse = warehouseOrRefuse(context);
        const session = await runningSessionOrRefuse(repository, warehouse, sessionId);
        const cell = await repository.lockCellByBarcode(barcode);
        if (!cell) throw refusal('objectNotFound', 'cellNotFound', { barcode });
        if (cell.warehouseId !== warehouse.id) {
          throw refusal('repeatedFailure', 'cellOfOtherWarehouse', { barcode });
        }
        const open = await repository.findOpenAuditCell(cell.id);
        const isMine = open?.sessionId === session.id && open.openedBy === context.user.id;
        if (open && !isMine) throw openByOther(open);
        if (!open) {
          const at = now();
          const known = await repository.findAuditCell(session.id, cell.id);
          let units: string[] = [];
          if (known) {
            await repository.reopenAuditCell(known.auditCellId, context.user.id, at);
          } else {
            const auditCellId = await repository.insertAuditCell(
              session.id,
              cell.id,
              context.user.id,
              at,
            );
            const contents = await repository.listCellContents(cell);
            await repository.insertUnits(
              contents.map((unit) => ({
                auditCellId,
                barcode: unit.barcode,
                name: unit.name,
                kind: unit.kind,
                state: expected,
                isExpected: true,
                systemLocation: unit.location,
              })),
            );
            units = contents.map((unit) => unit.barcode);
          }
          await repository.events.record(
            { userId: context.user.id, warehouseId: warehouse.id, at },
            'audit.cellOpened',
            { sessionId: session.id, cellName: cell.name, isReopened: known !== null },
            [cell.barcode, ...units],
          );
        }
        const row = await repository.findAuditCell(session.id, cell.id);
        if (!row) throw new Error('the opened audit cell is gone');
        const items = await repository.listUnits([row.auditCellId]);
        return { cell: presentCell(row), items: items.map(presentUnit) };
      });
    },

    /**
     * `POST …/cells/{cellId}/scan`: an expected unit in state 0 or 3 → 1; in 1 or 2 → unchanged
     * with isRepeat; not expected → a new unit in state 2 with where our data has it. Only in
     * an open cell of a running session, by its opener (ErrorCode 1 otherwise).
     */
    async scan(
      sessionId: number,
      cellId: number,
      barcode: string,
      context: CallContext,
    ): Promise<OperationOutcome<TAuditScanned>> {
      const outcome = await changes.run(context, async (repository) => {
        const warehouse = warehouseOrRefuse(context);
        const session = await runningSessionOrRefuse(repository, warehouse, sessionId);
        const row = await repository.findAuditCell(session.id, cellId, true);
        if (!row) throw refusal('objectNotFound', 'auditCellNotOpened', { cellId });
        if (row.finishedAt !== null) {
          throw refusal('refused', 'auditCellFinished', { cell: row.cellName });
        }
        if (row.openedBy !== context.user.id) throw openByOther(row);
        const at = now();
        const origin = { at, userId: context.user.id, warehouseId: warehouse.id };
        const payload = { sessionId: session.id, cellName: row.cellName, unitBarcode: barcode };
        const unit = await repository.lockUnit(row.auditCellId, barcode);
        let repeated = false;
        let scanned: AuditUnitRow;
        if (unit && (unit.state === expected || unit.state === missing)) {
          await repository.setUnitState(row.auditCellId, barcode, correct, context.user.id, at);
          await repository.events.record(
            origin,
            'audit.unitFound',
            { ...payload, ...(unit.kind === 'parcel' ? { parcelNumber: barcode } : {}) },
            [barcode, row.cellBarcode],
          );
          scanned = { ...unit, state: correct };
        } else if (unit) {
          repeated = true;
          scanned = unit;
        } else {
          const located = await repository.locate(barcode, warehouse.id);
          scanned = {
            auditCellId: row.auditCellId,
            barcode,
            name: located?.name ?? null,
            kind: located?.kind ?? 'unknown',
            state: surplus,
            isExpected: false,
            systemLocation: located?.location ?? null,
          };
          await repository.insertUnits([{ ...scanned, scannedBy: context.user.id, scannedAt: at }]);
          await repository.events.record(
            origin,
            'audit.unitSurplus',
            {
              ...payload,
              ...(located?.kind === 'parcel' ? { parcelNumber: barcode } : {}),
              systemLocation: scanned.systemLocation,
            },
            [barcode, row.cellBarcode],
          );
        }
        const counts = await repository.countStatesByCell([row.auditCellId]);
        const answer = {
          unit: presentUnit(scanned),
          itemsStatuses: statusesOf(counts, row.auditCellId),
        };
        return { value: answer, unchanged: repeated };
      });
      return repeatWhenUnchanged(outcome);
    },

    /**
     * `POST …/cells/finish`: units still 0 → 3; answers the cell's itemsStatuses. A finished
     * cell answers the same with isRepeat; open by someone else → ErrorCode 1.
     */
    async finishCell(
      sessionId: number,
      cellId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TAuditFinishedCell>> {
      const outcome = await changes.run(context, async (repository) => {
        const warehouse = warehouseOrRefuse(context);
        const session = await runningSessionOrRefuse(repository, warehouse, sessionId);
        const row = await repository.findAuditCell(session.id, cellId, true);
        if (!row) throw refusal('objectNotFound', 'auditCellNotOpened', { cellId });
        const repeated = row.finishedAt !== null;
        if (!repeated) {
          if (row.openedBy !== context.user.id) throw openByOther(row);
          await finishOpenCell(repository, warehouse, row, context, now());
        }
        const finished = await repository.findAuditCell(session.id, cellId);
        const counts = await repository.countStatesByCell([row.auditCellId]);
        if (!finished) throw new Error('the finished audit cell is gone');
        const answer = {
          cell: presentCell(finished),
          itemsStatuses: statusesOf(counts, row.auditCellId),
        };
        return { value: answer, unchanged: repeated };
      });
      return repeatWhenUnchanged(outcome);
    },

    /** `GET …/Sessions/{sessionId}/items`: the session and its cells with their units. */
    async items(sessionId: number, context: CallContext): Promise<TAuditSessionItems> {
      const repository = repositoryOf(db);
      const warehouse = warehouseOrRefuse(context);
      const session = await sessionOrRefuse(repository, warehouse, sessionId, null);
      return sessionItems(repository, warehouse, session);
    },

    /**
     * `PUT …/Sessions/{sessionId}/finish`: finishes its open cells (whoever opened them), sets
     * endDate, and from then on nothing of it changes; again → the same answer with isRepeat.
     */
    async finish(
      sessionId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TAuditSessionItems>> {
      const outcome = await changes.run(context, async (repository) => {
        const warehouse = warehouseOrRefuse(context);
        const session = await sessionOrRefuse(repository, warehouse, sessionId, 'update');
        const repeated = session.finishedAt !== null;
        if (!repeated) {
          const at = now();
          const cells = await repository.listAuditCells([session.id]);
          for (const cell of cells.filter((row) => row.finishedAt === null)) {
            await finishOpenCell(repository, warehouse, cell, context, at);
          }
          const counts = await repository.countStatesBySession([session.id]);
          await repository.finishSession(
            session.id,
            context.user.id,
            at,
            statusesOf(counts, session.id),
          );
          await repository.events.record(
            { userId: context.user.id, warehouseId: warehouse.id, at },
            'audit.sessionFinished',
            { sessionId: session.id },
            cells.map((cell) => cell.cellBarcode),
          );
        }
        const current = await sessionOrRefuse(repository, warehouse, sessionId, null);
        return {
          value: await sessionItems(repository, warehouse, current),
          unchanged: repeated,
        };
      });
      return repeatWhenUnchanged(outcome);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
