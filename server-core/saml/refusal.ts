/**
 * Why a SAML response was refused. The caller answers every one of these with the same 403 and the same
 * body (no oracle); the reason goes to the workspace audit log only.
 */
export type SamlRefusal =
  | 'unknown_workspace'
  | 'not_configured'
  | 'response_too_large'
  | 'not_base64'
  | 'doctype_present'
  | 'malformed_xml'
  | 'not_a_response'
  | 'status_not_success'
  | 'assertion_count'
  | 'encrypted_assertion'
  | 'assertion_not_child_of_response'
  | 'duplicate_id'
  | 'comment_or_instruction'
  | 'unexpected_signature'
  | 'assertion_unsigned'
  | 'signature_reference'
  | 'signature_algorithm'
  | 'signature_invalid'
  | 'response_signature_invalid'
  | 'issuer_mismatch'
  | 'destination_mismatch'
  | 'recipient_mismatch'
  | 'audience_mismatch'
  | 'subject_confirmation'
  | 'not_yet_valid'
  | 'expired'
  | 'in_response_to_mismatch'
  | 'in_response_to_unknown'
  | 'relay_state_mismatch'
  | 'idp_initiated_not_allowed'
  | 'assertion_replayed'
  | 'name_id_invalid'
  | 'subject_not_member'
  | 'binding_confirmation_invalid';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: SamlRefusal };

export const refuse = (reason: SamlRefusal): { ok: false; reason: SamlRefusal } => ({ ok: false, reason });
export const accept = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
