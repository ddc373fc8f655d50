import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A random prefix per process and a counter: unique across nodes, and no entropy drawn per request. */
const PROCESS_PREFIX = `req_${randomBytes(6).toString('hex')}`;
let counter = 0;

/** Takes a well-formed X-Request-Id from the caller or makes one; echoes it on the response. */
export const requestId = (): MiddlewareHandler<AppEnv> =>
  async function requestId(c, next) {
    const incoming = c.req.header('X-Request-Id');
    const id =
      incoming && SAFE_ID.test(incoming)
        ? incoming
        : `${PROCESS_PREFIX}${(counter++).toString(36).padStart(6, '0')}`;
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
