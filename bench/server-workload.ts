import {
  BENCH_FIRST_ZONE,
  BENCH_WAREHOUSE_NUMBER,
  benchBadge,
  benchParcel,
} from './bench-database.js';
import { runCycle, signInDevice, lookUpIds, type CallName, type Device } from './http-client.js';
import { percentiles, type Percentiles } from './stats.js';

/** Signed-in devices, one per bench zone, and the next unused parcel of every zone. */
export interface Fleet {
  devices: Device[];
  warehouseId: number;
  zoneIdOf: (device: number) => number;
  /** The next unused parcel barcode of a device's zone, or null when the zone is used up. */
  takeParcel: (device: number) => string | null;
}

export async function signInFleet(
  baseUrl: string,
  devices: number,
  parcelsPerZone: number,
): Promise<Fleet> {
  const signedIn: Device[] = [];
  for (let i = 1; i <= devices; i += 1) {
    signedIn.push(await signInDevice(baseUrl, i - 1, benchBadge(i)));
  }
  const first = signedIn[0];
  if (!first) throw new Error('no devices');
  const { warehouseId, zoneIds } = await lookUpIds(first, BENCH_WAREHOUSE_NUMBER);
  const next = new Array<number>(devices).fill(1);
  return {
    devices: signedIn,
    warehouseId,
    zoneIdOf: (device) => {
      const id = zoneIds.get(BENCH_FIRST_ZONE + device);
      if (id === undefined) throw new Error(`bench zone of device ${device} is missing`);
      return id;
    },
    takeParcel: (device) => {
      const index = next[device] ?? parcelsPerZone + 1;
      if (index > parcelsPerZone) return null;
      next[device] = index + 1;
      return benchParcel(BENCH_FIRST_ZONE + device, index);
    },
  };
}

export interface CallLatencies {
  scan: Percentiles;
  suggest: Percentiles;
  move: Percentiles;
}

export interface ThroughputRun {
  movesPerSecond: number;
  moves: number;
  errors: number;
  firstError: string | null;
  latencyMs: CallLatencies;
}

function emptySamples(): Record<CallName, number[]> {
  return { scan: [], suggest: [], move: [] };
}

function latencies(samples: Record<CallName, number[]>): CallLatencies {
  return {
    scan: percentiles(samples.scan),
    suggest: percentiles(samples.suggest),
    move: percentiles(samples.move),
  };
}

/** Closed model: every device runs cycles back to back for `seconds`. */
export async function runThroughput(fleet: Fleet, seconds: number): Promise<ThroughputRun> {
  const samples = emptySamples();
  let moves = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    fleet.devices.map(async (device) => {
      while (performance.now() < deadline) {
        const barcode = fleet.takeParcel(device.index);
        if (barcode === null) break;
        try {
          const timings = await runCycle(
            device,
            { warehouseId: fleet.warehouseId, zoneId: fleet.zoneIdOf(device.index) },
            barcode,
          );
          samples.scan.push(timings.scan);
          samples.suggest.push(timings.suggest);
          samples.move.push(timings.move);
          moves += 1;
        } catch (error) {
          errors += 1;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    movesPerSecond: Math.round(moves / elapsed),
    moves,
    errors,
    firstError,
    latencyMs: latencies(samples),
  };
}

/** At most this many cycles open at once in the fixed-rate run (5 s of arrivals at 200/s). */
const MAX_OPEN_CYCLES = 1000;

export interface LoadRun {
  rate: number;
  seconds: number;
  moves: number;
  errors: number;
  /** Arrivals not started because MAX_OPEN_CYCLES were open (counted in errors too). */
  dropped: number;
  firstError: string | null;
  /** Every call's latency; a cycle's scan counts from its scheduled start (open model). */
  allCallsMs: Percentiles;
  latencyMs: CallLatencies;
  cycleMs: Percentiles;
}

/**
 * Open model: cycle i starts at start + i / rate whether or not earlier ones have ended, so
 * a slow answer cannot hold back the arrivals (no coordinated omission). Cycles go round the
 * devices; a device may then have several cycles in flight, as a floor of workers would.
 */
export async function runFixedRate(fleet: Fleet, rate: number, seconds: number): Promise<LoadRun> {
  const samples = emptySamples();
  const all: number[] = [];
  const cycles: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let open = 0;
  let dropped = 0;
  for (let i = 0; i < total; i += 1) {
    const scheduled = started + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // A saturated server would queue arrivals without end; past the cap an arrival is
    // dropped and counted as an error, so the run ends on time and says why.
    if (open >= MAX_OPEN_CYCLES) {
      dropped += 1;
      errors += 1;
      firstError ??= `more than ${MAX_OPEN_CYCLES} cycles waiting: the server is saturated`;
      continue;
    }
    const device = fleet.devices[i % fleet.devices.length] as Device;
    const barcode = fleet.takeParcel(device.index);
    if (barcode === null) {
      errors += 1;
      firstError ??= `zone of device ${device.index} used up`;
      continue;
    }
    open += 1;
    inFlight.push(
      runCycle(
        device,
        { warehouseId: fleet.warehouseId, zoneId: fleet.zoneIdOf(device.index) },
        barcode,
        scheduled,
      )
        .then(
          (timings) => {
            samples.scan.push(timings.scan);
            samples.suggest.push(timings.suggest);
            samples.move.push(timings.move);
            all.push(timings.scan, timings.suggest, timings.move);
            cycles.push(timings.scan + timings.suggest + timings.move);
          },
          (error: unknown) => {
            errors += 1;
            firstError ??= (error as Error).message;
          },
        )
        .finally(() => {
          open -= 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return {
    rate,
    seconds,
    moves: cycles.length,
    errors,
    dropped,
    firstError,
    allCallsMs: percentiles(all),
    latencyMs: latencies(samples),
    cycleMs: percentiles(cycles),
  };
}
