import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIME_TRACKING_ERROR_CODES,
  WORKPLACE_TOGGLE_STATUS,
  type TCreatedUser,
  type TWorkedTimeReport,
  type TWorkplace,
  type TWorkplaceToggleResult,
  workedTimeReportPath,
  workplaceLeavePath,
  workplaceScanPath,
} from '@sorting/contracts';
import { workIntervals, workplaces } from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

const SC = 34717;
const BASE = `/timetracking-api/v1/${SC}`;
const WP1 = '=34717-WP-01';
const WP2 = '=34717-WP-02';
const WP3 = '=34717-WP-03';

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let supervisor: SortingClient;
let worker: SortingClient;
let foreignWorker: SortingClient;

const noWarehouse = () => 0;

function scanUrl(barcode: string): string {
  return workplaceScanPath(SC, barcode);
}

function leaveUrl(barcode: string, userId: number): string {
  return workplaceLeavePath(SC, barcode, userId);
}

beforeAll(async () => {
  // Long idle time: the report tests move the clock by hours.
  context = await createSessionTestApp({ SESSION_IDLE_MINUTES: '600' });
  supervisor = await signInClient(context.app, '~S2001-9TB4', noWarehouse);
  worker = await signInClient(context.app, BADGES.worker, noWarehouse);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, noWarehouse);
});

afterAll(async () => {
  await context?.close();
});

/** A fresh worker of the centre (users-api), so each test has its own intervals. */
async function newWorker(name: string): Promise<{ userId: number; badge: string }> {
  const response = await supervisor.call('POST', `/users-api/v1/${SC}/Users`, {
    sortingCenterId: SC,
    name,
  });
  const created = response.json().operationObject as TCreatedUser;
  if (!created?.badge) throw new Error(`user ${name} not created: ${response.body}`);
  return { userId: created.userId, badge: created.badge };
}

async function scan(
  client: SortingClient,
  barcode: string,
  badge: string,
  operationId?: string,
): Promise<{ body: Record<string, unknown>; result: TWorkplaceToggleResult }> {
  const response = await client.call('POST', scanUrl(barcode), { UserToken: badge }, operationId);
  const body = response.json() as Record<string, unknown>;
  return { body, result: body.OperationObject as TWorkplaceToggleResult };
}

async function workplaceList(): Promise<TWorkplace[]> {
  const response = await worker.call('GET', `${BASE}/Workplaces`);
  const body = response.json();
  expect(body, response.body).toMatchObject({ IsSuccess: true });
  return body.OperationObject as TWorkplace[];
}

async function intervalsOf(userId: number) {
  return context.database.db
    .select()
    .from(workIntervals)
    .where(eq(workIntervals.userId, userId))
    .orderBy(workIntervals.id);
}

async function openIntervalsOf(userId: number) {
  return context.database.db
    .select()
    .from(workIntervals)
    .where(and(eq(workIntervals.userId, userId), isNull(workIntervals.endedAt)));
}

