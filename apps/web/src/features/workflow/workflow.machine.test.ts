import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { CallResult } from '../../lib/api-client';
import { result } from '../../test/call-result';
import { createCoverage } from '../../test/machine-graph';
import { startMachine as startWith } from '../../test/machine-harness';
import {
  WORKFLOW_RETRY_DELAY_MS,
  workflowMachine,
  type WorkflowPorts,
  type WorkflowToast,
} from './workflow.machine';
import type { TWorkflowState } from '@sorting/contracts';
import { workflowAnswer } from './workflow.fixture';
import type { WorkflowAnswer, WorkflowRequest } from './workflow.types';

// Spec part 1 §3, §4, §7, §9; docs/DECISIONS.md "Guided workflows" (the screen's codes).

/** An answer of the placing workflow in `code` at `version` (run 11). */
function answer(
  code: TWorkflowState['code'],
  version: number,
  extra: Partial<WorkflowAnswer> = {},
): WorkflowAnswer {
  const placing = workflowAnswer(
    {
      code,
      version,
      prompt: { key: code === 'WaitCell' ? 'scanCell' : 'scanBox', params: {} },
      expects: code === 'WaitCell' ? ['cell', 'box'] : ['box', 'container'],
      options: { canSkip: code === 'WaitCell' },
    },
    extra,
  );
  return { ...placing, currentState: { ...placing.currentState, runId: 11 } };
}

const offline = new Error('network');
type Reply = CallResult<WorkflowAnswer> | Error;

/** Fake ports: `replies` answer the calls in order; what the machine sent and said is kept. */
function fakePorts(replies: Reply[]) {
  const sent: { request: WorkflowRequest; operationId: string }[] = [];
  const toasts: WorkflowToast[] = [];
  const played: string[][] = [];
  const printed: unknown[] = [];
  let next = 0;
  const ports: WorkflowPorts = {
    process: vi.fn(async (request: WorkflowRequest, operationId: string) => {
      sent.push({ request, operationId });
      const reply = replies.shift();
      if (!reply) throw new Error('no reply left');
      if (reply instanceof Error) throw reply;
      return reply;
    }),
    createOperationId: () => `op-${++next}`,
    play: (sounds) => played.push([...sounds]),
    notify: (toast) => toasts.push(toast),
    print: (jobs) => printed.push(...jobs),
  };
  return { ports, sent, toasts, played, printed };
}

const coverage = createCoverage(workflowMachine);
const start = (ports: WorkflowPorts) => startWith(workflowMachine, { ports }, coverage.inspect);

afterEach(() => {
  vi.useRealTimers();
});

