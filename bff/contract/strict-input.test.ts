import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPENAPI_JSON } from '../openapi/generate';
import { RFC_PARAMETER_OPERATIONS } from './oauth';
import { SAML_PROTOCOL_OPERATIONS } from './saml';
import { RFC_ATTRIBUTE_OPERATIONS } from './scim';
import { isStrictRequestObject, nearMiss, parameterName, unknownParameterMessage } from './strict-input';

interface RouteLike {
  operationId: string;
  request?: {
    query?: unknown;
    body?: { content: Record<string, { schema: unknown }> };
  };
}

const isRoute = (v: unknown): v is RouteLike =>
  typeof v === 'object' && v !== null && typeof (v as { operationId?: unknown }).operationId === 'string';

async function routes(): Promise<RouteLike[]> {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const found: RouteLike[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(`./${file}`)) as Record<string, unknown>;
    found.push(...Object.values(mod).filter(isRoute));
  }
  return found;
}

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  options?: unknown[];
  valueType?: unknown;
  in?: unknown;
  left?: unknown;
  right?: unknown;
  items?: unknown[];
  getter?: () => unknown;
};
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/** Every object schema inside a request schema that is not strict, by path; records are free-form. */
function looseObjects(
  schema: unknown,
  path: string,
  out: string[] = [],
  seen = new Set<unknown>(),
): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const next = (s: unknown, p: string) => looseObjects(s, p, out, seen);
  switch (def.type) {
    case 'object':
      if (!isStrictRequestObject(schema)) out.push(path || '(root)');
      for (const [k, v] of Object.entries(def.shape ?? {})) next(v, path ? `${path}.${k}` : k);
      break;
    case 'array':
      next(def.element, `${path}[]`);
      break;
    case 'record':
      next(def.valueType, `${path}{}`);
      break;
    case 'union':
      for (const o of def.options ?? []) next(o, path);
      break;
    case 'pipe':
      next(def.in, path);
      break;
    case 'intersection':
      next(def.left, path);
      next(def.right, path);
      break;
    case 'tuple':
      for (const item of def.items ?? []) next(item, path);
      break;
    case 'lazy':
      next(def.getter!(), path);
      break;
    default:
      if (def.innerType) next(def.innerType, path);
  }
  return out;
}

/**
 * The OAuth protocol endpoints and the SCIM operations follow their RFCs (unknown parameters and attributes
 * ignored: RFC 6749 section 3.2, RFC 7644 section 3) and are left out here.
 */
const RFC_OPERATIONS = [
  ...RFC_PARAMETER_OPERATIONS,
  ...RFC_ATTRIBUTE_OPERATIONS,
  ...SAML_PROTOCOL_OPERATIONS,
];

describe('strict input: every request object refuses unknown keys', () => {
  it('every JSON body, form and query of the contract is built from strictObject, at every depth', async () => {
    const loose: string[] = [];
    for (const r of await routes()) {
      if (RFC_OPERATIONS.includes(r.operationId)) continue;
      if (r.request?.query) {
        loose.push(...looseObjects(r.request.query, '').map((p) => `${r.operationId} query ${p}`));
      }
      for (const [media, { schema }] of Object.entries(r.request?.body?.content ?? {})) {
        loose.push(...looseObjects(schema, '').map((p) => `${r.operationId} ${media} ${p}`));
      }
    }
    expect(loose).toEqual([]);
  });

  it('the document says additionalProperties: false on every request object but the free-form ones', () => {
    type S = {
      $ref?: string;
      properties?: Record<string, S>;
      additionalProperties?: S | boolean;
      items?: S;
      anyOf?: S[];
      oneOf?: S[];
      allOf?: S[];
    };
    const doc = JSON.parse(readFileSync(OPENAPI_JSON, 'utf8')) as {
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: S }> } }>
      >;
      components: { schemas: Record<string, S> };
    };
    const resolve = (s: S): S => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
    const open: string[] = [];
    const freeForm = new Set<string>();
    const walk = (raw: S, op: string, path: string) => {
      const s = resolve(raw);
      for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(part, op, path);
      if (s.items) walk(s.items, op, `${path}[]`);
      if (s.properties) {
        if (s.additionalProperties !== false) open.push(`${op} ${path || '(root)'}`);
        for (const [k, v] of Object.entries(s.properties)) walk(v, op, path ? `${path}.${k}` : k);
      } else if (typeof s.additionalProperties === 'object') {
        freeForm.add(`${op} ${path}`);
      }
    };
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        if (RFC_OPERATIONS.includes(op.operationId)) continue;
        for (const { schema } of Object.values(op.requestBody?.content ?? {}))
          walk(schema, op.operationId, '');
      }
    }
    expect(open).toEqual([]);
    // The free-form objects of the specification; a new one is a deliberate change of this list.
    expect([...freeForm].sort()).toEqual([
      'createGuide steps[].annotations',
      'createProactiveMessage audience.attributes', // a campaign audience: contact attributes to match
      'ingestContactEvents events[].properties',
      'updateContact attributes',
      'updateGuide steps[].annotations',
      'updateProactiveMessage audience.attributes',
      'upsertContact attributes',
      'widgetReportConditions facts',
      'widgetTrack properties',
    ]);
  });
});

describe('strict input: naming the unknown parameter', () => {
  it('suggests the declared key that differs only in case or separators, else nothing', () => {
    const known = ['email', 'name', 'external_id', 'attributes'];
    expect(nearMiss('externalId', known)).toBe('external_id');
    expect(nearMiss('External-ID', known)).toBe('external_id');
    expect(nearMiss('EMAIL', known)).toBe('email');
    expect(nearMiss('firstName', known)).toBeNull();
    expect(nearMiss('emial', known)).toBeNull();
    expect(nearMiss('___', known)).toBeNull();
  });

  it('names nested keys by their dotted path and shortens very long ones', () => {
    expect(parameterName(['steps', 0], 'colour')).toBe('steps.0.colour');
    expect(parameterName([], 'k'.repeat(500))).toBe(`${'k'.repeat(100)}…`);
    expect(unknownParameterMessage('q', null)).toBe('Received unknown parameter: q.');
    expect(unknownParameterMessage('brandColor', 'brand_color')).toBe(
      'Received unknown parameter: brandColor. Did you mean brand_color?',
    );
  });
});
