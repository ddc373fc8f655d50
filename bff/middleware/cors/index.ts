import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../../env';

/**
 * The widget endpoints are called from customer pages on any origin. No cookie is involved (the visitor
 * token travels in Authorization), so any origin may call them and credentials are never allowed. PATCH is
 * widgetUpdateSession's method (a tour's steps and end). X-Widget-Preview carries an experience preview's
 * token (docs/decisions/experiences.md#the-preview-link).
 */
export const widgetCors = (): MiddlewareHandler<AppEnv> =>
  cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PATCH'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Widget-Preview'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 7200,
    credentials: false,
  });
