import { describe, expect, it, vi } from 'vitest';
import { CatalogueLoadError, createI18nRegistry, type CatalogueLoader } from './i18n-registry';

const common = { ru: { title: 'common:ru' }, en: { title: 'common:en' } };

describe('i18n registry', () => {
  it('keeps one instance per locale, ready at once with the bundled common catalogue', () => {
    const load = vi.fn<CatalogueLoader>();
    const registry = createI18nRegistry(common, load);
    const en = registry.instance('en');
    expect(registry.instance('en')).toBe(en);
    expect(en.isInitialized).toBe(true);
    expect(en.language).toBe('en');
    expect(en.getResource('en', 'common', 'title')).toBe('common:en');
    expect(registry.instance('ru')).not.toBe(en);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads each route namespace lazily, once, in the locale of the instance', async () => {
    const load = vi.fn<CatalogueLoader>(async (locale, namespace) => ({
      title: `${namespace}:${locale}`,
    }));
    const registry = createI18nRegistry(common, load);
    const en = await registry.ensure('en', ['common', 'sorting']);
    await registry.ensure('en', ['sorting']);
    expect(en.getResource('en', 'sorting', 'title')).toBe('sorting:en');
    expect(load.mock.calls).toEqual([['en', 'sorting']]);
  });

  it('fails when a catalogue cannot be loaded', async () => {
    const registry = createI18nRegistry(common, async (_locale, namespace) => {
      if (namespace === 'broken') throw new Error('chunk failed');
      return {};
    });
    await expect(registry.ensure('ru', ['broken'])).rejects.toBeInstanceOf(CatalogueLoadError);
  });

  it('loads a common catalogue that is not bundled like a route catalogue', async () => {
    const load = vi.fn<CatalogueLoader>(async (locale, namespace) => ({
      title: `${namespace}:${locale}`,
    }));
    const registry = createI18nRegistry({ ru: common.ru }, load);
    expect(registry.instance('ru').getResource('ru', 'common', 'title')).toBe('common:ru');
    const en = await registry.ensure('en', ['common', 'sorting']);
    expect(en.getResource('en', 'common', 'title')).toBe('common:en');
    expect(load.mock.calls.map(([, namespace]) => namespace).sort()).toEqual(['common', 'sorting']);
  });
});
