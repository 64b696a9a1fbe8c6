import type { TAuditSessionItems } from '@sorting/contracts';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { result } from '../../test/call-result';
import { createCoverage } from '../../test/machine-graph';
import { USER_ID, createFakeAuditServer } from './audit.fixture';
import {
  auditListMachine,
  defaultRange,
  rangeInstants,
  ownRecord,
  resumableOf,
  type AuditError,
  type AuditListEvent,
  type LastAuditSession,
} from './audit-list.machine';

// Model-based tests of the audit sessions list (spec part 2 §2 sessionList, §4 "if starting a
// session fails, the user goes to /audit", §8 store.a-001, a-007, a-008).

const coverage = createCoverage(auditListMachine);
const fired = new Set<string>();

function start(
  options: {
    server?: ReturnType<typeof createFakeAuditServer>;
    last?: LastAuditSession | null;
  } = {},
) {
  const server = options.server ?? createFakeAuditServer();
  const errors: AuditError[] = [];
  const opened: { sessionId: number; cell: string | null }[] = [];
  const record = { last: options.last ?? null, forgotten: 0 };
  const actor = createActor(auditListMachine, {
    input: {
      warehouseCode: '34717',
      userId: USER_ID,
      now: new Date(2026, 2, 8, 15, 30),
      ports: {
        calls: server.ports,
        createOperationId: () => 'op-1',
        notifyError: (error) => {
          errors.push(error);
          fired.add(error.code);
        },
        readLast: () => record.last,
        remember: (sessionId) => {
          record.last = { userId: USER_ID, warehouseCode: '34717', sessionId };
        },
        forget: () => {
          record.last = null;
          record.forgotten += 1;
        },
        open: (sessionId, cell) => opened.push({ sessionId, cell }),
      },
    },
    inspect: coverage.inspect,
  });
  actor.start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('busy'), { timeout: 2000 });
  return {
    actor,
    server,
    errors,
    opened,
    record,
    context: () => actor.getSnapshot().context,
    async send(...events: (AuditListEvent | string)[]) {
      await settled();
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return actor.getSnapshot().value;
    },
  };
}

