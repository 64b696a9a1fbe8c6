import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { ensureDebianProgram } from './debian.js';

const run = promisify(execFile);

let pgbench: string | undefined;

/** pgbench of Debian's PostgreSQL packages, installed (postgresql-contrib) when missing. */
export async function ensurePgbench(log: (message: string) => void): Promise<string> {
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql');
  } catch {
    // no PostgreSQL packages yet: the install below brings them
  }
  pgbench ??= await ensureDebianProgram(
    [
      '/usr/bin/pgbench',
      ...versions.map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`),
    ],
    'postgresql-contrib',
    log,
  );
  return pgbench;
}

function findPgbench(): string {
  if (!pgbench) throw new Error('ensurePgbench first');
  return pgbench;
}

/** `pgbench -i -s <scale>` into the database at `url`. */
export async function initPgbench(url: string, scale: number): Promise<void> {
  await run(findPgbench(), ['-i', '-q', '-s', String(scale), url], { maxBuffer: 1 << 24 });
}

/** TPC-B: `pgbench -c <clients> -j <threads> -T <seconds>`; answers the tps. */
export async function runPgbench(
  url: string,
  options: { clients: number; threads: number; seconds: number },
): Promise<number> {
  const { stdout } = await run(
    findPgbench(),
    [
      '-c',
      String(options.clients),
      '-j',
      String(options.threads),
      '-T',
      String(options.seconds),
      url,
    ],
    { maxBuffer: 1 << 24 },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!match?.[1]) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(match[1]);
}
