import { describe, expect, it } from 'vitest';
import { LOCAL_PRINTER_CLOSE_REASON, type AgentPrinter } from '@sorting/contracts';
import {
  HUB_RETRY_JITTER_MS,
  choosePrintRoute,
  hubRetryDelay,
  initialPrinterState,
  localReconnectDelay,
  reducePrinter,
  type PrinterDeviceIds,
  type PrinterEvent,
  type PrinterState,
} from './printer-core';

const PRINTER: AgentPrinter = { id: 'p1', name: 'Zebra', output: 'pdf-folder', isReady: true };
const DEVICE: PrinterDeviceIds = { printerAppId: 'agent-1', printerId: 'p1' };

/** Runs events in order; returns the final state and every effect produced. */
function run(events: PrinterEvent[], from: PrinterState = initialPrinterState) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const next = reducePrinter(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const started = (device = DEVICE) => run([{ type: 'START', device }]);

const localWithPrinter = (): PrinterEvent[] => [
  { type: 'LOCAL_OPENED' },
  {
    type: 'LOCAL_MESSAGE',
    message: {
      action: 'state',
      appId: 'agent-1',
      printers: [PRINTER],
      selectedPrinterId: 'p1',
      isReady: true,
    },
  },
];

describe('printer core: start and the local socket', () => {
  it('opens the local socket and starts the hub at start', () => {
    const { state, effects } = started();
    expect(effects).toEqual([{ type: 'openLocal' }, { type: 'startHub' }]);
    expect(state.local.status).toBe('connecting');
    expect(state.hub.status).toBe('connecting');
  });

  it('asks the agent for version and state once the socket opens', () => {
    const { state, effects } = run([{ type: 'LOCAL_OPENED' }], started().state);
    expect(state.local.status).toBe('connected');
    expect(effects).toEqual([
      { type: 'sendLocal', request: { action: 'version' } },
      { type: 'sendLocal', request: { action: 'state' } },
    ]);
  });

  it('keeps the agent version, app id, printers and selected printer', () => {
    const { state } = run(
      [
        ...localWithPrinter(),
        {
          type: 'LOCAL_MESSAGE',
          message: { action: 'version', version: '1.2.0', appId: 'agent-1' },
        },
      ],
      started().state,
    );
    expect(state.local).toMatchObject({
      version: '1.2.0',
      appId: 'agent-1',
      printers: [PRINTER],
      selectedPrinterId: 'p1',
    });
  });

  it('reconnects after a non-clean close while the hub is not connected, a second later', () => {
    const { state } = run([{ type: 'LOCAL_OPENED' }], started().state);
    const closed = run([{ type: 'LOCAL_CLOSED', wasClean: false }], state);
    expect(closed.state.local.status).toBe('disconnected');
    expect(closed.effects).toContainEqual({ type: 'scheduleLocalReconnect', delayMs: 1000 });
    const due = run([{ type: 'LOCAL_RECONNECT_DUE' }], closed.state);
    expect(due.effects).toEqual([{ type: 'openLocal' }]);
    // The agent answers again (it was restarting): a later loss is reconnected the same way.
    const back = run(
      [{ type: 'LOCAL_OPENED' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      due.state,
    );
    expect(back.effects).toContainEqual({ type: 'scheduleLocalReconnect', delayMs: 1000 });
  });

  // docs/DECISIONS.md "Printer and scale in the web app", no agent: each refused try is an
  // error in the browser's console; on a timer they buried real errors, one every few seconds.
  it('an agent that went away is refused once, then tried again only when asked', () => {
    const lost = run(
      [
        { type: 'LOCAL_OPENED' },
        { type: 'LOCAL_CLOSED', wasClean: false },
        { type: 'LOCAL_RECONNECT_DUE' },
      ],
      started().state,
    );
    // The reconnect is refused: one refusal, and no timer after it, however long no agent runs.
    const refused = run([{ type: 'LOCAL_CLOSED', wasClean: false }], lost.state);
    expect(refused.effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
    const hubDown = run([{ type: 'HUB_STARTED' }, { type: 'HUB_RECONNECTING' }], refused.state);
    expect(hubDown.effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
    // The device dialog asks; the agent is back; when it goes away again, one more refusal.
    const asked = run([{ type: 'LOCAL_RETRY' }], refused.state);
    expect(asked.effects).toContainEqual({ type: 'openLocal' });
    const againLost = run(
      [{ type: 'LOCAL_OPENED' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      asked.state,
    );
    expect(againLost.effects).toContainEqual({ type: 'scheduleLocalReconnect', delayMs: 1000 });
    const againRefused = run(
      [{ type: 'LOCAL_RECONNECT_DUE' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      againLost.state,
    );
    expect(againRefused.effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
  });

  // docs/DECISIONS.md "Printer and scale in the web app", no agent: every refused try is a
  // console error; while no agent runs they buried real errors, one every few seconds.
  it('a socket refused before it ever opened (no agent) is tried again only when asked', () => {
    const refused = run([{ type: 'LOCAL_CLOSED', wasClean: false }], started().state);
    expect(refused.state.local.status).toBe('disconnected');
    expect(refused.effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
    // Not when the hub goes down either.
    const hubDown = run([{ type: 'HUB_STARTED' }, { type: 'HUB_RECONNECTING' }], refused.state);
    expect(hubDown.effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
    // The device dialog (or a print) asks: one more try.
    const asked = run([{ type: 'LOCAL_RETRY' }], refused.state);
    expect(asked.effects).toContainEqual({ type: 'openLocal' });
    // An agent that answers once is reconnected on the timer from then on.
    const lost = run(
      [{ type: 'LOCAL_OPENED' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      asked.state,
    );
    expect(lost.effects).toContainEqual({ type: 'scheduleLocalReconnect', delayMs: 1000 });
  });

  it('does not reconnect after a clean close', () => {
    const { effects, state } = run(
      [{ type: 'LOCAL_OPENED' }, { type: 'LOCAL_CLOSED', wasClean: true }],
      started().state,
    );
    expect(state.local.status).toBe('disconnected');
    expect(effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
  });

  it('does not reconnect the local socket while the hub is connected', () => {
    const { effects, state } = run(
      [
        { type: 'HUB_STARTED' },
        { type: 'LOCAL_OPENED' },
        { type: 'LOCAL_CLOSED', wasClean: false },
      ],
      started().state,
    );
    expect(state.local.status).toBe('disconnected');
    expect(effects.some((e) => e.type === 'scheduleLocalReconnect')).toBe(false);
  });

  it('skips a due reconnect when the hub connected meanwhile, and cancels the timer', () => {
    const closed = run(
      [{ type: 'LOCAL_OPENED' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      started().state,
    );
    expect(closed.effects).toContainEqual({ type: 'scheduleLocalReconnect', delayMs: 1000 });
    const hubUp = run([{ type: 'HUB_STARTED' }], closed.state);
    expect(hubUp.effects).toEqual([
      { type: 'cancelLocalReconnect' },
      { type: 'addPrinterClient', appId: 'agent-1' },
    ]);
    const due = run([{ type: 'LOCAL_RECONNECT_DUE' }], hubUp.state);
    expect(due.effects).toEqual([]);
  });

  it('a retry by the worker opens the local socket once, even while the hub is connected', () => {
    const { state } = run(
      [{ type: 'HUB_STARTED' }, { type: 'LOCAL_CLOSED', wasClean: false }],
      started().state,
    );
    const retry = run([{ type: 'LOCAL_RETRY' }], state);
    expect(retry.effects).toEqual([{ type: 'openLocal' }]);
    expect(retry.state.local.status).toBe('connecting');
    // Not while it is connecting or open, nor on a page that does not need it.
    expect(run([{ type: 'LOCAL_RETRY' }], retry.state).effects).toEqual([]);
    const notNeeded = run(
      [{ type: 'LOCAL_NEEDED', isNeeded: false }, { type: 'LOCAL_RETRY' }],
      state,
    );
    expect(notNeeded.effects).toEqual([{ type: 'cancelLocalReconnect' }]);
  });

  it('starts reconnecting the local socket when the hub goes down after a non-clean close', () => {
    const { state } = run(
      [
        { type: 'HUB_STARTED' },
        { type: 'LOCAL_OPENED' },
        { type: 'LOCAL_CLOSED', wasClean: false },
      ],
      started().state,
    );
    const lost = run([{ type: 'HUB_RECONNECTING' }], state);
    expect(lost.effects).toEqual([{ type: 'scheduleLocalReconnect', delayMs: 1000 }]);
  });

  it('closes the socket with code 1000 and the spec reason when a page does not need it', () => {
    const { state, effects } = run(
      [...localWithPrinter(), { type: 'LOCAL_NEEDED', isNeeded: false }],
      started().state,
    );
    expect(effects).toContainEqual({
      type: 'closeLocal',
      code: 1000,
      reason: LOCAL_PRINTER_CLOSE_REASON,
    });
    expect(LOCAL_PRINTER_CLOSE_REASON).toBe('Вебсокет принтера не нужен на этой странице');
    expect(state.local.status).toBe('disconnected');
    // Its close event brings no reconnect.
    const closed = run([{ type: 'LOCAL_CLOSED', wasClean: true }], state);
    expect(closed.effects).toEqual([]);
    // Needed again: reopened.
    expect(run([{ type: 'LOCAL_NEEDED', isNeeded: true }], state).effects).toEqual([
      { type: 'openLocal' },
    ]);
  });

  it('does not open the local socket at start on a page that does not need it', () => {
    const { effects } = run([
      { type: 'LOCAL_NEEDED', isNeeded: false },
      { type: 'START', device: DEVICE },
    ]);
    expect(effects).toEqual([{ type: 'startHub' }]);
  });

  it('stop closes the local socket with the reason and stops the hub', () => {
    const { state, effects } = run(
      [...localWithPrinter(), { type: 'HUB_STARTED' }, { type: 'STOP' }],
      started().state,
    );
    expect(effects).toContainEqual({
      type: 'closeLocal',
      code: 1000,
      reason: LOCAL_PRINTER_CLOSE_REASON,
    });
    expect(effects).toContainEqual({ type: 'stopHub' });
    expect(state.isStarted).toBe(false);
  });

  it('after a successful selectPrinter, takes the printer and asks for the state again', () => {
    const { state, effects } = run(
      [
        { type: 'LOCAL_OPENED' },
        {
          type: 'LOCAL_MESSAGE',
          message: { action: 'selectPrinter', isSuccess: true, printerId: 'p2', message: null },
        },
      ],
      started().state,
    );
    expect(state.local.selectedPrinterId).toBe('p2');
    expect(effects.at(-1)).toEqual({ type: 'sendLocal', request: { action: 'state' } });
  });
});

describe('printer core: the hub', () => {
  it('a start failure marks the hub errored and schedules one retry', () => {
    const { state, effects } = run([{ type: 'HUB_START_FAILED' }], started().state);
    expect(state.hub.status).toBe('errored');
    expect(effects).toContainEqual({ type: 'scheduleHubRetry' });
    expect(run([{ type: 'HUB_RETRY_DUE' }], state).effects).toEqual([{ type: 'startHub' }]);
  });

  it('an invoke failure marks the hub errored, stops it and schedules a retry', () => {
    const { state, effects } = run(
      [{ type: 'HUB_STARTED' }, { type: 'HUB_INVOKE_FAILED' }],
      started().state,
    );
    expect(state.hub.status).toBe('errored');
    expect(effects).toEqual([
      { type: 'addPrinterClient', appId: 'agent-1' },
      { type: 'stopHub' },
      { type: 'scheduleHubRetry' },
    ]);
  });

  it('announces the cookie printer app with AddPrinterClient on connect, reconnect and app change', () => {
    const connected = run([{ type: 'HUB_STARTED' }], started().state);
    expect(connected.effects).toEqual([{ type: 'addPrinterClient', appId: 'agent-1' }]);
    const back = run([{ type: 'HUB_RECONNECTING' }, { type: 'HUB_RECONNECTED' }], connected.state);
    expect(back.effects).toContainEqual({ type: 'addPrinterClient', appId: 'agent-1' });
    const changed = run(
      [{ type: 'DEVICE_CHANGED', device: { printerAppId: 'agent-2', printerId: 'x' } }],
      back.state,
    );
    expect(changed.effects).toEqual([{ type: 'addPrinterClient', appId: 'agent-2' }]);
    const samePrinterApp = run(
      [{ type: 'DEVICE_CHANGED', device: { printerAppId: 'agent-2', printerId: 'y' } }],
      changed.state,
    );
    expect(samePrinterApp.effects).toEqual([]);
    // Without a printer app in the cookies there is nothing to ask about.
    const none = run(
      [{ type: 'HUB_STARTED' }],
      started({ printerAppId: null, printerId: null }).state,
    );
    expect(none.effects).toEqual([]);
  });

  it('a hub closed for good (reconnect policy gave up) is errored and retried', () => {
    const { state, effects } = run(
      [{ type: 'HUB_STARTED' }, { type: 'HUB_RECONNECTING' }, { type: 'HUB_CLOSED' }],
      started().state,
    );
    expect(state.hub.status).toBe('errored');
    expect(effects).toContainEqual({ type: 'scheduleHubRetry' });
  });

  it('PrinterConnected and PrinterDisconnected of the device app switch the hub printer', () => {
    let { state } = run([{ type: 'HUB_STARTED' }], started().state);
    expect(state.hub.printer).toBe('unknown');
    state = run(
      [
        {
          type: 'HUB_NOTIFY',
          notification: { type: 'PrinterConnected', appId: 'agent-1', printers: [PRINTER] },
        },
      ],
      state,
    ).state;
    expect(state.hub.printer).toBe('connected');
    expect(state.hub.printers).toEqual([PRINTER]);
    state = run(
      [{ type: 'HUB_NOTIFY', notification: { type: 'PrinterDisconnected', appId: 'agent-1' } }],
      state,
    ).state;
    expect(state.hub.printer).toBe('disconnected');
  });

  it('ignores notifications about other printer apps', () => {
    const { state } = run(
      [
        { type: 'HUB_STARTED' },
        { type: 'HUB_NOTIFY', notification: { type: 'PrinterDisconnected', appId: 'other' } },
      ],
      started().state,
    );
    expect(state.hub.printer).toBe('unknown');
  });

  it('a retry delay is random between 0 and 10 s', () => {
    expect(hubRetryDelay(0)).toBe(0);
    expect(hubRetryDelay(0.5)).toBe(5000);
    expect(hubRetryDelay(0.9999)).toBeLessThanOrEqual(HUB_RETRY_JITTER_MS);
    expect(HUB_RETRY_JITTER_MS).toBe(10_000);
    expect(localReconnectDelay(99)).toBe(30_000);
  });
});

describe('printer core: where a print goes', () => {
  it('goes over the local socket when it is connected with a selected printer', () => {
    const { state } = run([{ type: 'HUB_STARTED' }, ...localWithPrinter()], started().state);
    expect(choosePrintRoute(state)).toEqual({ channel: 'local' });
  });

  it('goes through the hub with the cookie ids when the local socket has no printer', () => {
    const { state } = run([{ type: 'HUB_STARTED' }, { type: 'LOCAL_OPENED' }], started().state);
    expect(choosePrintRoute(state)).toEqual({ channel: 'hub', appId: 'agent-1', printerId: 'p1' });
  });

  it('is unavailable without cookie ids, with the hub down, or with the hub printer gone', () => {
    const noIds = run(
      [{ type: 'HUB_STARTED' }],
      started({ printerAppId: null, printerId: null }).state,
    );
    expect(choosePrintRoute(noIds.state)).toEqual({ channel: 'none' });
    const hubDown = run([{ type: 'HUB_START_FAILED' }], started().state);
    expect(choosePrintRoute(hubDown.state)).toEqual({ channel: 'none' });
    const gone = run(
      [
        { type: 'HUB_STARTED' },
        { type: 'HUB_NOTIFY', notification: { type: 'PrinterDisconnected', appId: 'agent-1' } },
      ],
      started().state,
    );
    expect(choosePrintRoute(gone.state)).toEqual({ channel: 'none' });
  });

  it('a changed printer app makes the hub printer unknown again', () => {
    const gone = run(
      [
        { type: 'HUB_STARTED' },
        { type: 'HUB_NOTIFY', notification: { type: 'PrinterDisconnected', appId: 'agent-1' } },
        { type: 'DEVICE_CHANGED', device: { printerAppId: 'agent-2', printerId: 'x' } },
      ],
      started().state,
    );
    expect(choosePrintRoute(gone.state)).toEqual({
      channel: 'hub',
      appId: 'agent-2',
      printerId: 'x',
    });
  });
});

describe('without a session', () => {
  it('starts the local channel only: no hub connection is tried', () => {
    const { state, effects } = run([{ type: 'START', device: DEVICE, isHubOff: true }]);
    expect(state.hub.status).toBe('disconnected');
    expect(effects.map((effect) => effect.type)).not.toContain('startHub');
    expect(effects.map((effect) => effect.type)).toContain('openLocal');
  });
});
