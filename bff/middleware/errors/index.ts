import type { Hook } from '@hono/zod-openapi';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { core, ZodError } from 'zod';
import { DomainError } from '../../../server-core/lib/errors';
import { parameterName, ruleOfMessage } from '../../contract/strict-input';
import type { AppEnv } from '../../env';
import type { Logger } from '../../logger';
import { refuseUnstorableForm } from '../storable';
import { fromHttpException } from './http-exception';
import { respondWithError } from './respond';

export { respondWithError } from './respond';

/** The one place errors become responses: DomainError as the envelope, anything else a logged 500. */
export const errorHandler =
  (logger: Logger): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (err instanceof DomainError) return respondWithError(c, err);
    if (err instanceof HTTPException) return respondWithError(c, fromHttpException(err));
    if (c.req.raw.signal.aborted) {
      // The client went away (or the server cut off a slow body): nobody reads the answer, nothing broke.
      logger.info('request aborted by the client', {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
      });
      return c.body(null, 408);
    }
    logger.error('unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return respondWithError(c, new DomainError('internal_error', { request_id: c.get('requestId') }));
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
          { allowed },
          `${c.req.method} is not allowed on ${c.req.path}.`,
        ),
      );
    }
    return respondWithError(
      c,
      new DomainError(
        'not_found',
        { method: c.req.method, path: c.req.path },
        `No route matches ${c.req.method} ${c.req.path}.`,
      ),
    );
  };

function issues(error: ZodError) {
  return error.issues.map((i) => ({
    path: i.path.join('.'),
    code: ruleOfMessage(i.message) ?? i.code,
    message: i.message,
  }));
}

const isUnknownKeys = (i: core.$ZodIssue): i is core.$ZodIssueUnrecognizedKeys =>
  i.code === 'unrecognized_keys';

/**
 * zod-openapi's validation hook. A bad path parameter (a malformed ULID) means the resource cannot
 * exist: 404. A body field or query parameter the operation does not declare: 422 parameter_unknown
 * naming it (before any other issue: a typo is the likeliest cause of the others). Other bad query,
 * headers or body: 422 with every issue in details. A valid form still has its strings (and file
 * names) checked for values the service does not store.
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) {
    // Forms skip the edge's body check (it must not read an upload before the route limits its size).
    if (result.target === 'form') refuseUnstorableForm(result.data as Record<string, unknown>);
    return;
  }
  if (result.target === 'param') {
    return respondWithError(c, new DomainError('not_found'));
  }
  const where = result.target === 'json' || result.target === 'form' ? 'body' : result.target;
  const error = result.error as ZodError;
  const unknown = error.issues.find(isUnknownKeys);
  if (unknown && (where === 'body' || where === 'query')) {
    const parameter = parameterName(unknown.path, unknown.keys[0] ?? '');
    return respondWithError(
      c,
      new DomainError('parameter_unknown', { parameter, location: where }, unknown.message),
    );
  }
  const found = issues(error);
  if (where === 'query' && found.every((i) => i.path === 'limit')) {
    return respondWithError(c, new DomainError('invalid_limit', { location: 'query', issues: found }));
  }
  const first = found[0];
  const about = first ? `: ${first.path ? `${first.path}: ` : ''}${first.message}` : '';
  return respondWithError(
    c,
    new DomainError(
      'validation_failed',
      { location: where, issues: found },
      `The request ${where} is invalid${about}${found.length > 1 ? ` (and ${found.length - 1} more)` : ''}.`,
    ),
  );
};
