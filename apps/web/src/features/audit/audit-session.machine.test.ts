import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCoverage } from '../../test/machine-graph';
import { USER_ID, createFakeAuditServer } from './audit.fixture';
import {
  AUDIT_CODES,
  auditSessionMachine,
  isAlreadyCounted,
  spokenTail,
  unitsOf,
  type AuditCellSummary,
  type AuditError,
  type AuditSessionEvent,
} from './audit-session.machine';

// Model-based tests of the audit session screen (conventions §4; spec part 2 §2, §4, §5, §8):
// event sequences from the start against a fake server that behaves like apps/server's
// audit-api (audit.fixture.ts); together they visit every state node, fire every transition and
// every code of the session screen (the list's codes: audit-list.machine.test.ts).

const coverage = createCoverage(auditSessionMachine);
export const firedSessionCodes = new Set<string>();

function start(
  options: {
    firstCell?: string | null;
    sessionId?: number;
    server?: ReturnType<typeof createFakeAuditServer>;
  } = {},
) {
  const server = options.server ?? createFakeAuditServer();
  const errors: AuditError[] = [];
  const played: string[][] = [];
  const closed: AuditCellSummary[] = [];
  const record: { remembered: number[]; forgotten: number; left: number } = {
    remembered: [],
    forgotten: 0,
    left: 0,
  };
  let operation = 0;
  const actor = createActor(auditSessionMachine, {
    input: {
      warehouseCode: '34717',
      sessionId: options.sessionId ?? server.sessionId,
      userId: USER_ID,
      firstCell: options.firstCell ?? null,
      ports: {
        calls: server.ports,
        createOperationId: () => `op-${++operation}`,
        notifyError: (error) => {
          errors.push(error);
          firedSessionCodes.add(error.code);
        },
        cellClosed: (summary) => closed.push(summary),
        play: (names) => played.push(names),
        leave: () => (record.left += 1),
        remember: (sessionId) => record.remembered.push(sessionId),
        forget: () => (record.forgotten += 1),
      },
    },
    inspect: coverage.inspect,
  });
  actor.start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('busy'), { timeout: 2000 });
  const view = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  };
  return {
    actor,
    server,
    errors,
    played,
    closed,
    record,
    view,
    settled,
    context: () => actor.getSnapshot().context,
    states: () =>
      Object.fromEntries(unitsOf(actor.getSnapshot().context).map((u) => [u.barcode, u.state])),
    async send(...events: (AuditSessionEvent | string)[]) {
      await settled();
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return view();
    },
  };
}

describe('audit session machine: loading', () => {
  it('loads the session, keeps its record and waits for a cell', async () => {
    const s = start();
    expect(await s.send()).toBe('startScan');
    expect(s.record.remembered).toEqual([7]);
    expect(s.server.names()).toEqual(['items']);
  });

  it('opens the cell scanned on /audit first', async () => {
    const s = start({ firstCell: '=34717-6-a-01' });
    expect(await s.send()).toBe('scanProcess');
    expect(s.context().cell?.name).toBe('6-a-01');
    expect(s.server.names()).toEqual(['items', 'openCell']);
  });

  it('resumes the user’s open cell after a reload', async () => {
    const s = start({ firstCell: '=34717-6-a-01' });
    await s.send('P410001');
    s.actor.stop();
    // The same server answers the reload: the open cell is the user's.
    const reloaded = start({ server: s.server });
    expect(await reloaded.send()).toBe('scanProcess');
    expect(reloaded.context().cell?.name).toBe('6-a-01');
    expect(reloaded.states()).toMatchObject({ P410001: 1, P410002: 0 });
  });

  it('shows a finished session’s info and forgets its record', async () => {
    const server = createFakeAuditServer();
    server.finishNow();
    const t = start({ server });
    expect(await t.send()).toBe('sessionInfo');
    expect(t.record.forgotten).toBe(1);
    expect(t.record.remembered).toEqual([]);
  });

  it('an unknown session is store.a-006 and back to /audit; no answer too', async () => {
    const s = start({ sessionId: 404 });
    expect(await s.send()).toBe('left');
    expect(s.errors).toEqual([
      { code: 'store.a-006', message: 'Сессия не найдена', errorCode: 104 },
    ]);
    expect(s.record).toMatchObject({ left: 1, forgotten: 1 });
    const server = createFakeAuditServer();
    server.failNext('items', 'network');
    const u = start({ server });
    expect(await u.send()).toBe('left');
    expect(u.errors.at(-1)).toEqual({ code: 'store.a-006', message: null });
  });
});

