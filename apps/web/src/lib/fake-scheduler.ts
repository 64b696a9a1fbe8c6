import type { Scheduler } from './scheduler';

interface PendingTimer {
  id: number;
  at: number;
  callback: () => void;
}

/** A scheduler whose time moves only when a test calls `advance` (for unit tests). */
export interface FakeScheduler extends Scheduler {
  /** Moves the clock forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Number of timers still waiting. */
  pending(): number;
}

/** Creates a fake scheduler starting at `start` milliseconds. */
export function createFakeScheduler(start = 1_700_000_000_000): FakeScheduler {
  let now = start;
  let nextId = 1;
  let timers: PendingTimer[] = [];
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.push({ id, at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    now: () => now,
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers
          .filter((timer) => timer.at <= until)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = until;
    },
    pending: () => timers.length,
  };
}
