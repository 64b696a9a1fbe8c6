/** Turns notification HTML into markup that is safe to insert. */
export type Sanitizer = (html: string) => string;

/** The visible text of HTML. An inert <template> parses it: no script runs, no image loads. */
export function htmlToText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Escapes text for use as HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Safe until DOMPurify is in: keeps only the text of the content. */
export const textOnlySanitizer: Sanitizer = (html) => escapeHtml(htmlToText(html));

/**
 * Notification content is HTML from catalogues and servers; DOMPurify keeps only safe markup.
 * DOMPurify (11 kB gzip) is loaded after the first screen rather than in it; a toast raised
 * before it is in shows its text only, and is sanitised again once it is.
 */
export function createLazySanitizer(load: () => Promise<Sanitizer>) {
  let current: Sanitizer = textOnlySanitizer;
  let isReady = false;
  let loading: Promise<void> | null = null;
  return {
    sanitize: (html: string) => current(html),
    isReady: () => isReady,
    /** Loads DOMPurify once; resolves when it is in use. */
    load(): Promise<void> {
      loading ??= load().then((sanitizer) => {
        current = sanitizer;
        isReady = true;
      });
      return loading;
    },
  };
}

/** DOMPurify, from its own chunk. */
export async function loadDomPurify(): Promise<Sanitizer> {
  const { default: DOMPurify } = await import('dompurify');
  return (html) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
