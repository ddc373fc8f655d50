/**
 * Calls to the widget endpoints. The visitor token travels as Authorization: Bearer (never a cookie:
 * credentials are omitted). JSON bodies, or a FormData (multipart) one. Never throws: a network failure is
 * status 0.
 */
export interface Reply<T = unknown> {
  status: number;
  body: T | null;
}

export interface ErrorBody {
  error?: { code?: string; message?: string };
}

export type Method = 'GET' | 'POST' | 'PATCH';

export type Request = <T = unknown>(method: Method, path: string, body?: unknown) => Promise<Reply<T>>;

export function createTransport(
  base: string,
  token: () => string | null,
  /** The experience preview token of this tab, sent as X-Widget-Preview (docs/decisions/experiences.md#the-preview-link). */
  preview: () => string | null,
): Request {
  return async function request<T>(method: Method, path: string, body?: unknown): Promise<Reply<T>> {
    try {
      const headers: Record<string, string> = {};
      const t = token();
      if (t) headers.Authorization = `Bearer ${t}`;
      const p = preview();
      if (p) headers['X-Widget-Preview'] = p;
      // A FormData body (an upload) goes as multipart/form-data: the browser sets the type and boundary.
      const form = body instanceof FormData;
      if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
      const res = await fetch(base + path, {
        method,
        headers,
        credentials: 'omit',
        ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: T | null = null;
      try {
        parsed = text ? (JSON.parse(text) as T) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    } catch {
      return { status: 0, body: null };
    }
  };
}

/** "403 invalid_identity_hmac: The hmac is not …" for a warning. */
export function describeError(reply: Reply): string {
  const e = (reply.body as ErrorBody | null)?.error;
  if (reply.status === 0) return 'the service could not be reached';
  return `${reply.status}${e?.code ? ` ${e.code}` : ''}${e?.message ? `: ${e.message}` : ''}`;
}
