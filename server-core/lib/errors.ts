/** The one error type of server-core. The BFF maps it to the house envelope (or an RFC shape). */
export type ErrorDetails = Record<string, unknown>;

export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: ErrorDetails;
  /** Extra response headers the error must carry (Retry-After, Allow, ...). */
  readonly headers: Record<string, string>;

  constructor(code: string, status: number, message: string, details: ErrorDetails = {}, headers = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; details: ErrorDetails };
}

export function toEnvelope(err: DomainError): ErrorEnvelope {
  return { error: { code: err.code, message: err.message, details: err.details } };
}

export const notFound = (what = 'resource') =>
  new DomainError('not_found', 404, `The ${what} was not found.`);

export const validationFailed = (message: string, details: ErrorDetails = {}) =>
  new DomainError('validation_failed', 422, message, details);

export const forbidden = (code: string, message: string, details: ErrorDetails = {}) =>
  new DomainError(code, 403, message, details);

export const unauthenticated = (message = 'Authentication is required.') =>
  new DomainError('unauthenticated', 401, message);

export const conflict = (code: string, message: string, details: ErrorDetails = {}) =>
  new DomainError(code, 409, message, details);

export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new DomainError(
    code,
    429,
    message,
    { retry_after_seconds: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
