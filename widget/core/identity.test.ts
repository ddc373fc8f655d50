import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { userSetBody } from './identity';

/** The document's declared keys of a request schema (the endpoint refuses any other: parameter_unknown). */
function declaredKeys(schemaName: string): string[] {
  const doc = JSON.parse(
    readFileSync(new URL('../../bff/openapi/openapi.json', import.meta.url), 'utf8'),
  ) as {
    components: {
      schemas: Record<string, { properties: Record<string, unknown>; additionalProperties?: unknown }>;
    };
  };
  const schema = doc.components.schemas[schemaName]!;
  expect(schema.additionalProperties).toBe(false);
  return Object.keys(schema.properties);
}

it('user.set sends only the keys /widget/identify declares, whatever the page passes', () => {
  const body = userSetBody({
    email: 'ada@example.com',
    name: 'Ada',
    hmac: 'ab12',
    token: 'a.b.c',
    plan: 'pro',
    user_hash: 'ab12',
  });
  expect(body).toEqual({ email: 'ada@example.com', name: 'Ada', hmac: 'ab12', token: 'a.b.c' });
  const declared = declaredKeys('WidgetIdentifyRequest');
  expect(Object.keys(body!).filter((k) => !declared.includes(k))).toEqual([]);
});