describe('audit session machine: startScan and scanProcess', () => {
  it('refuses a unit without a cell (store.a-008); an empty scan is nothing', async () => {
    const s = start();
    expect(await s.send('  ', 'P410001')).toBe('startScan');
    expect(s.errors).toEqual([{ code: 'store.a-008', barcode: 'P410001', message: null }]);
    expect(s.server.names()).toEqual(['items']);
  });

  it('finds, surplus, repeat: ok-new, attention, repeat unsent; the last four spoken', async () => {
    const s = start();
    expect(await s.send('=34717-6-a-01')).toBe('scanProcess');
    expect(await s.send('P410001', 'P410007', 'ZZ-404', '_34717-102', '')).toBe('scanProcess');
    expect(s.states()).toMatchObject({ P410001: 1, P410007: 2, 'ZZ-404': 2, '_34717-102': 1 });
    expect(s.played).toEqual([
      ['ok-new', 'numbers/0', 'numbers/0', 'numbers/0', 'numbers/1'],
      ['attention', 'numbers/0', 'numbers/0', 'numbers/0', 'numbers/7'],
      ['attention', 'letters/z', 'numbers/4', 'numbers/0', 'numbers/4'],
      ['ok-new', 'numbers/7', 'numbers/1', 'numbers/0', 'numbers/2'],
    ]);
    // Already counted: not sent again, the repeat sound.
    const sent = s.server.calls.length;
    expect(await s.send('P410001', 'P410007')).toBe('scanProcess');
    expect(s.server.calls).toHaveLength(sent);
    expect(s.played.slice(-2)).toEqual([['repeat'], ['repeat']]);
  });

  it('a server repeat (another device counted it) plays repeat', async () => {
    const s = start();
    await s.send('=34717-6-a-01');
    // The server already has P410002 correct; this screen does not know it yet.
    await s.server.ports.scan({
      warehouseCode: '34717',
      sessionId: 7,
      cellId: 601,
      barcode: 'P410002',
      operationId: 'elsewhere',
    });
    await s.send('P410002');
    expect(s.played.at(-1)?.[0]).toBe('repeat');
  });

  it('a refused scan is store.a-003 with the server message; no answer is 0', async () => {
    const s = start();
    await s.send('=34717-6-a-01');
    s.server.failNext('scan', 'refused');
    expect(await s.send('P410003')).toBe('scanProcess');
    expect(s.errors.at(-1)).toEqual({
      code: 'store.a-003',
      barcode: 'P410003',
      message: 'Сбой',
      errorCode: 1,
    });
    s.server.failNext('scan', 'network');
    expect(await s.send('P410003')).toBe('scanProcess');
    expect(s.errors.at(-1)).toEqual({ code: '0', message: null });
  });

  it('a refused cell is store.a-002; no answer is 0', async () => {
    const s = start();
    expect(await s.send('=34717-6-z-99')).toBe('startScan');
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-002', barcode: '=34717-6-z-99' });
    s.server.failNext('openCell', 'network');
    expect(await s.send('=34717-6-a-01')).toBe('startScan');
    expect(s.errors.at(-1)).toEqual({ code: '0', message: null });
  });

  it('is busy during a call; the scan queue waits (useMachineScans)', async () => {
    const s = start();
    await s.send('=34717-6-a-01');
    const release = s.server.holdNext();
    s.actor.send({ type: 'SCANNED', text: 'P410001' });
    expect(s.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(s.context().pending).toBe('P410001');
    // Not an event of the scanning state: nothing else is sent.
    s.actor.send({ type: 'SCANNED', text: 'P410002' });
    release();
    await s.settled();
    expect(s.server.names().filter((name) => name === 'scan')).toHaveLength(1);
  });
});

describe('audit session machine: closing cells and finishing', () => {
  it('closes a cell with its own scan (units left → missing), another cell opens the next', async () => {
    const s = start();
    await s.send('=34717-6-a-01', 'P410001');
    expect(await s.send('=34717-6-a-01')).toBe('startScan');
    expect(s.context().cell).toBeNull();
    expect(s.context().cells[0]!.items.filter((unit) => unit.state === 3)).toHaveLength(4);
    // Closing says so: its summary and a sound.
    expect(s.closed).toEqual([{ cell: '6-a-01', correct: 1, surplus: 0, missing: 4 }]);
    expect(s.played.at(-1)).toEqual(['success-small']);
    await s.send('=34717-6-a-01');
    expect(await s.send('=34717-6-a-02')).toBe('scanProcess');
    expect(s.context().cell?.name).toBe('6-a-02');
    expect(s.server.names().slice(-2)).toEqual(['finishCell', 'openCell']);
    // Re-opened 6-a-01 kept its results: a missing one scanned is found (3 → 1).
    await s.send('=34717-6-a-01', 'P410002');
    expect(s.states()).toMatchObject({ P410002: 1, P410003: 3 });
  });

  it('a refused close is store.a-004 naming the cell; no answer is 0; the cell stays open', async () => {
    const s = start();
    await s.send('=34717-6-a-01');
    s.server.failNext('finishCell', 'refused');
    expect(await s.send('=34717-6-a-02')).toBe('scanProcess');
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-004', cell: '6-a-01' });
    expect(s.context().nextCell).toBeNull();
    s.server.failNext('finishCell', 'network');
    expect(await s.send('=34717-6-a-01')).toBe('scanProcess');
    expect(s.errors.at(-1)).toEqual({ code: '0', message: null });
  });

  it('asks before finishing; cancel goes back where it was', async () => {
    const s = start();
    expect(await s.send({ type: 'FINISH' })).toBe('confirmFinish');
    expect(await s.send('=34717-6-a-01')).toBe('confirmFinish');
    expect(await s.send({ type: 'CANCELLED' })).toBe('startScan');
    await s.send('=34717-6-a-01');
    expect(await s.send({ type: 'FINISH' }, { type: 'CANCELLED' })).toBe('scanProcess');
  });

  it('finishes: sessionInfo with success-big, the record forgotten, scans ignored', async () => {
    const s = start();
    await s.send('=34717-6-a-01', 'P410001', { type: 'FINISH' });
    expect(await s.send({ type: 'CONFIRMED' })).toBe('sessionInfo');
    expect(s.played.at(-1)).toEqual(['success-big']);
    expect(s.record.forgotten).toBe(1);
    expect(s.context().session?.endDate).not.toBeNull();
    expect(s.context().cell).toBeNull();
    expect(await s.send('=34717-6-a-02', 'P410005')).toBe('sessionInfo');
    expect(s.server.names().at(-1)).toBe('finish');
  });

  it('a refused finish is store.a-005; no answer is 0; the session is read again', async () => {
    const s = start();
    await s.send({ type: 'FINISH' });
    s.server.failNext('finish', 'refused');
    expect(await s.send({ type: 'CONFIRMED' })).toBe('startScan');
    expect(s.errors.at(-1)).toMatchObject({ code: 'store.a-005', message: 'Сбой' });
    await s.send('=34717-6-a-01', { type: 'FINISH' });
    s.server.failNext('finish', 'network');
    expect(await s.send({ type: 'CONFIRMED' })).toBe('scanProcess');
    expect(s.errors.at(-1)).toEqual({ code: '0', message: null });
    expect(s.server.names().slice(-2)).toEqual(['finish', 'items']);
    // Finished by another device meanwhile: the re-read shows it.
    s.server.finishNow();
    s.server.failNext('finish', 'refused');
    expect(await s.send({ type: 'FINISH' }, { type: 'CONFIRMED' })).toBe('sessionInfo');
  });
});

describe('audit session machine: model coverage', () => {
  it('speaks the last four letters and digits; knows what is already counted', () => {
    expect(spokenTail('_R34717-11')).toEqual(['numbers/1', 'numbers/7', 'numbers/1', 'numbers/1']);
    expect(spokenTail('Жа-9')).toEqual(['letters/cyr-zh', 'letters/cyr-a', 'numbers/9']);
    const unit = {
      barcode: 'X',
      name: null,
      kind: 'unknown',
      isExpected: false,
      systemLocation: null,
    } as const;
    expect(isAlreadyCounted([{ ...unit, state: 2 }], 'X')).toBe(true);
    expect(isAlreadyCounted([{ ...unit, state: 3 }], 'X')).toBe(false);
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });

  it('every code of the session screen fired', () => {
    const listCodes = ['store.a-001', 'store.a-007'];
    expect(
      AUDIT_CODES.filter((code) => !listCodes.includes(code) && !firedSessionCodes.has(code)),
    ).toEqual([]);
  });
});
