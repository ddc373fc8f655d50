import type { Hook } from '@hono/zod-openapi';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { DomainError, toEnvelope } from '../../../server-core/lib/errors';
import type { Logger } from '../../../server-core/lib/logger';
import type { AppEnv } from '../../env';

export function respondWithError(c: Context, err: DomainError): Response {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(toEnvelope(err), err.status as ContentfulStatusCode);
}

/** HTTPExceptions that hono and its validators throw, turned into the house codes. */
function fromHttpException(err: HTTPException): DomainError {
  if (err.status === 400 && /Malformed JSON/i.test(err.message)) {
    return new DomainError('invalid_json', 422, 'The request body is not valid JSON.');
  }
  if (err.status === 400 && /Malformed FormData/i.test(err.message)) {
    return new DomainError('invalid_form', 422, 'The request body is not a valid form.');
  }
  if (err.status === 415) {
    return new DomainError('unsupported_media_type', 415, 'Send the request body as application/json.');
  }
  if (err.status === 413) return new DomainError('payload_too_large', 413, 'The request body is too large.');
  return new DomainError(
    err.status >= 500 ? 'internal_error' : 'bad_request',
    err.status,
    err.message || 'Bad request.',
  );
}

/** The one place errors become responses: DomainError as the envelope, anything else a logged 500. */
export const errorHandler =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (err instanceof DomainError) return respondWithError(c, err);
    if (err instanceof HTTPException) return respondWithError(c, fromHttpException(err));
    logger.error('unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return respondWithError(
      c,
      new DomainError('internal_error', 500, 'Something went wrong on our side.', {
        request_id: c.get('requestId'),
      }),
    );
  };

export interface RouteShape {
  method: string;
  pattern: RegExp;
}

/** A route path like /api/v1/contacts/:contactId/{...} as a matcher (for the 405 answer). */
export function toRouteShape(method: string, path: string): RouteShape {
  const escaped = path
    .split('/')
    .map((seg) =>
      seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { method, pattern: new RegExp(`^${escaped}/?$`) };
}

/** Unknown routes answer the envelope: 404, or 405 with Allow when the path exists for other methods. */
export const notFoundHandler =
  (routes: () => RouteShape[]): NotFoundHandler<AppEnv> =>
  (c) => {
    const allowed = [
      ...new Set(
        routes()
          .filter((r) => r.method !== c.req.method && r.pattern.test(c.req.path))
          .map((r) => r.method),
      ),
    ];
    if (allowed.length > 0) {
      if (allowed.includes('GET')) allowed.push('HEAD');
      return respondWithError(
        c,
        new DomainError(
          'method_not_allowed',
          405,
          `${c.req.method} is not allowed on ${c.req.path}.`,
          { allowed },
          { Allow: allowed.join(', ') },
        ),
      );
    }
    return respondWithError(
      c,
      new DomainError('not_found', 404, `No route matches ${c.req.method} ${c.req.path}.`, {
        method: c.req.method,
        path: c.req.path,
      }),
    );
  };

function issues(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
}

/**
 * zod-openapi's validation hook. A bad path parameter (a malformed ULID) means the resource cannot
 * exist: 404. Bad query, headers or body: 422 with every issue in details.
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  if (result.target === 'param') {
    return respondWithError(c, new DomainError('not_found', 404, 'The resource was not found.'));
  }
  const where = result.target === 'json' || result.target === 'form' ? 'body' : result.target;
  const found = issues(result.error as ZodError);
  if (where === 'query' && found.every((i) => i.path === 'limit')) {
    return respondWithError(
      c,
      new DomainError('invalid_limit', 422, 'limit is out of range for this list.', {
        location: 'query',
        issues: found,
      }),
    );
  }
  return respondWithError(
    c,
    new DomainError('validation_failed', 422, `The request ${where} is invalid.`, {
      location: where,
      issues: found,
    }),
  );
};
