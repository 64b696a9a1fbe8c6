import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { FAKE_INDEX_HTML, createFakeWebDist, createTestConfig } from './helpers.js';
import { createTestDatabase } from './test-database.js';

const CHROME_120 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_89 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36';
const SAFARI_12 =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const webDist = createFakeWebDist();
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: createTestConfig({ WEB_DIST: webDist.dir }),
    database,
    keepDatabaseOpen: true,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  webDist.remove();
});

function page(url: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: { 'user-agent': CHROME_120, accept: HTML, ...headers },
  });
}

describe('static files', () => {
  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('console.log');
  });

  it('serves other files with a modest cache', async () => {
    for (const url of ['/sounds/ru/err.flac', '/favicon.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('answers a missing file with 404 instead of the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never serves files outside WEB_DIST', async () => {
    const response = await app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(response.body).not.toContain('root:');
    const encoded = await app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });
});

describe('pages', () => {
  it.each([
    ['/', 'ru'],
    ['/sorting', 'ru'],
    ['/ru/sorting', 'ru'],
    ['/picking/pickup/ABC-1', 'ru'],
    ['/en/user-auth', 'en'],
    ['/en', 'en'],
  ])('%s → index.html in %s', async (url, locale) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<html lang="${locale}">`);
    expect(response.body).toContain(
      locale === 'ru' ? '<title>Сортировка</title>' : '<title>Sorting</title>',
    );
    expect(response.body).toContain(
      `<link rel="manifest" href="/${locale}/manifest.webmanifest" />`,
    );
    expect(response.body).toContain('/assets/index-abc123.js');
  });

  it('answers /index.html and HEAD like any page', async () => {
    const index = await app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Сортировка</title>');
    const head = await app.inject({ method: 'HEAD', url: '/sorting', headers: { accept: HTML } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 400 });
  });

  it('serves a path without extension as a page even without Accept html', async () => {
    const response = await app.inject({ method: 'GET', url: '/sorting' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="ru">');
  });

  it('redirects an unprefixed page to /en when NEXT_LOCALE=en, keeping the query', async () => {
    const response = await page('/stickering-redirect-catch?receiptPlaceDocumentId=7', {
      cookie: 'NEXT_LOCALE=en',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      '/en/stickering-redirect-catch?receiptPlaceDocumentId=7',
    );
  });

  it('serves Russian for NEXT_LOCALE=ru, and an explicit prefix wins over the cookie', async () => {
    expect((await page('/sorting', { cookie: 'NEXT_LOCALE=ru' })).statusCode).toBe(200);
    const prefixed = await page('/ru/sorting', { cookie: 'NEXT_LOCALE=en' });
    expect(prefixed.statusCode).toBe(200);
    expect(prefixed.body).toContain('<html lang="ru">');
  });

  it.each([
    ['/ru/manifest.webmanifest', 'ru', 'Сортировка'],
    ['/manifest.webmanifest', 'ru', 'Сортировка'],
    ['/en/manifest.webmanifest', 'en', 'Sorting'],
  ])('%s is the %s manifest', async (url, locale, name) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({
      name,
      short_name: name,
      lang: locale,
      start_url: `/${locale}/`,
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#f9b122',
      background_color: '#ffffff',
      icons: [{ src: '/favicon.svg' }],
    });
  });
});

describe('outdated-browser guard', () => {
  it('redirects Chrome 89 to the Russian outdated-browser page', async () => {
    const response = await page('/sorting', { 'user-agent': CHROME_89 });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ru/outdated-browser');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the locale of the path, else of the cookie', async () => {
    const prefixed = await page('/en/x', { 'user-agent': SAFARI_12 });
    expect(prefixed.headers.location).toBe('/en/outdated-browser');
    const byCookie = await page('/sorting', { 'user-agent': SAFARI_12, cookie: 'NEXT_LOCALE=en' });
    expect(byCookie.headers.location).toBe('/en/outdated-browser');
  });

  it('lets modern and unidentifiable browsers through', async () => {
    expect((await page('/sorting')).statusCode).toBe(200);
    expect((await page('/sorting', { 'user-agent': 'curl/8.5.0' })).statusCode).toBe(200);
    expect((await page('/sorting', { 'user-agent': '' })).statusCode).toBe(200);
  });

  it('does not guard the outdated-browser page, APIs, assets or static files', async () => {
    for (const url of ['/ru/outdated-browser', '/en/outdated-browser', '/outdated-browser']) {
      const response = await page(url, { 'user-agent': CHROME_89 });
      expect(response.statusCode, url).toBe(200);
    }
    const old = { 'user-agent': CHROME_89 };
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: old })).statusCode).toBe(
      200,
    );
    const settings = await app.inject({
      method: 'POST',
      url: '/local-settings-newsort',
      headers: old,
    });
    expect(settings.statusCode).toBe(200);
    const api = await app.inject({ method: 'GET', url: '/sorting-api/unknown', headers: old });
    expect(api.statusCode).toBe(404);
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: old });
    expect(asset.statusCode).toBe(200);
    const sound = await app.inject({ method: 'GET', url: '/sounds/ru/err.flac', headers: old });
    expect(sound.statusCode).toBe(200);
  });
});

describe('without a web build', () => {
  it('answers pages with 503 and a hint', async () => {
    const bare = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
    try {
      const response = await bare.inject({
        method: 'GET',
        url: '/sorting',
        headers: { accept: HTML },
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('web app not built: run npm run build');
      expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(
        (await bare.inject({ method: 'GET', url: '/en/manifest.webmanifest' })).statusCode,
      ).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('security headers', () => {
  /** The CSP as a map of directive → sources. */
  function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
    expect(typeof header).toBe('string');
    return new Map(
      String(header)
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name !== undefined && name !== '')
        .map(([name, ...sources]) => [name!, sources]),
    );
  }

  const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(FAKE_INDEX_HTML)![1]!;
  const inlineHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;

  function expectSecurityHeaders(
    response: Awaited<ReturnType<FastifyInstance['inject']>>,
    what: string,
  ) {
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('default-src'), what).toEqual(["'self'"]);
    expect(policy.get('script-src'), what).toEqual(["'self'", "'wasm-unsafe-eval'", inlineHash]);
    expect(policy.get('script-src-attr'), what).toEqual(["'none'"]);
    expect(policy.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src'), what).toEqual(["'self'"]);
    expect(policy.get('font-src'), what).toEqual(["'self'"]);
    // Its own origin (and its hub socket), and the device agent on the workstation's loopback.
    expect(policy.get('connect-src'), what).toEqual([
      "'self'",
      'ws://localhost:80',
      'ws://localhost:*',
      'http://localhost:*',
      'ws://127.0.0.1:*',
      'http://127.0.0.1:*',
    ]);
    expect(policy.get('object-src'), what).toEqual(["'none'"]);
    expect(policy.get('base-uri'), what).toEqual(["'self'"]);
    expect(policy.get('form-action'), what).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
    // An http-only installation must keep working: nothing is upgraded to https.
    expect(policy.has('upgrade-insecure-requests'), what).toBe(false);
    expect(response.headers['strict-transport-security'], what).toBeUndefined();
    expect(response.headers['x-frame-options'], what).toBe('DENY');
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    expect(response.headers['referrer-policy'], what).toBe('same-origin');
    const permissions = String(response.headers['permissions-policy']);
    expect(permissions, what).toContain('camera=(self)');
    expect(permissions, what).toContain('microphone=()');
    expect(permissions, what).toContain('geolocation=()');
  }

  it('are sent with pages, the users admin page included', async () => {
    for (const url of ['/', '/en/users', '/ru/outdated-browser']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, url);
    }
  });

  it('are sent with assets and other static files', async () => {
    for (const url of ['/assets/index-abc123.js', '/sounds/ru/err.flac', '/favicon.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, url);
    }
  });

  it('are sent with API answers, errors and redirects included', async () => {
    const answers = [
      ['settings', await app.inject({ method: 'POST', url: '/local-settings-newsort' })],
      ['health', await app.inject({ method: 'GET', url: '/healthz' })],
      ['no session', await app.inject({ method: 'GET', url: '/printing-api/v1/jobs' })],
      ['unknown API', await app.inject({ method: 'GET', url: '/sorting-api/unknown' })],
      ['hub negotiate', await app.inject({ method: 'POST', url: '/printersHub/negotiate' })],
      ['demo sheet', await app.inject({ method: 'GET', url: '/demo-sheet' })],
      ['outdated browser', await page('/sorting', { 'user-agent': CHROME_89 })],
    ] as const;
    expect(answers.map(([what, response]) => [what, response.statusCode])).toEqual([
      ['settings', 200],
      ['health', 200],
      ['no session', 401],
      ['unknown API', 404],
      ['hub negotiate', 401],
      ['demo sheet', 200],
      ['outdated browser', 302],
    ]);
    for (const [what, response] of answers) expectSecurityHeaders(response, what);
  });

  it('take the websocket source from a plain host only, never from a hostile one', async () => {
    const hostile = await page('/', { host: "evil.example; script-src 'unsafe-inline'" });
    expect(hostile.statusCode).toBe(200);
    const policy = policyOf(hostile.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", inlineHash]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:*',
      'http://localhost:*',
      'ws://127.0.0.1:*',
      'http://127.0.0.1:*',
    ]);
  });
});
