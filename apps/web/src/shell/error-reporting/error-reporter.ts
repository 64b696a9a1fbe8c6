/**
 * The web app's error reports (spec part 1 §8: each error is reported; docs/DECISIONS.md
 * "Error reporting"). This part is in the first screen and stays small: it queues what happens
 * and loads the Sentry SDK (`sentry-runtime.ts`) with the first report only: loaded at idle
 * time it would still be fetched with every opened page, which the first screen counts. A
 * report never holds up a scan: it is queued and sent in the background.
 */

/**
 * What every report carries besides its error, as taken when it happened (the SDK chunk keeps
 * the user's id and warehouse of it, nothing else, and the page without its locale prefix).
 */
export interface ReportContext {
  user: { userId: string; defaultWarehouseNumber: string | null } | null;
  /** The page's path. */
  path: string;
  /** The user action under way (lib/request-id.ts). */
  requestId: string;
}

/** A report waiting for the SDK, or handed to it. */
export type PendingReport =
  | {
      kind: 'exception';
      error: unknown;
      fCode: string | null;
      /** The flow (a saga, a printing-hub call) the exception belongs to. */
      flow: string | null;
      context: ReportContext;
    }
  | { kind: 'toast'; fCode: string | null; context: ReportContext };

/** The loaded SDK: sends in the background; counts what the ingest did not take. */
export interface ReportingRuntime {
  send(report: PendingReport): void;
  dropped(): number;
}

/** Reports kept while the SDK loads; past this they are dropped (and counted). */
const MAX_QUEUED = 30;

export interface ErrorReporter {
  captureException(error: unknown, extra?: { fCode?: string | null; flow?: string | null }): void;
  /** An error toast the user saw, with its f-code when it has one. */
  captureToast(fCode: string | null): void;
  /** Reports dropped: the queue full, the SDK not loading, the ingest refusing or down. */
  droppedCount(): number;
}

export function createErrorReporter(
  loadRuntime: () => Promise<ReportingRuntime>,
  getContext: () => ReportContext,
): ErrorReporter {
  const queue: PendingReport[] = [];
  let runtime: ReportingRuntime | null = null;
  let loading: Promise<void> | null = null;
  let dropped = 0;

  const load = (): Promise<void> => {
    loading ??= loadRuntime()
      .then((loaded) => {
        runtime = loaded;
        for (const report of queue.splice(0)) loaded.send(report);
      })
      .catch(() => {
        // No SDK (offline, chunk gone): what waited is dropped; the next report tries again.
        dropped += queue.splice(0).length;
        loading = null;
      });
    return loading;
  };

  const enqueue = (report: PendingReport) => {
    if (runtime) {
      runtime.send(report);
      return;
    }
    if (queue.length >= MAX_QUEUED) dropped += 1;
    else queue.push(report);
    void load();
  };

  return {
    captureException(error, extra) {
      enqueue({
        kind: 'exception',
        error,
        fCode: extra?.fCode ?? null,
        flow: extra?.flow ?? null,
        context: getContext(),
      });
    },
    captureToast(fCode) {
      enqueue({ kind: 'toast', fCode, context: getContext() });
    },
    droppedCount: () => dropped + (runtime?.dropped() ?? 0),
  };
}

/** Uncaught exceptions and unhandled rejections of the page go to `reporter`. */
export function reportUncaught(target: Window, reporter: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => {
    reporter.captureException(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.captureException(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** The f-code of a catalogue key (`f-0004`), else null. */
export function fCodeOf(key: unknown): string | null {
  return typeof key === 'string' && /^f-\d{4}$/.test(key) ? key : null;
}
