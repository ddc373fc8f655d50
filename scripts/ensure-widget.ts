import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../bff/config';
import {
  apiUrlMismatch,
  type BuildInfo,
  buildCommand,
  DIST_DIR,
  readBuildInfo,
  readCompleteBundle,
  WidgetBundleError,
} from '../runtime/widget-bundle';
import { buildWidget, widgetSourcesHash } from './build-widget';

export interface EnsureWidgetOptions {
  distDir: string;
  /** The environment's WIDGET_API_URL ('' when unset). */
  widgetApiUrl: string;
  /** Whether vite is installed here (a development checkout), so the bundle can be built. */
  canBuild: boolean;
}

export interface EnsureWidgetResult {
  built: boolean;
  info: BuildInfo;
  /** Said when a bundle is served although it may not match these sources. */
  warning: string | null;
}

/**
 * The step `npm start` (and `npm run dev`) runs before the server, which only serves dist/:
 * - a bundle built for another WIDGET_API_URL is refused, never rebuilt over (the message names the command);
 * - with vite installed, dist/ is built when missing or when its sources changed;
 * - without vite (`npm ci --omit=dev`), a prebuilt dist/ is served as it is, and a missing one is refused.
 */
export async function ensureWidget(opts: EnsureWidgetOptions): Promise<EnsureWidgetResult> {
  const recorded = readBuildInfo(opts.distDir);
  if (recorded && recorded.widgetApiUrl !== opts.widgetApiUrl)
    throw apiUrlMismatch(opts.distDir, recorded.widgetApiUrl, opts.widgetApiUrl);
  const current = readCompleteBundle(opts.distDir);
  if (current && current.sourceHash === widgetSourcesHash())
    return { built: false, info: current, warning: null };
  if (opts.canBuild)
    return { built: true, info: await buildWidget(opts.distDir, opts.widgetApiUrl), warning: null };
  if (current) {
    return {
      built: false,
      info: current,
      warning:
        `${opts.distDir} was built from other widget sources than this checkout's; vite is not installed here ` +
        `(a production install), so it is served as it is. Rebuild it where the dev dependencies are installed (${buildCommand(opts.widgetApiUrl)}) to update it.`,
    };
  }
  throw new WidgetBundleError(
    `No built widget in ${opts.distDir}, and vite is not installed here (a production install, npm ci --omit=dev). ` +
      `Build it where the dev dependencies are installed with\n  ${buildCommand(opts.widgetApiUrl)}\n` +
      'and copy dist/ here, or set SERVE_WIDGET=off when another CDN serves the widget.',
  );
}

/** vite is a dev dependency: absent after `npm ci --omit=dev`. */
export function viteInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const config = loadConfig(process.env);
    if (config.serveWidget) {
      const started = Date.now();
      const result = await ensureWidget({
        distDir: DIST_DIR,
        widgetApiUrl: config.widgetApiUrl,
        canBuild: viteInstalled(),
      });
      if (result.built)
        console.log(`built the widget in ${Date.now() - started} ms (dist/${result.info.entry})`);
      if (result.warning) console.warn(result.warning);
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof WidgetBundleError) console.error(err.message);
    else console.error('Could not build the widget:', err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
