import { describe, expect, it } from 'vitest';
import { stateNodesOf, transitionsOf } from '../../test/machine-graph';
import { createActor, waitFor, type AnyStateNode, type InspectionEvent } from 'xstate';
import type {
  TWorkplace,
  TWorkplaceEmployee,
  TWorkplaceLeaveResult,
  TWorkplaceToggleResult,
} from '@sorting/contracts';
import {
  timeTrackingMachine,
  type CallResult,
  type TimeTrackingError,
  type TimeTrackingEvent,
  type TimeTrackingNotice,
  type TimeTrackingPorts,
} from './time-tracking.machine';

// Model-based tests of the time tracking screen (conventions §4): event sequences from the
// start against a fake server that behaves like apps/server's timetracking-api (toggle, leave,
// 104 unknown workplace, 105 unknown badge, 107 not at the workplace, 401/403); together they
// must visit every state node and fire every transition, which the last test checks.

const BADGES: Record<string, { id: number; name: string }> = {
  '~W1001-7KQ2': { id: 1, name: 'Иванов Пётр' },
  '~W1002-3MX8': { id: 2, name: 'Сидорова Анна' },
};

type Failure = 'network' | 'denied' | 'forbidden' | 'refused' | 'empty' | 'vanish';

interface ServerOptions {
  workplaces?: string[];
  /** The next call of that name fails once in the given way. */
  failOnce?: Partial<Record<'load' | 'scan' | 'leave', Failure>>;
}

function result<T>(value: T | null, extra: Partial<CallResult<T>> = {}): CallResult<T> {
  return {
    isSuccess: value !== null,
    message: null,
    errorCode: null,
    operationObject: value,
    status: 200,
    ...extra,
  };
}

