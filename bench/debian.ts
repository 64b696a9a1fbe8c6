import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The first of `candidates` that exists; when none does, Debian's `pkg` is installed with
 * apt-get first (as `.ci/run` does), so `npm run bench` runs on a fresh machine. Without
 * root or apt-get it says what to install.
 */
export async function ensureDebianProgram(
  candidates: (string | undefined)[],
  pkg: string,
  log: (message: string) => void,
): Promise<string> {
  const find = () => candidates.find((file): file is string => !!file && existsSync(file));
  const found = find();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(`${candidates.join(' or ')} is missing: apt-get install -y ${pkg} (Debian)`);
  }
  log(`installing ${pkg} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env, maxBuffer: 1 << 26 });
  await run('apt-get', ['install', '-y', '-qq', pkg], { env, maxBuffer: 1 << 26 });
  const installed = find();
  if (!installed) throw new Error(`${pkg} installed, but none of ${candidates.join(', ')}`);
  return installed;
}
