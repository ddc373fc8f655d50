import { RawJson } from './json-text';

/**
 * The hostile values the fuzz plants. `hostile` ones hold a string Postgres cannot store (U+0000, a
 * lone UTF-16 surrogate): such a request must never be answered 2xx, since that would mean the value
 * was stored (or silently altered).
 */

export const NUL_STRINGS = ['\u0000', 'fuzz\u0000text', 'fuzz@example.com\u0000'];
export const SURROGATE_STRINGS = ['\ud800', 'fuzz\udfff', 'fuzz\ud83d', '\ude00\ud83d'];
/** Legal but unusual strings: direction overrides, a BOM, combining marks, emoji, terminal escapes. */
export const ODD_STRINGS = [
  '\u202eevil\u202c',
  '\ufefffuzz',
  `${'e\u0301'.repeat(500)}`,
  '😀👩‍👩‍👧‍👦',
  '\u001b[31mred\u001b[0m\r\n\t\u0007',
  ' ',
  '',
  "'; drop table contacts; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '${jndi:ldap://x}{{7*7}}<script>alert(1)</script>',
];
export const HUGE_STRINGS = () => ['a'.repeat(1_000_000), 'é'.repeat(500_000)];

/** Type confusions for a value of each JSON type. */
export function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, true, null, [], { value }];
  if (typeof value === 'number') return ['1', false, null, [value], new RawJson('1e400'), -1, 1.5, 2 ** 63];
  if (typeof value === 'boolean') return ['true', 0, null, {}];
  if (value === null) return ['', 0, {}, []];
  if (Array.isArray(value)) return ['x', {}, null, [null], [[[]]]];
  return ['x', [], null, 0];
}

export const DEPTH = 10_000;
export const deepArray = () => new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
export const deepObject = () => new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);

export const MANY_KEYS = 50_000;
export const manyKeys = () =>
  new RawJson(`{${Array.from({ length: MANY_KEYS }, (_, i) => `"k${i}":${i}`).join(',')}}`);

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
export const prototypePayload = (key: string): unknown =>
  key === '__proto__' ? { polluted: true } : key === 'constructor' ? { prototype: { polluted: true } } : 'x';

/** Keys that are strings Postgres cannot store, or merely odd. */
export const HOSTILE_KEYS = ['a\u0000b', '\ud800', 'x'.repeat(100_000), ''];

/** Path segments, already percent-encoded as a client would put them on the wire. */
export const PATH_SEGMENTS = (id: string): { raw: string; hostile: boolean }[] => [
  { raw: '%00', hostile: true },
  { raw: `${id}%00`, hostile: true },
  { raw: `%00${id}`, hostile: true },
  { raw: '%2e%2e%2f%2e%2e%2fetc%2fpasswd', hostile: false },
  { raw: '..%2F..%2F..%2F', hostile: false },
  { raw: 'x'.repeat(10_000), hostile: false },
  { raw: '%F0%9F%98%80', hostile: false },
  { raw: '%ED%A0%80', hostile: false },
  { raw: '%FF%FE', hostile: false },
  { raw: '%C0%80', hostile: false },
  { raw: '%', hostile: false },
  { raw: '%2500', hostile: false },
  { raw: '%0d%0aSet-Cookie:%20x=1', hostile: false },
  { raw: '%E2%80%AE', hostile: false },
  { raw: id.toUpperCase(), hostile: false },
  { raw: `8${id.slice(1)}`, hostile: false },
  { raw: `${id}/extra`, hostile: false },
  { raw: ' ', hostile: false },
];

/** Query values, already percent-encoded. */
export const QUERY_VALUES: { raw: string; hostile: boolean }[] = [
  { raw: '%00', hostile: true },
  { raw: 'ab%00cd', hostile: true },
  { raw: '%ED%A0%80', hostile: false },
  { raw: '%FF', hostile: false },
  { raw: '%C0%80', hostile: false },
  { raw: '%', hostile: false },
  { raw: '%u0000', hostile: false },
  { raw: '', hostile: false },
  { raw: 'x'.repeat(100_000), hostile: false },
  { raw: '%E2%80%AE%F0%9F%98%80', hostile: false },
  { raw: '-1', hostile: false },
  { raw: '1e309', hostile: false },
  { raw: '99999999999999999999999', hostile: false },
  { raw: '0x10', hostile: false },
  { raw: 'NaN', hostile: false },
  { raw: '2026-13-45T99%3A99%3A99Z', hostile: false },
  { raw: '%2B275760-09-13T00%3A00%3A00.001Z', hostile: false },
  { raw: '%5B%5D', hostile: false },
];

/** Forged cursors: base64url of strings this API never issued, some holding U+0000. */
export const FORGED_CURSORS = (id: string): { raw: string; hostile: boolean }[] =>
  [
    `k1:${id}\u0000`,
    'k1:\u0000',
    `k2:${id}`,
    `k1:${id.toUpperCase()}'--`,
    'k1:7zzzzzzzzzzzzzzzzzzzzzzzzz',
  ].map((text) => ({
    raw: Buffer.from(text, 'utf8').toString('base64url'),
    hostile: false, // the decoded cursor is refused as invalid_cursor before it reaches anything
  }));

/** Bytes that are not valid UTF-8 (or encode what Postgres refuses), planted inside a JSON string. */
export const BAD_UTF8: { label: string; bytes: number[] }[] = [
  { label: 'invalid byte FF', bytes: [0xff] },
  { label: 'broken sequence C3 28', bytes: [0xc3, 0x28] },
  { label: 'overlong NUL C0 80', bytes: [0xc0, 0x80] },
  { label: 'CESU surrogate ED A0 80', bytes: [0xed, 0xa0, 0x80] },
  { label: 'above U+10FFFF', bytes: [0xf4, 0x90, 0x80, 0x80] },
  { label: 'truncated E2 82', bytes: [0xe2, 0x82] },
  { label: 'raw NUL byte', bytes: [0x00] },
];
