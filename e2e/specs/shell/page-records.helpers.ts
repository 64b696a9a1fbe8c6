import type { Page } from '@playwright/test';

/** The sound marks (`sound:<name>`) the page's player left, in order (shell/sounds). */
export async function soundMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

/** The calls under a path prefix made from now on, as `METHOD path` (the path decoded). */
export function recordCalls(page: Page, prefix: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(prefix))
      calls.push(`${request.method()} ${decodeURIComponent(url.pathname)}`);
  });
  return calls;
}

/**
 * The text of every toast shown from now on, across reloads and navigations: a toast lives
 * 10 s, so a walk longer than that could miss one by only looking at the end.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  await page.exposeFunction('__recordToast', (text: string) => texts.push(text));
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const record = (window as unknown as { __recordToast: (text: string) => void }).__recordToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        record(toast.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return texts;
}
