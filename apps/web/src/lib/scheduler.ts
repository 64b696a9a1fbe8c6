/** A timer handle, as returned by `Scheduler.setTimeout`. */
export type TimerHandle = number;

/**
 * Time behind an adapter (conventions §9): code that waits receives a scheduler, so tests
 * drive time with a fake one instead of real timers.
 */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  now(): number;
}

/** The browser's timers and clock. */
export const browserScheduler: Scheduler = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
  now: () => Date.now(),
};
