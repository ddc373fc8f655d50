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
  const sources = readSources(ROOT, ['bff', 'runtime', 'server-core', 'widget', 'loader', 'scripts']);
  expect(sources.length).toBeGreaterThan(200);
  expect(findCycles(sources)).toEqual([]);
});
