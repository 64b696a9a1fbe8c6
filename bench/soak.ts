// The memory soak (`npm run bench -- --only=soak`, never part of a plain `npm run bench`):
// the server on its embedded database (PGlite, or PostgreSQL with `--soak-db=postgres`)
// under a steady load of sorting cycles (scan → suggest → move, 3 calls each) for
// `--soak-minutes` (30 by default), its memory sampled every 10 s by bench/memory-probe.ts
// after a forced garbage collection: the resident set, the live JS heap and what lies outside
// the heap (PGlite's WebAssembly memory, which grows and never shrinks, read from
// /proc/<pid>/smaps). Each device's cycles are paced, never piled up. `--soak-snapshots` also
// writes two V8 heap snapshots (after the warm-up and at the end) into the soak's folder for
// comparison in Chromium's DevTools. Run it with `nice -n 19`: it is a benchmark, not a test.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../e2e/server-process.js';
import { createBenchPostgres, prepareBenchDatabase } from './bench-database.js';
import { runCycle } from './http-client.js';
import { signInFleet, type Fleet } from './server-workload.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

export interface SoakSample {
  seconds: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** PGlite's WebAssembly memory that is resident (bench/memory-probe.ts); 0 on PostgreSQL. */
  wasmRssMb: number | null;
}

export interface SoakResult {
  database: 'pglite' | 'postgres';
  minutes: number;
  cyclesPerSecond: number;
  requestsPerSecond: number;
  cycles: number;
  /** Cycles per second achieved after the warm-up (the target is cyclesPerSecond). */
  achievedCyclesPerSecond: number;
  errors: number;
  firstError: string | null;
  /** Every sample of the probe (after a forced GC). */
  samples: SoakSample[];
  /** RSS at the end of the warm-up, at the half and at the end, MB. */
  rssMb: { afterWarmUp: number; half: number; end: number };
  /** Live JS heap (after GC) at the same points, MB. */
  heapUsedMb: { afterWarmUp: number; half: number; end: number };
  /** PGlite's resident WebAssembly memory at the same points, MB. */
  wasmRssMb: { afterWarmUp: number; half: number; end: number };
  /** RSS growth per 10 minutes over the second half, MB: about 0 once it levelled off. */
  rssSlopeSecondHalfMbPer10Min: number;
  heapSlopeSecondHalfMbPer10Min: number;
  /** The RSS outside PGlite's memory (RSS − its resident WebAssembly memory), same slope. */
  otherSlopeSecondHalfMbPer10Min: number;
  snapshotsDir: string | null;
}

/** Cycles per second: 54 calls/s, the rate of the independent test that found the growth. */
const SOAK_RATE = 18;
const DEVICES = 4;
/** Warm-up before the first reference sample: caches, plans and the JIT settle. */
const WARM_UP_SECONDS = 120;
const CHUNK_SECONDS = 60;

/**
 * `seconds` of a steady load: every device runs sorting cycles one after the other, each
 * started at most `rate / devices` times a second; a server slower than that gets them as fast
 * as it answers (nothing piles up, so the memory seen is the server's own).
 */
async function runPaced(
  fleet: Fleet,
  rate: number,
  seconds: number,
): Promise<{ cycles: number; errors: number; firstError: string | null }> {
  const deadline = performance.now() + seconds * 1000;
  const everyMs = (1000 * fleet.devices.length) / rate;
  let cycles = 0;
  let errors = 0;
  let firstError: string | null = null;
  await Promise.all(
    fleet.devices.map(async (device) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const barcode = fleet.takeParcel(device.index);
        if (barcode === null) throw new Error(`zone of device ${device.index} used up`);
        const ids = { warehouseId: fleet.warehouseId, zoneId: fleet.zoneIdOf(device.index) };
        try {
          await runCycle(device, ids, barcode);
          cycles += 1;
        } catch (error) {
          errors += 1;
          firstError ??= (error as Error).message;
        }
        const wait = started + everyMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }),
  );
  return { cycles, errors, firstError };
}

/** Least-squares slope of y over x, per unit of x. */
function slope(points: { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function readSamples(file: string): SoakSample[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as SoakSample);
  } catch {
    return [];
  }
}

/** The sample nearest to a moment (seconds since the server started). */
function sampleAt(samples: SoakSample[], seconds: number): SoakSample {
  const found = samples.reduce<SoakSample | null>(
    (best, sample) =>
      best === null || Math.abs(sample.seconds - seconds) < Math.abs(best.seconds - seconds)
        ? sample
        : best,
    null,
  );
  if (!found) throw new Error('the memory probe wrote no sample');
  return found;
}

