/** Where a scan came from. */
export type ScanSource = 'scanner' | 'keyboard' | 'camera' | 'nfc' | 'ocr';

/** One scan: the raw text as the device gave it. */
export interface Scan {
  readonly id: number;
  readonly text: string;
  readonly source: ScanSource;
  /** Arrival time, ms since the epoch. */
  readonly at: number;
}

/** A screen's reaction to a scan; the next scan waits until its promise settles. */
export type ScanHandler = (scan: Scan) => void | Promise<void>;

/**
 * Asked before the screens: true (or a promise of true) when it took the scan, which then
 * reaches no handler. Answer synchronously for scans it does not want, so they are not delayed.
 */
export type ScanClaim = (scan: Scan) => boolean | Promise<boolean>;

/**
 * The one scan input of the app: the keyboard wedge, the scan panel and the camera
 * feed it, every screen listens through `onScan`.
 */
export interface ScanInput {
  /** Feeds a scan in; returns it (already acknowledged, queued for the handlers). */
  push(text: string, source: ScanSource): Scan;
  /** Feeds an existing scan in again; the same object is handled only once. */
  deliver(scan: Scan): boolean;
  /** Handles every scan, one at a time, in arrival order. Returns an unsubscribe function. */
  onScan(handler: ScanHandler): () => void;
  /**
   * Asks `claim` first about every scan (the shell's user switch by badge): a claimed scan is
   * consumed there and no `onScan` handler gets it. Returns an unsubscribe function.
   */
  claim(claim: ScanClaim): () => void;
  /** Hears every scan at once on arrival, before the queue (the scan panel's flash). */
  onReceive(listener: (scan: Scan) => void): () => void;
  /** Scans received and not yet handled (the one being handled included). */
  pendingCount(): number;
}

export interface ScanInputDeps {
  /** Plays the immediate acknowledgement (the sound player marks 'sound:scan'). */
  play: (name: 'scan') => void;
  now: () => number;
  /** Records `scan:received` on arrival; benchmarks read it (bench/browser.ts). */
  mark?: (name: string) => void;
  /** A handler failed: the queue goes on (default: console.error). */
  onError?: (error: unknown) => void;
  /**
   * How long a scan that no screen listens to yet (its page still loading) is kept for the
   * first handler that subscribes (default SCAN_HOLD_MS); an older one is dropped then.
   */
  holdMs?: number;
}

/**
 * A scan that arrives while no screen listens (a page's code or its flow still loading) waits
 * this long for the screen (spec part 1 §4: no scan may be lost; docs/DECISIONS.md "Scanning input").
 * Longer would hand a scan made on a screen without scanning to a page opened much later.
 */
export const SCAN_HOLD_MS = 5000;

/** Creates the scan input with its queue. */
export function createScanInput(deps: ScanInputDeps): ScanInput {
  const handlers = new Set<ScanHandler>();
  const claims = new Set<ScanClaim>();
  const receivers = new Set<(scan: Scan) => void>();
  const seen = new WeakSet<Scan>();
  const queue: Scan[] = [];
  /** Scans no handler was there for, in arrival order, kept for SCAN_HOLD_MS. */
  const held: Scan[] = [];
  const holdMs = deps.holdMs ?? SCAN_HOLD_MS;
  const onError = deps.onError ?? ((error: unknown) => console.error(error));
  let isDraining = false;
  let inFlight = 0;
  let nextId = 1;

  /** True (or a promise of it) when a claim took the scan; a failing claim did not. */
  function isClaimed(scan: Scan): boolean | Promise<boolean> {
    const pending: Promise<boolean>[] = [];
    for (const claim of claims) {
      try {
        const answer = claim(scan);
        if (answer === true) return true;
        if (answer) pending.push(answer.catch((error: unknown) => (onError(error), false)));
      } catch (error) {
        onError(error);
      }
    }
    return pending.length > 0 && Promise.all(pending).then((answers) => answers.includes(true));
  }

  async function drain(): Promise<void> {
    if (isDraining) return;
    isDraining = true;
    try {
      for (let scan = queue.shift(); scan; scan = queue.shift()) {
        inFlight = 1;
        const current = scan;
        // Awaited only when a claim is still deciding: otherwise handlers start in the same tick.
        const claimed = isClaimed(current);
        if (claimed === true || (claimed !== false && (await claimed))) {
          inFlight = 0;
          continue;
        }
        if (handlers.size === 0) {
          // No screen listens yet: kept for the first one that subscribes.
          held.push(current);
          inFlight = 0;
          continue;
        }
        // Handlers of one scan run side by side; the next scan waits for all of them.
        const results = [...handlers].map((handler) => {
          try {
            return Promise.resolve(handler(current));
          } catch (error) {
            return Promise.reject(error);
          }
        });
        for (const result of await Promise.allSettled(results)) {
          if (result.status === 'rejected') onError(result.reason);
        }
        inFlight = 0;
      }
    } finally {
      isDraining = false;
      inFlight = 0;
    }
  }

  const deliver = (scan: Scan): boolean => {
    if (seen.has(scan)) return false;
    seen.add(scan);
    deps.mark?.('scan:received');
    // ux.md "Feedback in under 100 ms": acknowledged before any handler or server work.
    deps.play('scan');
    for (const receiver of [...receivers]) receiver(scan);
    queue.push(scan);
    void drain();
    return true;
  };

  return {
    push(text, source) {
      const scan: Scan = { id: nextId++, text, source, at: deps.now() };
      deliver(scan);
      return scan;
    },
    deliver,
    onScan(handler) {
      handlers.add(handler);
      // Held scans still fresh go to the new screen first, in arrival order.
      const fresh = held.splice(0).filter((scan) => deps.now() - scan.at <= holdMs);
      if (fresh.length > 0) {
        queue.unshift(...fresh);
        // After this commit's other subscriptions (a page may listen twice).
        queueMicrotask(() => void drain());
      }
      return () => {
        handlers.delete(handler);
      };
    },
    claim(claim) {
      claims.add(claim);
      return () => {
        claims.delete(claim);
      };
    },
    onReceive(listener) {
      receivers.add(listener);
      return () => {
        receivers.delete(listener);
      };
    },
    pendingCount: () => queue.length + inFlight,
  };
}
