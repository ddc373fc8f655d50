import { unstorableString } from '../../server-core/lib/storable';
import type { Baseline } from './baselines';
import {
  deepArray,
  deepObject,
  HOSTILE_KEYS,
  HUGE_STRINGS,
  MANY_KEYS,
  manyKeys,
  NUL_STRINGS,
  ODD_STRINGS,
  PROTOTYPE_KEYS,
  prototypePayload,
  SURROGATE_STRINGS,
  wrongTypes,
} from './hostile-values';
import { addKeyAt, isContainer, type JsonPath, nodesOf, pathText, setAt } from './json-text';
import type { Prng } from './prng';
import type { Change } from './render';
import { isFreeForm, type OpenApiDoc, type Schema, schemaAt } from './schema-values';

/** How many fields each kind of mutation visits per operation (sampled with the seeded PRNG). */
const BUDGET = { wrongType: 30, nul: 24, surrogate: 14, odd: 8, huge: 3, objects: 3 };

const hasNulOrSurrogate = (key: string) => unstorableString(key) !== null;

/** Mutations of a JSON body: every field's type, its strings, and the structure around it. */
export function jsonBodyChanges(doc: OpenApiDoc, schema: Schema, b: Baseline, rng: Prng): Change[] {
  const root = (b.body as { value: unknown }).value;
  const nodes = nodesOf(root);
  const leaves = nodes.filter((n) => !isContainer(n.value));
  const strings = leaves.filter((n) => typeof n.value === 'string');
  const objects: JsonPath[] = [
    [],
    ...nodes.filter((n) => isContainer(n.value) && !Array.isArray(n.value)).map((n) => n.path),
  ];
  const freeForm = objects.filter((p) => {
    const s = schemaAt(doc, schema, p);
    return s !== null && isFreeForm(s);
  });
  const fixed = objects.filter((p) => !freeForm.includes(p));
  const changes: Change[] = [];
  const set = (kind: Change['kind'], path: JsonPath, value: unknown, label: string, mustRefuse = false) =>
    changes.push({
      kind,
      label: `body ${pathText(path)}: ${label}`,
      json: setAt(root, path, value),
      mustRefuse,
    });
  const addKey = (kind: Change['kind'], path: JsonPath, key: string, value: unknown, label: string) =>
    changes.push({
      kind,
      label: `body ${pathText(path)}: ${label}`,
      json: addKeyAt(root, path, key, value),
      mustRefuse: true,
    });

  for (const n of rng.sample([...leaves, ...nodes.filter((x) => isContainer(x.value))], BUDGET.wrongType)) {
    const options = wrongTypes(n.value);
    for (const v of [rng.pick(options), rng.pick(options)]) {
      set('wrong_type', n.path, v, `wrong type ${JSON.stringify(v) ?? String(v)}`.slice(0, 80));
    }
  }
  for (const n of rng.sample(strings, BUDGET.nul)) set('nul', n.path, rng.pick(NUL_STRINGS), 'U+0000', true);
  for (const n of rng.sample(strings, BUDGET.surrogate)) {
    set('surrogate', n.path, rng.pick(SURROGATE_STRINGS), 'lone surrogate', true);
  }
  for (const n of rng.sample(strings, BUDGET.odd))
    set('odd_string', n.path, rng.pick(ODD_STRINGS), 'odd string');
  for (const n of rng.sample(strings, BUDGET.huge)) {
    const huge = rng.pick(HUGE_STRINGS());
    set('huge_string', n.path, huge, `${huge.length} characters`);
  }

  // Structure: aimed at the free-form objects, the root and a few fixed objects.
  const structural = [...freeForm, ...rng.sample(fixed, BUDGET.objects)];
  if (!structural.some((p) => p.length === 0)) structural.push([]);
  for (const path of structural) {
    addKey('deep_nesting', path, 'deep', deepArray(), '10,000 nested arrays');
    addKey('deep_nesting', path, 'deeper', deepObject(), '10,000 nested objects');
    for (const key of PROTOTYPE_KEYS) addKey('prototype_key', path, key, prototypePayload(key), `key ${key}`);
    for (const key of HOSTILE_KEYS.filter(hasNulOrSurrogate)) {
      addKey('hostile_key', path, key, 'x', `key ${JSON.stringify(key)}`);
    }
  }
  for (const path of freeForm) {
    set('deep_nesting', path, deepObject(), 'replaced by 10,000 nested objects', true);
    set('many_keys', path, manyKeys(), `${MANY_KEYS} keys`, true);
    for (const key of HOSTILE_KEYS.filter((k) => !hasNulOrSurrogate(k))) {
      addKey('hostile_key', path, key, 'x', `key of ${key.length} characters`);
      changes[changes.length - 1]!.mustRefuse = false;
    }
  }
  // Strict input: a key no schema declares, in the body and in every object that is not free-form (SCIM
  // ignores undeclared attributes, as RFC 7644 has it: not refused there).
  for (const path of b.op.ignoresUnknown ? [] : fixed) {
    changes.push({
      kind: 'unknown_parameter',
      label: `body ${pathText(path)}: unknown key`,
      json: addKeyAt(root, path, 'fuzz_unknown', 1),
      mustRefuse: true,
      expectCode: 'parameter_unknown',
    });
  }
  set('many_keys', [], manyKeys(), `body of ${MANY_KEYS} keys`, true);
  set('deep_nesting', [], deepArray(), 'body of 10,000 nested arrays', true);
  return changes;
}
