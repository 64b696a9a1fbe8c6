import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sizeLimit from 'size-limit';
import filePlugin from '@size-limit/file';
import { startServer } from '../e2e/server-process.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'apps/web');

export interface WebWeight {
  firstScreenJsGzipKb: number;
  sortingJsGzipKb: number;
}

/** Builds the web app and measures the two size-limit checks of apps/web/.size-limit.mjs. */
export async function measureWebWeight(): Promise<WebWeight> {
  await run('npm', ['run', 'build', '-w', '@sorting/web'], { cwd: repoRoot, maxBuffer: 1 << 24 });
  const config = (await import(path.join(webDir, '.size-limit.mjs'))) as {
    default: Array<{ path: string[]; gzip: boolean }>;
  };
  const sizes: number[] = [];
  for (const check of config.default) {
    const [result] = (await sizeLimit([filePlugin], {
      checks: [{ files: check.path.map((file) => path.join(webDir, file)), gzip: check.gzip }],
    } as never)) as Array<{ size: number }>;
    sizes.push(Math.round((result?.size ?? Number.NaN) / 100) / 10);
  }
  return { firstScreenJsGzipKb: sizes[0] ?? Number.NaN, sortingJsGzipKb: sizes[1] ?? Number.NaN };
}

/** Lighthouse 12 mobile (its default form factor and throttling) performance score, 0–100. */
export async function runLighthouse(): Promise<number | null> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${server.url}/user-auth`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    const score = result?.lhr.categories.performance?.score;
    return typeof score === 'number' ? Math.round(score * 100) : null;
  } finally {
    chrome.kill();
    await server.stop();
  }
}
