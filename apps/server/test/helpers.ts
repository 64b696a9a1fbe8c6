import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.js';

/** A configuration for tests: quiet logs, a throwaway DATA_DIR, no web build unless given. */
export function createTestConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'sorting-test-unused'),
    WEB_DIST: path.join(os.tmpdir(), 'sorting-test-no-web-dist'),
    // Every answer of every test is checked against the route's declared ErrorCodes.
    STRICT_CONTRACT: 'true',
    // The fuzz calls the integration API with one key thousands of times a minute; the
    // integration test sets the production limit to prove it.
    INTEGRATION_CALLS_PER_MINUTE: '1000000',
    ...env,
  });
}

/** A temporary folder, removed by the returned function. */
export function makeTempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>placeholder</title>
    <script>
      (function () { window.outdatedNote = true; })();
    </script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A fake Vite build: index.html, a hashed asset, a sound and an icon. */
export function createFakeWebDist(): { dir: string; remove: () => void } {
  const temp = makeTempDir('sorting-web-dist-');
  const write = (relative: string, content: string) => {
    const file = path.join(temp.dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  write('index.html', FAKE_INDEX_HTML);
  write('assets/index-abc123.js', 'console.log("app");\n');
  write('sounds/ru/err.flac', 'fLaC');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return temp;
}
