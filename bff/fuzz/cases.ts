import type { Baseline } from './baselines';
import { jsonBodyChanges } from './body-cases';
import { formChanges } from './form-cases';
import { prng, seedOf } from './prng';
import { type FuzzCase, render } from './render';
import type { OpenApiDoc } from './schema-values';
import { identityTokenChanges } from './token-cases';
import { encodingChanges, headerChanges, pathChanges, queryChanges } from './wire-cases';
import type { World } from './world';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** Every request the fuzz sends for one operation: its baseline first, then the mutations. */
export async function casesFor(doc: OpenApiDoc, b: Baseline, w: World, seed: number): Promise<FuzzCase[]> {
  const rng = prng(seed ^ seedOf(b.op.id));
  const changes = [
    { kind: 'baseline' as const, label: 'baseline' },
    ...pathChanges(b, w.foreign, rng),
    ...queryChanges(b, rng),
    ...headerChanges(b),
  ];
  if (b.body?.kind === 'json') changes.push(...jsonBodyChanges(doc, b.op.body!.schema, b, rng));
  if (b.body?.kind === 'form') changes.push(...formChanges(b));
  else if (WRITES.has(b.op.method)) changes.push(...encodingChanges(b));
  if (b.op.id === 'widgetIdentify') {
    changes.push(...identityTokenChanges(w.own, Math.floor(w.t.clock.now().getTime() / 1000)));
  }
  return changes.map((ch) => render(b, ch));
}