describe('workflow machine', () => {
  it('starts with Refresh from InitialState and shows the answered state', async () => {
    const fake = fakePorts([result(answer('WaitBox', 1))]);
    const machine = start(fake.ports);
    expect(machine.view()).toBe('starting');
    expect(machine.context().loading).toBe(true);
    await machine.settled();
    expect(machine.view()).toBe('ready');
    expect(fake.sent[0]?.request).toEqual({
      currentState: { code: 'InitialState', runId: null, version: 0 },
      action: { code: 'Refresh' },
    });
    expect(machine.context()).toMatchObject({
      loading: false,
      error: null,
      currentState: { code: 'WaitBox', version: 1 },
    });
  });

  it('sends a scan as BarcodeScanned from the answered state, then plays, toasts and prints', async () => {
    const label = {
      barcodeName: 'box' as const,
      barcodeData: [{ name: 'number', value: '35' }],
      copies: 1,
    };
    const fake = fakePorts([
      result(answer('WaitBox', 1)),
      result(
        answer('WaitCell', 2, {
          result: {
            sounds: ['ok-new', 'success-small'],
            notification: { status: 'success', content: 'Короб _34717-123' },
            print: [label],
          },
        }),
      ),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    expect(await machine.send(' _34717-123 ')).toBe('ready');
    expect(fake.sent[1]).toEqual({
      request: {
        currentState: { code: 'WaitBox', runId: 11, version: 1 },
        action: { code: 'BarcodeScanned', barcode: '_34717-123' },
      },
      operationId: 'op-2',
    });
    expect(machine.context().currentState?.code).toBe('WaitCell');
    expect(fake.played).toEqual([['ok-new', 'success-small']]);
    expect(fake.toasts).toEqual([
      { kind: 'server', status: 'success', content: 'Короб _34717-123', isMuteErrorSound: true },
    ]);
    expect(fake.printed).toEqual([label]);
    // An empty scan is no action.
    await machine.send('   ');
    expect(fake.sent).toHaveLength(2);
  });

  it('a scan in WaitWorkplace is WorkplaceSelected; a button is its own action', async () => {
    const fake = fakePorts([
      result(answer('WaitWorkplace', 4)),
      result(answer('WaitBox', 5)),
      result(answer('WaitBox', 6)),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    await machine.send('WP-1', { type: 'ACT', action: { code: 'SkipClick' } });
    expect(fake.sent.map((call) => call.request.action)).toEqual([
      { code: 'Refresh' },
      { code: 'WorkplaceSelected', barcode: 'WP-1' },
      { code: 'SkipClick' },
    ]);
    expect(fake.sent[2]?.request.currentState.version).toBe(5);
  });

  it('409: adopts the state answered from another device and says so (f-0003)', async () => {
    const fake = fakePorts([
      result(answer('WaitBox', 1)),
      result(answer('WaitCell', 7), { isSuccess: false, errorCode: 409, status: 409 }),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    await machine.send('_34717-123');
    expect(machine.view()).toBe('ready');
    expect(machine.context().currentState).toMatchObject({ code: 'WaitCell', version: 7 });
    expect(machine.context().error).toBeNull();
    expect(fake.toasts).toEqual([{ kind: 'code', code: 'f-0003', message: null }]);
  });

  it('a 409 of an effect (a box closed meanwhile) is a refusal, not a state changed elsewhere', async () => {
    const closed = answer('WaitCell', 2, {
      result: {
        sounds: ['err'],
        notification: { status: 'error', content: 'Короб закрыт' },
        print: [],
      },
    });
    const fake = fakePorts([
      result(answer('WaitBox', 1)),
      result(answer('WaitCell', 2)),
      result(closed, { isSuccess: false, errorCode: 409, status: 409, message: 'Короб закрыт' }),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    await machine.send('_34717-123', '=34717-7-d-01');
    expect(machine.context().error).toEqual({ code: 'f-0002', message: 'Короб закрыт' });
    expect(fake.toasts).toEqual([
      { kind: 'server', status: 'error', content: 'Короб закрыт', isMuteErrorSound: true },
    ]);
  });

  it('409 on the first Refresh: the real state of the run, f-0003', async () => {
    const fake = fakePorts([
      result(answer('WaitCell', 3), { isSuccess: false, errorCode: 409, status: 409 }),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    expect(machine.context().currentState).toMatchObject({ code: 'WaitCell', version: 3 });
    expect(fake.toasts).toEqual([{ kind: 'code', code: 'f-0003', message: null }]);
  });

  it('a refusal keeps the state; its notification is toasted, else its text as f-0002', async () => {
    const refusal = answer('WaitCell', 2, {
      result: {
        sounds: ['err'],
        notification: { status: 'error', content: 'Ожидается: ячейка' },
        print: [],
      },
    });
    const fake = fakePorts([
      result(answer('WaitBox', 1)),
      result(answer('WaitCell', 2)),
      result(refusal, { isSuccess: false, errorCode: 1, message: 'Ожидается: ячейка' }),
      result<WorkflowAnswer>(null, { errorCode: 400, message: 'Плохой штрихкод', status: 400 }),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    await machine.send('_34717-123', 'P440001');
    expect(machine.context().currentState).toMatchObject({ code: 'WaitCell', version: 2 });
    expect(machine.context().error).toEqual({ code: 'f-0002', message: 'Ожидается: ячейка' });
    expect(fake.played).toEqual([['err']]);
    expect(fake.toasts).toEqual([
      { kind: 'server', status: 'error', content: 'Ожидается: ячейка', isMuteErrorSound: true },
    ]);
    await machine.send('x');
    expect(machine.context().currentState).toMatchObject({ code: 'WaitCell', version: 2 });
    expect(fake.toasts.at(-1)).toEqual({
      kind: 'code',
      code: 'f-0002',
      message: 'Плохой штрихкод',
    });
    // The next accepted answer clears the error line.
    expect(machine.view()).toBe('ready');
  });

  it('403 or 404: the workflow is unavailable (f-0004); Retry starts again', async () => {
    const fake = fakePorts([
      result<WorkflowAnswer>(null, { errorCode: 403, status: 403, message: 'Forbidden' }),
      result(answer('WaitBox', 1)),
      result<WorkflowAnswer>(null, { errorCode: 404, status: 404, message: 'Not found' }),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    expect(machine.view()).toBe('unavailable');
    expect(machine.context().error).toEqual({ code: 'f-0004', message: null });
    expect(fake.toasts).toEqual([{ kind: 'code', code: 'f-0004', message: null }]);
    expect(await machine.send({ type: 'RETRY' })).toBe('ready');
    expect(fake.sent.map((call) => call.request.action.code)).toEqual(['Refresh', 'Refresh']);
    expect(await machine.send('_34717-123')).toBe('unavailable');
  });

  it('a refused first Refresh leaves no state; Retry starts again', async () => {
    const fake = fakePorts([
      result<WorkflowAnswer>(null, { errorCode: 500, status: 500, message: 'Ошибка' }),
      result(answer('WaitBox', 1)),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    expect(machine.view()).toBe('ready');
    expect(machine.context().currentState).toBeNull();
    // A scan without a state is still sent from InitialState (the server answers the run).
    await machine.send({ type: 'RETRY' });
    expect(machine.context().currentState?.code).toBe('WaitBox');
    expect(machine.context().error).toBeNull();
  });

  it('no answer: f-0001 once, the same action and operation id again on ONLINE', async () => {
    const fake = fakePorts([
      result(answer('WaitBox', 1)),
      offline,
      result<WorkflowAnswer>(null, { errorCode: 503, status: 503, message: 'Unavailable' }),
      result(answer('WaitCell', 2)),
    ]);
    const machine = start(fake.ports);
    await machine.settled();
    machine.actor.send({ type: 'SCANNED', text: '_34717-123' });
    await waitFor(machine.actor, (state) => state.matches('connectionLost'));
    expect(machine.context().error).toEqual({ code: 'f-0001', message: null });
    machine.actor.send({ type: 'ONLINE' });
    // 503 is a lost connection too: no second toast.
    await waitFor(
      machine.actor,
      (state) => state.matches('connectionLost') && fake.sent.length === 3,
    );
    machine.actor.send({ type: 'ONLINE' });
    await machine.settled();
    expect(machine.view()).toBe('ready');
    expect(fake.sent.slice(1).map((call) => call.operationId)).toEqual(['op-2', 'op-2', 'op-2']);
    expect(new Set(fake.sent.slice(1).map((call) => JSON.stringify(call.request))).size).toBe(1);
    expect(fake.toasts).toEqual([{ kind: 'code', code: 'f-0001', message: null }]);
    expect(machine.context()).toMatchObject({ error: null, currentState: { version: 2 } });
  });

  it('no answer to the first Refresh: sent again when the browser is back online', async () => {
    const fake = fakePorts([offline, result(answer('WaitBox', 1))]);
    const machine = start(fake.ports);
    await waitFor(machine.actor, (state) => state.matches('connectionLost'));
    machine.actor.send({ type: 'ONLINE' });
    await machine.settled();
    expect(machine.context().currentState?.code).toBe('WaitBox');
    expect(fake.sent.map((call) => call.operationId)).toEqual(['op-1', 'op-1']);
  });

  it('no answer: the same action is sent again every 3 s until it is answered', async () => {
    vi.useFakeTimers();
    const unavailable = result<WorkflowAnswer>(null, { errorCode: 503, status: 503 });
    const fake = fakePorts([unavailable, offline, result(answer('WaitBox', 1))]);
    const machine = start(fake.ports);
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.view()).toBe('connectionLost');
    await vi.advanceTimersByTimeAsync(WORKFLOW_RETRY_DELAY_MS - 1);
    expect(fake.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(WORKFLOW_RETRY_DELAY_MS);
    expect(machine.view()).toBe('ready');
    expect(fake.sent.map((call) => call.operationId)).toEqual(['op-1', 'op-1', 'op-1']);
    expect(fake.toasts).toHaveLength(1);
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });
});
