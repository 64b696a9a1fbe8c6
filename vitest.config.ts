import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
    // most server test files wait on sockets, timers and the database. Two side by side cut
    // the unit run from ~8 to ~6 minutes there (docs/DECISIONS.md "Tooling").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/pglite-dump.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'device-agent',
          include: ['apps/device-agent/src/**/*.test.ts', 'apps/device-agent/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/pglite-dump.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
