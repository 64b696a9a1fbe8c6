import { RUNTIME_SETTINGS_PATH } from './constants.js';

/**
 * Which request paths belong to the server's calls rather than to the web app's pages. The
 * spec's services live under prefixes whose first segment ends with '-api' (spec part 1 §7,
 * part 2 §7: /sorting-api, /picking-api, ...); a few calls have their own roots. The server
 * answers unknown paths under them with a 404 envelope instead of the SPA, and the web dev
 * server proxies exactly these paths to the server.
 */
export const API_ROOT_PATHS = [
  '/printersHub',
  '/healthz',
  '/readyz',
  // The error reports' ingest (`/api/{projectId}/envelope/`, Sentry's path) and the scrape.
  '/api/',
  '/metrics',
  RUNTIME_SETTINGS_PATH,
  // The API document and its human page (apps/server/src/http/api-document.ts).
  '/openapi.json',
  '/api-docs',
  // The demo sheet is a server-rendered page, never the SPA: without the demo seed it is a 404.
  '/demo-sheet',
  '/en/demo-sheet',
] as const;

/** True when a path (query allowed) is a server call, never a page or a static file. */
export function isApiPath(pathOrUrl: string): boolean {
  const path = pathOrUrl.split(/[?#]/, 1)[0] ?? '';
  const firstSegment = /^\/([^/]*)/.exec(path)?.[1] ?? '';
  if (firstSegment.toLowerCase().endsWith('-api')) return true;
  return API_ROOT_PATHS.some((root) => path.startsWith(root));
}
