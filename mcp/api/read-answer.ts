import type { z } from 'zod';
import type { ApiResult } from './result';
import { ErrorEnvelopeSchema } from './schemas';

/** The Retry-After header in seconds (delta form; an HTTP date counts from `now`); null when absent. */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // The HTTP-date form names a weekday and a month: a bare '-3' is not one (Date.parse takes it as a year).
  if (!/^[A-Za-z]{3}, /.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

const MAX_SNIPPET = 120;
const snippet = (text: string) =>
  text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET)}…` : text || '(empty body)';

/**
 * Turns one HTTP answer into a result: a 2xx body checked against `schema`, an error envelope into an
 * `api` failure, anything else (not JSON, wrong shape, an error page of a proxy) into `bad_answer`.
 */
export function readAnswer<S extends z.ZodType>(
  status: number,
  headers: { get(name: string): string | null },
  text: string,
  schema: S,
  now: Date,
): ApiResult<z.output<S>> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      ok: false,
      failure: { kind: 'bad_answer', status, message: `the answer is not JSON: ${snippet(text)}` },
    };
  }
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    const where = parsed.error.issues[0]?.path.join('.') || '(root)';
    return {
      ok: false,
      failure: { kind: 'bad_answer', status, message: `the answer does not match the contract at ${where}` },
    };
  }
  const envelope = ErrorEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    return {
      ok: false,
      failure: { kind: 'bad_answer', status, message: `HTTP ${status} without the error envelope` },
    };
  }
  const details = envelope.data.error.details ?? {};
  const fromDetails = details.retry_after_seconds;
  return {
    ok: false,
    failure: {
      kind: 'api',
      status,
      code: envelope.data.error.code,
      message: envelope.data.error.message,
      details,
      retryAfterSeconds:
        typeof fromDetails === 'number' && Number.isFinite(fromDetails) && fromDetails >= 0
          ? Math.ceil(fromDetails)
          : retryAfterSeconds(headers.get('retry-after'), now),
    },
  };
}
