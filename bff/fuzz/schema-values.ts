import type { JsonPath } from './json-text';

/** The subset of JSON Schema (OpenAPI 3.1) the document uses; a new keyword fails loudly below. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> };
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

export interface OperationObject {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Values for the patterns of the document that carry no example; a new pattern needs a line here. */
const PATTERN_VALUES: Record<string, string> = {
  '^[a-z][a-z0-9_]{0,31}$': 'click',
};

export function resolve(doc: OpenApiDoc, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`unknown schema ${schema.$ref}`);
  return resolve(doc, found);
}

const typesOf = (s: Schema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

/** A free-form object: its keys are the caller's (attributes, properties, annotations). */
export const isFreeForm = (s: Schema): boolean =>
  s.additionalProperties !== undefined && s.additionalProperties !== false && !s.properties;

export interface Generated {
  value: unknown;
  /** Where the value holds free-form objects (the fuzz aims nesting and key floods there). */
  freeForm: JsonPath[];
}

export interface ValueHints {
  /** ISO date-time for date-time fields (the test clock's now). */
  now: string;
}

/**
 * A valid value for a schema: every optional property included (so each field gets mutated), the
 * default or example where there is one, the smallest legal size otherwise.
 */
export function validValue(doc: OpenApiDoc, schema: Schema, hints: ValueHints): Generated {
  const freeForm: JsonPath[] = [];
  const gen = (raw: Schema, path: JsonPath): unknown => {
    const s = resolve(doc, raw);
    if (s.allOf) return gen(s.allOf.find((p) => resolve(doc, p).properties) ?? s.allOf[0]!, path);
    if (s.anyOf) return gen(s.anyOf[0]!, path);
    if (s.oneOf) return gen(s.oneOf[0]!, path);
    if (s.enum) return s.enum[0];
    const types = typesOf(s);
    if (types.length === 1 && types[0] === 'null') return null;
    const type = types.find((t) => t !== 'null') ?? (s.additionalProperties ? 'object' : undefined);
    switch (type) {
      case 'string':
        return stringFor(s, hints);
      case 'integer':
      case 'number':
        if (typeof s.default === 'number') return s.default;
        return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
      case 'boolean':
        return typeof s.default === 'boolean' ? s.default : true;
      case 'array': {
        if (!s.items) throw new Error(`array without items at ${path.join('.')}`);
        const n = Math.max(1, s.minItems ?? 1);
        return Array.from({ length: n }, (_, i) => gen(s.items!, [...path, i]));
      }
      case 'object': {
        if (isFreeForm(s)) {
          freeForm.push(path);
          const inner =
            typeof s.additionalProperties === 'object' ? resolve(doc, s.additionalProperties) : {};
          const scalarOnly = !!inner.anyOf;
          return scalarOnly ? { plan: 'pro', seats: 3 } : { note: 'fuzz', level: 1 };
        }
        const out: Record<string, unknown> = {};
        for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = gen(p, [...path, k]);
        return out;
      }
      default:
        if (Object.keys(s).every((k) => k === 'description')) return 'anything';
        throw new Error(`no value for schema ${JSON.stringify(s).slice(0, 200)} at ${path.join('.')}`);
    }
  };
  return { value: gen(schema, []), freeForm };
}

function stringFor(s: Schema, hints: ValueHints): string {
  if (s.format === 'date-time') return hints.now;
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.pattern) {
    const known = PATTERN_VALUES[s.pattern] ?? (typeof s.example === 'string' ? s.example : undefined);
    if (known === undefined || !new RegExp(s.pattern).test(known)) {
      throw new Error(`Teach the fuzz a value for pattern ${s.pattern} (PATTERN_VALUES).`);
    }
    return known;
  }
  if (typeof s.default === 'string' && s.default.length > 0) return s.default;
  if (typeof s.example === 'string') return s.example;
  const text = 'fuzz text';
  const min = s.minLength ?? 1;
  return (text.length >= min ? text : text.padEnd(min, 'x')).slice(0, s.maxLength ?? text.length);
}

/** The schema of one property path inside a schema (for choosing wrong-type values), or null. */
export function schemaAt(doc: OpenApiDoc, schema: Schema, path: JsonPath): Schema | null {
  let at: Schema | null = resolve(doc, schema);
  for (const step of path) {
    if (!at) return null;
    if (at.allOf) at = resolve(doc, at.allOf.find((p) => resolve(doc, p).properties) ?? at.allOf[0]!);
    if (typeof step === 'number') at = at.items ? resolve(doc, at.items) : null;
    else if (at.properties?.[step]) at = resolve(doc, at.properties[step]!);
    else at = typeof at.additionalProperties === 'object' ? resolve(doc, at.additionalProperties) : null;
  }
  return at;
}
