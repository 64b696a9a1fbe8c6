// Runs the browser tests in Debian's chromium. Without chromium it explains how to install
// it and skips only these tests, unless REQUIRE_BROWSER=1 (CI), where that is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromium = candidates.find((candidate) => candidate && existsSync(candidate));

if (!chromium) {
  const hint =
    "Chromium was not found. Install Debian's chromium (sudo apt-get install -y chromium) " +
    'or set CHROMIUM_PATH to a Chromium binary.';
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`${hint}\nREQUIRE_BROWSER=1: browser tests may not be skipped.`);
    process.exit(1);
  }
  console.warn(`${hint}\nSkipping the browser tests only; everything else ran.`);
  process.exit(0);
}

/** @param {string} command @param {string[]} args */
const run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });

if (!existsSync('apps/web/dist/index.html')) {
  const build = run('npm', ['run', 'build']);
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = run('npx', [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
process.exit(result.status ?? 1);