describe('audit list machine', () => {
  it('lists today and the 6 days before, local 00:00:00–23:59:59', async () => {
    const s = start();
    expect(await s.send()).toBe('ready');
    expect(s.context().range).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    const sent = s.server.calls[0]!.input as { dateFrom: string; dateTo: string };
    expect(sent.dateFrom).toMatch(/^2026-03-02T00:00:00[+-]\d\d:\d\d$/);
    expect(sent.dateTo).toMatch(/^2026-03-08T23:59:59[+-]\d\d:\d\d$/);
    expect(s.context().sessions).toHaveLength(1);
    expect(defaultRange(new Date(2026, 0, 3))).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(rangeInstants({ from: '2026-03-02', to: '2026-03-02' }).dateFrom).toContain('T00:00:00');
  });

  it('a new range reloads from page 1; a page turn asks the server for that page; a failed list is store.a-007 and can be retried', async () => {
    const s = start();
    await s.send({ type: 'PAGE', page: 2 });
    expect(s.context().page).toBe(2);
    expect(s.server.calls.at(-1)!.input).toMatchObject({ page: 2, pageSize: 40 });
    await s.send({ type: 'RANGE', range: { from: '2026-02-01', to: '2026-02-10' } });
    expect(s.server.names()).toEqual(['sessions', 'sessions', 'sessions']);
    expect(s.server.calls.at(-1)!.input).toMatchObject({
      page: 1,
      pageSize: 40,
      dateFrom: expect.stringMatching(/^2026-02-01T00:00:00/),
    });
    expect(s.context().totalCount).toBe(1);
    s.server.failNext('sessions', 'refused');
    await s.send({ type: 'RETRY' });
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-007', message: 'Сбой' });
    s.server.failNext('sessions', 'network');
    await s.send({ type: 'RETRY' });
    expect(s.errors.at(-1)).toEqual({ code: 'store.a-007', message: null });
  });

  it('starts a session by the button, or by a cell scan which is opened there', async () => {
    const s = start();
    expect(await s.send({ type: 'START' })).toBe('opened');
    expect(s.opened).toEqual([{ sessionId: 7, cell: null }]);
    expect(s.record.last).toMatchObject({ sessionId: 7 });
    const t = start();
    expect(await t.send('  ', '=34717-6-a-01')).toBe('opened');
    expect(t.opened).toEqual([{ sessionId: 7, cell: '=34717-6-a-01' }]);
  });

  it('a unit scan is store.a-008; a refused or unanswered start is store.a-001, staying', async () => {
    const s = start();
    expect(await s.send('P410001')).toBe('ready');
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-008', barcode: 'P410001' });
    s.server.failNext('start', 'refused');
    expect(await s.send({ type: 'START' })).toBe('ready');
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-001', message: 'Сбой' });
    s.server.failNext('start', 'network');
    expect(await s.send('=34717-6-a-01')).toBe('ready');
    expect(s.errors.at(-1)).toEqual({ code: 'store.a-001', message: null });
    expect(s.opened).toEqual([]);
  });

  it('offers to continue the user’s unfinished session (asked by its own items, whatever page is shown); a finished or unknown one is forgotten', async () => {
    const s = start({ last: { userId: USER_ID, warehouseCode: '34717', sessionId: 7 } });
    await s.send();
    await waitFor(s.actor, (state) => state.context.resumable === 7);
    expect(s.server.calls.find((call) => call.name === 'items')?.input).toEqual({
      warehouseCode: '34717',
      sessionId: 7,
    });
    expect(await s.send({ type: 'RESUME' })).toBe('opened');
    expect(s.opened).toEqual([{ sessionId: 7, cell: null }]);

    const unknown = start({ last: { userId: USER_ID, warehouseCode: '34717', sessionId: 99 } });
    await unknown.send();
    await waitFor(unknown.actor, () => unknown.record.forgotten === 1);
    expect(unknown.context().resumable).toBeNull();
    expect(unknown.record.last).toBeNull();
    expect(await unknown.send({ type: 'RESUME' })).toBe('ready');

    const finished = createFakeAuditServer();
    finished.finishNow();
    const f = start({
      server: finished,
      last: { userId: USER_ID, warehouseCode: '34717', sessionId: 7 },
    });
    await f.send();
    await waitFor(f.actor, () => f.record.forgotten === 1);
    expect(f.context().resumable).toBeNull();

    // No answer: nothing offered, the record kept for the next visit.
    const offline = createFakeAuditServer();
    offline.failNext('items', 'network');
    const o = start({
      server: offline,
      last: { userId: USER_ID, warehouseCode: '34717', sessionId: 7 },
    });
    await o.send();
    await waitFor(o.actor, () => offline.names().includes('items'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(o.context().resumable).toBeNull();
    expect(o.record).toMatchObject({ last: { sessionId: 7 }, forgotten: 0 });

    // Another user's record is neither asked about nor forgotten.
    const other = start({ last: { userId: USER_ID + 1, warehouseCode: '34717', sessionId: 7 } });
    await other.send();
    expect(other.server.names()).toEqual(['sessions']);
    expect(other.record.forgotten).toBe(0);
  });

  it('reads the record only for the same user and warehouse', () => {
    const record = { userId: 1, warehouseCode: '34717', sessionId: 7 };
    expect(ownRecord(record, 1, '34717')).toBe(record);
    expect(ownRecord(record, 2, '34717')).toBeNull();
    expect(ownRecord(record, 1, '1201')).toBeNull();
    expect(ownRecord(null, 1, '34717')).toBeNull();
    const session = {
      sessionId: 7,
      startDate: '',
      endDate: null,
      userName: null,
      userId: 1,
      warehouseCode: 'MSK-SC1',
      itemsStatuses: [],
      cells: [],
    };
    const answer = (endDate: string | null) =>
      result({ session: { ...session, endDate }, cellsWithItems: [] });
    expect(resumableOf(record, answer(null))).toEqual({ sessionId: 7, isStale: false });
    expect(resumableOf(record, answer('2026-03-02T09:00:00Z'))).toEqual({
      sessionId: null,
      isStale: true,
    });
    expect(
      resumableOf(record, result<TAuditSessionItems>(null, { errorCode: 104, message: 'x' })),
    ).toEqual({
      sessionId: null,
      isStale: true,
    });
    expect(resumableOf(record, null)).toEqual({ sessionId: null, isStale: false });
  });

  it('the paths above visit every state node, fire every transition and every list code', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
    expect(
      ['store.a-001', 'store.a-007', 'store.a-008'].filter((code) => !fired.has(code)),
    ).toEqual([]);
  });
});
