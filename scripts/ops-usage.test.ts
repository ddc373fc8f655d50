import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUILT_FLAGS, FLAGS, type Flag } from '../server-core/flags/catalog';

const ROOT = join(import.meta.dirname, '..');

it('npm run ops offers only the flags whose feature is built', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/ops.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  expect(run.status).toBe(1);
  const listed = run.stderr
    .split('\nflags:\n')[1]!
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0]);
  expect(listed).toEqual(BUILT_FLAGS);
  for (const flag of Object.keys(FLAGS) as Flag[])
    if (!FLAGS[flag].built) expect(run.stderr).not.toContain(flag);
  expect(listed).toContain('feature.oauth.app_platform');
  expect(listed).toContain('feature.data_exports');
});