function createFakeServer(options: ServerOptions) {
  let places = (options.workplaces ?? ['=34717-WP-01', '=34717-WP-02']).map((barcode, index) => ({
    barcode,
    name: `Рабочее место ${index + 1}`,
  }));
  const at = new Map<number, { barcode: string; start: string }>();
  const failOnce = { ...options.failOnce };
  const operationIds: string[] = [];
  let clock = Date.parse('2026-11-22T08:00:00Z');

  const take = (name: 'load' | 'scan' | 'leave') => {
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  const failed = <T>(failure: Failure): Promise<CallResult<T>> => {
    if (failure === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (failure === 'denied')
      return Promise.resolve(result<T>(null, { status: 401, errorCode: 401, message: 'нет' }));
    if (failure === 'forbidden')
      return Promise.resolve(result<T>(null, { status: 403, errorCode: 403, message: 'нет' }));
    return Promise.resolve(result<T>(null, { errorCode: 1, message: 'Отказано' }));
  };
  const workplaceList = (): TWorkplace[] =>
    places.map((place) => ({
      CellBarcode: place.barcode,
      Name: place.name,
      Employees: [...at.entries()]
        .filter(([, stay]) => stay.barcode === place.barcode)
        .map(([userId, stay]): TWorkplaceEmployee => ({
          UserId: userId,
          FullName: Object.values(BADGES).find((badge) => badge.id === userId)?.name ?? '',
          StartTime: stay.start,
        })),
    }));

  const ports: Omit<TimeTrackingPorts, 'createOperationId' | 'notifyError' | 'notifyDone'> = {
    loadWorkplaces: () => {
      const failure = take('load');
      if (failure === 'empty') return Promise.resolve(result<TWorkplace[]>([]));
      if (failure === 'vanish') {
        places = places.slice(1);
        return Promise.resolve(result(workplaceList()));
      }
      if (failure) return failed(failure);
      return Promise.resolve(result(workplaceList()));
    },
    scanBadge: ({
      barcode,
      userToken,
      operationId,
    }): Promise<CallResult<TWorkplaceToggleResult>> => {
      operationIds.push(operationId);
      const failure = take('scan');
      if (failure === 'vanish') places = places.filter((place) => place.barcode !== barcode);
      else if (failure) return failed(failure);
      if (!places.some((place) => place.barcode === barcode))
        return Promise.resolve(
          result<TWorkplaceToggleResult>(null, {
            errorCode: 104,
            message: 'Рабочее место не найдено',
          }),
        );
      const badge = BADGES[userToken];
      if (!badge)
        return Promise.resolve(
          result<TWorkplaceToggleResult>(null, { errorCode: 105, message: 'Бейдж не найден' }),
        );
      clock += 60_000;
      const now = new Date(clock).toISOString();
      const stay = at.get(badge.id);
      const base = { UserId: badge.id, FullName: badge.name, CellBarcode: barcode };
      if (stay?.barcode === barcode) {
        at.delete(badge.id);
        return Promise.resolve(
          result({
            Status: 2 as const,
            ...base,
            StartTime: stay.start,
            EndTime: now,
            PreviousCellBarcode: null,
          }),
        );
      }
      at.set(badge.id, { barcode, start: now });
      return Promise.resolve(
        result({
          Status: 1 as const,
          ...base,
          StartTime: now,
          EndTime: null,
          PreviousCellBarcode: stay?.barcode ?? null,
        }),
      );
    },
    leave: ({ barcode, userId, operationId }): Promise<CallResult<TWorkplaceLeaveResult>> => {
      operationIds.push(operationId);
      const failure = take('leave');
      if (failure) return failed(failure);
      const stay = at.get(userId);
      if (!stay || stay.barcode !== barcode)
        return Promise.resolve(
          result<TWorkplaceLeaveResult>(null, { errorCode: 107, message: 'Не на этом месте' }),
        );
      at.delete(userId);
      const name = Object.values(BADGES).find((badge) => badge.id === userId)?.name ?? '';
      return Promise.resolve(
        result({
          UserId: userId,
          FullName: name,
          CellBarcode: barcode,
          StartTime: stay.start,
          EndTime: new Date(clock).toISOString(),
        }),
      );
    },
  };
  return {
    ports,
    at,
    operationIds,
    failNext: (name: 'load' | 'scan' | 'leave', failure: Failure) => {
      failOnce[name] = failure;
    },
  };
}

// ---------------------------------------------------------------------------------------
// Coverage of the machine's graph.

const transitionNames = transitionsOf(timeTrackingMachine);
const visitedNodes = new Set<string>();
const firedTransitions = new Set<string>();
const firedCodes = new Set<string>();

function start(options: ServerOptions = {}) {
  const server = createFakeServer(options);
  const errors: TimeTrackingError[] = [];
  const notices: TimeTrackingNotice[] = [];
  let operation = 0;
  const actor = createActor(timeTrackingMachine, {
    input: {
      ports: {
        ...server.ports,
        createOperationId: () => `op-${++operation}`,
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyDone: (notice) => notices.push(notice),
      },
    },
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of event._transitions) {
        const name = transitionNames.get(transition);
        if (name) firedTransitions.add(name);
      }
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
      if (snapshot.machine === timeTrackingMachine)
        for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
    },
  });
  actor.start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('busy'), { timeout: 2000 });
  const state = () => String(actor.getSnapshot().value);
  return {
    actor,
    server,
    errors,
    notices,
    settled,
    state,
    context: () => actor.getSnapshot().context,
    codes: () => errors.map((error) => error.code),
    async send(...events: (TimeTrackingEvent | string)[]) {
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return state();
    },
    employees: () =>
      actor
        .getSnapshot()
        .context.workplaces.find(
          (place) => place.CellBarcode === actor.getSnapshot().context.barcode,
        )
        ?.Employees.map((employee) => employee.FullName) ?? [],
  };
}

async function atWaitUser(options: ServerOptions = {}) {
  const s = start(options);
  await s.settled();
  expect(await s.send('=34717-WP-01')).toBe('waitUser');
  return s;
}

