import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every citation of docs/DECISIONS.md names a section that exists. The form, stated
// at the top of DECISIONS.md: `docs/DECISIONS.md "<title of a ## heading>"`, or a link to one of
// its anchors (`DECISIONS.md#anchor`). A citation that names no section, or cites by `§`, fails.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DECISIONS = 'docs/DECISIONS.md';
const SCANNED = ['apps', 'packages', 'e2e', 'docs', 'scripts', 'bench', 'README.md', 'AGENTS.md'];
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);
const TEXT_FILES = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.md',
  '.sql',
  '.sh',
  '.css',
  '.html',
  '.yml',
  '.yaml',
]);
/** Files that talk about the citation form rather than cite: this test and the page itself. */
const NOT_CITING = new Set([DECISIONS, 'scripts/decisions-references.test.ts']);

interface Sections {
  titles: Set<string>;
  anchors: Set<string>;
}

function sectionsOf(text: string): Sections {
  const titles = new Set(
    [...text.matchAll(/^## (.+)$/gm)]
      .map((m) => (m[1] ?? '').trim())
      .filter((t) => t !== 'Contents'),
  );
  const anchors = new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] ?? ''));
  return { titles, anchors };
}

function filesUnder(path: string): string[] {
  if (!existsSync(join(ROOT, path))) return [];
  if (!statSync(join(ROOT, path)).isDirectory()) return TEXT_FILES.has(extname(path)) ? [path] : [];
  return readdirSync(join(ROOT, path), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const child = join(path, entry.name);
    if (entry.isDirectory()) return filesUnder(child);
    return TEXT_FILES.has(extname(entry.name)) ? [child] : [];
  });
}

/** The text after a citation with comment line breaks (`*`, `//`, `--`, `#`) joined into spaces. */
function joinedAfter(text: string, from: number): string {
  return text
    .slice(from, from + 240)
    .replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\*)|\/\/|--|#(?=\s))?[ \t]*/g, ' ');
}

interface Citation {
  file: string;
  line: number;
  problem: string | null;
}

/** Every mention of DECISIONS.md in one file, with what is wrong with it (null: a good one). */
function citationsIn(file: string, text: string, sections: Sections): Citation[] {
  const citations: Citation[] = [];
  for (const match of text.matchAll(/\bDECISIONS(?:\.md)?\b/g)) {
    const at = match.index;
    const line = text.slice(0, at).split('\n').length;
    const after = joinedAfter(text, at + match[0].length);
    const before = text.slice(Math.max(0, at - 200), at);
    const cite = (problem: string | null) => citations.push({ file, line, problem });

    const anchor = /^#([\w-]+)/.exec(after);
    if (anchor) {
      const id = anchor[1] ?? '';
      cite(sections.anchors.has(id) ? null : `no anchor "${id}" in ${DECISIONS}`);
      continue;
    }
    // A Markdown link to the whole page, e.g. README's list of documents.
    if (after.startsWith('](') || /\]\([^)\s]*$/.test(before)) {
      cite(null);
      continue;
    }
    if (/^[`\s]*§/.test(after)) {
      cite('cite by the section\'s title in quotes, not by "§"');
      continue;
    }
    const title = /^[`\s]*"([^"]+)"/.exec(after);
    if (!title) {
      cite(`names no section: add the title in quotes, e.g. ${DECISIONS} "Sorting rules"`);
      continue;
    }
    const name = (title[1] ?? '').replace(/\s+/g, ' ').trim();
    cite(sections.titles.has(name) ? null : `no section "${name}" in ${DECISIONS}`);
  }
  return citations;
}

describe('citations of docs/DECISIONS.md', () => {
  const page = readFileSync(join(ROOT, DECISIONS), 'utf8');
  const sections = sectionsOf(page);

  it('gives every section a stable anchor and a line in the contents', () => {
    const headings = [...page.matchAll(/(?:<a id="([^"]+)"><\/a>\s*)?^## (.+)$/gm)]
      .map((m) => ({ anchor: m[1], title: (m[2] ?? '').trim() }))
      .filter((h) => h.title !== 'Contents');
    expect(headings.length).toBeGreaterThan(20);
    const contents = page.slice(page.indexOf('## Contents'), page.indexOf('<a id='));
    const missing = headings.filter(
      (h) => !h.anchor || !contents.includes(`[${h.title}](#${h.anchor})`),
    );
    expect(missing).toEqual([]);
    expect(new Set(headings.map((h) => h.title)).size).toBe(headings.length);
  });

  it('finds only citations of sections that exist', () => {
    const files = SCANNED.flatMap((path) => filesUnder(path))
      .map((path) => relative(ROOT, join(ROOT, path)))
      .filter((path) => !NOT_CITING.has(path));
    const citations = files.flatMap((file) =>
      citationsIn(file, readFileSync(join(ROOT, file), 'utf8'), sections),
    );
    expect(citations.length).toBeGreaterThan(50);
    const wrong = citations
      .filter((c) => c.problem !== null)
      .map((c) => `${c.file}:${c.line}: ${c.problem}`);
    expect(wrong).toEqual([]);
  });

  it('reads titles across comment line breaks and tells the wrong forms apart', () => {
    const sample = [
      '// see docs/DECISIONS.md "Sorting',
      '// rules", boxes',
      ' * (docs/DECISIONS.md "Users and time',
      ' * tracking").',
      'docs/DECISIONS.md "Nothing here"',
      'docs/DECISIONS.md §Sorting',
      'docs/DECISIONS.md).',
      'meanings in DECISIONS "Sorting rules"',
      '[the page](docs/DECISIONS.md#returns)',
      '[the page](docs/DECISIONS.md#nowhere)',
      '- [docs/DECISIONS.md](docs/DECISIONS.md): what we decided',
    ].join('\n');
    const problems = citationsIn('sample.ts', sample, {
      titles: new Set(['Sorting rules', 'Users and time tracking']),
      anchors: new Set(['returns']),
    }).map((c) => [c.line, c.problem === null ? 'ok' : c.problem.split(' ')[0]]);
    expect(problems).toEqual([
      [1, 'ok'],
      [3, 'ok'],
      [5, 'no'],
      [6, 'cite'],
      [7, 'names'],
      [8, 'ok'],
      [9, 'ok'],
      [10, 'no'],
      [11, 'ok'],
      [11, 'ok'],
    ]);
  });
});
