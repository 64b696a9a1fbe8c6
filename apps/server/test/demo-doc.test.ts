import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDemoTable } from '../src/db/demo-entries.js';

// docs/DEMO.md promises one table of every demo barcode, kept true as the seed grows.
describe('docs/DEMO.md', () => {
  it('lists exactly the barcodes the demo seed creates', () => {
    const doc = readFileSync(new URL('../../../docs/DEMO.md', import.meta.url), 'utf8');
    const table = renderDemoTable().trim();
    expect(doc).toContain(table);
  });
});
