import type { Ctx } from '../context';
import { HOUR } from '../lib/clock';
import { notFound } from '../lib/errors';
import type { SecretBox } from '../lib/secret-box';
import { findEndpoint, type WebhookEndpoint } from './endpoint-record';
import { generateSigningSecret, signingSecretContext } from './signing';

/**
 * How long the replaced secret keeps signing after a rotation: every attempt in this window carries a
 * v1 signature under the new secret and one under the old, so a receiver can deploy the new secret at
 * its own pace (the Stripe convention).
 */
export const SECRET_OVERLAP_MS = 24 * HOUR;

export interface RotatedSecret {
  endpoint: WebhookEndpoint;
  /** The new signing secret, shown this once. */
  secret: string;
  /** Until when the replaced secret still signs. */
  previous_secret_expires_at: Date;
}

/**
 * Rotates an endpoint's signing secret: a new one is generated and sealed, and the current one becomes
 * the previous secret until now + SECRET_OVERLAP_MS. A rotation inside the window of an earlier one drops
 * the older secret at once (two at most: the newest and the one it replaced). Another workspace's
 * endpoint is not_found.
 */
export async function rotateWebhookEndpointSecret(
  ctx: Ctx,
  deps: { box: SecretBox },
  endpointId: string,
): Promise<RotatedSecret> {
  const now = ctx.clock.now();
  const secret = generateSigningSecret();
  const expires = new Date(now.getTime() + SECRET_OVERLAP_MS);
  return ctx.db.tx(async (tx) => {
    const rotated = await tx.query(
      `update webhook_endpoints set previous_secret_sealed = secret_sealed, previous_secret_expires_at = $4,
         secret_sealed = $3, updated_at = $5
       where workspace_id = $1 and id = $2 returning id`,
      [
        ctx.workspaceId,
        endpointId,
        deps.box.seal(secret, signingSecretContext(ctx.workspaceId, endpointId)),
        expires,
        now,
      ],
    );
    if (rotated.length === 0) throw notFound('webhook endpoint');
    const endpoint = (await findEndpoint(tx, ctx.workspaceId, endpointId))!;
    return { endpoint, secret, previous_secret_expires_at: expires };
  });
}
