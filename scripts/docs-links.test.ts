import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true as code moves: every repository path a document names in backticks exists, every
 * relative link (and its #anchor) resolves, and every docs/….md a source comment points at exists. The
 * rule → file index of docs/decisions/README.md is only useful while this holds.
 */
const ROOT = join(import.meta.dirname, '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.tsbuild', '.data', '.tmp', 'coverage']);
const REPO_PATH = /^(?:server-core|bff|runtime|widget|loader|scripts|e2e|bench|docs|\.ci)\/[^\s`'"),;]*/;
const ROOT_FILES =
  /^(?:package\.json|biome\.json|size-limit\.json|mangle\.json|vite\.config\.ts|vitest\.config\.ts|tsconfig(?:\.[a-z-]+)?\.json)$/;
/** Where a path stops being literal: `bff/contract/<resource>.ts`, `widget/chunks/*`, `NNN_name.sql`. */
const PLACEHOLDER = /[<*{[…]|\.\.\.|NNN/;

function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name), keep, found);
    } else if (keep(entry.name)) {
      found.push(relative(ROOT, join(dir, entry.name)));
    }
  }
  return found;
}

const documents = () => ['README.md', ...walk(join(ROOT, 'docs'), (f) => f.endsWith('.md'))];

/** What a repository path must resolve to: itself, or the folder before its first placeholder. */
function literalPart(path: string): string {
  const cut = path.search(PLACEHOLDER);
  const literal = cut === -1 ? path : path.slice(0, path.lastIndexOf('/', cut) + 1);
  return literal.replace(/#.*$/, '').replace(/[.:]$/, '');
}

/** Repository paths named in backticks (fenced blocks included), with their line. */
function citedPaths(markdown: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  for (const [i, text] of markdown.split('\n').entries()) {
    for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
      const path = REPO_PATH.exec(span!)?.[0] ?? (ROOT_FILES.test(span!) ? span! : null);
      if (path) found.push({ path, line: i + 1 });
    }
  }
  return found;
}

/** GitHub's anchor of a heading: lower-case, punctuation dropped, spaces to dashes, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative Markdown links outside code: `[text](target)`, with their line. */
function relativeLinks(markdown: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  let fenced = false;
  for (const [i, text] of markdown.split('\n').entries()) {
    if (text.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    for (const [, target] of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z]+:/i.test(target!)) found.push({ target: target!, line: i + 1 });
    }
  }
  return found;
}

describe('the documentation names what exists', () => {
  it('every repository path cited in backticks in README.md and docs/ exists', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const doc of documents()) {
      for (const { path, line } of citedPaths(readFileSync(join(ROOT, doc), 'utf8'))) {
        checked++;
        if (!existsSync(join(ROOT, literalPart(path)))) missing.push(`${doc}:${line} \`${path}\``);
      }
    }
    expect(checked, 'the docs cite repository paths').toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('every relative link of README.md and docs/ reaches a file, and its #anchor a heading there', () => {
    const broken: string[] = [];
    for (const doc of documents()) {
      for (const { target, line } of relativeLinks(readFileSync(join(ROOT, doc), 'utf8'))) {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const path = file ? join(dirname(join(ROOT, doc)), file) : join(ROOT, doc);
        if (!existsSync(path)) broken.push(`${doc}:${line} ${target}: no such file`);
        else if (anchor && path.endsWith('.md') && !headingAnchors(readFileSync(path, 'utf8')).has(anchor))
          broken.push(`${doc}:${line} ${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/….md a source file points at exists', () => {
    const sources = walk(ROOT, (f) => /\.(ts|tsx|json|sql)$/.test(f) && f !== 'package-lock.json');
    const missing: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [path] of text.matchAll(/\bdocs\/[\w/.-]*?\.md\b/g)) {
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every decision entry of docs/decisions/ has its row in the rule → file index', () => {
    const dir = join(ROOT, 'docs/decisions');
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const topics = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(topics.length).toBeGreaterThan(10);
    const unindexed: string[] = [];
    for (const topic of topics) {
      const entries = readFileSync(join(dir, topic), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('## '))
        .flatMap((line) => [...headingAnchors(line)]);
      for (const anchor of entries) {
        if (!index.includes(`](${topic}#${anchor})`)) unindexed.push(`${topic}#${anchor}`);
      }
    }
    expect(unindexed).toEqual([]);
  });

  it('anchors are computed as GitHub does', () => {
    expect([
      ...headingAnchors('# Errors\n## Rate limits (public API)\n## Rate limits (public API)\n'),
    ]).toEqual(['errors', 'rate-limits-public-api', 'rate-limits-public-api-1']);
  });
});
