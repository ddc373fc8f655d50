import { normalizeOrigin } from '../config';

/**
 * DNS-rebinding guard: a request without an Origin header (a non-browser MCP client) passes; one with an
 * Origin passes only when it is exactly an allowed origin. `null`, a path, a second origin, anything
 * not an http(s) origin is refused.
 */
export function originAllowed(header: string | string[] | undefined, allowed: readonly string[]): boolean {
  if (header === undefined) return true;
  if (Array.isArray(header)) return false;
  const raw = header.trim().toLowerCase();
  const origin = normalizeOrigin(raw);
  return origin !== null && origin === raw && allowed.includes(origin);
}
