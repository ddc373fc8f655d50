import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../bff/openapi/schema';

export const SIGN_IN_PATH = '/app/sign-in';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The csrf cookie the BFF sets beside the session (`__Host-csrf` off loopback, `csrf` on it). */
export function csrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === '__Host-csrf' || name === 'csrf') return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The sign-in page, coming back to `next` afterwards (only ever a path under /app). */
export function signInUrl(next = location.pathname + location.search): string {
  return next.startsWith('/app/') && !next.startsWith(SIGN_IN_PATH)
    ? `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`
    : SIGN_IN_PATH;
}

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method)) {
      const token = csrfToken();
      if (token) request.headers.set('X-CSRF-Token', token);
    }
    return request;
  },
  onResponse({ request, response }) {
    // The auth operations answer 401 as part of their own flow (a wrong password, no session yet).
    const own = new URL(request.url).pathname.startsWith('/api/v1/auth/');
    if (response.status === 401 && !own && !location.pathname.startsWith(SIGN_IN_PATH)) {
      location.assign(signInUrl());
    }
    return response;
  },
};

/** The console's one way to the API: typed by the generated OpenAPI schema. */
export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(session);

interface Envelope {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

const isEnvelope = (e: unknown): e is Envelope =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as Envelope).error === 'object' &&
  typeof (e as Envelope).error?.message === 'string';

/** "Try again in 2 minutes": the wait a 429 names in Retry-After (seconds), in words. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A sentence for the person at the screen, from the house error envelope or whatever was thrown. A
 * rate_limited refusal says how long to wait (its details carry Retry-After's seconds).
 */
export function errorMessage(error: unknown): string {
  if (isEnvelope(error)) {
    const wait = Number(error.error.details?.retry_after_seconds);
    return error.error.code === 'rate_limited' && Number.isFinite(wait) && wait > 0
      ? `${error.error.message.replace(/\.?$/, '.')} Try again in ${waitInWords(wait)}.`
      : error.error.message;
  }
  if (error instanceof TypeError)
    return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

/**
 * The data of an openapi-fetch answer, or the envelope thrown (for callers that prefer try/catch). A 204
 * has no body: it unwraps to undefined.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined) throw result.error;
  if (result.data === undefined && result.response.status !== 204)
    throw new Error(`Unexpected answer ${result.response.status}.`);
  return result.data as T;
}

/**
 * The issues of a 422 validation_failed by path (`draft.targeting.events.0.name` → its message), so a form
 * can show each next to its field; empty for any other answer.
 */
export function issuesByPath(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isEnvelope(error)) return out;
  const issues = error.error.details?.issues;
  if (!Array.isArray(issues)) return out;
  for (const i of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof i?.path === 'string' && typeof i.message === 'string' && !(i.path in out))
      out[i.path] = i.message;
  }
  return out;
}
