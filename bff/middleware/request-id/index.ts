import type { MiddlewareHandler } from 'hono';
import { newId } from '../../../server-core/lib/ulid';
import type { AppEnv } from '../../env';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a well-formed X-Request-Id from the caller or makes one; echoes it on the response. */
export const requestId = (): MiddlewareHandler<AppEnv> =>
  async function requestId(c, next) {
    const incoming = c.req.header('X-Request-Id');
    const id = incoming && SAFE_ID.test(incoming) ? incoming : `req_${newId()}`;
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
