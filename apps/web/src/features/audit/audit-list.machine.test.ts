import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCoverage } from '../../test/machine-graph';
import { USER_ID, createFakeAuditServer } from './audit.fixture';
import {
  auditListMachine,
  defaultRange,
  rangeInstants,
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

  it('a new range reloads; a page turns; a failed list is store.a-007 and can be retried', async () => {
    const s = start();
    await s.send({ type: 'RANGE', range: { from: '2026-02-01', to: '2026-02-10' } });
    expect(s.server.names()).toEqual(['sessions', 'sessions']);
    await s.send({ type: 'PAGE', page: 2 });
    expect(s.context().page).toBe(2);
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

  it('offers to continue the user’s unfinished session; a finished or unknown one is forgotten', async () => {
    const s = start({ last: { userId: USER_ID, warehouseCode: '34717', sessionId: 7 } });
    await s.send();
    expect(s.context().resumable).toBe(7);
    expect(await s.send({ type: 'RESUME' })).toBe('opened');
    expect(s.opened).toEqual([{ sessionId: 7, cell: null }]);
    const t = start({ last: { userId: USER_ID, warehouseCode: '34717', sessionId: 99 } });
    await t.send();
    expect(t.context().resumable).toBeNull();
    expect(t.record).toMatchObject({ last: null, forgotten: 1 });
    expect(await t.send({ type: 'RESUME' })).toBe('ready');
  });

  it('reads the record only for the same user and warehouse', () => {
    const sessions = [
      {
        sessionId: 7,
        startDate: '',
        endDate: null,
        userName: null,
        userId: 1,
        warehouseCode: 'MSK-SC1',
        itemsStatuses: [],
        cells: [],
      },
    ];
    const record = { userId: 1, warehouseCode: '34717', sessionId: 7 };
    expect(resumableOf(record, sessions, 1, '34717')).toEqual({ sessionId: 7, isStale: false });
    expect(resumableOf(record, sessions, 2, '34717')).toEqual({ sessionId: null, isStale: false });
    expect(resumableOf(record, sessions, 1, '1201')).toEqual({ sessionId: null, isStale: false });
    expect(resumableOf(null, sessions, 1, '34717')).toEqual({ sessionId: null, isStale: false });
    const finished = [{ ...sessions[0]!, endDate: '2026-03-02T09:00:00Z' }];
    expect(resumableOf(record, finished, 1, '34717')).toEqual({ sessionId: null, isStale: true });
  });

  it('the paths above visit every state node, fire every transition and every list code', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
    expect(
      ['store.a-001', 'store.a-007', 'store.a-008'].filter((code) => !fired.has(code)),
    ).toEqual([]);
  });
});
