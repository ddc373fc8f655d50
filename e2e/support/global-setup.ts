import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../runtime/widget-bundle';
import { ensureWidgetBuilt } from '../../scripts/build-widget';
import { startChildServer } from './server';
import { E2E_TMP_ROOT } from './temp';

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
 *
 * Every temporary directory of the run lives in one folder (e2e/support/temp.ts), made here before the
 * test workers start (they inherit it through the environment). Each file is checked for what it left
 * there (e2e/support/leak-check.ts); the teardown removes the folder, failing the run if anything is left.
 */
export default async function setup(project: TestProject) {
  const tmpRoot = mkdtempSync(join(tmpdir(), 'e2e-run-'));
  process.env[E2E_TMP_ROOT] = tmpRoot;
  await ensureWidgetBuilt(DIST_DIR);
  const server = await startChildServer().catch((err) => {
    rmSync(tmpRoot, { recursive: true, force: true });
    throw err;
  });
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
    const left = readdirSync(tmpRoot);
    rmSync(tmpRoot, { recursive: true, force: true });
    if (left.length > 0) {
      process.stderr.write(`e2e tests left temporary directories behind (now removed): ${left.join(', ')}\n`);
      process.exitCode = 1;
    }
  };
}
