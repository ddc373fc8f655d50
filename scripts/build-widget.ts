import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILD_INFO_FILE,
  type BuildInfo,
  consoleDistDir,
  DIST_DIR,
  readCompleteBundle,
} from '../runtime/widget-bundle';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const SOURCES = [
  'loader',
  'widget',
  'vite.config.ts',
  'console',
  'vite.console.config.ts',
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

/**
 * A hash of everything the bundle is built from: a different hash means dist/ is stale. The
 * WIDGET_API_URL it bakes in is recorded beside it (build-info.json), not hashed: a bundle built for
 * another API origin is refused at start, never rebuilt over silently.
 */
export function widgetSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(ROOT, s))).sort()) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The WIDGET_API_URL of this environment, as the build bakes it ('' means the origin serving the bundle). */
export const envWidgetApiUrl = (): string => process.env.WIDGET_API_URL ?? '';

/**
 * Builds the widget entry and chunks, then the loader with the entry's hashed path baked in, then the
 * staff console into dist/console (after the widget build, which empties dist/).
 */
export async function buildWidget(distDir = DIST_DIR, widgetApiUrl = envWidgetApiUrl()): Promise<BuildInfo> {
  const { build } = await import('vite');
  const { widgetBuild, loaderBuild } = await import('../vite.config');
  await build(widgetBuild(distDir, widgetApiUrl));
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((m) => m.isEntry)?.file;
  if (!entry) throw new Error('The widget build produced no entry.');
  await build(loaderBuild(entry, distDir));
  const { consoleBuild } = await import('../vite.console.config');
  await build(consoleBuild(consoleDistDir(distDir)));
  const info: BuildInfo = {
    entry,
    sourceHash: widgetSourcesHash(),
    widgetApiUrl,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(distDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

/**
 * For the test suite and the benchmarks, which need the bundle of these sources: builds unless dist/
 * is whole, built from these sources for this WIDGET_API_URL. (`npm start` uses ensure-widget.ts.)
 */
export async function ensureWidgetBuilt(
  distDir = DIST_DIR,
  widgetApiUrl = envWidgetApiUrl(),
): Promise<{ built: boolean; info: BuildInfo }> {
  const current = readCompleteBundle(distDir);
  if (current && current.sourceHash === widgetSourcesHash() && current.widgetApiUrl === widgetApiUrl)
    return { built: false, info: current };
  return { built: true, info: await buildWidget(distDir, widgetApiUrl) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const info = await buildWidget();
  console.log(
    `widget built in ${Date.now() - started} ms: dist/l.js -> dist/${info.entry} (report: dist/report.html)` +
      (info.widgetApiUrl ? `, calling WIDGET_API_URL=${info.widgetApiUrl}` : ''),
  );
}