describe('time tracking machine: choosing a workplace', () => {
  it('loads the workplaces, then waits for a workplace; a scan or a pick chooses it', async () => {
    const s = start();
    expect(s.state()).toBe('loading');
    await s.settled();
    expect(s.state()).toBe('waitWorkplace');
    expect(s.context().workplaces.map((place) => place.CellBarcode)).toEqual([
      '=34717-WP-01',
      '=34717-WP-02',
    ]);
    // Case does not matter; the workplace's own barcode is kept.
    expect(await s.send('=34717-wp-02')).toBe('waitUser');
    expect(s.context().barcode).toBe('=34717-WP-02');
    expect(await s.send({ type: 'CHANGE_WORKPLACE' })).toBe('waitWorkplace');
    expect(s.context().barcode).toBeNull();
    expect(await s.send({ type: 'WORKPLACE_PICKED', barcode: '=34717-WP-01' })).toBe('waitUser');
    expect(s.errors).toEqual([]);
  });

  it("'=ALL', an empty value and non-workplace scans are f-008; an unknown workplace f-011", async () => {
    const s = start();
    await s.settled();
    expect(await s.send('=ALL', '=all', '', '   ', '~W1001-7KQ2', 'P100001', '=')).toBe(
      'waitWorkplace',
    );
    expect(s.codes()).toEqual(['f-008', 'f-008', 'f-008', 'f-008', 'f-008', 'f-008', 'f-008']);
    expect(await s.send('=34717-WP-99')).toBe('waitWorkplace');
    expect(s.errors.at(-1)).toEqual({ code: 'f-011', barcode: '=34717-WP-99' });
    expect(s.context().error).toEqual({ code: 'f-011', barcode: '=34717-WP-99' });
    // A good scan clears the error line.
    expect(await s.send('=34717-WP-01')).toBe('waitUser');
    expect(s.context().error).toBeNull();
  });

  it('no workplaces is f-010; a failed load f-001; 401 and 403 are f-007; each can be retried', async () => {
    const empty = start({ failOnce: { load: 'empty' } });
    await empty.settled();
    expect(empty.state()).toBe('noWorkplaces');
    expect(empty.codes()).toEqual(['f-010']);
    expect(await empty.send({ type: 'RETRY' })).toBe('waitWorkplace');
    expect(empty.context().error).toBeNull();

    const down = start({ failOnce: { load: 'network' } });
    await down.settled();
    expect(down.state()).toBe('loadFailed');
    expect(await down.send({ type: 'RETRY' })).toBe('waitWorkplace');

    const refused = start({ failOnce: { load: 'refused' } });
    await refused.settled();
    expect(refused.state()).toBe('loadFailed');
    expect(refused.errors).toEqual([{ code: 'f-001', message: 'Отказано' }]);

    for (const failure of ['denied', 'forbidden'] as const) {
      const denied = start({ failOnce: { load: failure } });
      await denied.settled();
      expect(denied.state()).toBe('noAccess');
      expect(denied.codes()).toEqual(['f-007']);
      expect(await denied.send({ type: 'RETRY' })).toBe('waitWorkplace');
    }
    expect(await down.send({ type: 'RETRY' })).toBe('waitWorkplace'); // waitWorkplace reloads
  });
});

