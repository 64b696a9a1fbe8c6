import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** pgbench from PATH or Debian's PostgreSQL packages. */
export function findPgbench(): string {
  const candidates = ['/usr/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench'];
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new Error('pgbench is missing: apt-get install -y postgresql-contrib (Debian)');
  }
  return found;
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
