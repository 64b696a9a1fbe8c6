import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ROUTES,
  fillPath,
  type TAuditFinishedCell,
  type TAuditOpenedCell,
  type TAuditScanned,
  type TAuditSessionItems,
  type TAuditSessions,
  type TAuditStarted,
} from '@sorting/contracts';
import { auditFigures } from '@sorting/domain';
import { auditCells, auditSessions, auditUnits, cells, events } from '../src/db/schema.js';
import { WEB_HEADERS, createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// spec part 2 §3 "Audit", §4, §5, §7 "Audit" (docs/DECISIONS.md "Audit"): the audit
// zone 6 of the demo seed (demo-audit-data.ts). The envelope is camelCase.

const SC = 'MSK-SC1';
const CELL_1 = '=34717-6-a-01';
const CELL_2 = '=34717-6-a-02';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;

beforeAll(async () => {
  context = await createSessionTestApp();
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => 0);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, () => 0);
});

afterAll(async () => {
  await context?.close();
});

type Route = keyof typeof AUDIT_ROUTES;

function pathOf(route: Route, params: Record<string, unknown>): string {
  return fillPath(AUDIT_ROUTES[route].path, params);
}

interface CamelEnvelope<T> {
  isSuccess: boolean;
  errorCode: number | string | null;
  message: string | null;
  isRepeat: boolean;
  operationObject: T | null;
}

function envelopeOf<T>(response: LightMyRequestResponse): CamelEnvelope<T> {
  return response.json() as CamelEnvelope<T>;
}

/** The operation object of a successful answer. */
function ok<T>(response: LightMyRequestResponse): T {
  const body = envelopeOf<T>(response);
  expect(body, response.body).toMatchObject({ isSuccess: true });
  return body.operationObject as T;
}

/** A refused answer (HTTP 200) with its ErrorCode; answers the message. */
function refused(response: LightMyRequestResponse, errorCode: number): string {
  expect(response.statusCode, response.body).toBe(200);
  const body = envelopeOf<unknown>(response);
  expect(body, response.body).toMatchObject({ isSuccess: false, errorCode });
  return body.message ?? '';
}

const audit = {
  sessions: (client: SortingClient, body: unknown, warehouse = SC) =>
    client.call('POST', pathOf('sessions', { warehouseCode: warehouse }), body),
  start: (client: SortingClient, operationId = newOperationId(), warehouse = SC) =>
    client.call('POST', pathOf('start', { warehouseCode: warehouse }), undefined, operationId),
  open: (
    client: SortingClient,
    sessionId: number | string,
    barcode: string,
    operationId = newOperationId(),
    warehouse = SC,
  ) =>
    client.call(
      'POST',
      pathOf('openCell', { warehouseCode: warehouse, sessionId }),
      { barcode },
      operationId,
    ),
  scan: (
    client: SortingClient,
    sessionId: number | string,
    cellId: number | string,
    barcode: string,
    operationId = newOperationId(),
  ) =>
    client.call(
      'POST',
      pathOf('scan', { warehouseCode: SC, sessionId, cellId }),
      { barcode },
      operationId,
    ),
  finishCell: (
    client: SortingClient,
    sessionId: number | string,
    cellId: unknown,
    operationId = newOperationId(),
  ) =>
    client.call(
      'POST',
      pathOf('finishCell', { warehouseCode: SC, sessionId }),
      { cellId },
      operationId,
    ),
  items: (client: SortingClient, sessionId: number | string, warehouse = SC) =>
    client.call('GET', pathOf('items', { warehouseCode: warehouse, sessionId })),
  finish: (client: SortingClient, sessionId: number | string, operationId = newOperationId()) =>
    client.call('PUT', pathOf('finish', { warehouseCode: SC, sessionId }), undefined, operationId),
};

async function startSession(client: SortingClient): Promise<number> {
  return ok<TAuditStarted>(await audit.start(client)).sessionId;
}

