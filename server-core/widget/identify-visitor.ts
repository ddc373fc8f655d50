import { validateAttributePatch } from '../contacts/attribute-rules';
import type { Contact } from '../contacts/contact';
import { upsertContact } from '../contacts/upsert-contact';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import type { SecretBox } from '../lib/secret-box';
import { type ProofFailure, tokenTooLarge, verifyIdentityHmac, verifyIdentityToken } from './identity-proof';
import { openIdentitySecret } from './identity-secret';
import { linkVisitorIdentity, type Visitor } from './visitors';

export interface IdentifyInput {
  email: string;
  name?: string | null;
  hmac?: string;
  token?: string;
}

/** The refusal each proof failure answers (docs/decisions.md, "Widget (issue 6)"). */
const REFUSALS: Record<Exclude<ProofFailure, 'token_too_large'>, [string, string]> = {
  token_invalid: [
    'invalid_identity_token',
    'The identity token is not a valid HS256 JWT signed with the widget identity secret.',
  ],
  token_expired: ['identity_token_expired', 'The identity token has expired.'],
  token_exp_missing: ['identity_token_exp_missing', 'The identity token has no exp claim.'],
  token_exp_too_far: [
    'identity_token_exp_too_far',
    'The identity token expires more than 24 hours from now.',
  ],
  token_email_mismatch: [
    'identity_email_mismatch',
    "The identity token's email must be lower-case and equal the email passed to user.set.",
  ],
  hmac_invalid: [
    'invalid_identity_hmac',
    'The hmac is not the HMAC-SHA256 of the email under the widget identity secret.',
  ],
};

const refuse = (failure: Exclude<ProofFailure, 'token_too_large'>) =>
  new DomainError(REFUSALS[failure][0], 403, REFUSALS[failure][1]);

const tokenTooLargeError = () =>
  new DomainError('token_too_large', 422, 'The identity token is larger than 64 KB.', {
    field: 'token',
    max_bytes: 64 * 1024,
  });

function attributesError(err: unknown): never {
  if (err instanceof DomainError && err.status === 422) {
    throw new DomainError('invalid_token_attributes', 422, err.message, {
      field: 'token',
      path: String(err.details.field ?? 'attributes'),
      rule: err.details.rule,
    });
  }
  throw err;
}

/**
 * user.set: proves the identity with the hmac or the signed token (either; without one no identity can
 * be claimed), merges the token's attributes into the contact (null clears), marks the contact
 * verified and binds the visitor to it under the current secret generation.
 */
export async function identifyVisitor(
  ctx: Ctx,
  box: SecretBox,
  visitor: Visitor,
  input: IdentifyInput,
): Promise<Contact> {
  if (input.hmac === undefined && input.token === undefined) {
    throw new DomainError('identity_proof_required', 422, 'user.set needs an hmac or a signed token.', {
      field: 'hmac',
    });
  }
  if (input.token !== undefined && tokenTooLarge(input.token)) throw tokenTooLargeError();
  const secret = await openIdentitySecret(ctx.db, box, ctx.workspaceId);
  if (!secret) {
    throw new DomainError(
      'identity_not_configured',
      403,
      'This workspace has no widget identity secret; identities cannot be verified.',
    );
  }

  let name = input.name?.trim() || null;
  let attributes = {};
  if (input.token !== undefined) {
    const result = await verifyIdentityToken(secret.secret, input.token, input.email, ctx.clock.now());
    if (!result.ok)
      throw result.failure === 'token_too_large' ? tokenTooLargeError() : refuse(result.failure);
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
    err instanceof DomainError && err.code === 'validation_failed'
      ? attributesError(err)
      : Promise.reject(err),
  );
  await linkVisitorIdentity(ctx, visitor.id, contact.id, secret.generation);
  return contact;
}
