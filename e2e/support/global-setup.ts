import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../runtime/widget-bundle';
import { ensureWidgetBuilt } from '../../scripts/build-widget';
import { openPglite } from '../../server-core/db/adapters/pglite';
import { prepareDatabase } from '../../server-core/setup/prepare-database';
import { type ChildServer, startChildServer } from './server';
import { E2E_PG_TEMPLATE, E2E_TMP_ROOT } from './temp';

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
  // Outside tmpRoot, whose leftovers fail the run.
  const templateDir = mkdtempSync(join(tmpdir(), 'e2e-pg-template-'));
  const removeTemplate = () => rmSync(templateDir, { recursive: true, force: true });
  let server: ChildServer | undefined;
  try {
    await ensureWidgetBuilt(DIST_DIR);
    // The global server starts from nothing (a real first start); then the template for the others.
    server = await startChildServer();
    const template = await openPglite({ dataDir: join(templateDir, 'pg') });
    await prepareDatabase(template, new Date());
    await template.close();
    process.env[E2E_PG_TEMPLATE] = join(templateDir, 'pg');
  } catch (err) {
    await server?.stop();
    rmSync(tmpRoot, { recursive: true, force: true });
    removeTemplate();
    throw err;
  }
  project.provide('serverUrl', server.url);
  project.provide('serverDataDir', server.dataDir);
  return async () => {
    await server.stop();
    removeTemplate();
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
