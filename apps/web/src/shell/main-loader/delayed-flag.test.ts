import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createDelayedFlag } from './delayed-flag';

describe('delayed flag (main loader rule)', () => {
  it('turns on only after 250 ms of pending work', () => {
    const scheduler = createFakeScheduler();
    const flag = createDelayedFlag(scheduler);
    flag.setPending(true);
    scheduler.advance(249);
    expect(flag.isVisible()).toBe(false);
    scheduler.advance(1);
    expect(flag.isVisible()).toBe(true);
    flag.setPending(false);
    expect(flag.isVisible()).toBe(false);
  });

  it('never turns on for work shorter than 250 ms', () => {
    const scheduler = createFakeScheduler();
    const flag = createDelayedFlag(scheduler);
    const changes: boolean[] = [];
    flag.subscribe(() => changes.push(flag.isVisible()));
    flag.setPending(true);
    scheduler.advance(200);
    flag.setPending(false);
    scheduler.advance(1_000);
    expect(changes).toEqual([]);
    expect(scheduler.pending()).toBe(0);
  });

  it('counts again from zero after a pause', () => {
    const scheduler = createFakeScheduler();
    const flag = createDelayedFlag(scheduler);
    flag.setPending(true);
    scheduler.advance(200);
    flag.setPending(false);
    flag.setPending(true);
    scheduler.advance(200);
    expect(flag.isVisible()).toBe(false);
    scheduler.advance(50);
    expect(flag.isVisible()).toBe(true);
  });

  it('starts over after dispose (React may re-run effects on the same flag)', () => {
    const scheduler = createFakeScheduler();
    const flag = createDelayedFlag(scheduler);
    flag.setPending(true);
    flag.dispose();
    flag.setPending(true);
    scheduler.advance(250);
    expect(flag.isVisible()).toBe(true);
  });
});
