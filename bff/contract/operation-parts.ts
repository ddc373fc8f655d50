import { z } from '@hono/zod-openapi';
import { ulidParam } from './common';

/**
 * What an operation declares beside its resource: who may call it (security requirements named after
 * the security schemes), the portal's workspace path parameter, and the headers some operations share.
 */

/** Security requirements, by credential. */
export const API_KEY = [{ apiKey: [] }];
export const PORTAL_SESSION = [{ portalSession: [] }];
export const VISITOR_TOKEN = [{ visitorToken: [] }];

/** The response header of answers that carry a secret shown once. */
export const NO_STORE = {
  'Cache-Control': { schema: { type: 'string' as const }, description: 'no-store' },
};

/** The `{workspaceId}` of every portal path. */
export const workspaceParams = z.object({ workspaceId: ulidParam('workspaceId') });

const IdempotencyKeyHeader = z
  .string()
  .max(255)
  .optional()
  .openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description:
      'Makes the POST safe to retry: the first answer is replayed for 24 hours; reusing the key with another body answers 422.',
  });

/** The request headers of a POST that honours Idempotency-Key. */
export const idempotencyHeaders = () => z.object({ 'Idempotency-Key': IdempotencyKeyHeader });