/** Asks the probe for a heap snapshot and waits until it is written. */
async function takeSnapshot(probeFile: string, log: (m: string) => void): Promise<void> {
  const dir = path.dirname(probeFile);
  const count = () => readdirSync(dir).filter((name) => name.endsWith('.heapsnapshot')).length;
  const before = count();
  writeFileSync(`${probeFile}.snapshot`, '');
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (count() > before && !existsSync(`${probeFile}.snapshot`)) {
      // Written once the next sample follows it.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      log(`heap snapshot written in ${dir}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  log('heap snapshot not written within 180 s');
}

export async function runSoak(options: {
  minutes: number;
  database: 'pglite' | 'postgres';
  serverUrl: string;
  snapshots: boolean;
  log: (message: string) => void;
}): Promise<SoakResult> {
  const { minutes, database, log } = options;
  const seconds = minutes * 60;
  const cyclesNeeded = SOAK_RATE * (seconds + WARM_UP_SECONDS);
  const parcelsPerZone = Math.ceil((cyclesNeeded * 1.05) / DEVICES);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sorting-soak-'));
  const probeFile = path.join(workDir, 'memory.jsonl');
  const postgres = database === 'postgres' ? await createBenchPostgres(options.serverUrl) : null;
  let server: RunningServer | undefined;
  try {
    log(`soak (${database}): seeding ${DEVICES} zones × ${parcelsPerZone} parcels`);
    const dataDir = path.join(workDir, 'data');
    await prepareBenchDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir }, {
      devices: DEVICES,
      parcelsPerZone,
    });
    server = await startServer(
      {
        ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir }),
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
        SOAK_PROBE_FILE: probeFile,
      },
      ['--expose-gc', '--import', path.join(benchDir, 'memory-probe.ts')],
      // Under `nice -n 19` on a busy machine the start alone can take minutes.
      600_000,
    );
    const fleet = await signInFleet(server.url, DEVICES, parcelsPerZone);
    log(`soak: warm-up ${WARM_UP_SECONDS} s at ${SOAK_RATE} cycles/s`);
    let cycles = 0;
    let errors = 0;
    let firstError: string | null = null;
    const running = server;
    const run = async (chunk: number) => {
      if (running.process.exitCode !== null || running.process.signalCode !== null) {
        throw new Error(
          `the server stopped (${running.process.exitCode ?? running.process.signalCode})`,
        );
      }
      const result = await runPaced(fleet, SOAK_RATE, chunk);
      cycles += result.cycles;
      errors += result.errors;
      firstError ??= result.firstError;
    };
    for (let done = 0; done < WARM_UP_SECONDS; done += CHUNK_SECONDS) await run(CHUNK_SECONDS);
    const warmUpEnd = readSamples(probeFile).at(-1)?.seconds ?? 0;
    if (options.snapshots) await takeSnapshot(probeFile, log);
    const cyclesAtWarmUp = cycles;
    const loadStarted = performance.now();
    for (let minute = 1; minute <= minutes; minute += 1) {
      await run(CHUNK_SECONDS);
      const last = readSamples(probeFile).at(-1);
      log(
        `soak minute ${minute}/${minutes}: RSS ${last?.rssMb} MB, heap ${last?.heapUsedMb} MB, ` +
          `PGlite memory ${last?.wasmRssMb} MB, ${cycles} cycles, ${errors} errors`,
      );
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    if (options.snapshots) await takeSnapshot(probeFile, log);
    const samples = readSamples(probeFile);
    const end = samples.at(-1)?.seconds ?? warmUpEnd;
    const half = warmUpEnd + (end - warmUpEnd) / 2;
    const secondHalf = samples.filter((sample) => sample.seconds >= half);
    const per10Min = (pick: (s: SoakSample) => number) =>
      Math.round(slope(secondHalf.map((s) => ({ x: s.seconds, y: pick(s) }))) * 600 * 10) / 10;
    const at = (moment: number) => sampleAt(samples, moment);
    return {
      database,
      minutes,
      cyclesPerSecond: SOAK_RATE,
      requestsPerSecond: SOAK_RATE * 3,
      cycles,
      achievedCyclesPerSecond: Math.round(((cycles - cyclesAtWarmUp) / loadSeconds) * 10) / 10,
      errors,
      firstError,
      samples,
      rssMb: { afterWarmUp: at(warmUpEnd).rssMb, half: at(half).rssMb, end: at(end).rssMb },
      heapUsedMb: {
        afterWarmUp: at(warmUpEnd).heapUsedMb,
        half: at(half).heapUsedMb,
        end: at(end).heapUsedMb,
      },
      wasmRssMb: {
        afterWarmUp: at(warmUpEnd).wasmRssMb ?? 0,
        half: at(half).wasmRssMb ?? 0,
        end: at(end).wasmRssMb ?? 0,
      },
      rssSlopeSecondHalfMbPer10Min: per10Min((s) => s.rssMb),
      otherSlopeSecondHalfMbPer10Min: per10Min((s) => s.rssMb - (s.wasmRssMb ?? 0)),
      heapSlopeSecondHalfMbPer10Min: per10Min((s) => s.heapUsedMb),
      snapshotsDir: options.snapshots ? workDir : null,
    };
  } finally {
    await server?.stop();
    await postgres?.drop();
    if (!options.snapshots) rmSync(workDir, { recursive: true, force: true });
  }
}
