// The page-weight check (`npm run size`, in `npm test`): what a handheld really downloads.
// The built app is served by the real server; Debian's chromium at 360×740 opens each page
// and every script it fetches until the network is idle (lazy chunks fetched right after the
// first paint included) is counted by the bytes that came over the wire: the encoded body,
// as compressed by the server, never a size worked out from the files. A server that stops
// compressing fails it. docs/DECISIONS.md "Benchmarks", front-end weight.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Response } from 'playwright-core';
import { startServer } from '../e2e/server-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo seed's worker of sorting centre 34717 (docs/DEMO.md). */
const DEMO_WORKER_BADGE = '~W1001-7KQ2';

export interface PageBudget {
  name: string;
  path: string;
  signedIn: boolean;
  /** Script bytes on the wire, KiB (1 KiB = 1024 B). */
  limitKiB: number;
}

/** The budgets: the sign-in page (the first screen of every shift) and the sorting screen. */
export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'sign-in first screen', path: '/user-auth', signedIn: false, limitKiB: 150 },
  { name: '/sorting', path: '/sorting', signedIn: true, limitKiB: 200 },
];

/** The build pre-compresses every text file from 1 KiB (apps/web/vite.config.ts). */
const COMPRESS_FROM_BYTES = 1024;

export interface ScriptOnWire {
  path: string;
  wireBytes: number;
  encoding: string;
}

export interface PageWeight {
  name: string;
  path: string;
  limitKiB: number;
  wireKiB: number;
  scripts: ScriptOnWire[];
}

async function scriptOnWire(response: Response): Promise<ScriptOnWire> {
  const sizes = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname,
    wireBytes: sizes.responseBodySize,
    encoding: (await response.headerValue('content-encoding')) ?? 'none',
  };
}

/** Opens each page in a fresh context and sums the scripts' bytes on the wire. */
export async function measurePageWeights(
  browser: Browser,
  baseUrl: string,
  budgets: PageBudget[] = PAGE_BUDGETS,
): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const budget of budgets) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      baseURL: baseUrl,
    });
    try {
      if (budget.signedIn) {
        await context.addCookies([{ name: 'lkdToken', value: DEMO_WORKER_BADGE, url: baseUrl }]);
        const signIn = await context.request.post('/auth-api/users/search', {
          headers: { 'X-Requested-With': 'sorting' },
        });
        if (!signIn.ok()) throw new Error(`sign-in for ${budget.path} failed: ${signIn.status()}`);
      }
      const page = await context.newPage();
      const responses: Response[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') responses.push(response);
      });
      await page.goto(budget.path, { waitUntil: 'networkidle' });
      // On a loaded machine the entry may still be parsing when the network first falls
      // idle: wait for the screen's heading, then until no script has come for a second.
      await page.locator('h1').first().waitFor({ state: 'attached', timeout: 30_000 });
      for (let seen = -1; seen !== responses.length;) {
        seen = responses.length;
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_000);
      }
      const scripts = await Promise.all(responses.map(scriptOnWire));
      scripts.sort((a, b) => b.wireBytes - a.wireBytes);
      const total = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
      weights.push({
        name: budget.name,
        path: budget.path,
        limitKiB: budget.limitKiB,
        wireKiB: Math.round((total / 1024) * 10) / 10,
        scripts,
      });
    } finally {
      await context.close();
    }
  }
  return weights;
}

function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

async function main(): Promise<number> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    console.error('No build to measure: run `npm run build` first.');
    return 1;
  }
  const executablePath = chromiumPath();
  if (!executablePath) {
    const hint = 'Chromium was not found (sudo apt-get install -y chromium, or set CHROMIUM_PATH).';
    if (process.env.REQUIRE_BROWSER === '1') {
      console.error(`${hint}\nREQUIRE_BROWSER=1: the page-weight check may not be skipped.`);
      return 1;
    }
    console.warn(`${hint}\nSkipping the page-weight check.`);
    return 0;
  }
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const weights = await measurePageWeights(browser, server.url);
    let failed = false;
    for (const weight of weights) {
      const over = weight.wireKiB > weight.limitKiB;
      // A script of 1 KiB or more that came as it is: the server stopped compressing.
      const plain = weight.scripts.filter(
        (script) => script.encoding === 'none' && script.wireBytes >= COMPRESS_FROM_BYTES,
      );
      failed ||= over || plain.length > 0;
      for (const script of plain) console.log(`NOT COMPRESSED ${script.path}`);
      console.log(
        `${over ? 'OVER' : 'ok  '} ${weight.name} (${weight.path}): ${weight.wireKiB} KiB of scripts ` +
          `on the wire in ${weight.scripts.length} files, limit ${weight.limitKiB} KiB`,
      );
      for (const script of weight.scripts) {
        console.log(
          `${(script.wireBytes / 1024).toFixed(1).padStart(9)} KiB  ${script.encoding.padEnd(4)}  ${script.path}`,
        );
      }
    }
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
