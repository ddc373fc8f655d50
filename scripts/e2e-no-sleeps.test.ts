import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const E2E = join(import.meta.dirname, '..', 'e2e');

/**
 * A fixed sleep makes a test slow on an idle machine and flaky on a busy one. e2e tests wait for the
 * condition itself (a locator, expect.poll, an event, a later request that must come after the one that
 * must not). Timers that only bound a wait (`setTimeout(() => reject(...), 90_000)`) are fine.
 */
const SLEEPS: [RegExp, string][] = [
  [/\bwaitForTimeout\s*\(/, 'page.waitForTimeout'],
  [/\bsetTimeout\s*\(\s*[A-Za-z_$][\w$]*\s*,/, 'setTimeout(resolve, ms): a sleep'],
  [/new Promise[^;]*?=>\s*setTimeout\s*\(\s*[A-Za-z_$][\w$]*\s*[,)]/s, 'a promise resolved by setTimeout'],
  [/\b(?:sleep|delay|pause)\s*\(\s*\d/, 'a sleep helper'],
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.[cm]?[jt]sx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function sleepsIn(source: string): string[] {
  const found: string[] = [];
  for (const [i, line] of source.split('\n').entries())
    for (const [pattern, what] of SLEEPS) if (pattern.test(line)) found.push(`line ${i + 1}: ${what}`);
  return found;
}

it('the patterns catch the sleeps this issue removed and let a bounding timer through', () => {
  expect(sleepsIn('  await page.waitForTimeout(300);')).toEqual(['line 1: page.waitForTimeout']);
  expect(sleepsIn('    await new Promise((r) => setTimeout(r, 500));')).toHaveLength(2);
  expect(sleepsIn('const tick = () => new Promise((resolve) => setTimeout(resolve, 30));')).not.toEqual([]);
  expect(sleepsIn('await sleep(100);')).toEqual(['line 1: a sleep helper']);
  expect(sleepsIn('const timer = setTimeout(() => reject(new Error(`not ready`)), 90_000);')).toEqual([]);
});

it('e2e/ waits for conditions, never for a fixed time', () => {
  const found = files(E2E).flatMap((f) =>
    sleepsIn(readFileSync(f, 'utf8')).map((s) => `${f.slice(E2E.length + 1)} ${s}`),
  );
  expect(found).toEqual([]);
});
