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
