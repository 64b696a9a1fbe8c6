import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/server-process.js';
import { measurePageWeights, type PageWeight } from '../scripts/page-weight.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo seed's worker of sorting centre 34717 (docs/DEMO.md). */
const DEMO_WORKER_BADGE = '~W1001-7KQ2';

/**
 * Builds the web app and measures what `npm run size` checks: each budgeted page's scripts
 * as the browser received them from the real server (scripts/page-weight.ts).
 */
export async function measureWebWeight(): Promise<PageWeight[]> {
  await run('npm', ['run', 'build', '-w', '@sorting/web'], { cwd: repoRoot, maxBuffer: 1 << 24 });
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    return await measurePageWeights(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The session cookie of the demo worker, for a page that needs someone signed in. */
async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth-api/users/search`, {
    method: 'POST',
    headers: {
      'X-Requested-With': 'sorting',
      Origin: baseUrl,
      Cookie: `lkdToken=${encodeURIComponent(DEMO_WORKER_BADGE)}`,
    },
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (!response.ok || cookies.length === 0) throw new Error(`sign-in failed: ${response.status}`);
  return cookies.join('; ');
}

export interface LighthouseScores {
  userAuth: number | null;
  sorting: number | null;
}

/**
 * Lighthouse 12 mobile (its default form factor and throttling) performance score, 0–100, of
 * the sign-in page and of /sorting with the demo worker signed in.
 */
export async function runLighthouse(): Promise<LighthouseScores> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const score = async (pagePath: string, cookie?: string) => {
    const result = await lighthouse(`${server.url}${pagePath}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const value = result?.lhr.categories.performance?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  try {
    const userAuth = await score('/user-auth');
    const sorting = await score('/sorting', await sessionCookie(server.url));
    return { userAuth, sorting };
  } finally {
    chrome.kill();
    await server.stop();
  }
}
