import { validateAttributePatch } from '../contacts/attribute-rules';
import type { Contact } from '../contacts/contact';
import { upsertContact } from '../contacts/upsert-contact';
import type { Ctx } from '../context';
import { handOverVisitorConversations } from '../conversations/hand-over-conversations';
import { DomainError, type ErrorCode } from '../lib/errors';
import type { SecretBox } from '../lib/secret-box';
import { RULE_MESSAGES, unstorableString } from '../lib/storable';
import { type ProofFailure, tokenTooLarge, verifyIdentityHmac, verifyIdentityToken } from './identity-proof';
import { openIdentitySecret } from './identity-secret';
import { linkVisitorIdentity, type Visitor } from './visitors';

export interface IdentifyInput {
  email: string;
  name?: string | null;
  hmac?: string;
  token?: string;
}

/** The refusal each proof failure answers (docs/decisions/widget-api.md, Identity refusals). */
const REFUSALS = {
  token_invalid: 'invalid_identity_token',
  token_expired: 'identity_token_expired',
  token_exp_missing: 'identity_token_exp_missing',
  token_exp_too_far: 'identity_token_exp_too_far',
  token_email_mismatch: 'identity_email_mismatch',
  hmac_invalid: 'invalid_identity_hmac',
} as const satisfies Record<Exclude<ProofFailure, 'token_too_large'>, ErrorCode>;

const refuse = (failure: keyof typeof REFUSALS) => new DomainError(REFUSALS[failure]);

const tokenTooLargeError = () => new DomainError('token_too_large', { field: 'token', max_bytes: 64 * 1024 });

/** An attribute rule the token's attributes break, answered as invalid_token_attributes. */
function attributesError(err: unknown): never {
  if (err instanceof DomainError && err.is('validation_failed')) {
    const broken = 'field' in err.details ? err.details : undefined;
    throw new DomainError(
      'invalid_token_attributes',
      { field: 'token', path: String(broken?.field ?? 'attributes'), rule: broken?.rule },
      err.message,
    );
  }
  throw err;
}

/**
 * user.set: proves the identity with the hmac or the signed token (either; without one no identity can
 * be claimed), merges the token's attributes into the contact (null clears), marks the contact
 * verified and binds the visitor to it under the current secret generation; the visitor's anonymous
 * conversations become the contact's (the hand-over, handOverVisitorConversations).
 */
export async function identifyVisitor(
  ctx: Ctx,
  box: SecretBox,
  visitor: Visitor,
  input: IdentifyInput,
): Promise<Contact> {
  if (input.hmac === undefined && input.token === undefined) {
    throw new DomainError('identity_proof_required', { field: 'hmac' });
  }
  if (input.token !== undefined && tokenTooLarge(input.token)) throw tokenTooLargeError();
  const secret = await openIdentitySecret(ctx.db, box, ctx.workspaceId);
  if (!secret) {
    throw new DomainError('identity_not_configured');
  }

  let name = input.name?.trim() || null;
  let attributes = {};
  if (input.token !== undefined) {
    const result = await verifyIdentityToken(secret.secret, input.token, input.email, ctx.clock.now());
    if (!result.ok)
      throw result.failure === 'token_too_large' ? tokenTooLargeError() : refuse(result.failure);
    const nameRule = result.claims.name === null ? null : unstorableString(result.claims.name);
    if (nameRule) {
      throw new DomainError(
        'invalid_token_attributes',
        { field: 'token', path: 'name', rule: nameRule },
        `The token's name: ${RULE_MESSAGES[nameRule]}`,
      );
    }
    name = result.claims.name ?? name;
    if (result.claims.attributes !== undefined) {
      try {
        attributes = validateAttributePatch(result.claims.attributes, 'attributes');
      } catch (err) {
        attributesError(err);
      }
    }
  }
  if (input.hmac !== undefined && !verifyIdentityHmac(secret.secret, input.email, input.hmac)) {
    throw refuse('hmac_invalid');
  }

  const { contact } = await upsertContact(ctx, {
    email: input.email,
    name,
    attributes,
    blankAttributes: 'clear',
    verified: true,
  }).catch((err: unknown) =>
    err instanceof DomainError && err.is('validation_failed') ? attributesError(err) : Promise.reject(err),
  );
  await ctx.db.tx(async (db) => {
    const inTx = { ...ctx, db };
    await linkVisitorIdentity(inTx, visitor, contact.id, secret.generation);
    await handOverVisitorConversations(inTx, { visitorId: visitor.id, contactId: contact.id });
  });
  return contact;
}
