import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/**
 * Bodies above the limit answer 413 in the envelope. Requests without a body skip the check: hono's
 * bodyLimit reads c.req.raw, which makes the node adapter build a full Request on every GET.
 */
export const limitBody = (
  maxBytes: number,
  except: (path: string) => boolean = () => false,
): MiddlewareHandler<AppEnv> => {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new DomainError(
        'payload_too_large',
        { max_bytes: maxBytes },
        `The request body exceeds ${maxBytes} bytes.`,
      );
    },
  });
  return async function limitBody(c, next) {
    if (BODYLESS.has(c.req.method) || except(c.req.path)) return next();
    return limit(c, next);
  };
};

/**
 * A write with a body must say it is JSON; otherwise the validators would treat it as an empty
 * object and an all-optional PATCH would silently do nothing. `except` lists form/multipart routes.
 */
export const requireJsonBody = (except: (path: string) => boolean = () => false): MiddlewareHandler<AppEnv> =>
  async function requireJsonBody(c, next) {
    const method = c.req.method;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      const hasBody =
        Number(c.req.header('Content-Length') ?? '0') > 0 || c.req.header('Transfer-Encoding') !== undefined;
      const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
      if (hasBody && !JSON_MEDIA.test(mediaType) && !except(c.req.path)) {
        throw new DomainError('unsupported_media_type', { content_type: mediaType || null });
      }
    }
    await next();
  };

/** An upload route's body must be multipart/form-data (the file in a form field); anything else is 415. */
export const requireMultipart: MiddlewareHandler<AppEnv> = async function requireMultipart(c, next) {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    throw new DomainError(
      'unsupported_media_type',
      { content_type: type || null },
      'Send the file as multipart/form-data.',
    );
  }
  await next();
};
