import type { TestProject } from 'vitest/node';
import { DIST_DIR, ensureWidgetBuilt } from '../../scripts/build-widget';
import { startChildServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    serverDataDir: string;
  }
}

/** Builds the widget when stale (tests run against the minified build) and starts one real server. */
export default async function setup(project: TestProject) {
  await ensureWidgetBuilt(DIST_DIR);
  const server = await startChildServer();
  project.provide('serverUrl', server.url);
  project.provide('serverDataDir', server.dataDir);
  return () => server.stop();
}
