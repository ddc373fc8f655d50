import type { Baseline, FormPart } from './baselines';
import { toJsonText } from './json-text';

export type CaseKind =
  | 'baseline'
  | 'wrong_type'
  | 'nul'
  | 'surrogate'
  | 'odd_string'
  | 'huge_string'
  | 'deep_nesting'
  | 'many_keys'
  | 'prototype_key'
  | 'hostile_key'
  | 'encoding'
  | 'content_type'
  | 'path'
  | 'foreign_id'
  | 'query'
  | 'cursor'
  | 'header'
  | 'form'
  | 'identity_token'
  | 'unknown_parameter';

/** One request the fuzz sends, and what it may never be answered. */
export interface FuzzCase {
  op: string;
  kind: CaseKind;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Holds a value the service must refuse (a string Postgres cannot store, a prototype key, a flood): never 2xx. */
  mustRefuse: boolean;
  /** Names another workspace's resource in its path: never 2xx. */
  foreign: boolean;
  /** The error code it must be answered with, when the mutation leaves no other answer possible. */
  expectCode?: string;
}

/** What a mutation changes in its baseline; whatever it leaves out is the baseline's. */
export interface Change {
  kind: CaseKind;
  label: string;
  mustRefuse?: boolean;
  foreign?: boolean;
  expectCode?: string;
  /** Path parameters replaced by raw (already percent-encoded) segments. */
  path?: Record<string, string>;
  /** The whole query string, raw. */
  query?: string;
  /** Headers added, or removed with null. */
  headers?: Record<string, string | null>;
  json?: unknown;
  raw?: { bytes: string | Uint8Array; contentType: string | null };
  form?: FormPart[];
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

const encoder = new TextEncoder();
const bytesOf = (v: string | Uint8Array) => (typeof v === 'string' ? encoder.encode(v) : v);

/** A multipart body written byte by byte, so names and file names can hold any bytes. */
export function multipart(
  parts: FormPart[],
  boundary = BOUNDARY,
): { bytes: Uint8Array; contentType: string } {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="`));
    chunks.push(bytesOf(p.name));
    chunks.push(encoder.encode('"'));
    if (p.filename !== undefined) {
      chunks.push(encoder.encode('; filename="'), bytesOf(p.filename), encoder.encode('"'));
    }
    chunks.push(encoder.encode('\r\n'));
    if (p.contentType) chunks.push(encoder.encode(`Content-Type: ${p.contentType}\r\n`));
    chunks.push(encoder.encode('\r\n'), bytesOf(p.value), encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return { bytes: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const encodeQuery = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** The request a change makes of its baseline. */
export function render(b: Baseline, ch: Change): FuzzCase {
  let path = b.op.template;
  for (const [name, value] of Object.entries(b.path)) {
    path = path.replace(`{${name}}`, ch.path?.[name] ?? encodeURIComponent(value));
  }
  const query = ch.query ?? encodeQuery(b.query);
  const headers: Record<string, string> = { ...b.headers };
  let body: string | Uint8Array | undefined;
  if (ch.raw) {
    body = ch.raw.bytes;
    if (ch.raw.contentType !== null) headers['Content-Type'] = ch.raw.contentType;
  } else if (ch.form || b.body?.kind === 'form') {
    const form = multipart(ch.form ?? (b.body as { parts: FormPart[] }).parts);
    body = form.bytes;
    headers['Content-Type'] = form.contentType;
  } else if (ch.json !== undefined || b.body?.kind === 'json') {
    body = toJsonText(ch.json !== undefined ? ch.json : (b.body as { value: unknown }).value);
    headers['Content-Type'] = 'application/json';
  }
  for (const [name, value] of Object.entries(ch.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  return {
    op: b.op.id,
    kind: ch.kind,
    label: ch.label,
    method: b.op.method,
    url: query ? `${path}?${query}` : path,
    headers,
    body,
    mustRefuse: ch.mustRefuse ?? false,
    foreign: ch.foreign ?? false,
    ...(ch.expectCode ? { expectCode: ch.expectCode } : {}),
  };
}
