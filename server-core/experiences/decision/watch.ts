import { sha256Hex } from '../../lib/crypto';

/**
 * The key the widget reports an element fact under: `e` and 12 hex digits of the selector's SHA-256.
 * Stable per selector (every experience watching the same selector shares it, across versions and
 * nodes), short, and free of page content.
 */
export function watchKey(selector: string): string {
  return `e${sha256Hex(selector).slice(0, 12)}`;
}

export const WATCH_KEY_PATTERN = /^e[0-9a-f]{12}$/;
