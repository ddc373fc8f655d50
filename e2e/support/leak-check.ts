import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { E2E_TMP_ROOT } from './temp';

/**
 * Runs around every e2e file (setupFiles): a file that leaves a directory in the run's temporary folder
 * (e2e/support/temp.ts) fails, naming it. Files run one at a time, so what appeared is the file's own.
 */
const root = process.env[E2E_TMP_ROOT];
const list = () => (root ? readdirSync(root) : []);
let before = new Set<string>();

beforeAll(() => {
  before = new Set(list());
});

afterAll(() => {
  const left = list().filter((entry) => !before.has(entry));
  for (const entry of left) rmSync(join(root!, entry), { recursive: true, force: true });
  if (left.length > 0)
    throw new Error(`this file left temporary directories behind (now removed): ${left.join(', ')}`);
});
