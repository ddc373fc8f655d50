import { DomainError } from '../lib/errors';

/** One `<attribute> eq "<value>"` comparison, the only filter this service answers. */
export interface EqFilter {
  attribute: string;
  value: string;
}

const MAX_FILTER_LENGTH = 1000;

/**
 * The grammar this service accepts from RFC 7644 section 3.4.2.2, as one anchored production:
 *   filter   = *SP attrPath 1*SP "eq" 1*SP string *SP      ; "eq" in any case
 *   attrPath = ATTRNAME ["." ATTRNAME]                      ; matched case-insensitively against `allowed`
 *   string   = a JSON string (RFC 8259: quotes, backslash escapes)
 * The string is decoded with JSON.parse, so escapes (\" \\ \u0041) mean what RFC 8259 says. Anything
 * else (other operators, and/or/not, value paths, numbers, unterminated strings) is 400 invalidFilter.
 * Answers the canonical attribute name from `allowed`.
 */
export function parseEqFilter(filter: string, allowed: readonly string[]): EqFilter {
  const refuse = () => new DomainError('scim_invalid_filter', { filter: filter.slice(0, 200) });
  if (filter.length > MAX_FILTER_LENGTH) throw refuse();
  const m = /^\s*([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z][A-Za-z0-9_-]*)?)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i.exec(
    filter,
  );
  if (!m) throw refuse();
  const attribute = allowed.find((a) => a.toLowerCase() === m[1]!.toLowerCase());
  if (!attribute) throw refuse();
  let value: unknown;
  try {
    value = JSON.parse(m[2]!);
  } catch {
    throw refuse();
  }
  if (typeof value !== 'string') throw refuse();
  return { attribute, value };
}
