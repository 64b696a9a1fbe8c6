import { describe, expect, it } from 'vitest';
import { createStopOnSignal, SIGNAL_ECHO_MS } from './stop-on-signal.js';

function harness() {
  let clock = 0;
  let finishStop: () => void = () => undefined;
  const exits: number[] = [];
  const lines: string[] = [];
  let stops = 0;
  const handle = createStopOnSignal({
    stop: () => {
      stops += 1;
      return new Promise<void>((resolve) => (finishStop = resolve));
    },
    exit: (code) => exits.push(code),
    now: () => clock,
    setDeadline: () => undefined,
    log: { info: (t) => lines.push(t), warn: (t) => lines.push(t), error: (t) => lines.push(t) },
  });
  return {
    handle,
    advance: (ms: number) => (clock += ms),
    finish: async () => {
      finishStop();
      await Promise.resolve();
      await Promise.resolve();
    },
    exits,
    lines,
    stops: () => stops,
  };
}

describe('stopping on a signal', () => {
  it('takes npm’s echo of the same Ctrl+C for the same key press: a clean stop, exit 0', async () => {
    const agent = harness();
    agent.handle('SIGINT');
    agent.advance(30);
    agent.handle('SIGINT');
    await agent.finish();
    expect(agent.stops()).toBe(1);
    expect(agent.exits).toEqual([0]);
    expect(agent.lines).toEqual(['SIGINT: stopping', 'stopped']);
  });

  it('exits at once on a second Ctrl+C pressed while a stop hangs', () => {
    const agent = harness();
    agent.handle('SIGINT');
    agent.advance(SIGNAL_ECHO_MS + 1);
    agent.handle('SIGINT');
    expect(agent.exits).toEqual([1]);
    expect(agent.lines).toContain('SIGINT again: exiting at once');
  });
});
