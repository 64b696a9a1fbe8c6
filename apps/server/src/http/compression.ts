import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed on the fly (docs/DECISIONS.md "Serving and shutdown", compression): text
 * answers of the API a browser accepts compressed, from 1 KiB up (below that the headers cost
 * more than they save), always with `Vary: Accept-Encoding`. The web app's files are not
 * compressed here: hashed assets come pre-compressed from the build and pages are compressed
 * once at start (`web/web.plugin.ts`), and images, sounds and wasm go out as they are.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * Brotli's quality 3, not the plugin's 4: on a 37 kB workflow answer quality 4 took 0.5–1.5 ms
 * of the server's CPU and quality 3 under 0.1 ms, for 7 % more bytes (1.6 kB against 1.5 kB;
 * docs/PERFORMANCE.md "Guided workflows, part 2").
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Request bodies are never taken compressed: no client sends them, and inflating what a
  // caller sends would be one more way in (a small body that inflates to gigabytes).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    customTypes: COMPRESSIBLE_TYPES,
  });
}
