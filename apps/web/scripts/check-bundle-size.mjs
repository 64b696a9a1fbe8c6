// Weight of the first screen (/user-auth, Russian): the JS the browser loads before the page
// shows, gzip-compressed, from Vite's manifest. Fails above the budget of the Foundation issue.
// Run after `npm run build -w @sorting/web`: `npm run size -w @sorting/web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1000;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** A chunk and every chunk it imports statically. */
function withImports(key, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) withImports(imported, found);
  return found;
}

const firstScreen = [
  'index.html',
  'src/features/user-auth/user-auth-page.tsx',
  'src/features/user-auth/locales/ru.json',
];
const files = new Set();
for (const key of firstScreen) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  withImports(key, files);
}

let total = 0;
for (const file of [...files].filter((name) => name.endsWith('.js'))) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`);
}
console.log(`${(total / 1000).toFixed(2).padStart(8)} kB  first screen JS, gzip (budget 150 kB)`);
if (total > BUDGET_BYTES) {
  console.error('The first screen is over its budget.');
  process.exit(1);
}
