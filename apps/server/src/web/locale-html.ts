import type { Locale } from '@sorting/domain';

/** Spec part 1 §1 / part 2 §1: the application title per locale. */
export const APP_TITLES: Record<Locale, string> = { ru: 'Сортировка', en: 'Sorting' };

/** The per-locale web manifest path (spec part 2 §2 "Shell behaviour"). */
export function manifestPath(locale: Locale): string {
  return `/${locale}/manifest.webmanifest`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function setAttribute(tag: string, name: string, value: string): string {
  const attribute = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*'|[^\\s>]+)`, 'i');
  const quoted = `"${escapeHtml(value)}"`;
  if (attribute.test(tag)) return tag.replace(attribute, (_all, prefix: string) => prefix + quoted);
  return tag.replace(/\s*\/?>$/, (end) => ` ${name}=${quoted}${end}`);
}

function insertIntoHead(html: string, markup: string): string {
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${markup}</head>`) : markup + html;
}

/**
 * The built index.html for one locale: `<html lang>`, `<title>` and the manifest link, so
 * the first paint, the tab title and "add to home screen" are in the page's language before
 * any script runs.
 */
export function localizeIndexHtml(html: string, locale: Locale): string {
  let result = html.replace(/<html\b[^>]*>/i, (tag) => setAttribute(tag, 'lang', locale));

  const title = `<title>${escapeHtml(APP_TITLES[locale])}</title>`;
  result = /<title\b[^>]*>[\s\S]*?<\/title>/i.test(result)
    ? result.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, title)
    : insertIntoHead(result, title);

  const manifestLink = /<link\b[^>]*\brel\s*=\s*["']?manifest["']?[^>]*>/i;
  result = manifestLink.test(result)
    ? result.replace(manifestLink, (tag) => setAttribute(tag, 'href', manifestPath(locale)))
    : insertIntoHead(result, `<link rel="manifest" href="${manifestPath(locale)}">`);
  return result;
}

export interface WebManifest {
  name: string;
  short_name: string;
  lang: Locale;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/**
 * Spec part 2 §2: manifest per locale, name Сортировка for ru, otherwise Sorting; standalone;
 * portrait. Theme colour = the progress bar colour of spec part 1 §9.
 */
export function buildManifest(locale: Locale, iconPath: string | null): WebManifest {
  return {
    name: APP_TITLES[locale],
    short_name: APP_TITLES[locale],
    lang: locale,
    start_url: `/${locale}/`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#f9b122',
    background_color: '#ffffff',
    icons: iconPath ? [{ src: iconPath, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }] : [],
  };
}
