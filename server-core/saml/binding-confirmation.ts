import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { randomToken, sha256Hex } from '../lib/crypto';
import { newId } from '../lib/ulid';
import { enqueueMail } from '../mail/enqueue-mail';
import { grantMembership } from '../members/grant-membership';
import { normalizeEmail } from '../members/users';
import { accept, type Checked, refuse } from './refusal';
import type { SamlConnection } from './saml-connection';
import { SAML_CONFIRMATION_TTL_MS } from './saml-limits';

/**
 * An identity not yet bound to a local user (spec service-api.md 4.5): nothing signs in until the person
 * proves they read the NameID's mailbox. A single-use token goes by mail; a second token goes to the
 * browser that presented the assertion (a cookie), and confirming needs both, so a confirmation link sent
 * to someone else's browser cannot sign that browser in (login CSRF).
 */
export async function startBindingConfirmation(
  ctx: Ctx,
  input: { nameId: string; redirectTo: string; confirmUrl: string; workspaceName: string },
): Promise<{ browserToken: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const token = randomToken(32);
  const browserToken = randomToken(32);
  const expiresAt = new Date(now.getTime() + SAML_CONFIRMATION_TTL_MS);
  const link = `${input.confirmUrl}?token=${encodeURIComponent(token)}`;
  await ctx.db.tx(async (tx) => {
    await tx.query(
      `insert into saml_binding_confirmations (workspace_id, id, token_hash, browser_hash, name_id, email, redirect_to, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        ctx.workspaceId,
        newId(now),
        sha256Hex(token),
        sha256Hex(browserToken),
        normalizeEmail(input.nameId),
        input.nameId,
        input.redirectTo,
        now,
        expiresAt,
      ],
    );
    await enqueueMail(tx, now, {
      workspaceId: ctx.workspaceId,
      kind: 'saml_binding_confirmation',
      to: input.nameId,
      subject: `Confirm your single sign-on to ${input.workspaceName}`,
      text:
        `Someone signed in to ${input.workspaceName} through your company's single sign-on as ${input.nameId}.\n\n` +
        `If it was you, confirm it in the same browser within ${SAML_CONFIRMATION_TTL_MS / 60_000} minutes:\n${link}\n\n` +
        'If it was not you, ignore this mail: nothing is signed in without this confirmation.\n',
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'saml.binding_confirmation_sent',
        targetType: 'saml_identity',
        data: { name_id: input.nameId },
      },
    );
  });
  return { browserToken, expiresAt };
}

/**
 * Completes a binding: consumes the mailed token (with the browser's token), resolves the user (a member
 * already, or created and granted `jit_role` through grantMembership when the connection provisions just
 * in time), binds the identity to them. Only then may the caller create a session.
 */
export async function confirmBinding(
  ctx: Ctx,
  connection: SamlConnection,
  input: { token: string; browserToken: string | null },
): Promise<Checked<{ userId: string; redirectTo: string }>> {
  if (!input.browserToken || input.token.length > 100 || input.browserToken.length > 100)
    return refuse('binding_confirmation_invalid');
  const now = ctx.clock.now();
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [row] = await tx.query<{ name_id: string; email: string; redirect_to: string }>(
      `update saml_binding_confirmations set consumed_at = $5
       where workspace_id = $1 and token_hash = $2 and browser_hash = $3 and consumed_at is null and expires_at > $4
       returning name_id, email, redirect_to`,
      [ctx.workspaceId, sha256Hex(input.token), sha256Hex(input.browserToken!), now, now],
    );
    if (!row) return refuse('binding_confirmation_invalid');
    const [member] = await tx.query<{ user_id: string }>(
      `select m.user_id from memberships m join users u on u.id = m.user_id
       where m.workspace_id = $1 and u.email_normalized = $2`,
      [ctx.workspaceId, row.name_id],
    );
    let userId = member?.user_id ?? null;
    if (!userId) {
      if (!connection.jit_provisioning) return refuse('subject_not_member');
      const granted = await grantMembership(txCtx, {
        email: row.email,
        role: connection.jit_role,
        source: 'saml',
      });
      userId = granted.user.id;
    }
    await tx.query(
      `insert into saml_identities (workspace_id, name_id, user_id, created_at) values ($1, $2, $3, $4)
       on conflict (workspace_id, name_id) do nothing`,
      [ctx.workspaceId, row.name_id, userId, now],
    );
    const [bound] = await tx.query<{ user_id: string }>(
      'select user_id from saml_identities where workspace_id = $1 and name_id = $2',
      [ctx.workspaceId, row.name_id],
    );
    if (bound?.user_id !== userId) return refuse('binding_confirmation_invalid');
    await recordAudit(
      { ...txCtx, actor: { type: 'user', id: userId } },
      { action: 'saml.identity_bound', targetType: 'user', targetId: userId, data: { name_id: row.name_id } },
    );
    return accept({ userId, redirectTo: row.redirect_to });
  });
}
