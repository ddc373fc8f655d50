import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const DIST_DIR = join(ROOT, 'dist');
const SOURCES = [
  'loader',
  'widget',
  'vite.config.ts',
  'mangle.json',
  'scripts/mangle-props.ts',
  'bff/openapi/schema.d.ts',
  'package-lock.json',
];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .flatMap((name) => files(join(path, name)))
    .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'));
}

/** A hash of everything the bundle is built from: a different hash means dist/ is stale. */
export function widgetSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(ROOT, s))).sort()) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(`WIDGET_API_URL=${process.env.WIDGET_API_URL ?? ''}`);
  return hash.digest('hex');
}

interface BuildInfo {
  entry: string;
  sourceHash: string;
  builtAt: string;
}

export function readBuildInfo(distDir = DIST_DIR): BuildInfo | null {
  try {
    return JSON.parse(readFileSync(join(distDir, 'build-info.json'), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** Builds the widget entry and chunks, then the loader with the entry's hashed path baked in. */
export async function buildWidget(distDir = DIST_DIR): Promise<BuildInfo> {
  const { build } = await import('vite');
  const { widgetBuild, loaderBuild } = await import('../vite.config');
  await build(widgetBuild(distDir));
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((m) => m.isEntry)?.file;
  if (!entry) throw new Error('The widget build produced no entry.');
  await build(loaderBuild(entry, distDir));
  const info: BuildInfo = { entry, sourceHash: widgetSourcesHash(), builtAt: new Date().toISOString() };
  writeFileSync(join(distDir, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

/** Builds only when dist/ is missing or was built from other sources. */
export async function ensureWidgetBuilt(distDir = DIST_DIR): Promise<{ built: boolean; info: BuildInfo }> {
  const current = readBuildInfo(distDir);
  if (current && existsSync(join(distDir, 'l.js')) && existsSync(join(distDir, current.entry))) {
    if (current.sourceHash === widgetSourcesHash()) return { built: false, info: current };
  }
  return { built: true, info: await buildWidget(distDir) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const info = await buildWidget();
  console.log(
    `widget built in ${Date.now() - started} ms: dist/l.js -> dist/${info.entry} (report: dist/report.html)`,
  );
}