describe('access (spec part 1 §6: 401/403 → f-007)', () => {
  it('answers 401 without a session on every call', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/Workplaces`],
      ['POST', scanUrl(WP1)],
      ['POST', leaveUrl(WP1, 1)],
      ['GET', `${BASE}/report?from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z`],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: { 'X-Requested-With': 'sorting' },
        ...(method === 'POST' ? { payload: { UserToken: BADGES.worker } } : {}),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 401 });
    }
  });

  it('answers 403 to a user of no or another sorting centre', async () => {
    const calls = [
      ['GET', `${BASE}/Workplaces`, undefined],
      ['POST', scanUrl(WP1), { UserToken: BADGES.worker }],
      ['POST', leaveUrl(WP1, 1), undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await foreignWorker.call(method, url, payload);
      expect(response.statusCode, url).toBe(403);
    }
    const other = await worker.call('GET', '/timetracking-api/v1/1201/Workplaces');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
  });

  it('keeps the report for supervisors and administrators', async () => {
    const url = `${BASE}/report?from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z`;
    expect((await worker.call('GET', url)).statusCode).toBe(403);
    expect((await supervisor.call('GET', url)).statusCode).toBe(200);
  });
});

describe('workplaces', () => {
  it('lists the centre’s workplaces with who is at each', async () => {
    const list = await workplaceList();
    expect(list.map((place) => place.CellBarcode)).toEqual([
      WP1,
      WP2,
      WP3,
      '=34717-WP-04',
      '=34717-WP-05',
    ]);
    expect(list[0]).toEqual({ CellBarcode: WP1, Name: 'Приёмка, стол 1', Employees: [] });
  });

  it('never lists a workplace of another centre, and answers 104 (f-011) for it', async () => {
    await context.database.db
      .insert(workplaces)
      .values({ sortingCenterId: 99, cellBarcode: '=99-WP-01', name: 'Чужое место' });
    const list = await workplaceList();
    expect(list.map((place) => place.CellBarcode)).not.toContain('=99-WP-01');
    const { body } = await scan(worker, '=99-WP-01', BADGES.worker);
    expect(body).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.workplaceNotFound,
    });
  });
});

describe('badge scans toggle a user at a workplace', () => {
  it('joins (Status 1), shows the employee, then leaves on the next scan (Status 2)', async () => {
    const person = await newWorker('Тогглов Артём');
    const joined = await scan(worker, WP1, person.badge);
    expect(joined.body).toMatchObject({ IsSuccess: true, IsRepeat: false });
    expect(joined.result).toMatchObject({
      Status: WORKPLACE_TOGGLE_STATUS.joined,
      UserId: person.userId,
      FullName: 'Тогглов Артём',
      CellBarcode: WP1,
      EndTime: null,
      PreviousCellBarcode: null,
    });
    expect(joined.result.StartTime).toBe(context.clock.now().toISOString());
    const place = (await workplaceList()).find((p) => p.CellBarcode === WP1);
    expect(place?.Employees).toContainEqual({
      UserId: person.userId,
      FullName: 'Тогглов Артём',
      StartTime: joined.result.StartTime,
    });

    context.clock.advanceMinutes(5);
    const left = await scan(worker, WP1, person.badge);
    expect(left.result).toMatchObject({
      Status: WORKPLACE_TOGGLE_STATUS.left,
      StartTime: joined.result.StartTime,
      EndTime: context.clock.now().toISOString(),
    });
    const after = (await workplaceList()).find((p) => p.CellBarcode === WP1);
    expect(after?.Employees.map((e) => e.UserId)).not.toContain(person.userId);
    const rows = await intervalsOf(person.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.endedAt?.toISOString()).toBe(left.result.EndTime);
  });

  it('joining another workplace leaves the previous one', async () => {
    const person = await newWorker('Переходов Глеб');
    await scan(worker, WP1, person.badge);
    context.clock.advanceMinutes(1);
    const moved = await scan(worker, WP2, person.badge);
    expect(moved.result).toMatchObject({
      Status: WORKPLACE_TOGGLE_STATUS.joined,
      CellBarcode: WP2,
      PreviousCellBarcode: WP1,
    });
    const list = await workplaceList();
    const at = (barcode: string) =>
      list.find((p) => p.CellBarcode === barcode)?.Employees.map((e) => e.UserId) ?? [];
    expect(at(WP1)).not.toContain(person.userId);
    expect(at(WP2)).toContain(person.userId);
    const rows = await intervalsOf(person.userId);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.endedAt?.toISOString()).toBe(moved.result.StartTime);
    expect(rows[1]?.endedAt).toBeNull();
  });

  it('answers a replay with IsRepeat and the same answer, toggling nothing', async () => {
    const person = await newWorker('Повторов Олег');
    const operationId = newOperationId();
    const first = await scan(worker, WP3, person.badge, operationId);
    const replay = await scan(worker, WP3, person.badge, operationId);
    expect(replay.body).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(replay.result).toEqual(first.result);
    expect(await openIntervalsOf(person.userId)).toHaveLength(1);
    expect(await intervalsOf(person.userId)).toHaveLength(1);
  });

  it('concurrent toggles of one user leave exactly one open interval', async () => {
    const person = await newWorker('Гонкин Роман');
    const barcodes = [WP1, WP2, WP3, WP1, WP2, WP3, WP1, WP2, WP3, WP1, WP2, WP1];
    const answers = await Promise.all(
      barcodes.map((barcode) => scan(worker, barcode, person.badge)),
    );
    for (const answer of answers) expect(answer.body).toMatchObject({ IsSuccess: true });
    // The server takes the scans one after another in an order of its own; a scan at the
    // workplace the user is at leaves it. Whatever the order, there is never more than one
    // open stay, and the answers and the rows agree.
    const open = await openIntervalsOf(person.userId);
    expect(open.length).toBeLessThanOrEqual(1);
    const joins = answers.filter((a) => a.result.Status === WORKPLACE_TOGGLE_STATUS.joined);
    const leaves = answers.filter((a) => a.result.Status !== WORKPLACE_TOGGLE_STATUS.joined);
    expect(joins.length + leaves.length).toBe(barcodes.length);
    // Every join opened one row (a join elsewhere closed the previous stay, a leave closed it).
    expect(await intervalsOf(person.userId)).toHaveLength(joins.length);
    const list = await workplaceList();
    const places = list.filter((p) => p.Employees.some((e) => e.UserId === person.userId));
    expect(places).toHaveLength(open.length);
  });

  it('concurrent replays of one operation toggle once', async () => {
    const person = await newWorker('Дублев Пётр');
    const operationId = newOperationId();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => scan(worker, WP2, person.badge, operationId)),
    );
    expect(answers.filter((a) => a.body.IsRepeat === false)).toHaveLength(1);
    expect(answers.every((a) => a.result.Status === WORKPLACE_TOGGLE_STATUS.joined)).toBe(true);
    expect(await intervalsOf(person.userId)).toHaveLength(1);
  });

  it('refuses an unknown badge, a badge of no centre, and a deleted user’s badge', async () => {
    const unknown = await scan(worker, WP1, '~NOPE-NOPE-NOPE');
    expect(unknown.body).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.badgeNotFound,
    });
    const outsider = await scan(worker, WP1, BADGES.foreignWorker);
    expect(outsider.body).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.userOfOtherSortingCenter,
    });
    const person = await newWorker('Уволенов Кирилл');
    await supervisor.call('DELETE', `/users-api/v1/${SC}/Users/${person.userId}`);
    const deleted = await scan(worker, WP1, person.badge);
    expect(deleted.body).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.badgeNotFound,
    });
    expect(await intervalsOf(person.userId)).toEqual([]);
  });

  it('refuses an unknown workplace (104 → f-011), =ALL and a non-workplace barcode', async () => {
    const unknown = await scan(worker, '=34717-WP-99', BADGES.worker);
    expect(unknown.body).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
    const all = await worker.call('POST', scanUrl('=ALL'), { UserToken: BADGES.worker });
    expect(all.statusCode).toBe(400);
    const lower = await worker.call('POST', scanUrl('=all'), { UserToken: BADGES.worker });
    expect(lower.statusCode).toBe(400);
    const parcel = await worker.call('POST', scanUrl('P0001'), { UserToken: BADGES.worker });
    expect(parcel.statusCode).toBe(400);
    const noToken = await worker.call('POST', scanUrl(WP1), {});
    expect(noToken.statusCode).toBe(400);
  });
});

describe('removing a user from a workplace', () => {
  it('ends the stay; a second removal or the wrong workplace is refused (107)', async () => {
    const person = await newWorker('Уходов Борис');
    const joined = await scan(worker, WP1, person.badge);
    const wrong = await worker.call('POST', leaveUrl(WP2, person.userId));
    expect(wrong.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.notAtWorkplace,
    });
    context.clock.advanceMinutes(3);
    const operationId = newOperationId();
    const left = await worker.call('POST', leaveUrl(WP1, person.userId), undefined, operationId);
    expect(left.json()).toMatchObject({
      IsSuccess: true,
      IsRepeat: false,
      OperationObject: {
        UserId: person.userId,
        FullName: 'Уходов Борис',
        CellBarcode: WP1,
        StartTime: joined.result.StartTime,
        EndTime: context.clock.now().toISOString(),
      },
    });
    const replay = await worker.call('POST', leaveUrl(WP1, person.userId), undefined, operationId);
    expect(replay.json()).toMatchObject({ IsSuccess: true, IsRepeat: true });
    const again = await worker.call('POST', leaveUrl(WP1, person.userId));
    expect(again.json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: TIME_TRACKING_ERROR_CODES.notAtWorkplace,
    });
    const unknownPlace = await worker.call('POST', leaveUrl('=34717-WP-77', person.userId));
    expect(unknownPlace.json()).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
    expect(await openIntervalsOf(person.userId)).toEqual([]);
  });
});

describe('worked-time report', () => {
  it('sums minutes per user and workplace within the range; open stays count up to now', async () => {
    const anna = await newWorker('Отчётова Анна');
    const boris = await newWorker('Отчётов Борис');
    const t0 = context.clock.now();
    await scan(worker, WP1, anna.badge);
    context.clock.advanceMinutes(30);
    await scan(worker, WP2, anna.badge);
    await scan(worker, WP1, boris.badge);
    context.clock.advanceMinutes(45);
    await scan(worker, WP2, anna.badge);
    context.clock.advanceMinutes(15);
    // Now t0 + 90: Anna 30 at WP1 and 45 at WP2; Boris at WP1 since t0 + 30, still there.

    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000).toISOString();
    const report = async (from: string, to: string) => {
      const response = await supervisor.call(
        'GET',
        `${BASE}/report?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      );
      const body = response.json();
      expect(body, response.body).toMatchObject({ IsSuccess: true });
      const value = body.OperationObject as TWorkedTimeReport;
      return value.Rows.filter((row) => [anna.userId, boris.userId].includes(row.UserId));
    };

    expect(await report(at(-60), at(120))).toEqual([
      {
        UserId: boris.userId,
        FullName: 'Отчётов Борис',
        CellBarcode: WP1,
        WorkplaceName: 'Приёмка, стол 1',
        Minutes: 60,
        Intervals: 1,
      },
      {
        UserId: anna.userId,
        FullName: 'Отчётова Анна',
        CellBarcode: WP1,
        WorkplaceName: 'Приёмка, стол 1',
        Minutes: 30,
        Intervals: 1,
      },
      {
        UserId: anna.userId,
        FullName: 'Отчётова Анна',
        CellBarcode: WP2,
        WorkplaceName: 'Приёмка, стол 2',
        Minutes: 45,
        Intervals: 1,
      },
    ]);
    // Clipped to [t0 + 15, t0 + 60).
    const clipped = await report(at(15), at(60));
    expect(clipped.map((row) => [row.UserId, row.CellBarcode, row.Minutes])).toEqual([
      [boris.userId, WP1, 30],
      [anna.userId, WP1, 15],
      [anna.userId, WP2, 30],
    ]);
    expect(await report(at(200), at(300))).toEqual([]);
  });

  it('exports CSV with headers in the caller’s language and safe cells', async () => {
    const person = await newWorker('Csv, "Кавычкин"');
    const from = context.clock.now().toISOString();
    await scan(worker, WP3, person.badge);
    context.clock.advanceMinutes(20);
    await scan(worker, WP3, person.badge);
    const to = context.clock.now().toISOString();
    const url = workedTimeReportPath(SC, { from: new Date(from), to: new Date(to) }, 'csv');

    const ru = await supervisor.call('GET', url);
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(ru.headers['content-disposition']).toMatch(/^attachment; filename="worked-time-34717-/);
    const lines = ru.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(ru.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Код сотрудника,Сотрудник,Штрихкод рабочего места,Рабочее место,Минуты,Интервалы',
    );
    expect(lines).toContain(
      `${person.userId},"Csv, ""Кавычкин""",'=34717-WP-03,"Сито, линия 1",20,1`,
    );
    expect(lines.at(-1)).toBe('');

    const english = await context.app.inject({
      method: 'GET',
      url,
      headers: { 'X-Requested-With': 'sorting' },
      cookies: { sorting_session: supervisor.token, NEXT_LOCALE: 'en' },
    });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'User id,Employee,Workplace barcode,Workplace,Minutes,Intervals',
    );
  });

  it('refuses a range that is empty, reversed, too long or not ISO', async () => {
    for (const query of [
      'from=2026-03-02T00:00:00Z&to=2026-03-02T00:00:00Z',
      'from=2026-03-03T00:00:00Z&to=2026-03-02T00:00:00Z',
      'from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z',
      'from=yesterday&to=today',
      '',
    ]) {
      const response = await supervisor.call('GET', `${BASE}/report?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the database itself', () => {
  it('refuses a second open interval for one user even without the service', async () => {
    const person = await newWorker('Ограничен Юрий');
    await scan(worker, WP1, person.badge);
    const [place] = await context.database.db
      .select({ id: workplaces.id })
      .from(workplaces)
      .where(eq(workplaces.cellBarcode, WP2));
    await expect(
      context.database.db.insert(workIntervals).values({
        userId: person.userId,
        workplaceId: place?.id ?? 0,
        startedAt: new Date(),
      }),
    ).rejects.toThrow();
  });
});
