/** What a call to the public API comes back as: never a throw, so no answer can crash the server. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

export type ApiFailure =
  /** The service answered with the house envelope `{ error: { code, message, details } }`. */
  | {
      kind: 'api';
      status: number;
      code: string;
      message: string;
      details: Record<string, unknown>;
      /** From `details.retry_after_seconds` or the Retry-After header (429); null when neither says. */
      retryAfterSeconds: number | null;
    }
  /** No answer: refused connection, DNS, TLS, timeout. */
  | { kind: 'network'; message: string }
  /** An answer that is not what the contract promises (not JSON, wrong shape, an error without envelope). */
  | { kind: 'bad_answer'; status: number; message: string };
