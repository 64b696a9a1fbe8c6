// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Conventions §3: a feature never imports another feature (nor the app that mounts it).
// The ESLint zone rule says the same; this test also holds while ESLint cannot resolve .tsx.
const src = fileURLToPath(new URL('..', import.meta.url));
const features = path.join(src, 'features');

function files(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files(full, found);
    else if (/\.(ts|tsx)$/.test(entry)) found.push(full);
  }
  return found;
}

// `import x from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;

describe('feature folders', () => {
  it('import no other feature and not the app', () => {
    const violations: string[] = [];
    for (const feature of readdirSync(features)) {
      const root = path.join(features, feature);
      for (const file of files(root)) {
        for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const specifier = match[1] ?? match[2] ?? '';
          if (!specifier.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), specifier);
          const leavesFeature = !target.startsWith(root + path.sep);
          const intoOtherFeature = target.startsWith(features + path.sep);
          const intoApp = target.startsWith(path.join(src, 'app') + path.sep);
          if (leavesFeature && (intoOtherFeature || intoApp)) {
            violations.push(`${path.relative(src, file)} → ${specifier}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
