import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin } from 'vite';

const ROOT = join(fileURLToPath(import.meta.url), '../..');

interface MangleConfig {
  include: string;
  props: Record<string, string>;
}

export function readMangleConfig(): MangleConfig {
  return JSON.parse(readFileSync(join(ROOT, 'mangle.json'), 'utf8')) as MangleConfig;
}

/**
 * Renames private properties in every chunk with the shared map of mangle.json (as preact does), so
 * `_private` names shrink and agree across the entry, its lazy chunks and l.js, which are separate
 * builds; the build's own minifier does the rest. A `_property` the map does not list fails the build
 * rather than getting a per-chunk name.
 */
export function mangleProps(opts: { module: boolean }): Plugin {
  const config = readMangleConfig();
  const include = new RegExp(config.include);
  return {
    name: 'widget-mangle-props',
    renderChunk(code, chunk) {
      const result = minifySync(chunk.fileName, code, {
        module: opts.module,
        compress: false,
        mangle: false,
        mangleProps: { include, cache: { ...config.props } },
      });
      if (result.errors.length > 0) {
        this.error(`minify ${chunk.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
      }
      const unlisted = Object.keys(result.mangleCache ?? {}).filter((name) => !(name in config.props));
      if (unlisted.length > 0) {
        this.error(`private properties missing from mangle.json: ${unlisted.join(', ')}`);
      }
      return { code: result.code, map: null };
    },
  };
}
