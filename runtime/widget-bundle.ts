import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `npm run build` writes the widget and the server serves it from under /cdn. */
export const DIST_DIR = resolve(import.meta.dirname, '..', 'dist');
export const BUILD_INFO_FILE = 'build-info.json';

/** dist/build-info.json: written by scripts/build-widget.ts after a build, read at start. */
export interface BuildInfo {
  /** The hashed entry chunk l.js loads, relative to dist/. */
  entry: string;
  /** A hash of the sources the bundle was built from (scripts/build-widget.ts, widgetSourcesHash). */
  sourceHash: string;
  /** The WIDGET_API_URL baked into the bundle; '' means the origin that serves it. */
  widgetApiUrl: string;
  builtAt: string;
}

/** A bundle that cannot be served as the environment asks: the message says what to run. */
export class WidgetBundleError extends Error {
  override name = 'WidgetBundleError';
}

/** The build record of dist/, or null when there is none (or one from an older build without the API URL). */
export function readBuildInfo(distDir: string): BuildInfo | null {
  try {
    const info = JSON.parse(readFileSync(join(distDir, BUILD_INFO_FILE), 'utf8')) as Partial<BuildInfo>;
    if (
      typeof info.entry !== 'string' ||
      typeof info.sourceHash !== 'string' ||
      typeof info.widgetApiUrl !== 'string'
    )
      return null;
    return info as BuildInfo;
  } catch {
    return null;
  }
}

/** The build record when dist/ holds a whole bundle (the loader and the entry it names), else null. */
export function readCompleteBundle(distDir: string): BuildInfo | null {
  const info = readBuildInfo(distDir);
  if (!info || !existsSync(join(distDir, 'l.js')) || !existsSync(join(distDir, info.entry))) return null;
  return info;
}

/** The one command that builds the bundle for this WIDGET_API_URL. */
export function buildCommand(widgetApiUrl: string): string {
  return widgetApiUrl ? `WIDGET_API_URL=${widgetApiUrl} npm run build` : 'npm run build';
}

const describeApiUrl = (url: string) => (url ? `WIDGET_API_URL=${url}` : 'no WIDGET_API_URL');

/**
 * The refusal when the bundle was built for another API origin than the environment names. The bundle
 * bakes WIDGET_API_URL in at build time, so serving it would send every widget call elsewhere.
 */
export function apiUrlMismatch(distDir: string, built: string, wanted: string): WidgetBundleError {
  return new WidgetBundleError(
    `The widget in ${distDir} was built with ${describeApiUrl(built)}, but this environment has ` +
      `${describeApiUrl(wanted)}. The bundle is never rebuilt silently: rebuild it with\n  ${buildCommand(wanted)}${
        wanted ? '' : '   (WIDGET_API_URL unset)'
      }`,
  );
}

/**
 * What the server checks before it opens anything when it serves the widget: a whole bundle in dist/,
 * built for this environment's WIDGET_API_URL. The server never builds: `npm start` does that first.
 */
export function checkWidgetBundle(distDir: string, widgetApiUrl: string): BuildInfo {
  const info = readCompleteBundle(distDir);
  if (!info) {
    throw new WidgetBundleError(
      `No built widget in ${distDir}, and SERVE_WIDGET is on. Build it with\n  ${buildCommand(widgetApiUrl)}\n` +
        '(`npm start` does this first where the dev dependencies are installed), or set SERVE_WIDGET=off when ' +
        'another CDN serves the widget.',
    );
  }
  if (info.widgetApiUrl !== widgetApiUrl) throw apiUrlMismatch(distDir, info.widgetApiUrl, widgetApiUrl);
  return info;
}

/** The staff console, built beside the widget (scripts/build-widget.ts) into dist/console. */
export const consoleDistDir = (distDir: string): string => join(distDir, 'console');

/** dist/console when the console is built there, else null (the server then serves no /app). */
export function consoleDir(distDir: string): string | null {
  const dir = consoleDistDir(distDir);
  return existsSync(join(dir, 'index.html')) ? dir : null;
}
