import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { createReadStream, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import type { Plugin } from 'vite';

/** In development the server's calls go to the real server (scripts/dev.mjs sets the URL). */
const serverUrl = process.env.SORTING_SERVER_URL ?? 'http://127.0.0.1:3000';
const proxied = { target: serverUrl, changeOrigin: false, ws: true };

/**
 * Text files of the build, pre-compressed once here (brotli at its best, gzip level 9) and
 * served as they are by the server's static files (`preCompressed`): no request pays for
 * compressing them. Images, sounds and wasm are left alone. docs/DECISIONS.md "Serving and
 * shutdown", compression.
 */
const precompressed = compression({
  include: /\.(?:js|mjs|css|svg|json|txt)$/,
  exclude: /(?:^|\/)ocr\//,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
  logLevel: 'silent',
});

/**
 * The OCR cores (three of ~4 MB, fetched once and kept by the browser) at brotli quality 5 and
 * gzip 6: at their best levels they took the build from seconds to minutes for a few per cent.
 */
const precompressedOcr = compression({
  include: /(?:^|\/)ocr\/.*\.js$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    defineAlgorithm('gzip', { level: 6 }),
  ],
  logLevel: 'silent',
});

const require = createRequire(import.meta.url);

/**
 * The OCR engine's worker and LSTM-only cores (SIMD, relaxed SIMD and plain: Chrome 90 of part 1
 * §2 has no WebAssembly SIMD) served from our own origin under /ocr/, never a CDN: copied from
 * node_modules into the build, served from there in development. The language data is in
 * public/ocr/lang (scripts/ocr-lang.sh). docs/DECISIONS.md "Device pages".
 */
const OCR_FILES: Readonly<Record<string, string>> = {
  'ocr/worker.min.js': require.resolve('tesseract.js/dist/worker.min.js'),
  ...Object.fromEntries(
    ['lstm', 'simd-lstm', 'relaxedsimd-lstm'].map((kind) => [
      `ocr/core/tesseract-core-${kind}.wasm.js`,
      path.join(
        path.dirname(require.resolve('tesseract.js-core/package.json')),
        `tesseract-core-${kind}.wasm.js`,
      ),
    ]),
  ),
};

function ocrAssets(): Plugin {
  return {
    name: 'sorting-ocr-assets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = OCR_FILES[(request.url ?? '').split('?')[0]?.slice(1) ?? ''];
        if (!file) return next();
        response.setHeader('Content-Type', 'text/javascript');
        createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(OCR_FILES))
        this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
  };
}

/**
 * The app's version and build in its error reports (docs/DECISIONS.md "Error reporting"):
 * SORTING_APP_VERSION when the release sets one, else the commit built.
 */
function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
const appBuild = gitCommit();
const appVersion = process.env.SORTING_APP_VERSION ?? appBuild;

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    __APP_BUILD__: JSON.stringify(appBuild),
  },
  plugins: [react(), ocrAssets(), precompressed, precompressedOcr],
  server: {
    proxy: {
      // Every service of the spec lives under '<name>-api/' (sorting-api, auth-api, ...).
      '^/[A-Za-z]+(-[A-Za-z]+)*-api/': proxied,
      '/local-settings-newsort': proxied,
      '^/(ru|en)/manifest\\.webmanifest$': proxied,
      '/printersHub': proxied,
      '^/(en/)?demo-sheet$': proxied,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // The preload map in the entry lists, for every lazy import, the files to fetch beside it;
    // it grows with every route. JavaScript is left out of it (a chunk's imports are fetched as
    // soon as the chunk is parsed, one round trip later, then cached for good); style sheets
    // stay, so a page never shows unstyled. docs/DECISIONS.md "Web shell", weight.
    modulePreload: {
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter((dependency) => dependency.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (rolldown's `$initial` tag) is one chunk, the
        // entry itself, as Rollup did: a module the entry shares with lazy pages (react-router,
        // i18next, react) stays in it. Without this group rolldown's chunk optimiser keeps such a
        // module out of the entry whenever another shared module that imports it is weighed
        // first (its cycle check, in hash order): the first screen then came as the entry plus
        // up to seven small files that compress worse apart, and any new import could move a
        // library out. No dynamic import of a module the entry imports statically was involved.
        // docs/DECISIONS.md "Web shell", weight.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
    sourcemap: false,
    // Spec part 1 §2: the oldest browsers let in are Chrome 90 and Safari 13.
    target: ['chrome90', 'safari13'],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