describe('time tracking machine: badges at a workplace', () => {
  it('a badge joins (ok), the same badge again leaves; the list follows the server', async () => {
    const s = await atWaitUser();
    expect(await s.send('~W1001-7KQ2')).toBe('waitUser');
    expect(s.notices).toEqual([
      { kind: 'joined', name: 'Иванов Пётр', workplace: 'Рабочее место 1' },
    ]);
    expect(s.employees()).toEqual(['Иванов Пётр']);
    expect(await s.send('~W1002-3MX8')).toBe('waitUser');
    expect(s.employees()).toEqual(['Иванов Пётр', 'Сидорова Анна']);
    expect(await s.send('~W1001-7KQ2')).toBe('waitUser');
    expect(s.notices.at(-1)).toEqual({
      kind: 'left',
      name: 'Иванов Пётр',
      workplace: 'Рабочее место 1',
    });
    expect(s.employees()).toEqual(['Сидорова Анна']);
    // One operation id per scan.
    expect(s.server.operationIds).toEqual(['op-1', 'op-2', 'op-3']);
    expect(s.errors).toEqual([]);
  });

  it('switching the workplace by scan or pick; joining there leaves the first one', async () => {
    const s = await atWaitUser();
    await s.send('~W1001-7KQ2');
    expect(await s.send('=34717-WP-02')).toBe('waitUser');
    expect(s.context().barcode).toBe('=34717-WP-02');
    expect(s.employees()).toEqual([]);
    await s.send('~W1001-7KQ2');
    expect(s.notices.at(-1)).toMatchObject({ kind: 'joined', workplace: 'Рабочее место 2' });
    expect(s.employees()).toEqual(['Иванов Пётр']);
    expect(await s.send({ type: 'WORKPLACE_PICKED', barcode: '=34717-WP-01' })).toBe('waitUser');
    expect(s.employees()).toEqual([]);
    expect(s.server.at.get(1)?.barcode).toBe('=34717-WP-02');
  });

  it("a scan that is no '~' badge is f-009; '=ALL' and unknown workplaces keep the current one", async () => {
    const s = await atWaitUser();
    expect(await s.send('>W1001', 'P100001', '_34717-1', '')).toBe('waitUser');
    expect(s.codes()).toEqual(['f-009', 'f-009', 'f-009', 'f-009']);
    expect(s.errors[0]).toEqual({ code: 'f-009', barcode: '>W1001' });
    expect(await s.send('=ALL', '=34717-WP-77')).toBe('waitUser');
    expect(s.codes().slice(-2)).toEqual(['f-008', 'f-011']);
    expect(s.context().barcode).toBe('=34717-WP-01');
  });

  it('a refused badge (unknown) is f-002 with the server text; a failed call f-002', async () => {
    const s = await atWaitUser();
    expect(await s.send('~UNKNOWN')).toBe('waitUser');
    expect(s.errors).toEqual([{ code: 'f-002', message: 'Бейдж не найден' }]);
    s.server.failNext('scan', 'network');
    expect(await s.send('~W1001-7KQ2')).toBe('waitUser');
    expect(s.errors.at(-1)).toEqual({ code: 'f-002', message: null });
    expect(s.employees()).toEqual([]);
  });

  it('a workplace removed meanwhile is f-011 (104) and the list is read again', async () => {
    const s = await atWaitUser();
    s.server.failNext('scan', 'vanish');
    expect(await s.send('~W1001-7KQ2')).toBe('waitWorkplace');
    expect(s.errors.at(-1)).toEqual({ code: 'f-011', barcode: '=34717-WP-01', message: null });
    expect(s.context().workplaces.map((place) => place.CellBarcode)).toEqual(['=34717-WP-02']);
  });

  it('401/403 on a toggle, a removal or a refresh is f-007', async () => {
    const s = await atWaitUser();
    s.server.failNext('scan', 'forbidden');
    expect(await s.send('~W1001-7KQ2')).toBe('noAccess');
    expect(s.codes()).toEqual(['f-007']);

    const r = await atWaitUser();
    await r.send('~W1001-7KQ2');
    r.server.failNext('leave', 'denied');
    expect(await r.send({ type: 'REMOVE_REQUESTED', userId: 1, name: 'Иванов Пётр' })).toBe(
      'confirmRemove',
    );
    expect(await r.send({ type: 'CONFIRMED' })).toBe('noAccess');
    expect(r.codes()).toEqual(['f-007']);

    const f = await atWaitUser();
    f.server.failNext('load', 'denied');
    expect(await f.send('~W1001-7KQ2')).toBe('noAccess');
    expect(f.codes()).toEqual(['f-007']);
  });
});

