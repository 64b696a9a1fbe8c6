import type { FastifyRequest } from 'fastify';
import { isApiPath } from '@sorting/contracts';

/** True when the last path segment looks like a file name (has an extension). */
export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * A request for a page of the SPA: GET/HEAD, not a server call, and either a browser
 * navigation (Accept: text/html) or a path without a file extension. Only these get the
 * browser guard, the locale redirect and index.html.
 */
export function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(pathname)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !hasFileExtension(pathname);
}
