// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COOKIES_DISABLED_TEXT, PRINTER_UNAVAILABLE_TEXT } from '@sorting/contracts';
import { WORKFLOW_ROUTES } from '../features/workflow/workflow-routes';
import { LAZY_SHELL_NAMESPACES, catalogueKeys, cataloguePath } from './catalogues';
import { ROUTE_CATALOGUES, routeCataloguePath } from './route-catalogues';

const src = fileURLToPath(new URL('..', import.meta.url));

/** Every folder under src/ holding a locales/ folder. */
function catalogueFolders(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (!statSync(full).isDirectory()) continue;
    if (entry === 'locales') found.push(full);
    else catalogueFolders(full, found);
  }
  return found;
}

type Catalogue = { [key: string]: string | Catalogue };

// Plural forms differ by language (ru: one/few/many, en: one/other): compare the base key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(full.replace(PLURAL_SUFFIX, ''), value);
    else for (const [k, v] of flatten(value, full)) keys.set(k, v);
  }
  return keys;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const folders = catalogueFolders(src);

describe('catalogues', () => {
  it('finds the shell, its lazy parts, every feature and every route of a shared feature', () => {
    const features = readdirSync(path.join(src, 'features'));
    // A feature that several routes render keeps one catalogue per route (routes/<ns>/locales).
    const routed = (feature: string) => path.join(src, 'features', feature, 'routes');
    const routeNamespaces = features.flatMap((feature) =>
      existsSync(routed(feature)) ? readdirSync(routed(feature)) : [],
    );
    expect(routeNamespaces).toEqual(expect.arrayContaining([...WORKFLOW_ROUTES]));
    const plainFeatures = features.filter((feature) => !existsSync(routed(feature)));
    // Beside its routes' own, the workflow screen's shared texts (namespace `workflow`).
    expect(routeNamespaces).toContain('workflow');
    expect(folders.length).toBe(
      plainFeatures.length + routeNamespaces.length + 1 + LAZY_SHELL_NAMESPACES.length,
    );
    for (const feature of plainFeatures) {
      expect(folders).toContain(path.join(src, 'features', feature, 'locales'));
    }
    for (const ns of WORKFLOW_ROUTES) {
      expect(folders).toContain(path.join(src, 'features', 'workflow', 'routes', ns, 'locales'));
    }
    for (const part of LAZY_SHELL_NAMESPACES) {
      expect(folders).toContain(path.join(src, 'shell', part, 'locales'));
    }
  });

  it.each(folders.map((folder) => [path.relative(src, folder), folder]))(
    '%s: ru and en have the same keys and placeholders, none empty',
    (_name, folder) => {
      expect(readdirSync(folder).sort()).toEqual(['en.json', 'ru.json']);
      const ru = flatten(read(path.join(folder, 'ru.json')));
      const en = flatten(read(path.join(folder, 'en.json')));
      expect([...en.keys()].sort()).toEqual([...ru.keys()].sort());
      for (const [key, text] of ru) {
        expect(text.trim(), `ru ${key}`).not.toBe('');
        expect(en.get(key)?.trim(), `en ${key}`).not.toBe('');
        expect(variables(en.get(key) ?? ''), `placeholders of ${key}`).toEqual(variables(text));
      }
    },
  );

  // "убран(а)", "item(s)" read as code. Russian plurals use the i18n plural
  // forms (ux.md "Language"); where the gender is unknown the text is phrased without it.
  it.each(folders.map((folder) => [path.relative(src, folder), folder]))(
    '%s: no word carries a bracketed ending for gender or number',
    (_name, folder) => {
      for (const locale of ['ru', 'en']) {
        for (const [key, text] of flatten(read(path.join(folder, `${locale}.json`)))) {
          expect(text, `${locale} ${key}`).not.toMatch(/[\p{L}]\([\p{Ll}]{1,3}\)/u);
        }
      }
    },
  );

  // glossary.md: one word for one thing. A returnable box is «оборотная тара» (never
  // «возвратная тара», which reads as a customer return); a contragent is a counterparty.
  it.each(folders.map((folder) => [path.relative(src, folder), folder]))(
    '%s: uses the glossary terms for returnable box and counterparty',
    (_name, folder) => {
      for (const [key, text] of flatten(read(path.join(folder, 'ru.json')))) {
        expect(text, `ru ${key}`).not.toMatch(/возвратн\p{L}* тар/iu);
      }
      for (const [key, text] of flatten(read(path.join(folder, 'en.json')))) {
        expect(text, `en ${key}`).not.toMatch(/contragent/i);
      }
    },
  );

  it('of every route area are reachable by the lazy loader', () => {
    const keys = [...catalogueKeys(), ...Object.keys(ROUTE_CATALOGUES)];
    // Every route area and lazy shell part, and the English 'common' (the Russian is bundled).
    expect(keys).toHaveLength((folders.length - 1) * 2 + 1);
    expect(keys).toContain(cataloguePath('en', 'common'));
    expect(keys).not.toContain(cataloguePath('ru', 'common'));
    expect(keys).toContain(cataloguePath('en', 'user-auth'));
    expect(keys).toContain(cataloguePath('ru', 'camera-viewfinder'));
    expect(keys).toContain(cataloguePath('ru', 'devices'));
    expect(routeCataloguePath('en', 'loading-v2')).toBe(
      '../features/workflow/routes/loading-v2/locales/en.json',
    );
    for (const ns of WORKFLOW_ROUTES) expect(keys).toContain(routeCataloguePath('ru', ns));
  });

  // One workflow screen reads every workflow route's namespace with the same keys (the type
  // of each is that of the first: app/i18n-resources.ts); besides them a route holds only the
  // `prompt.<key>` and `reason.<code>` texts of its own workflow, read by the key the server
  // answers (docs/DECISIONS.md "Guided workflows").
  it.each(WORKFLOW_ROUTES.map((ns) => [ns]))('%s: has the keys of every workflow route', (ns) => {
    const keys = (name: string) =>
      [
        ...flatten(read(path.join(src, (routeCataloguePath('ru', name) ?? '').slice(3)))).keys(),
      ].sort();
    const isOwn = (key: string) => /^(prompt|reason)\.[\w-]+$/.test(key);
    const shared = (name: string) => keys(name).filter((key) => !isOwn(key));
    expect(shared(ns)).toEqual(shared(WORKFLOW_ROUTES[0]));
  });

  it('keep the texts the spec fixes (part 1 §8, part 2 §5)', () => {
    const devices = (locale: string) =>
      flatten(read(path.join(src, 'shell', 'devices', 'locales', `${locale}.json`)));
    expect(devices('ru').get('printerUnavailable')).toBe(PRINTER_UNAVAILABLE_TEXT);
    expect(devices('en').get('printerUnavailable')).toBe('Printer unavailable');
    // The spec's English text in English; the Russian interface says it in Russian.
    expect(devices('en').get('cookiesDisabled')).toBe(COOKIES_DISABLED_TEXT);
    expect(devices('ru').get('cookiesDisabled')).toBe(
      'Cookie отключены: включите cookie в настройках браузера',
    );
  });
});
