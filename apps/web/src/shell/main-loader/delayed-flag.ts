import type { Scheduler, TimerHandle } from '../../lib/scheduler';

/** Spec part 2 §2 and §9: the main loader appears once pending work has lasted 250 ms. */
export const MAIN_LOADER_DELAY_MS = 250;

export interface DelayedFlag {
  /** Reports whether work is pending now. */
  setPending(isPending: boolean): void;
  isVisible(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/**
 * A flag that turns on only after `delayMs` of uninterrupted pending work and turns off as
 * soon as nothing is pending: short work never flashes a loader.
 */
export function createDelayedFlag(
  scheduler: Scheduler,
  delayMs = MAIN_LOADER_DELAY_MS,
): DelayedFlag {
  let isPending = false;
  let isVisible = false;
  let timer: TimerHandle | null = null;
  const listeners = new Set<() => void>();
  const setVisible = (value: boolean) => {
    if (isVisible === value) return;
    isVisible = value;
    for (const listener of listeners) listener();
  };
  const cancel = () => {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
  };
  return {
    setPending(value) {
      if (value === isPending) return;
      isPending = value;
      if (value) {
        timer = scheduler.setTimeout(() => {
          timer = null;
          setVisible(true);
        }, delayMs);
      } else {
        cancel();
        setVisible(false);
      }
    },
    isVisible: () => isVisible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      // Back to the initial state: a later setPending(true) schedules the timer again.
      cancel();
      isPending = false;
    },
  };
}
