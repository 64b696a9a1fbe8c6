// What bench/browser.ts puts into the page before the app, and one timed scan over it.
import type { Page } from 'playwright-core';
import type { Scanner } from '../e2e/scanner.js';

// Runs in the page before the app: the Enter keystroke time (capture phase on window, the
// first listener), long tasks, and a wait for a mark without polling the page.
export const PAGE_PROBE = `(() => {
  const enters = [];
  const longTasks = [];
  const marks = [];
  const waiters = [];
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') enters.push(performance.now());
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.push({ name: entry.name, at: entry.startTime, detail: entry.detail });
    }
    for (const waiter of [...waiters]) waiter();
  }).observe({ type: 'mark', buffered: true });
  const find = (name, after, detail) =>
    marks.find((m) => m.at >= after && (name.endsWith('*') ? m.name.startsWith(name.slice(0, -1)) : m.name === name) && (detail === undefined || m.detail === detail));
  window.__bench = {
    lastEnter: () => enters[enters.length - 1] ?? -1,
    longTasks: () => longTasks.slice(),
    find,
    waitFor: (name, after, detail, timeoutMs) => new Promise((resolve, reject) => {
      const check = () => {
        const found = find(name, after, detail);
        if (!found) return false;
        waiters.splice(waiters.indexOf(check), 1);
        clearTimeout(timer);
        resolve(found.at);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(check), 1);
        reject(new Error('no ' + name + ' ' + (detail ?? '') + ' mark'));
      }, timeoutMs);
      waiters.push(check);
      check();
    }),
  };
})();`;

export interface BenchWindow {
  __bench: {
    lastEnter(): number;
    longTasks(): Array<{ at: number; ms: number }>;
    find(name: string, after: number, detail?: string): { at: number } | undefined;
    waitFor(
      name: string,
      after: number,
      detail: string | undefined,
      timeoutMs: number,
    ): Promise<number>;
  };
}

export interface ScanTiming {
  promptMs: number;
  ackMs: number;
  soundMs: number | null;
  enterAt: number;
}

/** One scan: Enter → painted prompt of `state`, the acknowledgement and the result sound. */
export async function timeScan(
  page: Page,
  scanner: Scanner,
  barcode: string,
  state: string,
  sound: string | null,
  mark = 'sorting:prompt',
): Promise<ScanTiming> {
  const before = await page.evaluate(() => (window as unknown as BenchWindow).__bench.lastEnter());
  await scanner.scan(barcode);
  return page.evaluate(
    async ({ before, state, sound, mark }) => {
      const bench = (window as unknown as BenchWindow).__bench;
      let enterAt = bench.lastEnter();
      for (let i = 0; enterAt === before && i < 100; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        enterAt = bench.lastEnter();
      }
      const promptAt = await bench.waitFor(mark, enterAt, state, 15_000);
      const ackAt = await bench.waitFor('sound:scan', enterAt, undefined, 15_000);
      const soundAt =
        sound === null ? null : await bench.waitFor(sound, enterAt, undefined, 15_000);
      return {
        enterAt,
        promptMs: promptAt - enterAt,
        ackMs: ackAt - enterAt,
        soundMs: soundAt === null ? null : soundAt - enterAt,
      };
    },
    { before, state, sound, mark },
  );
}
