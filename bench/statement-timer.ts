// Every SQL statement a pg client sends, timed from the call to its answer, while recording
// (the development aids bench/profile.ts and bench/profile-transit.ts; never in `npm run bench`).
import pg from 'pg';

export interface TimedStatement {
  text: string;
  ms: number;
}

/** Wraps `pg.Client.prototype.query` once; `recording` toggles what is kept. */
export function timeStatements() {
  const statements: TimedStatement[] = [];
  const original = pg.Client.prototype.query;
  const state = { recording: false };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    const text = String(typeof config === 'string' ? config : config?.text);
    const started = performance.now();
    const last = args[args.length - 1];
    if (state.recording && typeof last === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        statements.push({ text, ms: performance.now() - started });
        return (last as (...a: unknown[]) => unknown)(...cbArgs);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (state.recording && result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => statements.push({ text, ms: performance.now() - started }),
        () => statements.push({ text: `FAILED ${text}`, ms: performance.now() - started }),
      );
    }
    return result;
  } as typeof original;
  return {
    statements,
    set recording(on: boolean) {
      state.recording = on;
    },
  };
}

/** The statements grouped by their first 140 characters, slowest total first. */
export function byStatement(statements: readonly TimedStatement[]) {
  const groups = new Map<string, { n: number; ms: number }>();
  for (const s of statements) {
    const key = s.text.replace(/\s+/g, ' ').slice(0, 140);
    const entry = groups.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += s.ms;
    groups.set(key, entry);
  }
  return [...groups].sort((a, b) => b[1].ms - a[1].ms);
}
