import type { Ctx } from '../context';
import { randomToken, sha256Hex } from '../lib/crypto';
import { SAML_REQUEST_TTL_MS } from './saml-limits';

/**
 * The single-use AuthnRequest store (spec service-api.md 4.5): each minted request id is kept with the
 * path to land on, under the SHA-256 of an opaque RelayState handle that travels through the IdP. Only
 * this workspace's pending, unexpired, unconsumed rows match.
 */
export async function storeAuthnRequest(
  ctx: Ctx,
  input: { requestId: string; redirectTo: string },
): Promise<{ relayState: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const relayState = randomToken(32);
  const expiresAt = new Date(now.getTime() + SAML_REQUEST_TTL_MS);
  await ctx.db.query(
    `insert into saml_requests (workspace_id, request_id, relay_handle_hash, redirect_to, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [ctx.workspaceId, input.requestId, sha256Hex(relayState), input.redirectTo, now, expiresAt],
  );
  return { relayState, expiresAt };
}

/**
 * Consumes the pending request `requestId` when `relayState` is its handle: one statement, so two
 * responses racing for one request cannot both win. Answers its redirect path, or null.
 */
export async function consumeAuthnRequest(
  ctx: Ctx,
  input: { requestId: string; relayState: string | null },
): Promise<{ redirectTo: string } | null> {
  if (!input.relayState) return null;
  const now = ctx.clock.now();
  const rows = await ctx.db.query<{ redirect_to: string }>(
    `update saml_requests set consumed_at = $4
     where workspace_id = $1 and request_id = $2 and relay_handle_hash = $3 and consumed_at is null and expires_at > $4
     returning redirect_to`,
    [ctx.workspaceId, input.requestId, sha256Hex(input.relayState), now],
  );
  return rows[0] ? { redirectTo: rows[0].redirect_to } : null;
}
