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
 * DOMPurify (11 kB gzip) is loaded with the first toast, not with a page: a page that raises
 * none never fetches it (docs/DECISIONS.md "Web shell", weight). That toast shows its text only
 * until DOMPurify is in; `onLoaded` then sanitises the shown toasts again. A failed load is
 * tried again with the next toast.
 */
export function createLazySanitizer(load: () => Promise<Sanitizer>, onLoaded?: () => void) {
  let current: Sanitizer = textOnlySanitizer;
  let isReady = false;
  let loading: Promise<void> | null = null;
  const loadOnce = (): Promise<void> => {
    loading ??= load().then(
      (sanitizer) => {
        current = sanitizer;
        isReady = true;
        onLoaded?.();
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    sanitize: (html: string) => {
      if (!isReady) loadOnce().catch(() => undefined);
      return current(html);
    },
    isReady: () => isReady,
    /** Loads DOMPurify once; resolves when it is in use. */
    load: loadOnce,
  };
}

/** DOMPurify, from its own chunk. */
export async function loadDomPurify(): Promise<Sanitizer> {
  const { default: DOMPurify } = await import('dompurify');
  return (html) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
