import { resolve } from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type InlineConfig } from 'vite';
import { mangleProps } from './scripts/mangle-props';

/**
 * Where the widget calls its API; empty means the service that serves the bundle
 * (docs/decisions/widget.md, API origin).
 */
const envApiUrl = () => process.env.WIDGET_API_URL ?? '';

const ENTRY = resolve(import.meta.dirname, 'widget/entry/main.tsx');

type ModuleInfo = { importedIds: readonly string[] } | null;

/**
 * Everything the entry imports statically ships in the entry chunk itself, never in a shared chunk of its own
 * (one more request, in series, before the widget starts): Rollup splits modules by which chunks use them,
 * so preact, used by the entry and by a lazy chunk that does not use preact/hooks, became a chunk of its own
 * in issue 15. The set is computed once, from the entry's static imports.
 */
function entryModules(): (id: string, api: { getModuleInfo(id: string): ModuleInfo }) => string | undefined {
  let inEntry: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!inEntry) {
      inEntry = new Set();
      const todo = [ENTRY];
      while (todo.length) {
        const next = todo.pop()!;
        if (inEntry.has(next)) continue;
        inEntry.add(next);
        todo.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return inEntry.has(id) ? 'widget' : undefined;
  };
}

/** What both builds share: no config file, quiet, nothing copied from a public dir. */
const SHARED = {
  configFile: false,
  root: import.meta.dirname,
  logLevel: 'warn',
  publicDir: false,
} as const satisfies InlineConfig;

/**
 * The widget build: the entry (widget/entry/main.tsx, with widget/core and widget/ui) and its lazy
 * chunks as hashed ES modules under dist/assets, a manifest that names the entry, and a visualizer report
 * (dist/report.html). Each folder of widget/chunks is one lazy chunk, imported through its index, so the
 * chunk takes the folder's name (widget/chunks/panel/ becomes assets/panel-[hash].js). Chunks are
 * minified by scripts/mangle-props.ts with the private-property map of mangle.json.
 * The loader is built separately by scripts/build-widget.ts once the entry's hashed name is known.
 */
export const widgetBuild = (
  outDir = resolve(import.meta.dirname, 'dist'),
  apiUrl = envApiUrl(),
): InlineConfig => ({
  ...SHARED,
  define: { __WIDGET_API_URL__: JSON.stringify(apiUrl) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [mangleProps({ module: true })],
  build: {
    outDir,
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2020',
    modulePreload: false,
    sourcemap: false,
    rollupOptions: {
      input: { widget: ENTRY },
      output: {
        format: 'es',
        manualChunks: entryModules(),
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
      },
      plugins: [
        visualizer({ filename: resolve(outDir, 'report.html'), gzipSize: true, template: 'treemap' }),
      ],
    },
  },
});

export const loaderBuild = (
  entryPath: string,
  outDir = resolve(import.meta.dirname, 'dist'),
): InlineConfig => ({
  ...SHARED,
  define: { __WIDGET_ENTRY__: JSON.stringify(entryPath) },
  plugins: [mangleProps({ module: false })],
  build: {
    outDir,
    emptyOutDir: false,
    target: 'es2017',
    sourcemap: false,
    lib: {
      entry: resolve(import.meta.dirname, 'loader/l.ts'),
      formats: ['iife'],
      name: 'widgetLoader',
      fileName: () => 'l.js',
    },
  },
});

export default defineConfig(widgetBuild());
