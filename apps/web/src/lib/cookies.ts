import { parseCookie as parseCookieHeader } from 'cookie';

/** Spec part 1 §3: cookies the app keeps expire in the year 2100. */
export const FAR_FUTURE_EXPIRY = new Date(Date.UTC(2100, 0, 1, 0, 0, 0));

export interface CookieOptions {
  path?: string;
  domain?: string;
  expires?: Date;
  /** Seconds; a negative value expires the cookie at once. */
  maxAge?: number;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/**
 * Cookies behind an adapter (conventions §9): code that keeps settings in cookies receives a
 * jar, so tests use the in-memory one instead of `document.cookie`.
 */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): void;
}

// Commas stay readable: the locale list cookie is literally NEXT_LOCALES=ru,en.
const encodeValue = (value: string): string => encodeURIComponent(value).replace(/%2C/gi, ',');

/** Serialises one cookie as `document.cookie` expects it. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeValue(value)}`];
  parts.push(`path=${options.path ?? '/'}`);
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (options.expires) parts.push(`expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/**
 * Reads one cookie out of a `document.cookie` string, with the `cookie` package: the parser
 * of the server's and the device agent's @fastify/cookie (a value that is not valid
 * percent-encoding is answered as it is).
 */
export function parseCookie(header: string, name: string): string | undefined {
  return parseCookieHeader(header)[name];
}

/** The browser's cookies. */
export function createDocumentCookieJar(doc: Document = document): CookieJar {
  return {
    get: (name) => parseCookie(doc.cookie, name),
    set: (name, value, options) => {
      doc.cookie = serializeCookie(name, value, options);
    },
    remove: (name, options) => {
      doc.cookie = serializeCookie(name, '', { ...options, maxAge: -1 });
    },
  };
}

/** An in-memory jar for tests; `written` records every serialised cookie in order. */
export function createMemoryCookieJar(): CookieJar & { written: string[] } {
  const values = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get: (name) => values.get(name),
    set: (name, value, options) => {
      values.set(name, value);
      written.push(serializeCookie(name, value, options));
    },
    remove: (name, options) => {
      values.delete(name);
      written.push(serializeCookie(name, '', { ...options, maxAge: -1 }));
    },
  };
}
