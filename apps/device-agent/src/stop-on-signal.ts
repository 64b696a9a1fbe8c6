// Ctrl+C and SIGTERM stop the agent cleanly; a second Ctrl+C forces the exit. A terminal's
// Ctrl+C reaches the whole foreground group, and `npm run agent` forwards the same signal to
// the agent a moment later: that echo is not a second Ctrl+C (docs/DECISIONS.md "Device agent").

/** A repeat of a signal within this time of the first is the same key press, echoed. */
export const SIGNAL_ECHO_MS = 1_000;

/** Longest clean stop before the agent exits anyway. */
export const STOP_DEADLINE_MS = 5_000;

export interface StopOnSignalDeps {
  stop: () => Promise<void>;
  exit: (code: number) => void;
  now: () => number;
  setDeadline: (callback: () => void, ms: number) => void;
  log: {
    info: (text: string) => void;
    warn: (text: string) => void;
    error: (text: string) => void;
  };
}

/** The handler for SIGINT and SIGTERM. */
export function createStopOnSignal(deps: StopOnSignalDeps): (signal: NodeJS.Signals) => void {
  let firstAt: number | null = null;
  return (signal) => {
    if (firstAt !== null) {
      if (deps.now() - firstAt < SIGNAL_ECHO_MS) return;
      deps.log.warn(`${signal} again: exiting at once`);
      deps.exit(1);
      return;
    }
    firstAt = deps.now();
    deps.log.info(`${signal}: stopping`);
    deps.setDeadline(() => {
      deps.log.error('stop took longer than 5 s, exiting');
      deps.exit(1);
    }, STOP_DEADLINE_MS);
    void deps.stop().then(() => {
      deps.log.info('stopped');
      deps.exit(0);
    });
  };
}
