// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Conventions §8: no user-facing string literal in JSX; every text comes from a catalogue.
const src = fileURLToPath(new URL('..', import.meta.url));
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const HAS_LETTER = /\p{L}/u;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) sourceFiles(full, found);
    else if (
      entry.endsWith('.tsx') &&
      !entry.endsWith('.test.tsx') &&
      !full.includes(`${path.sep}test${path.sep}`)
    ) {
      found.push(full);
    }
  }
  return found;
}

function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(src, file)}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) {
      found.push(`${where(node)} text "${node.text.trim()}"`);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init &&
              ts.isJsxExpression(init) &&
              init.expression &&
              ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && HAS_LETTER.test(literal)) {
        found.push(`${where(node)} ${node.name.getText(source)}="${literal}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('JSX', () => {
  it('has no user-facing string literals', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(literalsIn)).toEqual([]);
  });
});
