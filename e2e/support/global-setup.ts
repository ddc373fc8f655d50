import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../runtime/widget-bundle';
import { ensureWidgetBuilt } from '../../scripts/build-widget';
import { startChildServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    serverDataDir: string;
  }
}

const SERVER_LOG = join(new URL('../..', import.meta.url).pathname, '.tmp', 'e2e-server.log');

/**
 * Builds the widget when stale (tests run against the minified build) and starts one real server. At
 * the end its whole output goes to .tmp/e2e-server.log and its warnings and errors to stderr, so a
 * failure on the server side of a browser test is visible in CI's output.
 */
export default async function setup(project: TestProject) {
  await ensureWidgetBuilt(DIST_DIR);
  const server = await startChildServer();
  project.provide('serverUrl', server.url);
  project.provide('serverDataDir', server.dataDir);
  return async () => {
    await server.stop();
    const out = server.output();
    mkdirSync(join(SERVER_LOG, '..'), { recursive: true });
    writeFileSync(SERVER_LOG, out);
    const problems = out
      .split('\n')
      .filter((line) => / (WARN|ERROR) /.test(line) && !line.includes('generated a new SECRET_KEY'));
    if (problems.length > 0)
      process.stderr.write(`e2e server warnings and errors:\n${problems.join('\n')}\n`);
  };
}
