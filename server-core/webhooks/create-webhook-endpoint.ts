import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { SecretBox } from '../lib/secret-box';
import { newId } from '../lib/ulid';
import { assertDescription, assertEvents, assertWebhookUrl, type WebhookUrlPolicy } from './endpoint-input';
import { findEndpoint, type WebhookEndpoint, writeSubscriptions } from './endpoint-record';
import { CURRENT_PAYLOAD_VERSION } from './envelope';
import { generateSigningSecret, signingSecretContext } from './signing';

export interface CreateWebhookEndpointInput {
  url: string;
  description?: string | null;
  events: readonly string[];
}

/**
 * Registers an endpoint (public createWebhook and portal registerWebhookEndpoint). The signing secret
 * is returned here once and kept only sealed; the payload version is pinned now. The row, its
 * subscriptions and the audit entry are written in one transaction (the caller's when it has one).
 */
export async function createWebhookEndpoint(
  ctx: Ctx,
  deps: { box: SecretBox; policy: WebhookUrlPolicy },
  input: CreateWebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = assertWebhookUrl(input.url, deps.policy);
  const description = assertDescription(input.description);
  const events = assertEvents(input.events);
  const now = ctx.clock.now();
  const id = newId(now);
  const secret = generateSigningSecret();
  return ctx.db.tx(async (db) => {
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
