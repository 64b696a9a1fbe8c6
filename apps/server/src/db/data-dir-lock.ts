import fs from 'node:fs';

/**
 * PGlite is one process per data folder (design/stack.md): two processes writing the same
 * folder corrupt it, and PGlite itself takes no lock. So whoever opens the folder (the server
 * or the seed command) holds a lock file beside it, as PostgreSQL keeps postmaster.pid.
 */
export interface LockHolder {
  pid: number;
  /** What holds the folder, for the refusal message: 'server', 'seed', ... */
  purpose: string;
  since: string;
}

/** The folder is held by another live process (or already by this one). */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError';
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The database folder is in use by ${holder.purpose} (pid ${holder.pid}, since ${holder.since}); lock file ${lockPath}`,
    );
  }
}

/** Locks taken by this process: a stale file with our own pid (a restarted container runs
 * as pid 1 again) is only busy when we really hold it. */
const heldByThisProcess = new Set<string>();

function readHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      purpose: typeof parsed.purpose === 'string' ? parsed.purpose : 'another process',
      since: typeof parsed.since === 'string' ? parsed.since : 'unknown',
    };
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isHeld(lockPath: string, holder: LockHolder | null): holder is LockHolder {
  if (!holder) return false;
  if (holder.pid === process.pid) return heldByThisProcess.has(lockPath);
  return isProcessAlive(holder.pid);
}

/**
 * Takes the lock file or throws DatabaseBusyError; a stale file of a dead process is replaced.
 * Returns the release function (idempotent; removes the file only while it is still ours).
 */
export function acquireDataDirLock(lockPath: string, purpose: string): () => void {
  const holder: LockHolder = { pid: process.pid, purpose, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(lockPath);
      if (isHeld(lockPath, current)) throw new DatabaseBusyError(lockPath, current);
      // Two starters may both find the same stale file; the second `wx` write then loses.
      if (attempt >= 2) throw new DatabaseBusyError(lockPath, current ?? holder);
      fs.rmSync(lockPath, { force: true });
    }
  }
  heldByThisProcess.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldByThisProcess.delete(lockPath);
    if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
  };
}
