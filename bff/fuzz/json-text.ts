/**
 * JSON bodies as an attacker writes them: a value tree that may hold RawJson (text emitted verbatim,
 * e.g. 10,000 levels of nesting that JSON.stringify would recurse through) and own `__proto__` keys.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonPath = (string | number)[];

/** Serializes a value tree; strings go through JSON.stringify, so lone surrogates are sent as \\udXXX. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object') {
    const parts = Object.keys(value).map(
      (k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`,
    );
    return `{${parts.join(',')}}`;
  }
  throw new Error(`cannot serialize ${typeof value}`);
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype instead). */
export function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `root` with the value at `path` replaced (only the containers along the path are copied). */
export function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(root[head as number], rest, value);
    return copy;
  }
  const source = root as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(source)) defineKey(copy, k, source[k]);
  defineKey(copy, String(head), setAt(source[String(head)], rest, value));
  return copy;
}

/** A copy of `root` whose object at `path` gains one more key (an own property, whatever its name). */
export function addKeyAt(root: unknown, path: JsonPath, key: string, value: unknown): unknown {
  const target = getAt(root, path) as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(target)) defineKey(copy, k, target[k]);
  defineKey(copy, key, value);
  return setAt(root, path, copy);
}

export function getAt(root: unknown, path: JsonPath): unknown {
  let at = root;
  for (const step of path) at = (at as Record<string | number, unknown>)[step];
  return at;
}

export interface Node {
  path: JsonPath;
  value: unknown;
}

/** Every node below the root, depth first: containers and leaves. */
export function nodesOf(root: unknown, path: JsonPath = []): Node[] {
  const out: Node[] = [];
  if (Array.isArray(root)) {
    root.forEach((v, i) => {
      out.push({ path: [...path, i], value: v }, ...nodesOf(v, [...path, i]));
    });
  } else if (root !== null && typeof root === 'object' && !(root instanceof RawJson)) {
    for (const k of Object.keys(root)) {
      const v = (root as Record<string, unknown>)[k];
      out.push({ path: [...path, k], value: v }, ...nodesOf(v, [...path, k]));
    }
  }
  return out;
}

export const isContainer = (v: unknown): boolean => v !== null && typeof v === 'object';
export const pathText = (path: JsonPath): string => (path.length === 0 ? '(root)' : path.join('.'));
