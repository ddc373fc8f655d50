/**
 * The MCP server's configuration, from the environment only (nothing secret on the command line, where
 * `ps` shows it). The API key: SUPPORT_API_KEY for stdio (one process, one key); on HTTP each
 * connection brings its own in the Authorization header and the environment holds none.
 */
export interface CommonConfig {
  /** The deployment's origin, e.g. https://support.example.com. */
  apiUrl: string;
  apiTimeoutMs: number;
}

export interface StdioConfig extends CommonConfig {
  apiKey: string;
}

export interface HttpConfig extends CommonConfig {
  host: string;
  port: number;
  /** Exact origins (`scheme://host[:port]`) a browser may call from; any other Origin answers 403. */
  allowedOrigins: string[];
  maxSessions: number;
  /** A session unused this long is closed. */
  sessionIdleMs: number;
}

export type Env = Record<string, string | undefined>;
type Read<T> = { ok: true; config: T } | { ok: false; errors: string[] };

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8790;

function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  errors: string[],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    errors.push(`${name} must be an integer from ${min} to ${max}`);
    return fallback;
  }
  return n;
}

function common(env: Env, errors: string[]): CommonConfig {
  const raw = env.SUPPORT_API_URL?.trim() ?? '';
  let apiUrl = '';
  if (!raw) errors.push('SUPPORT_API_URL is required (the service, e.g. https://support.example.com)');
  else {
    try {
      const url = new URL(raw);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      if (url.username || url.password) throw new Error('credentials');
      apiUrl = url.origin + url.pathname.replace(/\/+$/, '');
    } catch {
      errors.push('SUPPORT_API_URL must be an http(s) URL without credentials');
    }
  }
  return { apiUrl, apiTimeoutMs: integer(env, 'SUPPORT_API_TIMEOUT_MS', 15_000, 100, 120_000, errors) };
}

export function readStdioConfig(env: Env): Read<StdioConfig> {
  const errors: string[] = [];
  const base = common(env, errors);
  const apiKey = env.SUPPORT_API_KEY?.trim() ?? '';
  if (!apiKey) errors.push('SUPPORT_API_KEY is required on stdio (a workspace API key, spk_…)');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config: { ...base, apiKey } };
}

/** An http(s) origin as browsers send it (`scheme://host[:port]`, lower-case, no default port); else null. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function readHttpConfig(env: Env): Read<HttpConfig> {
  const errors: string[] = [];
  const base = common(env, errors);
  const allowedOrigins: string[] = [];
  for (const item of (env.MCP_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim())) {
    if (!item) continue;
    const origin = normalizeOrigin(item);
    if (origin === null) errors.push(`MCP_ALLOWED_ORIGINS: "${item}" is not an http(s) origin`);
    else allowedOrigins.push(origin);
  }
  if (env.SUPPORT_API_KEY?.trim())
    errors.push(
      'SUPPORT_API_KEY is for stdio only: on HTTP each connection sends its key as Authorization: Bearer',
    );
  const config: HttpConfig = {
    ...base,
    host: env.MCP_HOST?.trim() || DEFAULT_HOST,
    port: integer(env, 'MCP_PORT', DEFAULT_PORT, 0, 65_535, errors),
    allowedOrigins,
    maxSessions: integer(env, 'MCP_MAX_SESSIONS', 100, 1, 10_000, errors),
    sessionIdleMs: integer(env, 'MCP_SESSION_IDLE_SECONDS', 1800, 10, 86_400, errors) * 1000,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}
