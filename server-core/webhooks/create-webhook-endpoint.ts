import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import type { SecretBox } from '../lib/secret-box';
import { newId } from '../lib/ulid';
import {
  assertDescription,
  assertEvents,
  assertWebhookUrl,
  MAX_ENDPOINTS_PER_WORKSPACE,
  type WebhookUrlPolicy,
} from './endpoint-input';
import { findEndpoint, type WebhookEndpoint, writeSubscriptions } from './endpoint-record';
import { CURRENT_PAYLOAD_VERSION } from './envelope';
import { generateSigningSecret, signingSecretContext } from './signing';

export interface CreateWebhookEndpointInput {
  url: string;
  description?: string | null;
  events: readonly string[];
}

/** The advisory lock class of "an endpoint is being added to this workspace" (two-int form). */
const ENDPOINT_COUNT_LOCK_CLASS = 7_270_013;

/**
 * Refuses a new endpoint once the workspace has `max` (enabled or disabled). Creations of one
 * workspace are serialised by an advisory lock held to the commit, so two at once cannot both pass.
 */
async function assertRoomForEndpoint(db: Sql, workspaceId: string, max: number): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(${ENDPOINT_COUNT_LOCK_CLASS}, hashtext($1))`, [workspaceId]);
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from webhook_endpoints where workspace_id = $1',
    [workspaceId],
  );
  if (row!.n >= max)
    throw new DomainError(
      'webhook_endpoint_limit_reached',
      { limit: max },
      `A workspace has at most ${max} webhook endpoints; delete one to add another.`,
    );
}

/**
 * Registers an endpoint (public createWebhook and portal registerWebhookEndpoint). The signing secret
 * is returned here once and kept only sealed; the payload version is pinned now. The row, its
 * subscriptions and the audit entry are written in one transaction (the caller's when it has one).
 * A workspace has at most `maxEndpoints` (WEBHOOK_MAX_ENDPOINTS, 20 by default).
 */
export async function createWebhookEndpoint(
  ctx: Ctx,
  deps: { box: SecretBox; policy: WebhookUrlPolicy; maxEndpoints?: number },
  input: CreateWebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = assertWebhookUrl(input.url, deps.policy);
  const description = assertDescription(input.description);
  const events = assertEvents(input.events);
  const now = ctx.clock.now();
  const id = newId(now);
  const secret = generateSigningSecret();
  return ctx.db.tx(async (db) => {
    await assertRoomForEndpoint(db, ctx.workspaceId, deps.maxEndpoints ?? MAX_ENDPOINTS_PER_WORKSPACE);
    await db.query(
      `insert into webhook_endpoints (workspace_id, id, url, description, status, payload_version, secret_sealed,
         enabled_since, created_at, updated_at)
       values ($1, $2, $3, $4, 'enabled', $5, $6, $7, $7, $7)`,
      [
        ctx.workspaceId,
        id,
        url,
        description,
        CURRENT_PAYLOAD_VERSION,
        deps.box.seal(secret, signingSecretContext(ctx.workspaceId, id)),
        now,
      ],
    );
    await writeSubscriptions(db, ctx.workspaceId, id, events);
    await recordAudit(
      { ...ctx, db },
      {
        action: 'webhook_endpoint.created',
        targetType: 'webhook_endpoint',
        targetId: id,
        data: { host: new URL(url).host, events },
      },
    );
    return { endpoint: (await findEndpoint(db, ctx.workspaceId, id))!, secret };
  });
}
