import { resolve } from 'node:path';
import { defineConfig, type InlineConfig } from 'vite';

/** The URL prefix the BFF serves the console under (bff/routes/site/console.ts). */
export const CONSOLE_BASE = '/app/';

/**
 * The staff console build: console/index.html and its entry into dist/console, each section of
 * console/sections a lazy chunk named after its folder (sections/inbox/ becomes assets/inbox-[hash].js).
 * No module-preload polyfill: it would be an inline script, which the console's CSP refuses.
 */
export const consoleBuild = (outDir = resolve(import.meta.dirname, 'dist/console')): InlineConfig => ({
  configFile: false,
  root: resolve(import.meta.dirname, 'console'),
  base: CONSOLE_BASE,
  logLevel: 'warn',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/shell-[hash].js',
        chunkFileNames: (chunk) => {
          const section = chunk.facadeModuleId?.match(/console\/sections\/([^/]+)\/index\.tsx$/)?.[1];
          return `assets/${section ?? '[name]'}-[hash].js`;
        },
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});

export default defineConfig(consoleBuild());
