// Loaded into the server by the soak (`node --expose-gc --import ./bench/memory-probe.ts …`):
// every SOAK_PROBE_EVERY_MS it collects garbage (when --expose-gc is on) and appends the
// process's memory to SOAK_PROBE_FILE as one JSON line, so the soak can tell the live JS heap
// from what lies outside it (PGlite's WebAssembly memory, buffers). A bench tool, never loaded
// by the server otherwise.
import { appendFileSync } from 'node:fs';

const file = process.env.SOAK_PROBE_FILE;
const everyMs = Number(process.env.SOAK_PROBE_EVERY_MS ?? 10_000);
const collect = (globalThis as { gc?: () => void }).gc;

if (file) {
  const started = Date.now();
  const timer = setInterval(() => {
    collect?.();
    const usage = process.memoryUsage();
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    appendFileSync(
      file,
      `${JSON.stringify({
        seconds: Math.round((Date.now() - started) / 1000),
        rssMb: mb(usage.rss),
        heapUsedMb: mb(usage.heapUsed),
        heapTotalMb: mb(usage.heapTotal),
        externalMb: mb(usage.external),
        arrayBuffersMb: mb(usage.arrayBuffers),
        afterGc: collect !== undefined,
      })}\n`,
    );
  }, everyMs);
  timer.unref();
}
