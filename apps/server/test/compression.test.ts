import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_INDEX_HTML, makeTempDir } from './helpers.js';
import { callWithSession, createSessionTestApp, signInByBadge } from './sessions.js';

// docs/DECISIONS.md "Serving and shutdown", compression: every text answer a browser accepts
// compressed comes compressed (hashed assets from the build's .br/.gz files, pages and API
// answers on the fly from 1 KiB), always with Vary: Accept-Encoding; images, sounds and wasm
// never. Before, the 449 KB entry script went out as it was to every handheld.

/** A text of `size` bytes that compresses as code does (repetitive, but not one letter). */
function codeLike(size: number): string {
  let text = '';
  for (let i = 0; text.length < size; i += 1) text += `export const value${i} = "${i * 7919}";\n`;
  return text.slice(0, size);
}

/** Binary bytes that do not compress (as an image, a sound or wasm are). */
function noise(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let seed = 12345;
  for (let i = 0; i < size; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed & 0xff;
  }
  return bytes;
}

/** A build as `vite build` writes it: each hashed text asset with its .br and .gz beside it. */
function createCompressedWebDist() {
  const temp = makeTempDir('sorting-web-dist-compressed-');
  const write = (relative: string, content: string | Buffer) => {
    const file = path.join(temp.dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  const hashedText = {
    '/assets/index-abc123.js': codeLike(60_000),
    '/assets/sorting-page-def456.js': codeLike(12_000),
    '/assets/index-abc123.css': `.a{color:red}\n`.repeat(400),
  };
  for (const [url, text] of Object.entries(hashedText)) {
    write(url, text);
    write(`${url}.br`, brotliCompressSync(text));
    write(`${url}.gz`, gzipSync(text, { level: 9 }));
  }
  write('index.html', FAKE_INDEX_HTML.replace('</body>', `<!--${codeLike(4_000)}-->\n</body>`));
  const binary = {
    '/assets/zxing_reader-abc123.wasm': noise(20_000),
    '/sounds/ru/err.flac': noise(8_000),
    '/demo/products/kettle.png': noise(6_000),
  };
  for (const [url, bytes] of Object.entries(binary)) write(url, bytes);
  return { ...temp, hashedText, binary };
}

const dist = createCompressedWebDist();
let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let token: string;

beforeAll(async () => {
  context = await createSessionTestApp({ WEB_DIST: dist.dir });
  const signIn = await signInByBadge(context.app, '~A3001-5RZ6');
  token = signIn.token ?? '';
  expect(token).not.toBe('');
  // Enough people in the centre that its user list is a large answer.
  for (let i = 0; i < 20; i += 1) {
    const added = await callWithSession(context.app, token, 'POST', '/users-api/v1/34717/Users', {
      sortingCenterId: 34717,
      name: `Работник Сжатия ${i}`,
    });
    expect(added.statusCode).toBe(200);
  }
});

afterAll(async () => {
  await context?.close();
  dist.remove();
});

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

function get(url: string, acceptEncoding?: string) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

function varies(headers: Record<string, unknown>): boolean {
  return String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

describe('hashed assets', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`come as the build's ${encoding} file for Accept-Encoding: ${encoding}`, async () => {
      for (const [url, text] of Object.entries(dist.hashedText)) {
        const response = await get(url, encoding);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(varies(response.headers), url).toBe(true);
        expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
        expect(response.headers['content-type'], url).toMatch(/javascript|css/);
        expect(response.rawPayload.length, url).toBeLessThan(text.length / 3);
        expect(DECODE[encoding](response.rawPayload).toString('utf8'), url).toBe(text);
      }
    });
  }

  it('prefer brotli when the browser takes both, as Chromium asks', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('come as they are without Accept-Encoding, still with Vary', async () => {
    for (const [url, text] of Object.entries(dist.hashedText)) {
      const response = await get(url);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(varies(response.headers), url).toBe(true);
      expect(response.body, url).toBe(text);
    }
  });
});

describe('index.html', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`is compressed for Accept-Encoding: ${encoding} and stays uncached`, async () => {
      const response = await get('/sorting', encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varies(response.headers)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(DECODE[encoding](response.rawPayload).toString('utf8')).toContain('<html lang="ru">');
    });
  }

  it('is plain without Accept-Encoding', async () => {
    const response = await get('/sorting');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<html lang="ru">');
  });
});

describe('API answers', () => {
  /** The users of centre 34717: the demo seed's list, well over 1 KiB. */
  const LIST = '/users-api/v1/34717/Users';

  for (const encoding of ['br', 'gzip'] as const) {
    it(`a large one is compressed for Accept-Encoding: ${encoding}`, async () => {
      const plain = await callWithSession(context.app, token, 'GET', LIST);
      expect(plain.statusCode).toBe(200);
      expect(plain.body.length).toBeGreaterThan(1024);
      const response = await callWithSession(context.app, token, 'GET', LIST, undefined, {
        'accept-encoding': encoding,
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varies(response.headers)).toBe(true);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(DECODE[encoding](response.rawPayload).toString('utf8'))).toEqual(
        plain.json(),
      );
    });
  }

  it('a large one is plain without Accept-Encoding', async () => {
    const response = await callWithSession(context.app, token, 'GET', LIST);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ isSuccess: true });
  });

  it('a small one is not compressed (under 1 KiB the headers cost more)', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/local-settings-newsort',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('what is compressed already', () => {
  it('sounds, images and wasm go out untouched whatever the browser accepts', async () => {
    for (const [url, bytes] of Object.entries(dist.binary)) {
      for (const encoding of ['br', 'gzip', 'br, gzip']) {
        const response = await get(url, encoding);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${encoding}`).toBeUndefined();
        expect(response.rawPayload.equals(bytes), url).toBe(true);
      }
    }
  });
});
