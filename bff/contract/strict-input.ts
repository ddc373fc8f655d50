import { z } from '@hono/zod-openapi';
import type { core } from 'zod';

/**
 * Strict input (issue 12). Every object of a request body, upload form or query is declared with
 * `strictObject`, so a key the operation does not declare fails validation (zod's `unrecognized_keys`),
 * which the validation hook answers as 422 parameter_unknown naming it; the document says
 * `additionalProperties: false` there. Free-form objects (contact attributes, event properties, step
 * annotations) are `z.record` and keep accepting any key. Schema rules with a name (`SCHEMA_RULES`) answer
 * their rule as the issue code instead of zod's `invalid_union`.
 */

/** How much of an unknown key an answer repeats (a key can be as long as the body). */
const MAX_NAMED_KEY = 100;

const shorten = (key: string) => {
  const points = Array.from(key);
  return points.length > MAX_NAMED_KEY ? `${points.slice(0, MAX_NAMED_KEY).join('')}…` : key;
};

/** The dotted name of a key inside the request: `firstName`, `steps.0.colour`. */
export function parameterName(path: readonly PropertyKey[], key: string): string {
  return [...path.map(String), shorten(key)].join('.');
}

const folded = (key: string) => key.toLowerCase().replace(/[-_.\s]/g, '');

/**
 * The declared key an unknown one was probably meant to be: the one that differs only in case or
 * separators (`externalId`, `External-ID` → `external_id`). Deliberately no edit distance: a suggestion
 * is either obvious or absent, and always the same for the same key.
 */
export function nearMiss(key: string, known: readonly string[]): string | null {
  const f = folded(key);
  if (f === '') return null;
  return known.find((k) => k !== key && folded(k) === f) ?? null;
}

export function unknownParameterMessage(parameter: string, suggestion: string | null): string {
  return `Received unknown parameter: ${parameter}.${suggestion ? ` Did you mean ${suggestion}?` : ''}`;
}

/** The message of an unknown key: named by its path, with the declared near-miss when there is one. */
function unknownKeyError(iss: core.$ZodRawIssue): string | undefined {
  if (iss.code !== 'unrecognized_keys') return undefined;
  const path = iss.path ?? [];
  const key = iss.keys[0] ?? '';
  const shape = (iss.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    ?.shape;
  const near = nearMiss(key, Object.keys(shape ?? {}));
  return unknownParameterMessage(parameterName(path, key), near === null ? null : parameterName(path, near));
}

/** An object of a request (body, form, query, or an object inside a body): unknown keys are refused. */
export const strictObject = <S extends core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, { error: unknownKeyError });

/** True when a schema was declared with `strictObject` (the contract test checks every request object). */
export const isStrictRequestObject = (schema: unknown): boolean => {
  const def = (schema as { _zod?: { def?: { type?: string; catchall?: unknown; error?: unknown } } })._zod
    ?.def;
  return (
    def?.type === 'object' &&
    (def.catchall as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type === 'never' &&
    def.error === unknownKeyError
  );
};

/**
 * Rules a schema states in words: the validation hook reports the rule as the issue code and this
 * sentence as its message (zod would say `invalid_union`, "Invalid input").
 */
export const SCHEMA_RULES = {
  scalar_value: 'attribute values are strings, numbers, booleans or null',
  flat_scalar: 'property values are strings, numbers, booleans or null',
} as const;

export type SchemaRule = keyof typeof SCHEMA_RULES;

/** The params of a schema whose failure is the rule: `z.union([...], ruleError('scalar_value'))`. */
export const ruleError = (rule: SchemaRule) => ({ error: SCHEMA_RULES[rule] });

const RULE_BY_MESSAGE = new Map<string, SchemaRule>(
  (Object.entries(SCHEMA_RULES) as [SchemaRule, string][]).map(([rule, message]) => [message, rule]),
);

/** The named rule an issue's message states, if any. */
export const ruleOfMessage = (message: string): SchemaRule | undefined => RULE_BY_MESSAGE.get(message);
