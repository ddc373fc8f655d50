import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mangleProps } from '../../scripts/mangle-props';
import { ROOT } from './server';

/**
 * Bundles a test page script (e2e/support/walkthrough-locate-page.ts: the walkthrough chunk's locator)
 * with vite, minified with the widget's property map like the real chunk, into .tmp/. Used by the
 * locator's e2e test and the walkthrough bench.
 */
export async function buildLocateHarness(): Promise<string> {
  const { build } = await import('vite');
  const outDir = join(ROOT, '.tmp', 'walkthrough-locate-harness');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    publicDir: false,
    plugins: [mangleProps({ module: false })],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      lib: {
        entry: join(ROOT, 'e2e/support/walkthrough-locate-page.ts'),
        formats: ['iife'],
        name: 'LocateHarness',
        fileName: () => 'harness.js',
      },
    },
  });
  return readFileSync(join(outDir, 'harness.js'), 'utf8');
}
