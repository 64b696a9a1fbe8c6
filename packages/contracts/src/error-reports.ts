// The error reports' wire (docs/DECISIONS.md "Error reporting"): the server's own
// Sentry-compatible ingest and what the web app needs to point its SDK at it. No zod here:
// the web bundle reads these constants before its SDK chunk loads.

/** The Sentry envelope endpoint (the SDK posts to `{origin}/api/{projectId}/envelope/`). */
export const ERROR_INGEST_PATH = '/api/:projectId/envelope/';

/** The project id of our own ingest's DSN. */
export const OWN_INGEST_PROJECT_ID = 1;

/** The public key of our own ingest's DSN (it authenticates nothing; Sentry's DSN needs one). */
export const OWN_INGEST_PUBLIC_KEY = 'sorting';

/** An envelope larger than this, compressed or not, is refused (413) before it is read whole. */
export const ERROR_INGEST_MAX_BYTES = 1024 * 1024;

/** The DSN of our own ingest on a page's origin (`https://sorting@host/1`). */
export function ownIngestDsn(origin: string): string {
  // Contracts know neither the DOM nor Node: the origin is split by hand (`scheme://host[:port]`).
  const match = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]+)/i.exec(origin);
  if (!match) throw new Error(`not an origin: ${origin}`);
  return `${match[1]}//${OWN_INGEST_PUBLIC_KEY}@${match[2]}/${OWN_INGEST_PROJECT_ID}`;
}

/** The tags every report carries (Sentry tags: short text, searchable). */
export const REPORT_TAGS = {
  fCode: 'f_code',
  errorCode: 'error_code',
  requestId: 'request_id',
  warehouse: 'warehouse',
  route: 'route',
  /** The flow (saga, printing-hub call) an exception came from. */
  flow: 'flow',
  /** The web app's build (its release is the version). */
  build: 'build',
} as const;

/**
 * What an exception says, without what could be personal: quoted text, long digit runs
 * (phone numbers, barcodes of a person's order), e-mail addresses and bearer-like tokens.
 */
export function scrubText(text: string): string {
  return text
    .replace(/"[^"]*"|'[^']*'|«[^»]*»/g, '"…"')
    .replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, '[email]')
    .replace(/\+?\d[\d\s()-]{6,}\d/g, '[number]')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '[token]')
    .slice(0, 500);
}
