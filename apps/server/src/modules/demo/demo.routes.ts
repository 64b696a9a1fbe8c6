import type { FastifyInstance } from 'fastify';
import { AppError } from '@sorting/contracts';
import { LOCALES } from '@sorting/domain';
import {
  DEMO_SHEET_PATH,
  buildDemoSheetSections,
  pathInLocale,
  renderDemoSheetHtml,
} from './demo-sheet.js';

/**
 * The printable demo sheet: public (no session), only while the demo seed is on; otherwise
 * the path does not exist (404), as the other demo routes.
 */
export async function demoRoutes(
  app: FastifyInstance,
  options: { isDemo: boolean },
): Promise<void> {
  for (const locale of LOCALES) {
    const url = pathInLocale(DEMO_SHEET_PATH, locale);
    // Built once: the demo data is constant while the server runs.
    let page: string | null = null;
    app.get(url, async (_request, reply) => {
      if (!options.isDemo) {
        throw new AppError('routeNotFound', { message: `Route GET ${url} not found` });
      }
      page ??= renderDemoSheetHtml(buildDemoSheetSections(), locale);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    });
  }
}