describe('time tracking machine: removing a user', () => {
  it('asks first; cancel keeps the user, confirm removes (leave) with an ok notice', async () => {
    const s = await atWaitUser();
    await s.send('~W1001-7KQ2', '~W1002-3MX8');
    expect(await s.send({ type: 'REMOVE_REQUESTED', userId: 1, name: 'Иванов Пётр' })).toBe(
      'confirmRemove',
    );
    expect(s.context().removal).toEqual({ userId: 1, name: 'Иванов Пётр' });
    expect(await s.send({ type: 'CANCELLED' })).toBe('waitUser');
    expect(s.context().removal).toBeNull();
    expect(s.employees()).toEqual(['Иванов Пётр', 'Сидорова Анна']);

    await s.send({ type: 'REMOVE_REQUESTED', userId: 1, name: 'Иванов Пётр' });
    expect(await s.send({ type: 'CONFIRMED' })).toBe('waitUser');
    expect(s.notices.at(-1)).toEqual({
      kind: 'removed',
      name: 'Иванов Пётр',
      workplace: 'Рабочее место 1',
    });
    expect(s.employees()).toEqual(['Сидорова Анна']);
    expect(s.context().removal).toBeNull();
  });

  it('a refused removal is f-003 and the list is read again; a failed call f-003', async () => {
    const s = await atWaitUser();
    await s.send('~W1001-7KQ2');
    s.server.at.delete(1); // left elsewhere meanwhile
    await s.send({ type: 'REMOVE_REQUESTED', userId: 1, name: 'Иванов Пётр' });
    expect(await s.send({ type: 'CONFIRMED' })).toBe('waitUser');
    expect(s.errors).toEqual([{ code: 'f-003', message: 'Не на этом месте' }]);
    expect(s.employees()).toEqual([]);

    await s.send('~W1002-3MX8');
    s.server.failNext('leave', 'network');
    await s.send({ type: 'REMOVE_REQUESTED', userId: 2, name: 'Сидорова Анна' });
    expect(await s.send({ type: 'CONFIRMED' })).toBe('waitUser');
    expect(s.errors.at(-1)).toEqual({ code: 'f-003', message: null });
    expect(s.employees()).toEqual(['Сидорова Анна']);
  });
});

describe('time tracking machine: refreshing', () => {
  it('RETRY re-reads the list; a failed refresh is f-001 and keeps the workplace', async () => {
    const s = await atWaitUser();
    s.server.failNext('load', 'network');
    expect(await s.send({ type: 'RETRY' })).toBe('waitUser');
    expect(s.errors).toEqual([{ code: 'f-001', message: null }]);
    s.server.failNext('load', 'refused');
    expect(await s.send({ type: 'RETRY' })).toBe('waitUser');
    expect(s.errors.at(-1)).toEqual({ code: 'f-001', message: 'Отказано' });
    expect(s.context().barcode).toBe('=34717-WP-01');
  });

  it('a chosen workplace that disappears is f-011 and the screen asks for one again', async () => {
    const s = await atWaitUser();
    s.server.failNext('load', 'vanish');
    expect(await s.send({ type: 'RETRY' })).toBe('waitWorkplace');
    expect(s.errors.at(-1)).toEqual({ code: 'f-011', barcode: '=34717-WP-01' });
    expect(s.context().barcode).toBeNull();
  });
});

describe('time tracking machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    const nodes = stateNodesOf(timeTrackingMachine).map((node) => node.id);
    expect(nodes.filter((id) => !visitedNodes.has(id))).toEqual([]);
    const all = [...transitionNames.values()];
    expect(all.length).toBeGreaterThan(25);
    expect(all.filter((name) => !firedTransitions.has(name))).toEqual([]);
  });

  it('every f-code of the time tracking list fired', () => {
    const expected = ['f-001', 'f-002', 'f-003', 'f-007', 'f-008', 'f-009', 'f-010', 'f-011'];
    expect(expected.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
