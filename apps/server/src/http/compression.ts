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

/** Brotli's quality 4 (the plugin's default): a fraction of quality 11's CPU for most of its gain. */
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
    customTypes: COMPRESSIBLE_TYPES,
  });
}
