import type { Baseline } from './baselines';
import { BAD_UTF8, FORGED_CURSORS, PATH_SEGMENTS, QUERY_VALUES } from './hostile-values';
import { isContainer, nodesOf, setAt, toJsonText } from './json-text';
import type { Prng } from './prng';
import { type Change, encodeQuery } from './render';
import type { Tenant } from './world';

/** Hostile path segments for every path parameter, and the same parameter of another workspace. */
export function pathChanges(b: Baseline, foreign: Tenant, rng: Prng): Change[] {
  const changes: Change[] = [];
  for (const [name, value] of Object.entries(b.path)) {
    for (const seg of PATH_SEGMENTS(value)) {
      changes.push({
        kind: 'path',
        label: `path {${name}} = ${seg.raw.slice(0, 40)}`,
        path: { [name]: seg.raw },
        mustRefuse: seg.hostile,
      });
    }
    // A {token} is a capability that names its own tenant (the one-click unsubscribe link): another
    // workspace's genuine token is meant to work, so there is no foreign case; forged ones are below.
    if (name !== 'token') {
      const theirs = foreign.params[name];
      if (!theirs) throw new Error(`The foreign tenant lacks a value for {${name}} (world.ts).`);
      changes.push({
        kind: 'foreign_id',
        label: `path {${name}} of another workspace`,
        path: { [name]: encodeURIComponent(theirs) },
        foreign: true,
      });
    }
    changes.push({ kind: 'path', label: `path {${name}} unknown ULID`, path: { [name]: rng.ulid() } });
  }
  return changes;
}

/**
 * Hostile values for every query parameter (and an undeclared one: refused as parameter_unknown where the
 * operation declares a query), repeats and forged cursors.
 */
export function queryChanges(b: Baseline, rng: Prng): Change[] {
  const changes: Change[] = [];
  const names = b.query.map(([k]) => k);
  const withRaw = (name: string, raw: string) => {
    const others = b.query.filter(([k]) => k !== name);
    const rest = encodeQuery(others);
    return `${rest}${rest ? '&' : ''}${encodeURIComponent(name)}=${raw}`;
  };
  for (const name of names) {
    for (const v of rng.sample(QUERY_VALUES, 10)) {
      changes.push({
        kind: 'query',
        label: `query ${name} = ${v.raw.slice(0, 40)}`,
        query: withRaw(name, v.raw),
        mustRefuse: v.hostile,
      });
    }
    changes.push({
      kind: 'query',
      label: `query ${name} repeated`,
      query: `${encodeQuery(b.query)}&${encodeURIComponent(name)}=a&${encodeURIComponent(name)}=b`,
    });
  }
  // SCIM ignores query parameters it does not know (RFC 7644): an undeclared one is not refused there.
  const declaresQuery = b.op.queryParams.length > 0 && !b.op.ignoresUnknown;
  for (const v of rng.sample(QUERY_VALUES, 4)) {
    changes.push({
      kind: declaresQuery && !v.hostile ? 'unknown_parameter' : 'query',
      label: `undeclared query parameter = ${v.raw.slice(0, 40)}`,
      query: withRaw('undeclared', v.raw),
      mustRefuse: v.hostile || declaresQuery,
      ...(declaresQuery && !v.hostile ? { expectCode: 'parameter_unknown' } : {}),
    });
  }
  changes.push({
    kind: 'query',
    label: 'query key U+0000',
    query: `${encodeQuery(b.query)}&a%00b=1`,
    mustRefuse: true,
  });
  changes.push({ kind: 'query', label: 'query without =', query: `${encodeQuery(b.query)}&%00` });
  if (b.query.some(([k]) => k === 'cursor')) {
    for (const c of FORGED_CURSORS(rng.ulid())) {
      changes.push({
        kind: 'cursor',
        label: `forged cursor ${c.raw.slice(0, 30)}`,
        query: withRaw('cursor', c.raw),
      });
    }
  }
  return changes;
}

/** Header values a client may send: a malformed Idempotency-Key or request id, a replayed key. */
export function headerChanges(b: Baseline): Change[] {
  const changes: Change[] = [
    { kind: 'header', label: 'X-Request-Id latin-1', headers: { 'X-Request-Id': 'ÿ'.repeat(20) } },
    { kind: 'header', label: 'X-Request-Id 4 KB', headers: { 'X-Request-Id': 'r'.repeat(4096) } },
  ];
  const host = b.headers.Host;
  if (host) {
    // Operations served by Host (the help center): the tenant comes from this header alone.
    for (const h of [
      host.toUpperCase(),
      `${host}.`,
      `${host}:99999`,
      'x'.repeat(2000),
      '[::1]',
      `ÿ.${host}`,
      '',
    ]) {
      changes.push({ kind: 'header', label: `Host ${JSON.stringify(h.slice(0, 40))}`, headers: { Host: h } });
    }
  }
  if (b.op.headerParams.some((p) => p.name === 'Idempotency-Key')) {
    for (const key of ['', 'k'.repeat(300), 'ÿ', 'with space', '%00']) {
      changes.push({
        kind: 'header',
        label: `Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`,
        headers: { 'Idempotency-Key': key },
      });
    }
    const key = `fuzz-${b.op.id}`;
    changes.push({ kind: 'header', label: 'Idempotency-Key first', headers: { 'Idempotency-Key': key } });
    changes.push({ kind: 'header', label: 'Idempotency-Key replay', headers: { 'Idempotency-Key': key } });
  }
  return changes;
}

const encoder = new TextEncoder();
const MARK = '\ue000fuzz-mark\ue000';

/** Broken encodings and wrong media types for operations that take a body. */
export function encodingChanges(b: Baseline): Change[] {
  const value = b.body?.kind === 'json' ? b.body.value : { fuzz: 'text' };
  const text = toJsonText(value);
  const firstString = nodesOf(value).find((n) => !isContainer(n.value) && typeof n.value === 'string');
  const marked = toJsonText(firstString ? setAt(value, firstString.path, MARK) : { fuzz: MARK });
  const [before, after] = marked.split(MARK) as [string, string];
  const raw = (label: string, bytes: string | Uint8Array, contentType: string | null = 'application/json') =>
    ({ kind: 'encoding', label, raw: { bytes, contentType } }) as Change;
  const changes: Change[] = BAD_UTF8.map((bad) =>
    raw(
      `JSON string with ${bad.label}`,
      Buffer.concat([encoder.encode(before), Uint8Array.from(bad.bytes), encoder.encode(after)]),
    ),
  );
  const firstKey = Object.keys(value as object)[0] ?? 'fuzz';
  changes.push(
    raw('byte order mark', `\ufeff${text}`),
    raw('truncated JSON', text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
    raw('empty body', ''),
    raw('null', 'null'),
    raw('array', '[]'),
    raw('string', '"text"'),
    raw('1e400', '1e400'),
    raw('escaped U+0000 as the whole body', '"\\u0000"'),
    raw('duplicate key, the first holding U+0000', `{${JSON.stringify(firstKey)}:"\\u0000",${text.slice(1)}`),
    raw('UTF-16 with a JSON media type', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16le'),
    raw('+json media type', text, 'application/merge-patch+json'),
    { ...raw('text/plain', text, 'text/plain'), kind: 'content_type' },
    {
      ...raw('form-encoded', 'email=a%00b&name=%ED%A0%80', 'application/x-www-form-urlencoded'),
      kind: 'content_type',
    },
    { ...raw('multipart without boundary', text, 'multipart/form-data'), kind: 'content_type' },
    { ...raw('no Content-Type', encoder.encode(text), null), kind: 'content_type' },
  );
  return changes;
}
