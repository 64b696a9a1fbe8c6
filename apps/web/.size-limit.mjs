// size-limit checks of the production build (issue 8 "Front-end weight"), run by `npm run size`
// after `npm run build -w @sorting/web`. Vite hashes file names, so the files of each check
// come from dist/.vite/manifest.json: an entry and every chunk it imports statically — the
// JavaScript the browser must load before that screen shows. Limits are gzip, 1 kB = 1000 B.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  throw new Error('No build to measure: run `npm run build -w @sorting/web` first.');
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The JS files of manifest entries and everything they import statically. */
function jsOf(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `dist/${file}`);
}

/** The sign-in first screen, Russian (the default locale). */
export const firstScreen = [
  'index.html',
  'src/features/user-auth/user-auth-page.tsx',
  'src/features/user-auth/locales/ru.json',
];
/** /sorting: the app, the sorting route chunk, its imports and its Russian catalogue. */
export const sortingScreen = [
  'index.html',
  'src/features/sorting/sorting-page.tsx',
  'src/features/sorting/locales/ru.json',
];

export default [
  { name: 'sign-in first screen JS', path: jsOf(firstScreen), limit: '150 kB', gzip: true },
  { name: '/sorting JS with its chunks', path: jsOf(sortingScreen), limit: '220 kB', gzip: true },
];
