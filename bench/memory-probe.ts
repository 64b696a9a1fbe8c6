// Loaded into the server by the soak (`node --expose-gc --import ./bench/memory-probe.ts …`):
// every SOAK_PROBE_EVERY_MS it collects garbage (when --expose-gc is on) and appends the
// process's memory to SOAK_PROBE_FILE as one JSON line, so the soak can tell the live JS heap
// from what lies outside it (PGlite's WebAssembly memory, buffers). A bench tool, never loaded
// by the server otherwise. A file `<SOAK_PROBE_FILE>.snapshot` asks for a V8 heap snapshot
// beside it (the server's shutdown handler takes the usual SIGUSR2 for a restart).
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const file = process.env.SOAK_PROBE_FILE;
const everyMs = Number(process.env.SOAK_PROBE_EVERY_MS ?? 10_000);
const collect = (globalThis as { gc?: () => void }).gc;

/**
 * Resident memory of the WebAssembly memories (PGlite's heap), MB: V8 maps each one's
 * accessible part right before a guard region of several GB of address space (`---p`), so it is
 * the writable mapping that ends where such a region begins; its Rss is the part PostgreSQL has
 * touched. Null off Linux.
 */
function wasmRssMb(): number | null {
  try {
    let rssKb = 0;
    let previous: { end: bigint; writable: boolean; rssKb: number } | null = null;
    let current: { start: bigint; end: bigint; writable: boolean; rssKb: number } | null = null;
    const close = (sizeKb: number, isGuard: boolean) => {
      if (current && isGuard && sizeKb >= 4 * 1024 * 1024 && previous?.writable) {
        if (previous.end === current.start) rssKb += previous.rssKb;
      }
    };
    let sizeKb = 0;
    let isGuard = false;
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
      if (head) {
        close(sizeKb, isGuard);
        previous = current;
        current = {
          start: BigInt(`0x${head[1]}`),
          end: BigInt(`0x${head[2]}`),
          writable: head[3]!.startsWith('rw'),
          rssKb: 0,
        };
        isGuard = head[3] === '---p';
        continue;
      }
      const size = /^Size:\s+(\d+) kB/.exec(line);
      if (size) sizeKb = Number(size[1]);
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss && current) current.rssKb = Number(rss[1]);
    }
    close(sizeKb, isGuard);
    return Math.round((rssKb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

if (file) {
  const started = Date.now();
  const trigger = `${file}.snapshot`;
  const timer = setInterval(() => {
    collect?.();
    if (existsSync(trigger)) {
      rmSync(trigger);
      writeHeapSnapshot(path.join(path.dirname(file), `soak-${Date.now() - started}.heapsnapshot`));
    }
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
        wasmRssMb: wasmRssMb(),
        afterGc: collect !== undefined,
      })}\n`,
    );
  }, everyMs);
  timer.unref();
}
