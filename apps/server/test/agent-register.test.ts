import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { hashAgentKey } from '../src/modules/printing-hub/agent-keys.js';
import { createPrintingHubRepository } from '../src/modules/printing-hub/printing-hub.repository.js';
import { makeTempDir } from './helpers.js';

// `npm run agent:register -w @sorting/server -- --app-id <id> --name <name>`.
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const data = makeTempDir('sorting-agent-register-');

function register(...args: string[]): Promise<{ code: number; output: string }> {
  // Always the PGlite folder in DATA_DIR: the test reads that folder afterwards.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/modules/printing-hub/register-agent-cli.ts', ...args],
      { cwd: SERVER_DIR, env: { ...env, DATA_DIR: data.dir } },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

afterAll(() => data.remove());

describe('agent:register', () => {
  it('registers an agent, prints its key once and stores only the hash', async () => {
    const first = await register('--app-id', 'PC-7', '--name', 'Desk 7');
    expect(first.code).toBe(0);
    const key = /shown only this once:\s+(\S+)/.exec(first.output)?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await register('--app-id', 'PC-7', '--name', 'Desk 7 again');
    expect(again.code).toBe(1);
    expect(again.output).toContain('already registered');
    expect(again.output).not.toContain(key!);

    const database = await openDatabase({ databaseUrl: null, dataDir: data.dir });
    try {
      const repository = createPrintingHubRepository(database.db);
      expect(await repository.findAgentByKeyHash(hashAgentKey(key!))).toMatchObject({
        appId: 'PC-7',
        name: 'Desk 7',
      });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('explains itself when the app id or name is missing', async () => {
    const missing = await register('--app-id', 'PC-8');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Usage: npm run agent:register');
  });
});
