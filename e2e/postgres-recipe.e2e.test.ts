import { readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../server-core/lib/ulid';
import { postgresUrl } from './support/postgres';
import { cleanEnv, scratchCopy, startListening } from './support/scratch';
import { freePort, ROOT } from './support/server';

const url = postgresUrl('e2e/postgres-recipe.e2e.test.ts');

/** The database URL the README's recipe names; the only text of the recipe this test replaces. */
const RECIPE_URL = 'postgres://user@127.0.0.1:5432/support';

/** The fenced sh block under README.md's "## Use a real Postgres", as written. */
function postgresRecipe(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Use a real Postgres\n'));
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no ```sh block under "## Use a real Postgres"');
  return block;
}

/**
 * The README's Postgres recipe, run with bash exactly as written in a fresh copy of the repository (the
 * tracked files, this run's dist/, node_modules linked), against a fresh database, twice: a first start
 * and a restart must both answer. What differs from a reader's machine, and how:
 * - the database: the recipe's URL (RECIPE_URL) is replaced by a fresh database's on DATABASE_URL's server;
 * - the port: PORT in the environment (the recipe sets none, so the reader gets 8787);
 * - the directory: a scratch copy, so `./.data` is fresh.
 */
describe.runIf(url)('the README\'s "Use a real Postgres" recipe, run as written (needs DATABASE_URL)', () => {
  const database = `recipe_${newId()}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  let dir = '';
  let script = '';

  beforeAll(async () => {
    const recipe = postgresRecipe(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(recipe.split(RECIPE_URL)).toHaveLength(2);
    const target = new URL(url!);
    target.pathname = `/${database}`;
    script = recipe.replace(RECIPE_URL, target.href);
    await admin!.unsafe(`create database ${database}`);
    dir = scratchCopy('pg-recipe-');
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
  }, 120_000);

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  it('starts, and starts again with the same command; both times the server answers', async () => {
    const outputs: string[] = [];
    for (const run of [1, 2]) {
      const port = await freePort();
      const server = await startListening('bash', ['-c', script], dir, cleanEnv({ PORT: String(port) }));
      try {
        const base = `http://127.0.0.1:${port}`;
        expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'postgres' });
        const creds = JSON.parse(readFileSync(join(dir, '.data', 'demo-credentials.json'), 'utf8'));
        const login = await fetch(`${base}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: creds.ownerEmail, password: creds.ownerPassword }),
        });
        expect(login.status, `run ${run}`).toBe(200);
        expect(server.output()).toContain(`owner login    ${creds.ownerEmail} / ${creds.ownerPassword}`);
      } finally {
        await server.stop();
      }
      outputs.push(server.output());
    }
    // The first run generated the key the README says to back up; the second used it.
    expect(outputs[0]).toMatch(/generated a new SECRET_KEY into DATA_DIR/);
    expect(outputs[1]).not.toMatch(/generated a new SECRET_KEY|could not start|refus/i);
    expect(statSync(join(dir, '.data', 'secret.key')).mode & 0o777).toBe(0o600);
  }, 240_000);
});
