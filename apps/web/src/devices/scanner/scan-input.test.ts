// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SCAN_HOLD_MS, createScanInput, type Scan } from './scan-input';

function setup() {
  const played: string[] = [];
  const errors: unknown[] = [];
  const input = createScanInput({
    play: (name) => played.push(name),
    now: () => 42,
    onError: (error) => errors.push(error),
  });
  return { input, played, errors };
}

/** A promise and its resolve function. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('scan input', () => {
  it('marks scan:received on arrival, before the acknowledgement sound', () => {
    const events: string[] = [];
    const input = createScanInput({
      play: (name) => events.push(`play ${name}`),
      now: () => 42,
      mark: (name) => events.push(`mark ${name}`),
    });
    input.push('P100001', 'scanner');
    expect(events).toEqual(['mark scan:received', 'play scan']);
  });

  it('acknowledges every scan at once with the scan sound and the receive listeners', () => {
    const { input, played } = setup();
    const received: string[] = [];
    input.onReceive((scan) => received.push(scan.text));
    const scan = input.push('=1-2', 'scanner');
    expect(scan).toMatchObject({ text: '=1-2', source: 'scanner', at: 42 });
    expect(played).toEqual(['scan']);
    expect(received).toEqual(['=1-2']);
  });

  it('queues scans that arrive while one is handled: in order, none lost', async () => {
    const { input, played } = setup();
    const handled: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    let calls = 0;
    input.onScan(async (scan) => {
      handled.push(`start ${scan.text}`);
      await gates[calls++]?.promise;
      handled.push(`end ${scan.text}`);
    });
    input.push('a', 'scanner');
    input.push('b', 'keyboard');
    input.push('c', 'scanner');
    expect(played).toEqual(['scan', 'scan', 'scan']);
    expect(handled).toEqual(['start a']);
    expect(input.pendingCount()).toBe(3);
    gates[0]?.resolve();
    await flush();
    expect(handled).toEqual(['start a', 'end a', 'start b']);
    gates[1]?.resolve();
    gates[2]?.resolve();
    await flush();
    expect(handled).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(input.pendingCount()).toBe(0);
  });

  it('handles the same scan object once, but a repeated scan twice', async () => {
    const { input, played } = setup();
    const handled: Scan[] = [];
    input.onScan((scan) => {
      handled.push(scan);
    });
    const scan = input.push('same', 'scanner');
    expect(input.deliver(scan)).toBe(false);
    input.push('same', 'scanner');
    await flush();
    expect(handled.map((s) => s.text)).toEqual(['same', 'same']);
    expect(handled[0]).not.toBe(handled[1]);
    expect(played).toEqual(['scan', 'scan']);
  });

  it('goes on after a failing handler and gives every handler each scan', async () => {
    const { input, errors } = setup();
    const other: string[] = [];
    input.onScan(() => {
      throw new Error('sync');
    });
    input.onScan(async (scan) => {
      other.push(scan.text);
      if (scan.text === 'x') throw new Error('async');
    });
    input.push('x', 'scanner');
    input.push('y', 'scanner');
    await flush();
    expect(other).toEqual(['x', 'y']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['sync', 'async', 'sync']);
  });

  it('stops calling a handler after unsubscribe', async () => {
    const { input } = setup();
    const handled: string[] = [];
    const off = input.onScan((scan) => {
      handled.push(scan.text);
    });
    input.push('1', 'scanner');
    off();
    input.push('2', 'scanner');
    await flush();
    expect(handled).toEqual(['1']);
  });

  it('keeps a scan that came before any screen listened and hands it to the first one, in order', async () => {
    const clock = { now: 1_000 };
    const input = createScanInput({ play: () => undefined, now: () => clock.now });
    const claimed: string[] = [];
    input.claim((scan) => {
      claimed.push(scan.text);
      return scan.text === 'badge';
    });
    input.push('early-1', 'scanner');
    input.push('badge', 'scanner');
    input.push('early-2', 'scanner');
    await flush();
    expect(input.pendingCount()).toBe(0);
    clock.now += SCAN_HOLD_MS;
    const first: string[] = [];
    const second: string[] = [];
    input.onScan((scan) => {
      first.push(scan.text);
    });
    // A second subscription of the same commit hears the held scans too.
    input.onScan((scan) => {
      second.push(scan.text);
    });
    input.push('later', 'scanner');
    await flush();
    expect(first).toEqual(['early-1', 'early-2', 'later']);
    expect(second).toEqual(['early-1', 'early-2', 'later']);
    // The claimed badge stayed consumed.
    expect(first).not.toContain('badge');
  });

  it('drops a held scan older than SCAN_HOLD_MS when a screen comes', async () => {
    const clock = { now: 1_000 };
    const input = createScanInput({ play: () => undefined, now: () => clock.now });
    input.push('stale', 'scanner');
    clock.now += 2_000;
    input.push('fresh', 'scanner');
    await flush();
    clock.now += SCAN_HOLD_MS - 1_000;
    const handled: string[] = [];
    const off = input.onScan((scan) => {
      handled.push(scan.text);
    });
    await flush();
    expect(handled).toEqual(['fresh']);
    // Handed over once: a screen that comes later gets nothing again.
    off();
    const again: string[] = [];
    input.onScan((scan) => {
      again.push(scan.text);
    });
    await flush();
    expect(again).toEqual([]);
  });

  it('gives a claimed scan to no handler: a scan is consumed once', async () => {
    const { input, played } = setup();
    const handled: string[] = [];
    const asked: string[] = [];
    input.claim((scan) => {
      asked.push(scan.text);
      return scan.text.startsWith('~')
        ? new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5))
        : false;
    });
    input.onScan((scan) => {
      handled.push(scan.text);
    });
    input.push('~W1002', 'scanner');
    input.push('DIM-S', 'scanner');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['~W1002', 'DIM-S']);
    expect(handled).toEqual(['DIM-S']);
    expect(played).toEqual(['scan', 'scan']);
    expect(input.pendingCount()).toBe(0);
  });

  it('hands an unclaimed scan to the handlers in the same tick', () => {
    const { input } = setup();
    const handled: string[] = [];
    input.claim(() => false);
    input.onScan((scan) => {
      handled.push(scan.text);
    });
    input.push('P1', 'scanner');
    expect(handled).toEqual(['P1']);
  });

  it('treats a failing claim as not taken, and stops asking after unsubscribe', async () => {
    const { input, errors } = setup();
    const handled: string[] = [];
    const off = input.claim(async () => {
      throw new Error('claim');
    });
    input.onScan((scan) => {
      handled.push(scan.text);
    });
    input.push('a', 'scanner');
    await flush();
    off();
    input.claim(() => true);
    input.push('b', 'scanner');
    await flush();
    expect(handled).toEqual(['a']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['claim']);
  });
});
