import { defineConfig } from '@playwright/test';

/** Debian's chromium, never a downloaded browser (stack.md). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's arguments for every spec; a spec that adds its own (fake camera) keeps these. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  timeout: 30_000,
  // How long an assertion waits for the page, not a speed target (those live in the bench): a
  // lazy part of the shell (the device status, a route's chunk) can take seconds to arrive on a
  // CI machine that other jobs load.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
