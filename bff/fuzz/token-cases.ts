import { createHmac } from 'node:crypto';
import { DEPTH } from './hostile-values';
import { RawJson, toJsonText } from './json-text';
import type { Change } from './render';
import type { Tenant } from './world';

const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');

/** An HS256 JWT over claims written as raw JSON text (a JWT library would copy, and recurse through, them). */
function signRaw(secret: string, claims: unknown): string {
  const head = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(toJsonText(claims))}`;
  return `${head}.${b64url(createHmac('sha256', secret).update(head).digest())}`;
}

/**
 * The widget identity token carries claims that are stored (name, attributes) but arrive inside a
 * signed JWT, not as JSON fields: hostile values there are planted by a customer's backend.
 */
export function identityTokenChanges(own: Tenant, nowSeconds: number): Change[] {
  const email = own.contactEmail;
  const claims = (extra: Record<string, unknown>) => {
    const c: Record<string, unknown> = { email, exp: nowSeconds + 600 };
    for (const k of Object.keys(extra)) Object.defineProperty(c, k, { value: extra[k], enumerable: true });
    return c;
  };
  const attrs = (a: Record<string, unknown>) => claims({ attributes: a });
  const keyed = (k: string) => {
    const a: Record<string, unknown> = {};
    Object.defineProperty(a, k, { value: 'x', enumerable: true });
    return a;
  };
  const cases: [string, unknown, boolean][] = [
    ['name claim with U+0000', claims({ name: 'Ada\u0000' }), true],
    ['name claim with a lone surrogate', claims({ name: 'Ada\ud800' }), true],
    ['name claim of 60,000 characters', claims({ name: 'n'.repeat(60_000) }), false],
    ['name claim not a string', claims({ name: { first: 'Ada' } }), false],
    ['attribute value with U+0000', attrs({ plan: 'pro\u0000' }), true],
    ['attribute value with a lone surrogate', attrs({ plan: '\udc00' }), true],
    ['attribute key with U+0000', attrs({ 'pl\u0000an': 'pro' }), true],
    ['attribute key __proto__', attrs(keyed('__proto__')), true],
    ['attribute key constructor', attrs(keyed('constructor')), true],
    ['attribute key prototype', attrs(keyed('prototype')), true],
    [
      'attributes nested 10,000 deep',
      attrs({ deep: new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`) }),
      true,
    ],
    [
      'claims nested 10,000 deep',
      claims({ extra: new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`) }),
      false,
    ],
    ['attributes not an object', claims({ attributes: ['a'] }), true],
    ['email claim with U+0000', claims({ email: `${email}\u0000` }), true],
  ];
  return cases.map(([label, c, mustRefuse]) => ({
    kind: 'identity_token',
    label,
    json: { email, token: signRaw(own.identitySecret, c) },
    mustRefuse,
  }));
}
