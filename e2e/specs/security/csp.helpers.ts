import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What the browser reported against the page's policies: every `securitypolicyviolation`
 * event of every document the page loads (an init script, injected by the browser's debugger
 * protocol, so the policy cannot block it), and console messages about the Content Security
 * Policy or the Permissions-Policy header.
 */
export class PolicyWatch {
  readonly reports: string[] = [];

  private constructor(private readonly page: Page) {}

  static async start(page: Page): Promise<PolicyWatch> {
    const watch = new PolicyWatch(page);
    await page.exposeFunction('__reportPolicyViolation', (text: string) => {
      watch.reports.push(text);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportPolicyViolation(text: string): void })
          .__reportPolicyViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(none)'} on ` +
            `${document.location.pathname} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|Permissions-Policy|Refused to/i.test(text)) {
        watch.reports.push(`console ${message.type()}: ${text}`);
      }
    });
    return watch;
  }

  /** The policy is really in force on the current page: an injected inline script is refused. */
  async expectInlineScriptRefused(): Promise<void> {
    const before = this.reports.length;
    const ran = await this.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineScriptRan = true;';
      document.head.append(script);
      return (window as unknown as { __inlineScriptRan?: boolean }).__inlineScriptRan === true;
    });
    expect(ran, 'an injected inline script ran: no Content-Security-Policy in force').toBe(false);
    // Both the event and the console error, so that neither arrives after the splice.
    await expect
      .poll(() => {
        const added = this.reports.slice(before);
        return [
          added.some((text) => text.startsWith('script-src-elem blocked inline')),
          added.some((text) => /^console .*inline script/i.test(text)),
        ];
      })
      .toEqual([true, true]);
    // The canary's own reports are expected; nothing else may have come with them.
    this.reports.splice(before);
  }

  expectNone(): void {
    expect(this.reports, 'policy violations').toEqual([]);
  }
}

/**
 * Every path of the web app's route table (apps/web/src/app/routes.ts), read from its source
 * so that a new route is walked without touching this test; `:param`s get a sample value.
 */
export function appRoutePaths(): string[] {
  const source = readFileSync(path.join(repoRoot, 'apps/web/src/app/routes.ts'), 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((match) => match[1]!);
  expect(paths.length).toBeGreaterThan(20);
  return paths.map((route) => route.replace(/:\w+/g, '1'));
}

/** Opens a page and waits until it stopped loading (websockets do not count). */
export async function openAndSettle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}
