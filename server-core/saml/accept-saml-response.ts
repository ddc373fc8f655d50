import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { grantMembership } from '../members/grant-membership';
import { recordAssertionId } from './assertion-ids';
import { startBindingConfirmation } from './binding-confirmation';
import { checkClaims } from './check-claims';
import { decodeSamlResponse } from './decode-response';
import { parseUntrustedXml } from './parse-xml';
import { readClaims } from './read-claims';
import { DEFAULT_LANDING_PATH } from './redirect-path';
import type { SamlRefusal } from './refusal';
import { consumeAuthnRequest } from './request-store';
import { resolveSubject } from './resolve-subject';
import { findSamlConnection } from './saml-connection';
import { MAX_RELAY_STATE_CHARS } from './saml-limits';
import { spUrls } from './sp-urls';
import { verifySamlResponse } from './verify-response';

export type AcsOutcome =
  | { kind: 'signed_in'; userId: string; redirectTo: string }
  | { kind: 'confirmation_sent'; address: string; browserToken: string; expiresAt: Date }
  | { kind: 'refused'; reason: SamlRefusal };

/**
 * The assertion consumer (spec service-api.md 4.5). The workspace is `ctx.workspaceId`, taken from the
 * route before any XML is parsed. Runs every check in order and answers one outcome; a refusal is
 * recorded in the workspace audit log as saml.login_refused with its reason (the caller shows the same
 * page for every reason). `ctx.actor` is the system: nobody is known until the checks pass.
 */
export async function acceptSamlResponse(
  ctx: Ctx,
  input: { samlResponse: string; relayState: string | null; publicUrl: string },
): Promise<AcsOutcome> {
  const [workspace] = await ctx.db.query<{ name: string }>('select name from workspaces where id = $1', [
    ctx.workspaceId,
  ]);
  if (!workspace) return { kind: 'refused', reason: 'unknown_workspace' };
  const outcome = await check(ctx, input, workspace.name);
  if (outcome.kind === 'refused') {
    await recordAudit(ctx, { action: 'saml.login_refused', data: { reason: outcome.reason } });
  }
  return outcome;
}

async function check(
  ctx: Ctx,
  input: { samlResponse: string; relayState: string | null; publicUrl: string },
  workspaceName: string,
): Promise<AcsOutcome> {
  const refused = (reason: SamlRefusal): AcsOutcome => ({ kind: 'refused', reason });
  const connection = await findSamlConnection(ctx.db, ctx.workspaceId);
  if (!connection) return refused('not_configured');
  if (input.relayState !== null && input.relayState.length > MAX_RELAY_STATE_CHARS)
    return refused('relay_state_mismatch');

  const xml = decodeSamlResponse(input.samlResponse);
  if (!xml.ok) return refused(xml.reason);
  const doc = parseUntrustedXml(xml.value);
  if (!doc.ok) return refused(doc.reason);
  const verified = verifySamlResponse(doc.value, xml.value, connection.certificate_pem);
  if (!verified.ok) return refused(verified.reason);

  const sp = spUrls(input.publicUrl, ctx.workspaceId);
  const claims = checkClaims(readClaims(verified.value), {
    idpEntityId: connection.idp_entity_id,
    spEntityId: sp.entityId,
    acsUrl: sp.acsUrl,
    now: ctx.clock.now(),
  });
  if (!claims.ok) return refused(claims.reason);
  const { assertionId, nameId, inResponseTo, keepUntil } = claims.value;

  let redirectTo = DEFAULT_LANDING_PATH;
  if (inResponseTo !== null) {
    const request = await consumeAuthnRequest(ctx, { requestId: inResponseTo, relayState: input.relayState });
    if (!request) return refused('in_response_to_unknown');
    redirectTo = request.redirectTo;
  } else if (!connection.idp_initiated) {
    return refused('idp_initiated_not_allowed');
  }
  if (!(await recordAssertionId(ctx, assertionId, keepUntil))) return refused('assertion_replayed');

  const subject = await resolveSubject(ctx.db, ctx.workspaceId, nameId);
  if (!subject.member && !connection.jit_provisioning) return refused('subject_not_member');
  if (subject.boundUserId === null) {
    const sent = await startBindingConfirmation(ctx, {
      nameId,
      redirectTo,
      confirmUrl: sp.confirmUrl,
      workspaceName,
    });
    return { kind: 'confirmation_sent', address: nameId, ...sent };
  }
  const userId = subject.boundUserId;
  if (!subject.member) {
    const bound = await ctx.db.query<{ email: string }>('select email from users where id = $1', [userId]);
    await grantMembership(
      { ...ctx, actor: { type: 'user', id: userId } },
      { email: bound[0]!.email, role: connection.jit_role, source: 'saml' },
    );
  }
  await recordAudit(
    { ...ctx, actor: { type: 'user', id: userId } },
    {
      action: 'saml.login',
      targetType: 'user',
      targetId: userId,
      data: { assertion_id: assertionId, idp_initiated: inResponseTo === null },
    },
  );
  return { kind: 'signed_in', userId, redirectTo };
}
