import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config.js';

const exampleFile = fileURLToPath(new URL('../device-agent.example.json', import.meta.url));

describe('loadConfig', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agent-config-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the demo setup without a config file', async () => {
    const result = await loadConfig([], '/home/worker', {});
    expect(result).toMatchObject({
      kind: 'run',
      config: {
        appId: 'DEMO-PC-1',
        agentKey: 'demo-agent-key',
        serverUrl: 'http://localhost:3000',
        host: '127.0.0.1',
        port: 55557,
        printers: [{ id: 'pdf-1', output: 'pdf-folder', dir: '/home/worker/labels-out' }],
        scale: { kind: 'simulated', scaleId: 'scale-1' },
        // Only the server's pages (under each loopback name), not any local port.
        allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      },
    });
  });

  it('points the demo at the server’s PORT, as the server reads it', async () => {
    const result = await loadConfig([], dir, { PORT: '4100' });
    expect(result).toMatchObject({
      kind: 'run',
      config: {
        serverUrl: 'http://localhost:4100',
        allowedOrigins: ['http://localhost:4100', 'http://127.0.0.1:4100', 'http://[::1]:4100'],
      },
    });
    // --server-url wins over PORT, and then a PORT the agent cannot use does not matter.
    const flagged = await loadConfig(['--server-url', 'http://10.0.0.2:8080'], dir, {
      PORT: '0',
    });
    expect(flagged).toMatchObject({
      config: { serverUrl: 'http://10.0.0.2:8080', allowedOrigins: ['http://10.0.0.2:8080'] },
    });
    await expect(loadConfig([], dir, { PORT: '0' })).rejects.toThrow(
      'PORT=0 names no server port (1..65535); pass the server with --server-url',
    );
  });

  it('adds the origins of --allow-origin and of the file to the server’s own', async () => {
    const result = await loadConfig(
      ['--allow-origin', 'http://localhost:5173', '--allow-origin', 'https://kiosk.example.com'],
      dir,
      {},
    );
    if (result.kind !== 'run') throw new Error('expected a configuration');
    expect(result.config.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:5173',
      'https://kiosk.example.com',
    ]);
    await expect(loadConfig(['--allow-origin', 'http://x/app'], dir, {})).rejects.toThrow(
      /allowedOrigins\.0: must be scheme:\/\/host/,
    );
  });

  it('reads the committed example file', async () => {
    const result = await loadConfig(['--config', exampleFile], dir);
    if (result.kind !== 'run') throw new Error('expected a configuration');
    expect(result.config.appId).toBe('PACK-PC-07');
    expect(result.config.printers.map((p) => p.output)).toEqual(['pdf-folder', 'cups', 'zpl-tcp']);
    expect(result.config.printers[0]).toMatchObject({ dir: path.join(dir, 'labels-out') });
    expect(result.config.allowedOrigins).toEqual([
      'https://sorting.example.com',
      'https://sorting-training.example.com',
    ]);
    expect(result.config.scale).toEqual({
      kind: 'serial',
      scaleId: 'scale-1',
      path: '/dev/ttyUSB0',
      baudRate: 9600,
    });
  });

  it('lets flags override the file, and fills defaults', async () => {
    const file = path.join(dir, 'agent.json');
    await writeFile(
      file,
      JSON.stringify({
        appId: 'A',
        agentKey: 'k',
        serverUrl: 'https://sorting.example.com/',
        printers: [{ id: 'z', name: 'Zebra', output: 'zpl-tcp', host: '10.0.0.5' }],
      }),
    );
    const result = await loadConfig(
      ['--config', 'agent.json', '--app-id', 'B', '--port', '6000', '--labels-dir', 'out'],
      dir,
    );
    expect(result).toMatchObject({
      kind: 'run',
      source: file,
      config: {
        appId: 'B',
        port: 6000,
        serverUrl: 'https://sorting.example.com',
        printers: [{ id: 'z', output: 'zpl-tcp', host: '10.0.0.5', port: 9100 }],
        scale: null,
      },
    });
    if (result.kind === 'run') {
      expect(result.config.allowedOrigins).toEqual(['https://sorting.example.com']);
    }
  });

  it('explains every problem of a bad file', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({
        appId: '',
        agentKey: 'k',
        serverUrl: 'ftp://x',
        printers: [
          { id: 'p', name: 'P', output: 'cups' },
          { id: 'p', name: 'Q', output: 'pdf-folder' },
        ],
        scale: { kind: 'serial', scaleId: 's' },
        colour: 'blue',
      }),
    );
    const error = await loadConfig(['--config', file], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`Invalid ${file}:`);
    expect(message).toMatch(/- appId: /);
    expect(message).toContain('- serverUrl: must be an http(s):// URL');
    expect(message).toMatch(/- printers\.0\.queue: /);
    expect(message).toMatch(/- scale\.path: /);
    expect(message).toMatch(/- \(root\): Unrecognized key: "colour"/);
  });

  it('reports a missing file, bad JSON and unknown flags clearly', async () => {
    await expect(loadConfig(['--config', 'nope.json'], dir)).rejects.toThrow(
      /^Cannot read config file .*nope\.json/,
    );
    await writeFile(path.join(dir, 'x.json'), '{ appId: ');
    await expect(loadConfig(['--config', 'x.json'], dir)).rejects.toThrow(/is not JSON/);
    await expect(loadConfig(['--colour', 'blue'], dir)).rejects.toThrow(
      /Unknown option '--colour'/,
    );
    await expect(loadConfig(['--port', 'abc'], dir, {})).rejects.toThrow('--port must be a number');
  });

  it('answers --help with the usage', async () => {
    expect(await loadConfig(['--help'], dir)).toEqual({ kind: 'help' });
  });
});

describe('parseConfig', () => {
  it('refuses duplicate printer ids and origin patterns with a path', () => {
    expect(() =>
      parseConfig({
        appId: 'A',
        agentKey: 'k',
        serverUrl: 'http://s',
        allowedOrigins: ['http://localhost:3000/app'],
        printers: [
          { id: 'p', name: 'P', output: 'pdf-folder' },
          { id: 'p', name: 'Q', output: 'pdf-folder' },
        ],
      }),
    ).toThrow(
      /allowedOrigins\.0: must be scheme:\/\/host\[:port\|:\*\], no path[\s\S]*printers\.1\.id: duplicate printer id "p"/,
    );
  });
});
