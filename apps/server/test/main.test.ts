import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from './helpers.js';

/** The repository root: `npm start` runs main.ts from there. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const data = makeTempDir('sorting-main-');
const running = new Set<ChildProcess>();

function childEnv(): NodeJS.ProcessEnv {
  // Always the PGlite folder in DATA_DIR: this test is about the process and its folder.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return { ...env, DATA_DIR: data.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sorting is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        resolve({
          child,
          url: match[1].replace('localhost', '127.0.0.1'),
          output: () => output,
          exited,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function runSeed(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed-cli.ts'], {
      cwd: ROOT,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  data.remove();
});

// PGlite only (DATABASE_URL is removed for the child): the default run covers it, the
// PostgreSQL run skips the duplicate.
describe.skipIf(Boolean(process.env.DATABASE_URL))('main.ts as a process', () => {
  it('starts on a random port, seeds, refuses a concurrent seed, stops on SIGTERM, keeps its data', async () => {
    const server = await startServer();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(server.output()).toContain('empty database seeded with demo data');

    const refused = await runSeed();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('in use by the server');

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(server.output()).toContain('database closed');

    // Another process opens the same folder and finds the server's data.
    const afterwards = await runSeed();
    expect(afterwards.code).toBe(0);
    expect(afterwards.output).toContain('nothing changed');
  });
});
