import { describe, expect, it } from 'vitest';
import { buildManifest, localizeIndexHtml } from './locale-html.js';

describe('localizeIndexHtml', () => {
  it('replaces lang, title and the manifest link', () => {
    const html =
      '<!doctype html><html lang="en" class="x"><head><title>Vite</title>' +
      '<link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>';
    expect(localizeIndexHtml(html, 'ru')).toBe(
      '<!doctype html><html lang="ru" class="x"><head><title>Сортировка</title>' +
        '<link rel="manifest" href="/ru/manifest.webmanifest"></head><body></body></html>',
    );
  });

  it('adds what the page lacks', () => {
    const result = localizeIndexHtml('<html><head></head><body></body></html>', 'en');
    expect(result).toBe(
      '<html lang="en"><head><title>Sorting</title>' +
        '<link rel="manifest" href="/en/manifest.webmanifest"></head><body></body></html>',
    );
  });
});

describe('buildManifest', () => {
  it('has no icons when the build has none', () => {
    expect(buildManifest('en', null)).toMatchObject({ name: 'Sorting', icons: [] });
  });
});
