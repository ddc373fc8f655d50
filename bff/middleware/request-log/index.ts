import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import type { Logger } from '../../logger';

/** Paths probed every few seconds by load balancers: their successful answers are logged at debug. */
export const QUIET_PATHS: readonly string[] = ['/healthz'];

/** A path is cut to this many characters in the log line (the HTTP server bounds it anyway, at 16 KiB). */
export const MAX_LOGGED_PATH = 512;

/**
 * One line per request, written when the answer is ready (errors included: the error handler has set it
 * by then): `request method=... path=... status=... duration_ms=... request_id=...`. The path only, never
 * the query string (search text, ids, tokens a client put there), a header (Authorization, Cookie) or a
 * body. The logger escapes control characters, so a hostile path stays one inert line. A quiet path's
 * successful answer is logged at debug, so health probes do not drown the log; its failures stay at info.
 */
export const requestLog = (
  logger: Logger,
  opts: { now?: () => number; quietPaths?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> => {
  const now = opts.now ?? (() => performance.now());
  const quiet = new Set(opts.quietPaths ?? QUIET_PATHS);
  return async function requestLog(c, next) {
    const started = now();
    await next();
    const status = c.res.status;
    const path = c.req.path;
    const fields = {
      method: c.req.method,
      path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path,
      status,
      duration_ms: Math.round(now() - started),
      request_id: c.get('requestId'),
    };
    if (quiet.has(path) && status < 400) logger.debug('request', fields);
    else logger.info('request', fields);
  };
};
