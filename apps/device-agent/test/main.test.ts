// The command itself: starts with a config file, stops cleanly on SIGTERM, explains bad config.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeTempDir } from './helpers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function runAgent(args: string[]) {
  return watch(
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: packageDir,
      env: { ...process.env, NO_COLOR: '1', INIT_CWD: packageDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/**
 * `npm run agent -- <args>` from the repository root, as README.md tells a newcomer, in its own
 * process group: Ctrl+C reaches npm and the agent alike, and a failed test stops both.
 */
function runNpmAgent(args: string[], env: Record<string, string> = {}, cwd = repoRoot) {
  const { INIT_CWD: _initCwd, ...inherited } = process.env;
  const child = spawn('npm', ['run', 'agent', '--', ...args], {
    cwd,
    env: { ...inherited, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      // Already gone.
    }
  };
  return { ...watch(child), signalGroup };
}

function watch(child: ChildProcess) {
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = async (pattern: RegExp, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = pattern.exec(output);
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${pattern} in the agent output:\n${output}`);
  };
  return { child, exited, waitForLine, output: () => output };
}

describe('device agent command', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('serves the local websocket and stops cleanly on SIGTERM', async () => {
    const file = path.join(temp.dir, 'agent.json');
    await writeFile(
      file,
      JSON.stringify({
        appId: 'CMD-PC',
        agentKey: 'k',
        // Nothing listens there: the agent must run without its hub.
        serverUrl: 'http://127.0.0.1:9',
        port: 0,
        printers: [{ id: 'p', name: 'P', output: 'pdf-folder', dir: temp.dir }],
      }),
    );
    const agent = runAgent(['--config', file]);
    try {
      const [, port] = await agent.waitForLine(/local printer websocket ws:\/\/127\.0\.0\.1:(\d+)/);
      const version = await new Promise<unknown>((resolve, reject) => {
        // A page of the configured server (127.0.0.1:9), under its localhost name.
        const socket = new WebSocket(`ws://127.0.0.1:${port}`, { origin: 'http://localhost:9' });
        socket.on('open', () => socket.send(JSON.stringify({ action: 'version' })));
        socket.on('message', (data) => {
          resolve(JSON.parse(data.toString()));
          socket.close();
        });
        socket.on('error', reject);
      });
      expect(version).toMatchObject({ action: 'version', appId: 'CMD-PC' });

      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
      expect(agent.output()).toMatch(/INFO {2}SIGTERM: stopping\n[\s\S]*INFO {2}stopped\n$/);
    } finally {
      agent.child.kill('SIGKILL');
    }
  });

  it('exits with code 2 and the list of problems on a bad config', async () => {
    const file = path.join(temp.dir, 'bad.json');
    await writeFile(file, JSON.stringify({ appId: 'X', printers: [] }));
    const agent = runAgent(['--config', file]);
    expect(await agent.exited).toBe(2);
    expect(agent.output()).toContain(`Invalid ${file}:`);
    expect(agent.output()).toMatch(/- agentKey: /);
    expect(agent.output()).toMatch(/- printers: /);
  });

  it('`npm run agent -- --help` prints the agent usage, not npm’s', async () => {
    const agent = runNpmAgent(['--help']);
    expect(await agent.exited).toBe(0);
    expect(agent.output()).toMatch(/^Usage: npm run agent -- \[options\]$/m);
    expect(agent.output()).toContain('--server-url <url>');
  });

  it('`npm run agent -- --server-url …` runs with the flags, relative folders from the caller', async () => {
    // Typed in a subfolder of the repository (npm finds the root's package.json above it): the
    // labels folder is relative to that subfolder. The agent creates it with the first label.
    const typedIn = path.join(repoRoot, 'docs');
    const agent = runNpmAgent(
      ['--server-url', 'http://127.0.0.1:9', '--port', '0', '--labels-dir', 'labels-test'],
      {},
      typedIn,
    );
    try {
      await agent.waitForLine(/local printer websocket ws:\/\/127\.0\.0\.1:(\d+)/);
      // The last start-up line: the lines before it have all been read by then (a pipe may hand
      // them over in several chunks).
      await agent.waitForLine(/allowed web origins .*http:\/\/127\.0\.0\.1:9/);
      expect(agent.output()).toMatch(/printer pdf-1 .*to=/);
      expect(agent.output()).toContain(`to=${path.join(typedIn, 'labels-test')}`);
      agent.signalGroup('SIGINT');
      expect(await agent.exited).toBe(0);
      expect(agent.output()).toMatch(/SIGINT: stopping[\s\S]*stopped/);
    } finally {
      agent.signalGroup('SIGKILL');
    }
  });

  it('without --server-url the demo follows the server’s PORT', async () => {
    const agent = runNpmAgent(['--port', '0', '--labels-dir', temp.dir], { PORT: '4123' });
    try {
      await agent.waitForLine(/allowed web origins .*http:\/\/localhost:4123/);
      agent.signalGroup('SIGINT');
      expect(await agent.exited).toBe(0);
    } finally {
      agent.signalGroup('SIGKILL');
    }
  });
});
