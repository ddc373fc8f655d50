import type { EvalQuery } from './types';

/**
 * The fixed split of the first set's queries: tuning looks at the development part only; the held-out
 * part is reported, never tuned on. Chosen once, before any ranking change, by alternating within each
 * kind in file order (1st dev, 2nd held-out, ...), and written out so it never moves.
 */
export const HELD_OUT_IDS: ReadonlySet<string> = new Set([
  'k02',
  'k04',
  'k06',
  'k08',
  'k10',
  'k12',
  'k14',
  'k16',
  'k18',
  'k20',
  'k22',
  'k24',
  'q02',
  'q04',
  'q06',
  'q08',
  'q10',
  'q12',
  'q14',
  'q16',
  'q18',
  'q20',
  'q22',
  'q24',
  'p02',
  'p04',
  'p06',
  'p08',
  'p10',
  'p12',
  'p14',
  'p16',
  'p18',
  'p20',
  'p22',
  'p24',
  'p26',
  'p28',
  'p30',
  'p32',
]);

export type SplitName = 'dev' | 'held-out';

/** The queries of one part of the split. */
export function splitQueries(queries: readonly EvalQuery[], part: SplitName): EvalQuery[] {
  return queries.filter((q) => HELD_OUT_IDS.has(q.id) === (part === 'held-out'));
}
