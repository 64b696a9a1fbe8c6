import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatZoneBarcode } from '@sorting/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_BOXES,
  DEMO_INBOUNDS,
  DEMO_PARCELS,
  DEMO_USERS,
  DEMO_WAREHOUSES,
  demoBoxBarcode,
} from '../src/db/demo-data.js';
import { DEMO_SHIPPED_ORDERS } from '../src/db/demo-returns-data.js';
import {
  buildDemoSheetSections,
  renderDemoSheetHtml,
  scannableItems,
} from '../src/modules/demo/demo-sheet.js';
import { createFakeWebDist, makeTempDir } from './helpers.js';
import { createSessionTestApp } from './sessions.js';

const run = promisify(execFile);

let context: Awaited<ReturnType<typeof createSessionTestApp>> | undefined;
const cleanups: Array<() => void> = [];

afterEach(async () => {
  await context?.close();
  context = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function hasZbarimg(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v zbarimg'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Each code card of the page: the barcode it claims and its inline SVG. */
function codeCards(html: string): Array<{ barcode: string; svg: string; text: string }> {
  const cards = html.matchAll(
    /<li class="code [a-z0-9]+" data-barcode="([^"]*)">(<svg[\s\S]*?<\/svg>)<p class="text">([^<]*)<\/p>/g,
  );
  const unescape = (text: string) =>
    text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
  return [...cards].map(([, barcode = '', svg = '', text = '']) => ({
    barcode: unescape(barcode),
    svg,
    text: unescape(text),
  }));
}

const ZONE_BARCODES = DEMO_WAREHOUSES.flatMap((warehouse) =>
  warehouse.zones.map((zone) => formatZoneBarcode(warehouse.number, zone.number)),
);

describe('GET /demo-sheet', () => {
  it('is public and shows every demo badge, warehouse and zone with a code and its text', async () => {
    context = await createSessionTestApp({ DEMO_SEED: 'true' });
    const response = await context.app.inject({ method: 'GET', url: '/demo-sheet' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Пропуска сотрудников');

    const cards = codeCards(html);
    // Every SVG on the page belongs to a card whose typeable text is its barcode.
    expect(html.match(/<svg /g)).toHaveLength(cards.length);
    for (const card of cards) expect(card.text).toBe(card.barcode);

    const barcodes = cards.map((card) => card.barcode);
    for (const user of DEMO_USERS) expect(barcodes).toContain(user.badge);
    for (const warehouse of DEMO_WAREHOUSES) expect(barcodes).toContain(String(warehouse.number));
    for (const zone of ZONE_BARCODES) expect(barcodes).toContain(zone);
    expect(barcodes).toContain('=34717-1-a-01');
    expect(barcodes).toContain('=34717-1-z-12'); // the last cell of the sieve zone
    for (const name of DEMO_USERS.map((user) => user.name)) expect(html).toContain(name);
  });

  it.skipIf(!hasZbarimg() && !process.env.CI)(
    'every inline SVG decodes (zbarimg) to the barcode printed under it',
    async () => {
      context = await createSessionTestApp({ DEMO_SEED: 'true' });
      const cards = codeCards(
        (await context.app.inject({ method: 'GET', url: '/demo-sheet' })).body,
      );
      expect(cards.length).toBeGreaterThan(DEMO_USERS.length + ZONE_BARCODES.length);
      const temp = makeTempDir('demo-sheet-');
      cleanups.push(temp.remove);
      const files = cards.map((card, index) => {
        const file = path.join(temp.dir, `code-${String(index).padStart(3, '0')}.svg`);
        fs.writeFileSync(file, card.svg);
        return file;
      });
      const { stdout } = await run('zbarimg', ['--raw', '-q', ...files]);
      expect(stdout.trimEnd().split('\n')).toEqual(cards.map((card) => card.barcode));
    },
  );

  it('has English captions under /en/demo-sheet and links each language to the other', async () => {
    context = await createSessionTestApp({ DEMO_SEED: 'true' });
    const en = await context.app.inject({ method: 'GET', url: '/en/demo-sheet' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Employee badges');
    expect(en.body).toContain('href="/en/user-auth"');
    expect(en.body).toContain('href="/demo-sheet"');
    const ru = await context.app.inject({ method: 'GET', url: '/demo-sheet' });
    expect(ru.body).toContain('href="/user-auth"');
    expect(ru.body).toContain('href="/en/demo-sheet"');
    expect(codeCards(en.body).map((card) => card.barcode)).toEqual(
      codeCards(ru.body).map((card) => card.barcode),
    );
  });

  it('does not exist without the demo seed, and is not handed to the web app', async () => {
    const webDist = createFakeWebDist();
    cleanups.push(webDist.remove);
    context = await createSessionTestApp({ DEMO_SEED: 'false', WEB_DIST: webDist.dir });
    for (const url of ['/demo-sheet', '/en/demo-sheet']) {
      const response = await context.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
    // The web app itself is served, so the 404 is the sheet's own.
    const page = await context.app.inject({
      method: 'GET',
      url: '/user-auth',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('the demo sheet builder', () => {
  it('lists every demo parcel, box and acceptance report, and escapes every text', () => {
    const sections = buildDemoSheetSections();
    const demoHtml = renderDemoSheetHtml(sections, 'ru');
    const listed = codeCards(demoHtml).map((card) => card.barcode);
    for (const parcel of DEMO_PARCELS) expect(listed).toContain(parcel.number);
    for (const box of DEMO_BOXES) expect(listed).toContain(demoBoxBarcode(box));
    for (const inbound of DEMO_INBOUNDS) expect(listed).toContain(inbound.acceptanceBarcode);
    for (const order of DEMO_SHIPPED_ORDERS) expect(listed).toContain(order.parcelBarcode);

    const parcels = sections.find((section) => section.id === 'parcels');
    if (!parcels) throw new Error('the parcels hook is missing');
    parcels.items = scannableItems([
      { barcode: 'P<1>&"x\'', description: 'Заказ <b>7</b>' },
      { barcode: '4650012345678', number: 7 },
    ]);
    const html = renderDemoSheetHtml(sections, 'ru');
    expect(html).toContain('id="parcels"');
    expect(html).toContain('<p class="text">P&lt;1&gt;&amp;&quot;x&#39;</p>');
    expect(html).toContain('Заказ &lt;b&gt;7&lt;/b&gt;');
    expect(html).not.toContain('<b>7</b>');
    expect(html).toContain('<p class="title">№ 7</p>');
    expect(codeCards(html).map((card) => card.barcode)).toContain('P<1>&"x\'');
  });
});
