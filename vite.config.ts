import { resolve } from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type InlineConfig } from 'vite';
import { mangleProps } from './scripts/mangle-props';

/** Where the widget calls its API; empty means the service that serves the bundle (docs/decisions.md). */
const apiUrl = () => JSON.stringify(process.env.WIDGET_API_URL ?? '');

/**
 * The widget build: the entry (widget/main.tsx) and its lazy chunks as hashed ES modules under
 * dist/assets, a manifest that names the entry, and a visualizer report (dist/report.html). Chunks are
 * minified by scripts/mangle-props.ts with the private-property map of mangle.json.
 * The loader is built separately by scripts/build-widget.ts once the entry's hashed name is known.
 */
export const widgetBuild = (outDir = resolve(import.meta.dirname, 'dist')): InlineConfig => ({
  configFile: false,
  root: import.meta.dirname,
  logLevel: 'warn',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { __WIDGET_API_URL__: apiUrl() },
  plugins: [mangleProps({ module: true })],
  build: {
    outDir,
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2020',
    modulePreload: false,
    sourcemap: false,
    rollupOptions: {
      input: { widget: resolve(import.meta.dirname, 'widget/main.tsx') },
      output: {
        format: 'es',
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
  configFile: false,
  root: import.meta.dirname,
  logLevel: 'warn',
  publicDir: false,
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
