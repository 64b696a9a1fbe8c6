import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isApiPath } from '@sorting/contracts';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  isBrowserSupported,
  isLocale,
  localizePath,
  splitLocalePath,
  type Locale,
} from '@sorting/domain';
import { identifyBrowser } from './browser-kind.js';
import { buildManifest, localizeIndexHtml, manifestPath } from './locale-html.js';
import { hasFileExtension, isPageRequest } from './page-request.js';

export interface WebPluginOptions {
  /** Absolute folder of the built web app (Vite's dist). */
  webDist: string;
}

/** Vite's content-hashed files never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Sounds, icons and other unhashed files: may change with a release, so only an hour. */
const MODEST = 'public, max-age=3600';
const NOT_BUILT = 'web app not built: run npm run build';
const OUTDATED_BROWSER_PATH = '/outdated-browser';

/** A page in each encoding a browser may take, compressed once at start. */
interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const PAGE_ENCODINGS = ['br', 'gzip'] as const;

function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html, 'utf8');
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
}

function readIndexHtml(webDist: string): string | null {
  try {
    return fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

function findIcon(webDist: string): string | null {
  const name = ['icon.svg', 'favicon.svg'].find((file) => fs.existsSync(path.join(webDist, file)));
  return name ? `/${name}` : null;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const index = url.search(/[?#]/);
  return index === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, index), search: url.slice(index) };
}

function cookieLocale(request: FastifyRequest): Locale | null {
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  // The target depends on the User-Agent and the cookie, so no cache may keep it.
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/**
 * Serves the built web app: hashed assets, other static files, the per-locale manifests and,
 * for every page path, index.html in the page's locale behind the outdated-browser guard
 * (spec part 1 §2) and the NEXT_LOCALE redirect.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  const root = path.resolve(options.webDist);
  const hasDist = fs.existsSync(root);
  // Read once at start: the built index.html does not change while the server runs.
  const indexHtml = readIndexHtml(root);
  const pages = new Map<Locale, EncodedPage>(
    indexHtml === null
      ? []
      : LOCALES.map((locale) => [locale, encodePage(localizeIndexHtml(indexHtml, locale))]),
  );
  const iconPath = hasDist ? findIcon(root) : null;

  if (hasDist) {
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      // The build writes a .br and a .gz beside each hashed text asset (apps/web/vite.config.ts);
      // the one the browser accepts is sent with its Content-Encoding, always with Vary.
      preCompressed: true,
    });
  } else {
    app.log.warn({ webDist: root }, NOT_BUILT);
  }

  for (const locale of LOCALES) {
    const manifest = JSON.stringify(buildManifest(locale, iconPath));
    const paths =
      locale === DEFAULT_LOCALE
        ? [manifestPath(locale), '/manifest.webmanifest']
        : [manifestPath(locale)];
    for (const url of paths) {
      app.get(url, async (_request, reply) =>
        reply
          .type('application/manifest+json; charset=utf-8')
          .header('cache-control', MODEST)
          .send(manifest),
      );
    }
  }

  /** The file under root a path names, or null (missing, a folder, a dotfile, outside root). */
  async function findStaticFile(decodedPath: string): Promise<string | null> {
    if (!hasDist || !hasFileExtension(decodedPath) || decodedPath === '/index.html') return null;
    if (decodedPath.split('/').some((segment) => segment.startsWith('.'))) return null;
    const absolute = path.join(root, decodedPath);
    if (!absolute.startsWith(root + path.sep)) return null;
    try {
      return (await fs.promises.stat(absolute)).isFile() ? decodedPath : null;
    } catch {
      return null;
    }
  }

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    search: string,
  ) {
    const { locale, path: pagePath, hasPrefix } = splitLocalePath(pathname);
    const preferred = cookieLocale(request);

    if (pagePath !== OUTDATED_BROWSER_PATH) {
      const browser = identifyBrowser(request.headers['user-agent']);
      if (!isBrowserSupported(browser)) {
        const guardLocale = hasPrefix ? locale : (preferred ?? DEFAULT_LOCALE);
        request.log.info({ browser }, 'outdated browser redirected');
        return redirect(reply, localizePath(OUTDATED_BROWSER_PATH, guardLocale));
      }
    }

    // Decision (docs/DECISIONS.md "Locale"): an unprefixed page follows the NEXT_LOCALE cookie.
    if (!hasPrefix && preferred !== null && preferred !== DEFAULT_LOCALE) {
      return redirect(reply, localizePath(pagePath, preferred) + search);
    }

    const page = pages.get(locale);
    if (page === undefined) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(NOT_BUILT);
    }
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted, [...PAGE_ENCODINGS]) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (encoding === 'br' || encoding === 'gzip') {
      return reply.header('content-encoding', encoding).send(page[encoding]);
    }
    return reply.send(page.identity);
  }

  // Not through the API's compression (http/compression.ts): hashed assets are the build's
  // .br/.gz files, pages are compressed at start, and images, sounds and wasm stay as they are
  // (the plugin would take wasm for text: mime-db calls it compressible).
  app.get('/*', { compress: false }, async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);
    if (isApiPath(pathname)) {
      throw new AppError('routeNotFound', { message: `Route GET ${pathname} not found` });
    }
    const decodedPath = `/${(request.params as { '*': string })['*']}`;
    const file = await findStaticFile(decodedPath);
    if (file !== null) {
      reply.header('cache-control', file.startsWith('/assets/') ? IMMUTABLE : MODEST);
      return reply.sendFile(file.slice(1));
    }
    if (decodedPath !== '/index.html' && !isPageRequest(request, pathname)) {
      throw new AppError('routeNotFound', { message: `File ${pathname} not found` });
    }
    return sendPage(request, reply, pathname, search);
  });
}
