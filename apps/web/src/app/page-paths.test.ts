// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HOME_MENU } from '../features/home/home-menu';
import { areaPage, auditSessionPage, deliveryPage, PAGES, pickupPage } from '../lib/page-paths';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';

// docs/DECISIONS.md "Web shell", one page-path registry: `app/routes.ts` declares the routes,
// `lib/page-paths.ts` names the pages others go to; no other file writes a page path.
const src = fileURLToPath(new URL('..', import.meta.url));
const REGISTRY = new Set([
  path.join(src, 'app', 'routes.ts'),
  path.join(src, 'lib', 'page-paths.ts'),
]);
const ROUTES = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES];
const SEGMENTS = new Set(
  ROUTES.map((route) => route.path.split('/')[1]).filter((segment) => segment !== ''),
);

/** A route's path as a pattern: `:name` any one segment, `:name?` an optional last one. */
function matchesRoute(pagePath: string): boolean {
  return ROUTES.some((route) => {
    const pattern = route.path
      .split('/')
      .map((part) =>
        part.endsWith('?') ? '(/[^/]+)?' : part.startsWith(':') ? '/[^/]+' : part && `/${part}`,
      )
      .join('');
    return new RegExp(`^${pattern || '/'}$`).test(pagePath);
  });
}

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'test') sourceFiles(full, found);
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$|scenarios\.ts$/.test(entry)) {
      found.push(full);
    }
  }
  return found;
}

/** `/sorting`, `/audit/…`: a text that starts with a route's first segment. */
function isPagePath(text: string): boolean {
  const segment = /^\/([^/?#]+)(?:$|[/?#])/.exec(text)?.[1];
  return segment !== undefined && SEGMENTS.has(segment);
}

/** The home page `'/'` counts where a page is named: a link's `to`, `navigate`, `localize`. */
function namesHome(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return parent.name.getText() === 'to';
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return parent.parent.name.getText() === 'to';
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return /(^|\.)(navigate|localize)$/.test(callee);
  }
  return false;
}

function pagePathsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
      const literal = ts.isTemplateHead(node) ? node.parent : node;
      if (isPagePath(node.text) || (node.text === '/' && namesHome(literal))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(src, file)}:${line + 1} "${node.text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('page paths', () => {
  it('are written only in app/routes.ts and lib/page-paths.ts', () => {
    const files = sourceFiles(src).filter((file) => !REGISTRY.has(file));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(pagePathsIn)).toEqual([]);
  });

  it('of the registry are routes of app/routes.ts', () => {
    const named = [
      ...Object.values(PAGES),
      pickupPage('R 1'),
      deliveryPage(7),
      auditSessionPage(12),
      ...HOME_MENU.flatMap((group) => group.areas.map(({ area }) => areaPage(area))),
    ];
    expect(named.filter((pagePath) => !matchesRoute(pagePath))).toEqual([]);
  });
});
