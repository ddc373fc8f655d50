import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findCycles, findViolations, type ImportRule, listImports, readSources } from './import-graph';

const ROOT = join(import.meta.dirname, '..');

const SOURCE = `import type { Runtime } from '../core/runtime';
import { warn } from '../core/warn';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { serve } from '@hono/node-server/serve';
import 'node:fs';
export type { TabId } from '../core/tabs';
export { adoptStyles } from '../ui/sheet.js';
// import { createApp } from '../../bff/app';
const text = "import('../../server-core/db')";
type Tabs = typeof import('../core/tabs');
export const load = () => import('../chunks/panel');
export const computed = (name: string) => import(name);
`;

it('lists static, type-only and dynamic imports with their resolved file or package, and nothing in comments or strings', () => {
  const refs = listImports(ROOT, 'widget/entry/example.ts', SOURCE);
  expect(refs.map(({ specifier, ...rest }) => rest)).toEqual([
    { kind: 'type', line: 1, target: 'widget/core/runtime.ts', package: null },
    { kind: 'static', line: 2, target: 'widget/core/warn.ts', package: null },
    { kind: 'static', line: 3, target: null, package: 'preact' },
    { kind: 'static', line: 4, target: null, package: 'preact' },
    { kind: 'static', line: 5, target: null, package: '@hono/node-server' },
    { kind: 'static', line: 6, target: null, package: 'node:fs' },
    { kind: 'type', line: 7, target: 'widget/core/tabs.ts', package: null },
    { kind: 'static', line: 8, target: 'widget/ui/sheet.ts', package: null },
    { kind: 'type', line: 11, target: 'widget/core/tabs.ts', package: null },
    { kind: 'dynamic', line: 12, target: 'widget/chunks/panel/index.tsx', package: null },
    { kind: 'dynamic', line: 13, target: null, package: null },
  ]);
  expect(refs[9]!.specifier).toBe('../chunks/panel');
  expect(refs[10]!.specifier).toBe('import(name)');
});

it('an unresolvable relative import keeps its joined path as the target', () => {
  expect(listImports(ROOT, 'widget/entry/example.ts', `import { x } from '../nowhere/x';`)[0]!.target).toBe(
    'widget/nowhere/x',
  );
});

const RULES: ImportRule[] = [
  {
    rule: 'a imports from b only types',
    from: ['a'],
    about: ['b'],
    allow: [{ to: 'b', only: ['type'] }],
  },
  { rule: 'a imports only the package ok', from: ['a'], about: ['packages'], allow: [{ to: 'ok' }] },
];

const ref = (kind: 'static' | 'type' | 'dynamic', target: string | null, pkg: string | null = null) => ({
  specifier: target ?? pkg ?? 'import(x)',
  kind,
  line: 1,
  target,
  package: pkg,
});

it('reports each import a rule judges and does not allow, with the rule in words', () => {
  const sources = [
    {
      file: 'a/one.ts',
      imports: [
        ref('type', 'b/t.ts'),
        ref('static', 'b/t.ts'),
        ref('dynamic', 'b/deep/t.ts'),
        ref('static', 'c/free.ts'),
        ref('static', 'bb/not-under-b.ts'),
        ref('static', null, 'ok'),
        ref('static', null, 'nope'),
        ref('dynamic', null),
      ],
    },
    { file: 'elsewhere/two.ts', imports: [ref('static', 'b/t.ts'), ref('static', null, 'nope')] },
  ];
  expect(findViolations(RULES, sources)).toEqual([
    'a/one.ts:1 imports b/t.ts (static): a imports from b only types',
    'a/one.ts:1 imports b/deep/t.ts (dynamic): a imports from b only types',
    'a/one.ts:1 imports nope (static): a imports only the package ok',
    'a/one.ts:1 imports import(x) (dynamic): an import must name its module literally, or no rule can judge it',
  ]);
});

it('finds import cycles, type-only ones included, and lets import() point back', () => {
  const sources = [
    { file: 'a.ts', imports: [ref('static', 'b.ts')] },
    { file: 'b.ts', imports: [ref('type', 'a.ts')] },
    { file: 'c.ts', imports: [ref('static', 'd.ts')] },
    { file: 'd.ts', imports: [ref('dynamic', 'c.ts'), ref('static', null, 'preact')] },
    { file: 'e.ts', imports: [ref('static', 'e.ts')] },
  ];
  expect(findCycles(sources)).toEqual([['a.ts', 'b.ts'], ['e.ts']]);
});

it('the product code has no import cycle', () => {
  const sources = readSources(ROOT, ['bff', 'runtime', 'server-core', 'widget', 'loader', 'scripts', 'mcp']);
  expect(sources.length).toBeGreaterThan(200);
  expect(findCycles(sources)).toEqual([]);
});

/**
 * The customer-run MCP server (mcp/) runs against any deployment over the public API: of the service it
 * imports only the generated client types, and of packages only the MCP SDK, zod and node's own.
 * mcp/testing/ (the tests' BFF and clients) may use the e2e helpers and is not judged.
 */
const MCP_RULES: ImportRule[] = [
  {
    rule: 'mcp/ imports from the service only the generated contract types (bff/openapi/schema.d.ts, type-only)',
    from: ['mcp'],
    about: ['server-core', 'bff', 'runtime', 'widget', 'loader', 'scripts', 'e2e', 'bench'],
    allow: [{ to: 'bff/openapi/schema.d.ts', only: ['type'] }],
  },
  {
    rule: 'mcp/ imports only the MCP SDK, zod and node: packages',
    from: ['mcp'],
    about: ['packages'],
    allow: ['@modelcontextprotocol/sdk', 'zod', 'node:crypto', 'node:http', 'node:net'].map((to) => ({ to })),
  },
];

it('mcp/ imports from the service only the generated client types', () => {
  const sources = readSources(ROOT, ['mcp']).filter((s) => !s.file.startsWith('mcp/testing/'));
  expect(sources.length).toBeGreaterThan(10);
  expect(findViolations(MCP_RULES, sources)).toEqual([]);
  const typesUsed = sources.flatMap((s) => s.imports).filter((r) => r.target === 'bff/openapi/schema.d.ts');
  expect(typesUsed.map((r) => r.kind)).toEqual(['type']);
  // The rule bites: a runtime import of the service, a value import of the types, another package.
  const bad = {
    file: 'mcp/tools/bad.ts',
    imports: listImports(
      ROOT,
      'mcp/tools/bad.ts',
      `import { searchChunks } from '../../server-core/retrieval/search-chunks';
import { paths } from '../../bff/openapi/schema';
import type { Services } from '../../bff/services';
import { Hono } from 'hono';`,
    ),
  };
  expect(findViolations(MCP_RULES, [bad]).map((v) => v.split(':')[1])).toEqual([
    '1 imports server-core/retrieval/search-chunks.ts (static)',
    '2 imports bff/openapi/schema.d.ts (static)',
    '3 imports bff/services.ts (type)',
    '4 imports hono (static)',
  ]);
});
