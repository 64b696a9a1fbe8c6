import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, Scanner } from '../../fixtures';
import { startServer, type RunningServer } from '../../server-process';

export { expect, Scanner };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A walk of docs/DEMO.md that changes demo records for good (a parcel weighed or re-sorted, a
 * return accepted) runs on a fresh demo database of its own, started for that one test: it
 * walks the page from its start whatever other tests, an earlier repeat included, did.
 */
export const freshTest = base.extend<{ freshServer: RunningServer }>({
  freshServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ freshServer }, use) => {
    await use(freshServer.url);
  },
});

/** A row of the "Every demo barcode" table of docs/DEMO.md. */
export interface DemoRow {
  kind: string;
  barcode: string;
  description: string;
}

/** The rows of docs/DEMO.md's barcode table, read from the page itself. */
export function demoTableRows(): DemoRow[] {
  const page = readFileSync(path.join(repoRoot, 'docs/DEMO.md'), 'utf8');
  const rows = [...page.matchAll(/^\| (\S[^|]*?) \| `([^`]+)` \| (.+) \|$/gm)].map((match) => ({
    kind: match[1] ?? '',
    barcode: match[2] ?? '',
    description: match[3] ?? '',
  }));
  expect(rows.length).toBeGreaterThan(50);
  return rows;
}