/** What a refusal must leave alone: the audit tables and the events. */
async function snapshot() {
  const db = context.database.db;
  const [s, c, u, e] = await Promise.all([
    db.select().from(auditSessions).orderBy(auditSessions.id),
    db.select().from(auditCells).orderBy(auditCells.id),
    db.select().from(auditUnits).orderBy(auditUnits.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { s, c, u, e };
}

function statesOf(items: { barcode: string; state: number }[]): Record<string, number> {
  return Object.fromEntries(items.map((item) => [item.barcode, item.state]));
}

async function cellIdOf(barcode: string): Promise<number> {
  const [row] = await context.database.db
    .select({ id: cells.id })
    .from(cells)
    .where(eq(cells.barcode, barcode));
  return row!.id;
}

describe('an audit session from start to finish', () => {
  it('walks 0→1, surplus, repeat, 0→3, 3→1, two users, finish with frozen figures', async () => {
    // Start, replayed: the same session with isRepeat.
    const startId = newOperationId();
    const started = await audit.start(worker, startId);
    const sessionId = ok<TAuditStarted>(started).sessionId;
    const replayedStart = envelopeOf<TAuditStarted>(await audit.start(worker, startId));
    expect(replayedStart).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(replayedStart.operationObject).toEqual({ sessionId });

    // Open 6-a-01: the boxes standing there, the parcels of its open box (the closed box 102
    // is one unit: P410004 is not listed), all expected (0).
    const opened = ok<TAuditOpenedCell>(await audit.open(worker, sessionId, CELL_1));
    expect(opened.cell).toMatchObject({
      name: '6-a-01',
      barcode: CELL_1,
      isOpen: true,
      openedBy: 'Иванов Пётр',
    });
    expect(opened.items.map((item) => item.barcode)).toEqual([
      'P410001',
      'P410002',
      'P410003',
      '_34717-101',
      '_34717-102',
    ]);
    expect(opened.items[0]).toEqual({
      barcode: 'P410001',
      name: 'Фильтр воздушный',
      kind: 'parcel',
      state: 0,
      isExpected: true,
      systemLocation: '6-a-01',
    });
    expect(opened.items.find((item) => item.barcode === '_34717-102')).toMatchObject({
      kind: 'box',
      name: null,
    });
    const cellId = opened.cell.id;

    // Its opener opening it again gets it back as it is.
    const again = ok<TAuditOpenedCell>(await audit.open(worker, sessionId, CELL_1));
    expect(again.items).toEqual(opened.items);

    // 0 → 1, replayed operation id: the stored answer.
    const scanId = newOperationId();
    const found = await audit.scan(worker, sessionId, cellId, 'P410001', scanId);
    expect(envelopeOf(found)).toMatchObject({ isSuccess: true, isRepeat: false });
    expect(ok<TAuditScanned>(found).unit).toMatchObject({ barcode: 'P410001', state: 1 });
    const replayed = envelopeOf<TAuditScanned>(
      await audit.scan(worker, sessionId, cellId, 'P410001', scanId),
    );
    expect(replayed).toMatchObject({ isSuccess: true, isRepeat: true });

    // A repeat scan of a correct unit changes nothing and says isRepeat.
    const before = await snapshot();
    const repeat = envelopeOf<TAuditScanned>(
      await audit.scan(worker, sessionId, cellId, 'P410001'),
    );
    expect(repeat).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(repeat.operationObject!.unit.state).toBe(1);
    expect((await snapshot()).u).toEqual(before.u);
    expect((await snapshot()).e).toEqual(before.e);

    // The closed box itself is found; P410007 of 6-b-01 is surplus (2) with its place; an
    // unknown barcode is surplus with no place; a surplus scanned again is a repeat.
    ok(await audit.scan(worker, sessionId, cellId, '_34717-102'));
    const surplus = ok<TAuditScanned>(await audit.scan(worker, sessionId, cellId, 'P410007'));
    expect(surplus.unit).toEqual({
      barcode: 'P410007',
      name: 'Подшипник ступицы',
      kind: 'parcel',
      state: 2,
      isExpected: false,
      systemLocation: '6-b-01',
    });
    const unknown = ok<TAuditScanned>(await audit.scan(worker, sessionId, cellId, 'ZZ-404'));
    expect(unknown.unit).toMatchObject({ kind: 'unknown', state: 2, systemLocation: null });
    const unitsBefore = (await snapshot()).u.length;
    const surplusAgain = envelopeOf(await audit.scan(worker, sessionId, cellId, 'P410007'));
    expect(surplusAgain).toMatchObject({ isSuccess: true, isRepeat: true });
    expect((await snapshot()).u).toHaveLength(unitsBefore);

    // Two users on one cell: the other worker is refused naming who has it, in this session
    // and in a session of their own; nor may they scan into it. Nothing written.
    const otherSession = await startSession(otherWorker);
    const beforeOther = await snapshot();
    expect(refused(await audit.open(otherWorker, sessionId, CELL_1), 1)).toContain('Иванов Пётр');
    expect(refused(await audit.open(otherWorker, otherSession, CELL_1), 1)).toContain(
      'Иванов Пётр',
    );
    refused(await audit.scan(otherWorker, sessionId, cellId, 'P410002'), 1);
    refused(await audit.finishCell(otherWorker, sessionId, cellId), 1);
    expect(await snapshot()).toEqual(beforeOther);

    // Finish the cell: the units still 0 become missing (3); finishing again is a repeat.
    const finishedCell = ok<TAuditFinishedCell>(await audit.finishCell(worker, sessionId, cellId));
    expect(finishedCell.cell.isOpen).toBe(false);
    expect(finishedCell.itemsStatuses).toEqual([
      { state: 1, count: 2 },
      { state: 2, count: 2 },
      { state: 3, count: 3 },
    ]);
    const finishedAgain = envelopeOf<TAuditFinishedCell>(
      await audit.finishCell(worker, sessionId, cellId),
    );
    expect(finishedAgain).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(finishedAgain.operationObject).toEqual(finishedCell);

    // A scan into the finished cell: ErrorCode 1, nothing written.
    const beforeClosed = await snapshot();
    refused(await audit.scan(worker, sessionId, cellId, 'P410002'), 1);
    expect(await snapshot()).toEqual(beforeClosed);

    // Now the other worker may audit 6-a-01 in their own session; the first one's results
    // stay where they are. They finish it, then the first worker re-opens it in theirs.
    const othersCell = ok<TAuditOpenedCell>(await audit.open(otherWorker, otherSession, CELL_1));
    expect(othersCell.items.every((item) => item.state === 0)).toBe(true);
    ok(await audit.finishCell(otherWorker, otherSession, othersCell.cell.id));

    // Re-opened: its results kept; a missing unit scanned now is correct (3 → 1).
    const reopened = ok<TAuditOpenedCell>(await audit.open(worker, sessionId, CELL_1));
    expect(statesOf(reopened.items)).toEqual({
      P410001: 1,
      P410002: 3,
      P410003: 3,
      '_34717-101': 3,
      '_34717-102': 1,
      P410007: 2,
      'ZZ-404': 2,
    });
    const late = ok<TAuditScanned>(await audit.scan(worker, sessionId, cellId, 'P410002'));
    expect(late.unit.state).toBe(1);
    ok(await audit.finishCell(worker, sessionId, cellId));

    // 6-a-02: box 103, its parcels and the returnable box located there; one left missing by
    // the session's finish, which finishes the open cell.
    const second = ok<TAuditOpenedCell>(await audit.open(worker, sessionId, CELL_2));
    expect(second.items.map((item) => [item.barcode, item.kind])).toEqual([
      ['P410005', 'parcel'],
      ['P410006', 'parcel'],
      ['_34717-103', 'box'],
      ['_R34717-11', 'container'],
    ]);
    for (const barcode of ['P410005', '_34717-103', '_R34717-11']) {
      ok(await audit.scan(worker, sessionId, second.cell.id, barcode));
    }

    const finishId = newOperationId();
    const finished = ok<TAuditSessionItems>(await audit.finish(worker, sessionId, finishId));
    expect(finished.session.endDate).not.toBeNull();
    expect(finished.cellsWithItems.map(({ cell }) => [cell.name, cell.isOpen])).toEqual([
      ['6-a-01', false],
      ['6-a-02', false],
    ]);
    expect(statesOf(finished.cellsWithItems[1]!.items)).toMatchObject({ P410006: 3 });
    expect(finished.session.itemsStatuses).toEqual([
      { state: 1, count: 6 },
      { state: 2, count: 2 },
      { state: 3, count: 3 },
    ]);
    expect(auditFigures(finished.session.itemsStatuses)).toEqual({
      unitsCount: 11,
      correctPercentage: (6 / 11) * 100,
    });

    // Frozen: finishing again (a new operation id) answers the same with isRepeat; every
    // change is refused with ErrorCode 1 and writes nothing; the items are the same.
    const frozen = await snapshot();
    const finishAgain = envelopeOf<TAuditSessionItems>(await audit.finish(worker, sessionId));
    expect(finishAgain).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(finishAgain.operationObject).toEqual(finished);
    const finishReplay = envelopeOf(await audit.finish(worker, sessionId, finishId));
    expect(finishReplay).toMatchObject({ isSuccess: true, isRepeat: true });
    refused(await audit.open(worker, sessionId, CELL_1), 1);
    refused(await audit.scan(worker, sessionId, cellId, 'P410003'), 1);
    refused(await audit.finishCell(worker, sessionId, second.cell.id), 1);
    expect(await snapshot()).toEqual(frozen);
    expect(ok<TAuditSessionItems>(await audit.items(otherWorker, sessionId))).toEqual(finished);

    // The audited parcels' vision history shows the audit events, newest first: opened and
    // left missing in each session, then found in the re-opened cell.
    const vision = await worker.call('POST', '/vision-api/v1/MSK-SC1/VisionFragment/boxes', {
      barcode: 'P410002',
    });
    const fragments = vision.json().OperationObject.visionFragments as {
      kind: string;
      cellName: string;
      parcelNumber: string | null;
      userName: string;
    }[];
    expect(fragments.map((fragment) => fragment.kind)).toEqual([
      'audit.unitFound',
      'audit.unitMissing',
      'audit.cellOpened',
      'audit.unitMissing',
      'audit.cellOpened',
    ]);
    expect(fragments[0]).toMatchObject({
      cellName: '6-a-01',
      parcelNumber: 'P410002',
      userName: 'Иванов Пётр',
    });
    const surplusHistory = await worker.call('POST', '/vision-api/v1/34717/VisionFragment/boxes', {
      barcode: 'P410007',
    });
    expect(surplusHistory.json().OperationObject.visionFragments[0]).toMatchObject({
      kind: 'audit.unitSurplus',
      cellName: '6-a-01',
    });
  });
});

describe('refusals', () => {
  it('refuses unknown cells (104), another warehouse’s (304) and unknown sessions; writes nothing', async () => {
    const sessionId = await startSession(worker);
    const before = await snapshot();
    expect(refused(await audit.open(worker, sessionId, '=34717-6-z-99'), 104)).toContain(
      '=34717-6-z-99',
    );
    refused(await audit.open(worker, sessionId, '_34717-101'), 104);
    refused(await audit.open(worker, sessionId, '=1201-1-a-01'), 304);
    refused(await audit.open(worker, 999_999, CELL_2), 104);
    refused(await audit.items(worker, 999_999), 104);
    refused(await audit.finish(worker, 999_999), 104);
    refused(await audit.scan(worker, sessionId, await cellIdOf(CELL_2), 'P410005'), 104);
    refused(await audit.finishCell(worker, sessionId, await cellIdOf(CELL_2)), 104);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to bad ids, barcodes and dates, writing nothing', async () => {
    const sessionId = await startSession(worker);
    const before = await snapshot();
    const bad = [
      await audit.open(worker, 0, CELL_2),
      await audit.open(worker, 'abc', CELL_2),
      await audit.open(worker, '2147483648', CELL_2),
      await audit.open(worker, sessionId, ''),
      await audit.open(worker, sessionId, 'x'.repeat(201)),
      await audit.open(worker, sessionId, '=34717-6-a-02\u0007'),
      await audit.scan(worker, sessionId, 0, 'P410005'),
      await audit.scan(worker, sessionId, -1, 'P410005'),
      await audit.finishCell(worker, sessionId, 'one'),
      await audit.finishCell(worker, sessionId, null),
      await audit.sessions(worker, { dateFrom: '2026-03-02', dateTo: '2026-03-03' }),
      await audit.sessions(worker, {
        dateFrom: '2026-03-03T00:00:00+03:00',
        dateTo: '2026-03-02T00:00:00+03:00',
      }),
      await audit.sessions(worker, {
        dateFrom: '2026-01-01T00:00:00Z',
        dateTo: '2026-04-05T00:00:00Z',
      }),
      await audit.sessions(worker, {}),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(envelopeOf(response)).toMatchObject({ isSuccess: false, errorCode: 400 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses another centre’s warehouse (403), reads and writes nothing; a foreign session is 104', async () => {
    const sessionId = await startSession(worker);
    const before = await snapshot();
    const range = { dateFrom: '2026-03-01T00:00:00+03:00', dateTo: '2026-03-03T00:00:00+03:00' };
    for (const response of [
      await audit.sessions(foreignWorker, range),
      await audit.start(foreignWorker),
      await audit.open(foreignWorker, sessionId, CELL_2),
      await audit.items(foreignWorker, sessionId),
      await audit.finish(foreignWorker, sessionId),
      await audit.sessions(worker, range, 'PDL-WH2'),
      await audit.start(worker, newOperationId(), '1201'),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
    }
    // The foreign worker's own warehouse does not know the centre's session.
    refused(await audit.items(foreignWorker, sessionId, 'PDL-WH2'), 104);
    refused(await audit.sessions(worker, range, 'NOPE-1'), 104);
    expect(await snapshot()).toEqual(before);
  });

  it('lets one of two users racing to open a cell have it; the other is told who', async () => {
    const [first, second] = [await startSession(worker), await startSession(otherWorker)];
    const answers = await Promise.all([
      audit.open(worker, first, '=34717-6-c-01'),
      audit.open(otherWorker, second, '=34717-6-c-01'),
    ]);
    const bodies = answers.map((answer) => envelopeOf(answer));
    expect(bodies.filter((body) => body.isSuccess)).toHaveLength(1);
    expect(bodies.find((body) => !body.isSuccess)).toMatchObject({ errorCode: 1 });
    const open = await context.database.db
      .select()
      .from(auditCells)
      .where(eq(auditCells.cellId, await cellIdOf('=34717-6-c-01')));
    expect(open).toHaveLength(1);
  });

  it('answers 401 to every audit route without a session', async () => {
    for (const [route, params] of [
      ['sessions', { warehouseCode: SC }],
      ['start', { warehouseCode: SC }],
      ['openCell', { warehouseCode: SC, sessionId: 1 }],
      ['scan', { warehouseCode: SC, sessionId: 1, cellId: 1 }],
      ['finishCell', { warehouseCode: SC, sessionId: 1 }],
      ['items', { warehouseCode: SC, sessionId: 1 }],
      ['finish', { warehouseCode: SC, sessionId: 1 }],
    ] as const) {
      const response = await context.app.inject({
        method: AUDIT_ROUTES[route].method,
        url: pathOf(route, params),
        headers: WEB_HEADERS,
      });
      expect(response.statusCode, route).toBe(401);
      expect(envelopeOf(response).errorCode, route).toBe(401);
    }
  });
});

describe('POST /audit-api/v1/{warehouseCode}/Sessions/get', () => {
  it('lists the sessions started in the range and every unfinished one, newest first', async () => {
    // The seeded session finished yesterday: 6-b-01, one found, one missing, one surplus.
    const yesterday = Date.now() - 24 * 60 * 60 * 1000;
    const seeded = ok<TAuditSessions>(
      await audit.sessions(worker, {
        dateFrom: new Date(yesterday - 2 * 60 * 60 * 1000).toISOString(),
        dateTo: new Date(yesterday + 60 * 1000).toISOString(),
      }),
    );
    const finished = seeded.sessions.filter((session) => session.endDate !== null);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      userName: 'Сидорова Анна',
      warehouseCode: SC,
      itemsStatuses: [
        { state: 1, count: 1 },
        { state: 2, count: 1 },
        { state: 3, count: 1 },
      ],
      cells: [{ cell: { name: '6-b-01' }, items: [] }],
    });
    // The sessions started by the tests above (the test clock's day) are unfinished: listed
    // whatever the range, newest first.
    const unfinished = seeded.sessions.filter((session) => session.endDate === null);
    expect(unfinished.length).toBeGreaterThan(0);
    const ids = unfinished.map((session) => session.sessionId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // A running session's figures are counted now, its cells in the order they were opened:
    // the same as its own items answer gives.
    const running = unfinished.filter((session) => session.cells.length > 0);
    expect(running.some((session) => session.itemsStatuses.length > 0)).toBe(true);
    for (const session of running) {
      const own = ok<TAuditSessionItems>(await audit.items(worker, session.sessionId)).session;
      expect(session.itemsStatuses).toEqual(own.itemsStatuses);
      expect(session.cells).toEqual(own.cells);
    }

    // The test clock's day lists the finished session of the walk too, with its cells.
    const day = ok<TAuditSessions>(
      await audit.sessions(otherWorker, {
        dateFrom: '2026-03-02T00:00:00+03:00',
        dateTo: '2026-03-02T23:59:59+03:00',
      }),
    );
    const walked = day.sessions.find((session) => session.endDate !== null);
    expect(walked?.cells.map(({ cell }) => cell.name)).toEqual(['6-a-01', '6-a-02']);
    // Its figures as frozen at the finish (audit_sessions.figures).
    expect(walked?.itemsStatuses).toEqual([
      { state: 1, count: 6 },
      { state: 2, count: 2 },
      { state: 3, count: 3 },
    ]);
    expect(day.sessions.some((session) => session.userName === 'Сидорова Анна')).toBe(true);
  });

  it('pages the list when asked (page, pageSize): the same sessions in the same order, totalCount all of them', async () => {
    const range = {
      dateFrom: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString(),
      dateTo: new Date(Date.now() + 60 * 1000).toISOString(),
    };
    const all = ok<TAuditSessions>(await audit.sessions(worker, range));
    expect(all.totalCount).toBe(all.sessions.length);
    expect(all.sessions.length).toBeGreaterThanOrEqual(3);
    const pages: TAuditSessions['sessions'] = [];
    for (let page = 1; page <= Math.ceil(all.sessions.length / 2); page += 1) {
      const one = ok<TAuditSessions>(await audit.sessions(worker, { ...range, page, pageSize: 2 }));
      expect(one.totalCount).toBe(all.sessions.length);
      expect(one.sessions.length).toBeLessThanOrEqual(2);
      pages.push(...one.sessions);
    }
    // Cells, running figures and frozen ones alike, page by page.
    expect(pages).toEqual(all.sessions);
    // Past the end: nothing, the total still told; page alone takes 40 a page.
    const beyond = ok<TAuditSessions>(await audit.sessions(worker, { ...range, page: 1000 }));
    expect(beyond).toEqual({ sessions: [], totalCount: all.sessions.length });
    const first = ok<TAuditSessions>(await audit.sessions(worker, { ...range, page: 1 }));
    expect(first.sessions).toEqual(all.sessions.slice(0, 40));
    const bad = [0, -1, 1.5, '1', 2 ** 31].flatMap((value) => [
      { ...range, page: value },
      { ...range, pageSize: value },
    ]);
    for (const body of [...bad, { ...range, pageSize: 201 }]) {
      const response = await audit.sessions(worker, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(envelopeOf(response)).toMatchObject({ isSuccess: false, errorCode: 400 });
    }
  });
});

describe('a double tap on «Начать» without an operation id', () => {
  it("answers the user's session opened seconds ago while it is empty: one session, one event", async () => {
    const started = async () =>
      (
        await context.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(eq(events.kind, 'audit.sessionStarted'))
      )[0]!.n;
    const before = await started();
    // Two taps at once, then a third a moment later: no operation id on any ('' sends none).
    const [first, second] = await Promise.all([audit.start(worker, ''), audit.start(worker, '')]);
    const third = await audit.start(worker, '');
    const answers = [first, second, third].map((response) => envelopeOf<TAuditStarted>(response));
    const ids = new Set(answers.map((answer) => answer.operationObject?.sessionId));
    expect(ids.size, JSON.stringify(answers)).toBe(1);
    expect(answers.filter((answer) => answer.isRepeat)).toHaveLength(2);
    expect(await started()).toBe(before + 1);
    const sessionId = [...ids][0]!;
    // Another user starts a session of their own.
    const others = await startSession(otherWorker);
    expect(others).not.toBe(sessionId);
    // Once a cell is open the session is no longer empty: a start is a new session.
    ok(await audit.open(worker, sessionId, CELL_2));
    const next = envelopeOf<TAuditStarted>(await audit.start(worker, ''));
    expect(next).toMatchObject({ isSuccess: true, isRepeat: false });
    expect(next.operationObject?.sessionId).not.toBe(sessionId);
    // Seconds later (past the window) an empty session no longer answers: a new one starts.
    context.clock.advanceSeconds(31);
    const later = envelopeOf<TAuditStarted>(await audit.start(worker, ''));
    expect(later).toMatchObject({ isSuccess: true, isRepeat: false });
    expect(later.operationObject?.sessionId).not.toBe(next.operationObject?.sessionId);
    for (const id of [
      sessionId,
      others,
      next.operationObject!.sessionId,
      later.operationObject!.sessionId,
    ]) {
      await audit.finish(id === others ? otherWorker : worker, id);
    }
  });
});
