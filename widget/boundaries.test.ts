import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findViolations, type ImportRule, readSources } from '../scripts/import-graph';

/**
 * The widget's folders are its chunk boundary. Everything outside widget/chunks/ ships in the entry:
 * entry/ (main, launcher, panel frame), core/ (boot, API, transport; no UI) and ui/ (shared styles and
 * hooks). Each widget/chunks/<name>/ is one lazy chunk, reached only by import() of its folder.
 */
const ROOT = join(import.meta.dirname, '..');
const CHUNKS = readdirSync(join(ROOT, 'widget/chunks'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `widget/chunks/${entry.name}`);
const SERVER = ['server-core', 'bff', 'runtime', 'scripts'];
/**
 * The packages a lazy chunk adds beside preact, paid for in its own budget (size-limit.json) and never
 * in the entry. None today: floating-ui, which the tour and the launchers position with, is reached only
 * through widget/ui/position.ts (below), the one copy.
 */
const CHUNK_PACKAGES: Record<string, string[]> = {};
/**
 * The shared positioning (widget/ui/position.ts) is the one ui/ file that imports floating-ui: only chunks
 * import it (the tour, the launchers), so the bundler gives it a lazy chunk of its own, never the entry.
 */
const POSITION = 'widget/ui/position.ts';
const UI_FILES = readdirSync(join(ROOT, 'widget/ui'))
  .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
  .map((name) => `widget/ui/${name}`)
  .filter((file) => file !== POSITION);

const RULES: ImportRule[] = [
  {
    rule: 'the widget and the loader import from the server side only the generated contract types',
    from: ['widget', 'loader'],
    about: SERVER,
    allow: [{ to: 'bff/openapi/schema.d.ts', only: ['type'] }],
  },
  ...['widget/entry', 'widget/core', ...UI_FILES, ...CHUNKS].map(
    (place): ImportRule => ({
      rule: 'the widget imports no package but preact (its size budget): a chunk may add one in CHUNK_PACKAGES',
      from: [place],
      about: ['packages'],
      allow: [{ to: 'preact' }, ...(CHUNK_PACKAGES[place] ?? []).map((to) => ({ to }))],
    }),
  ),
  {
    rule: 'the loader imports no package (1 KB budget)',
    from: ['loader'],
    about: ['packages'],
    allow: [],
  },
  {
    rule: 'core/ is the base of the entry: it imports only core/',
    from: ['widget/core'],
    about: ['widget'],
    allow: [{ to: 'widget/core' }],
  },
  {
    rule: 'widget/ui/position.ts imports floating-ui and nothing else',
    from: [POSITION],
    about: ['packages', 'widget'],
    allow: [{ to: '@floating-ui/dom' }],
  },
  {
    rule: 'floating-ui stays out of the entry: only lazy chunks import widget/ui/position.ts',
    from: ['widget/entry', 'widget/core', ...UI_FILES],
    about: [POSITION],
    allow: [],
  },
  {
    rule: 'ui/ imports only core/ and ui/',
    from: ['widget/ui'],
    about: ['widget'],
    allow: [{ to: 'widget/core' }, { to: 'widget/ui' }],
  },
  {
    rule: 'entry/ imports core/, ui/ and entry/, and reaches a chunk only by import() of its folder',
    from: ['widget/entry'],
    about: ['widget'],
    allow: [
      { to: 'widget/core' },
      { to: 'widget/ui' },
      { to: 'widget/entry' },
      ...CHUNKS.flatMap((chunk) => [
        { to: `${chunk}/index.ts`, only: ['dynamic' as const] },
        { to: `${chunk}/index.tsx`, only: ['dynamic' as const] },
      ]),
    ],
  },
  ...CHUNKS.map(
    (chunk): ImportRule => ({
      rule: 'a lazy chunk imports only core/, ui/ and its own folder: never another chunk, never entry/',
      from: [chunk],
      about: ['widget'],
      allow: [{ to: 'widget/core' }, { to: 'widget/ui' }, { to: chunk }],
    }),
  ),
  {
    rule: 'the loader is built apart from the widget: it takes only types from widget/core/loader-contract.ts',
    from: ['loader'],
    about: ['widget'],
    allow: [{ to: 'widget/core/loader-contract.ts', only: ['type'] }],
  },
];

it('the widget and the loader keep their import boundaries', () => {
  const sources = readSources(ROOT, ['widget', 'loader']);
  expect(sources.length).toBeGreaterThan(20);
  expect(findViolations(RULES, sources)).toEqual([]);
});

it('every widget source sits in entry/, core/, ui/ or one chunk folder, and each chunk has an index and a budget', () => {
  const files = readSources(ROOT, ['widget']).map((s) => s.file);
  const homes = ['widget/entry/', 'widget/core/', 'widget/ui/', ...CHUNKS.map((chunk) => `${chunk}/`)];
  expect(files.filter((file) => !homes.some((home) => file.startsWith(home)))).toEqual([]);
  const budgets = (JSON.parse(readFileSync(join(ROOT, 'size-limit.json'), 'utf8')) as { path: string }[]).map(
    (b) => b.path,
  );
  for (const chunk of CHUNKS) {
    const name = chunk.slice('widget/chunks/'.length);
    expect(
      files.filter((file) => file === `${chunk}/index.ts` || file === `${chunk}/index.tsx`),
    ).toHaveLength(1);
    expect(budgets).toContain(`dist/assets/${name}-*.js`);
  }
});
