import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainError, ErrorCode } from '../../../server-core/lib/errors';
import { errorHeaders } from './headers';
import { statusOf } from './status';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The scimType values of RFC 7644 section 3.12 this service can answer. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidValue' | 'mutability' | 'uniqueness';

/** Codes with a more precise scimType than the default of their status. */
const SCIM_TYPES: Partial<Record<ErrorCode, ScimType>> = {
  bad_request: 'invalidSyntax',
  invalid_json: 'invalidSyntax',
  invalid_form: 'invalidSyntax',
  email_immutable: 'mutability',
  external_id_taken: 'uniqueness',
  slug_taken: 'uniqueness',
  host_taken: 'uniqueness',
  scim_invalid_filter: 'invalidFilter',
  scim_user_name_taken: 'uniqueness',
  scim_invalid_patch: 'invalidValue',
  last_owner: 'mutability',
  scim_user_name_shared: 'mutability',
};

export interface ScimErrorResponse {
  status: ContentfulStatusCode;
  headers: Record<string, string>;
  body: { schemas: [typeof SCIM_ERROR_SCHEMA]; status: string; scimType?: ScimType; detail: string };
}

/**
 * A catalog error in the RFC 7644 shape, for the SCIM endpoints. SCIM has no 422: an invalid request
 * answers 400 with scimType invalidValue (invalidSyntax for a body that does not parse, mutability for
 * a read-only attribute); a uniqueness conflict keeps 409 with scimType uniqueness; every other status
 * is the house status, without scimType.
 */
export function toScimError(err: DomainError): ScimErrorResponse {
  const houseStatus = statusOf(err.code);
  const status: ContentfulStatusCode = houseStatus === 422 ? 400 : houseStatus;
  const scimType = SCIM_TYPES[err.code] ?? (status === 400 ? 'invalidValue' : undefined);
  return {
    status,
    headers: errorHeaders(err),
    body: {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail: err.message,
    },
  };
}
