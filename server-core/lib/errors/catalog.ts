/**
 * The error catalog: every code the service answers, its details shape, its default message and what
 * it means. server-core throws by code and data only; the BFF's error middleware owns the HTTP status
 * of each code (bff/middleware/errors/status.ts) and docs/errors.md is generated from both.
 */

import { MAX_NESTING_DEPTH, MAX_OBJECT_KEYS } from '../storable';

/** Why a help-center sign-in URL was refused (server-core/help-center/sign-in-url.ts decides). */
export type SignInUrlRefusal =
  | 'not_url'
  | 'scheme_not_allowed'
  | 'userinfo_not_allowed'
  | 'fragment_not_allowed'
  | 'return_to_not_allowed'
  | 'loopback_not_allowed'
  | 'service_host';

/** One schema violation found at the edge. */
export interface Issue {
  path: string;
  code: string;
  message: string;
}

/** A schema failure at the edge: where, and every issue. */
export interface EdgeIssues {
  location: string;
  issues: Issue[];
}

/** A rule of the domain that a field breaks. */
export interface FieldRuleBreak {
  field: string;
  rule?: string;
  max?: number;
  pattern?: string;
  unknown?: string[];
}

/** No details: `{}` in the envelope. */
export type NoDetails = Record<string, never>;

/** The details of each code. Adding a code here makes the compiler ask for its catalog entry and status. */
export interface ErrorDetailsByCode {
  // The request and the route
  not_found: { method?: string; path?: string };
  method_not_allowed: { allowed: string[] };
  bad_request: NoDetails;
  validation_failed: EdgeIssues | FieldRuleBreak;
  parameter_unknown: { parameter: string; location: 'body' | 'query' };
  invalid_limit: EdgeIssues;
  invalid_json: NoDetails;
  invalid_form: NoDetails;
  unsupported_media_type: { content_type?: string | null };
  payload_too_large: { max_bytes?: number };
  invalid_cursor: { field: string };
  invalid_idempotency_key: { max_length: number; length: number };
  idempotency_key_reused: NoDetails;
  idempotency_key_in_progress: NoDetails;
  rate_limited: { limit: number; retry_after_seconds: number };
  internal_error: { request_id?: string };
  database_unavailable: NoDetails;
  // Credentials and permissions
  unauthenticated: NoDetails;
  invalid_credentials: NoDetails;
  too_many_login_attempts: { retry_after_seconds: number };
  invalid_api_key: NoDetails;
  missing_ability: { required: string[]; missing: string[] };
  csrf_token_invalid: NoDetails;
  not_a_member: NoDetails;
  permission_denied: { permission: string; role: string };
  // Contacts and events
  external_id_taken: { field: string };
  email_immutable: { field: string };
  contact_limit_reached: { limit: number };
  invalid_event: { field: string; rule: string };
  invalid_event_batch:
    | { index: number; field: string; rule: string }
    | { field: string; rule: string; count: number };
  // Webhooks
  webhook_url_not_allowed: { field: string; reason: string };
  unknown_event_type: { field: string; unknown: string[] };
  webhook_endpoint_limit_reached: { limit: number };
  endpoint_disabled: { endpoint_id: string };
  delivery_in_progress: { delivery_id: string };
  // Content, experiences and the help center
  slug_taken: { slug: string };
  unknown_collection: { field: string };
  unknown_step_id: { index: number; id: string };
  duplicate_step_id: { index: number; id: string };
  invalid_page_url: { field: string };
  unsupported_upload_type: { media_type: string | null; supported: readonly string[] };
  upload_has_no_text: { field: string };
  unsupported_attachment_type: { supported: readonly string[] };
  invalid_mime: NoDetails;
  attachments_unavailable: NoDetails;
  download_link_invalid: NoDetails;
  not_sessioned: NoDetails;
  sessioned: NoDetails;
  experience_archived: { experience_id: string };
  session_not_active: { session_id: string; state: string };
  program_item_done: { item_id: string };
  invalid_host: NoDetails;
  host_taken: NoDetails;
  // Automation: verified domains and runs
  domain_taken: { domain: string };
  domain_verification_failed: { reason: DomainProofFailure; status: number | null };
  domain_not_verified: { host: string };
  sensitive_page: { reason: 'url' | 'password_field' | 'card_number_field' };
  automation_run_closed: { run_id: string; state: string };
  // Conversations and tickets
  rating_not_requested: { conversation_id: string };
  conversation_not_resolved: { conversation_id: string; state: string };
  // The widget's visitor and identity
  invalid_visitor_token: NoDetails;
  visitor_anonymous: NoDetails;
  identity_proof_required: { field: string };
  identity_not_configured: NoDetails;
  invalid_identity_token: NoDetails;
  identity_token_expired: NoDetails;
  identity_token_exp_missing: NoDetails;
  identity_token_exp_too_far: NoDetails;
  identity_email_mismatch: NoDetails;
  invalid_identity_hmac: NoDetails;
  token_too_large: { field: string; max_bytes: number };
  invalid_token_attributes: { field: string; path: string; rule?: string };
  // The OAuth app platform (token and introspection endpoints answer these in the RFC 6749 shape)
  oauth_invalid_client: NoDetails;
  oauth_invalid_grant: NoDetails;
  oauth_invalid_request: { parameter: string };
  oauth_unsupported_grant_type: NoDetails;
  oauth_invalid_scope: NoDetails;
  // Operator commands
  unknown_flag: { flag: string };
  // The hosted help center's signed-in readers
  sign_in_url_invalid: { reason: SignInUrlRefusal };
  help_center_signing_secret_missing: NoDetails;
  // SCIM provisioning (the /scim/v2 endpoints answer these in the RFC 7644 error shape)
  invalid_scim_token: NoDetails;
  scim_invalid_filter: { filter: string };
  scim_user_name_taken: NoDetails;
  scim_invalid_patch: { operation: number };
  last_owner: NoDetails;
  scim_user_name_shared: NoDetails;
  // The staff console's team and password resets
  owner_role_required: NoDetails;
  already_a_member: NoDetails;
  invitation_invalid: NoDetails;
  password_reset_invalid: NoDetails;
}

export type ErrorCode = keyof ErrorDetailsByCode;
export type ErrorDetails<C extends ErrorCode = ErrorCode> = ErrorDetailsByCode[C];

/** The keys of every member of a details union (none for NoDetails). */
type DetailKeys<T> = T extends unknown ? (string extends keyof T ? never : keyof T & string) : never;

/** One sentence per details field, so the compiler keeps the documentation and the type together. */
export type DetailsDoc<T> = { readonly [K in DetailKeys<T>]-?: string };

export interface CatalogEntry<C extends ErrorCode> {
  /** The message when the throw site gives none. */
  readonly message: string;
  /** When the code is answered, for docs/errors.md. */
  readonly meaning: string;
  readonly details: DetailsDoc<ErrorDetails<C>>;
}

/** Why a domain's verification file could not be confirmed (server-core/automation/domain-proof.ts). */
export type DomainProofFailure =
  | 'not_found'
  | 'http_status'
  | 'wrong_content'
  | 'too_large'
  | 'redirect'
  | 'timeout'
  | 'tls_failed'
  | 'address_refused'
  | 'dns_failed'
  | 'connection_failed';

const FIELD = 'the offending field';

export const ERROR_CATALOG: { readonly [C in ErrorCode]: CatalogEntry<C> } = {
  not_found: {
    message: 'The resource was not found.',
    meaning:
      'Unknown route; unknown resource or one of another workspace; malformed ULID in a path; feature flag off.',
    details: {
      method: 'the request method, when no route matches',
      path: 'the request path, when no route matches',
    },
  },
  method_not_allowed: {
    message: 'The method is not allowed on this path.',
    meaning: 'The path exists for other methods (the `Allow` header lists them).',
    details: { allowed: 'the methods the path answers (also the `Allow` header)' },
  },
  bad_request: {
    message: 'Bad request.',
    meaning: 'The HTTP layer refused the request for a reason no other code names.',
    details: {},
  },
  validation_failed: {
    message: 'The request is invalid.',
    meaning:
      'Body, query or headers fail the schema, or a field breaks a rule of the domain, or the request holds ' +
      'a value the service never stores: U+0000 or an unpaired UTF-16 surrogate in any string (keys too), ' +
      `nesting deeper than ${MAX_NESTING_DEPTH} levels, an object of more than ${MAX_OBJECT_KEYS} keys, a key ` +
      '`__proto__`, `constructor` or `prototype` (issue codes `nul_character`, `lone_surrogate`, ' +
      '`max_depth`, `max_keys`, `reserved_key`). A rule the schema states in words answers its name as the ' +
      'issue code: `scalar_value` (an attribute value that is not a string, number, boolean or null), ' +
      '`flat_scalar` (the same for an event property).',
    details: {
      location:
        'body, query, path or header (schema failures and refused values); `draft` when a publish checks the saved draft',
      issues: 'each with `path`, `code` (the schema issue or the rule) and `message`',
      field: `${FIELD} (rule failures)`,
      rule: 'the rule it breaks, e.g. `max_keys`',
      max: 'the limit the rule sets, when it has one',
      pattern: 'the pattern a key must match, when that is the rule',
      unknown: 'the values that are not known, e.g. abilities',
    },
  },
  parameter_unknown: {
    message: 'The request holds a parameter the operation does not know.',
    meaning:
      'A body field (at any depth, outside the free-form objects such as contact `attributes`, event ' +
      '`properties` and step `annotations`), a form field or a query parameter the operation does not declare. ' +
      'The message names it and suggests the declared one that differs only in case or separators ' +
      '(`externalId`: did you mean `external_id`?). Headers are not parameters: unknown ones are ignored.',
    details: {
      parameter: 'the unknown parameter, a dotted path inside the body (e.g. `steps.0.colour`)',
      location: '`body` (JSON or form) or `query`',
    },
  },
  invalid_limit: {
    message: 'limit is out of range for this list.',
    meaning: '`limit` is out of range for this list.',
    details: { location: 'always `query`', issues: 'each with `path`, `code` and `message`' },
  },
  invalid_json: {
    message: 'The request body is not valid JSON.',
    meaning: 'The body is not JSON (never a 500).',
    details: {},
  },
  invalid_form: {
    message: 'The request body is not a valid form.',
    meaning: 'The body is not a valid multipart or URL-encoded form.',
    details: {},
  },
  unsupported_media_type: {
    message: 'Send the request body as application/json.',
    meaning: 'A write with a body that is not `application/json` (an upload that is not multipart).',
    details: { content_type: 'the media type sent, or null' },
  },
  payload_too_large: {
    message: 'The request body is too large.',
    meaning: 'A body above 1 MiB, or an upload above 2 MiB.',
    details: { max_bytes: 'the largest body or file accepted' },
  },
  invalid_cursor: {
    message: 'The cursor is not one this API issued.',
    meaning: 'A `cursor` this API did not issue.',
    details: { field: 'always `cursor`' },
  },
  invalid_idempotency_key: {
    message: 'The Idempotency-Key header is malformed.',
    meaning: '`Idempotency-Key` empty, over 255 characters, or not visible ASCII.',
    details: { max_length: 'the longest key accepted', length: 'the length sent' },
  },
  idempotency_key_reused: {
    message:
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    meaning: 'The same `Idempotency-Key` with a different request.',
    details: {},
  },
  idempotency_key_in_progress: {
    message: 'A request with this Idempotency-Key is still being processed. Retry shortly.',
    meaning: 'The first request with this key still runs after 10 s of waiting.',
    details: {},
  },
  rate_limited: {
    message: 'Too many requests. Slow down and retry after the reset.',
    meaning:
      'A request limit is spent (per credential, per workspace, per visitor or per help-center reader).',
    details: {
      limit: 'the requests the window allows',
      retry_after_seconds: 'seconds until the window resets (also the `Retry-After` header)',
    },
  },
  internal_error: {
    message: 'Something went wrong on our side.',
    meaning: 'Anything unexpected; never internals.',
    details: { request_id: 'the request id to quote to the operator' },
  },
  database_unavailable: {
    message: 'The database does not answer.',
    meaning: '`/healthz` could not reach the database.',
    details: {},
  },
  unauthenticated: {
    message: 'Sign in to use the portal.',
    meaning: 'No live portal session.',
    details: {},
  },
  invalid_credentials: {
    message: 'The email address or password is not correct.',
    meaning: 'Sign-in failed (an unknown email and a wrong password answer the same).',
    details: {},
  },
  too_many_login_attempts: {
    message: 'Too many failed sign-in attempts. Try again later.',
    meaning:
      'Sign-in throttled: backoff per account and client address, a ceiling per account across new addresses, or per client address.',
    details: { retry_after_seconds: 'seconds until a sign-in may succeed (also the `Retry-After` header)' },
  },
  invalid_api_key: {
    message: 'Send a valid API key as Authorization: Bearer <key>.',
    meaning: 'Missing, unknown, revoked or expired API key (`WWW-Authenticate: Bearer realm="api"`).',
    details: {},
  },
  missing_ability: {
    message: 'This credential lacks an ability the operation needs.',
    meaning: 'The API key lacks an ability the operation needs.',
    details: { required: 'the abilities the operation needs', missing: 'those the key lacks' },
  },
  csrf_token_invalid: {
    message: 'Send the X-CSRF-Token header issued at sign-in with this request.',
    meaning: 'A cookie-authenticated write without the right `X-CSRF-Token`.',
    details: {},
  },
  not_a_member: {
    message: 'You are not a member of this workspace.',
    meaning:
      "A signed-in user on another workspace's path (also an unknown workspace id: no existence oracle).",
    details: {},
  },
  permission_denied: {
    message: 'Your role does not allow this.',
    meaning: "The member's role lacks the permission.",
    details: { permission: 'the permission needed', role: "the member's role" },
  },
  external_id_taken: {
    message: 'Another contact already has this external_id.',
    meaning: 'Another contact of the workspace has this `external_id`.',
    details: { field: 'always `external_id`' },
  },
  email_immutable: {
    message: "A contact's email cannot change; upsert with POST /api/v1/contacts instead.",
    meaning: "An update tries to change a contact's email.",
    details: { field: 'always `email`' },
  },
  contact_limit_reached: {
    message: "The workspace's plan allows no more contacts.",
    meaning: "Creating a contact would pass the plan's contact limit.",
    details: { limit: "the plan's contact limit" },
  },
  invalid_event: {
    message: 'The event breaks a rule.',
    meaning: 'A widget event breaks a rule of event names or properties.',
    details: { field: FIELD, rule: 'the rule it breaks, e.g. `name_pattern`' },
  },
  invalid_event_batch: {
    message: 'The event batch breaks a rule.',
    meaning: 'An event of the batch breaks a rule, or the batch is empty or too long.',
    details: {
      index: 'the position of the offending event',
      field: FIELD,
      rule: 'the rule it breaks, e.g. `in_future`, `batch_size` or `nul_character`',
      count: 'the events sent, when the batch size is wrong',
    },
  },
  webhook_url_not_allowed: {
    message: 'The webhook url is not allowed.',
    meaning: 'A webhook URL that is malformed, not http(s), or not public (SSRF guard).',
    details: { field: 'always `url`', reason: 'why, e.g. `address_not_public`' },
  },
  unknown_event_type: {
    message: 'Only event types from the catalog (GET /webhook-event-types) can be subscribed to.',
    meaning: 'A subscription names an event type outside the catalog.',
    details: { field: 'always `events`', unknown: 'the unknown event types' },
  },
  webhook_endpoint_limit_reached: {
    message: 'The workspace has as many webhook endpoints as it may have; delete one to add another.',
    meaning: 'Registering an endpoint would pass the per-workspace endpoint limit (`WEBHOOK_MAX_ENDPOINTS`).',
    details: { limit: 'the most endpoints a workspace may have' },
  },
  endpoint_disabled: {
    message: 'The endpoint is disabled; enable it before redelivering.',
    meaning: 'A redelivery to a disabled endpoint.',
    details: { endpoint_id: 'the disabled endpoint' },
  },
  delivery_in_progress: {
    message: 'The delivery is still being attempted; redeliver it once it has finished.',
    meaning: 'A redelivery of a delivery still being attempted.',
    details: { delivery_id: 'the pending delivery' },
  },
  slug_taken: {
    message: 'Another article of this workspace has this slug.',
    meaning: 'Another article of the workspace has this slug.',
    details: { slug: 'the slug asked for' },
  },
  unknown_collection: {
    message: 'No collection with this id in the workspace.',
    meaning: '`collection_id` names no collection of the workspace.',
    details: { field: 'always `collection_id`' },
  },
  unknown_step_id: {
    message: 'A step id must name a step of this guide; omit it for a new step.',
    meaning: "A guide step's id names no step of this guide.",
    details: { index: 'the position of the step', id: 'the id given' },
  },
  duplicate_step_id: {
    message: 'A step id appears twice.',
    meaning: 'Two steps of a guide carry the same id.',
    details: { index: 'the position of the second step', id: 'the id given' },
  },
  invalid_page_url: {
    message: 'The page url is not a valid absolute URL.',
    meaning:
      'A page source URL that is not an absolute http(s) URL without credentials, of at most 2048 characters.',
    details: { field: 'always `url`' },
  },
  unsupported_upload_type: {
    message: 'Upload text/plain, text/markdown or text/html files.',
    meaning: 'An uploaded file of a type the index does not read.',
    details: { media_type: 'the media type sent, or null', supported: 'the media types accepted' },
  },
  upload_has_no_text: {
    message: 'The file holds no text to index.',
    meaning: 'An uploaded file holds no text.',
    details: { field: 'always `file`' },
  },
  invalid_mime: {
    message: 'The message is not a mail the service can read.',
    meaning: 'inboundEmail: the raw MIME has no headers, no From address or no recipient.',
    details: {},
  },
  unsupported_attachment_type: {
    message: 'Attach a PNG, JPEG, GIF, WebP or PDF file.',
    meaning:
      'An attachment whose content is not one of the five types (judged by its first bytes, never by its name or the type sent), a truncated header, or a file that also carries HTML or script.',
    details: { supported: 'the media types accepted' },
  },
  attachments_unavailable: {
    message: 'Attachments are not available here right now.',
    meaning:
      'An upload while the workspace has attachments switched off (feature.messaging.attachments) or the service has no virus scanner configured (CLAMD_URL): the same gates as the boot config.',
    details: {},
  },
  download_link_invalid: {
    message: 'This download link is not valid or has expired. Open the conversation again for a new link.',
    meaning:
      'A download link whose signature does not match, or whose expiry is past (links work for 15 minutes) or further ahead than any link the service issues.',
    details: {},
  },
  not_sessioned: {
    message: 'This experience type has no sessions.',
    meaning: 'A session opened on an experience type without sessions.',
    details: {},
  },
  sessioned: {
    message: 'This experience type records sessions, not seen markers.',
    meaning: 'A seen marker on an experience type that records sessions.',
    details: {},
  },
  experience_archived: {
    message: 'The experience is archived; it can only be read.',
    meaning: 'An update or publish of an archived experience.',
    details: { experience_id: 'the archived experience' },
  },
  session_not_active: {
    message: 'The session has ended.',
    meaning: 'A program item moved in a session that completed or ended.',
    details: { session_id: 'the session', state: '`completed` or `ended`' },
  },
  program_item_done: {
    message: 'The item is done; done is final.',
    meaning: 'A program item moved out of `done`.',
    details: { item_id: 'the item' },
  },
  invalid_host: {
    message: 'Name the host, e.g. help.example.com.',
    meaning: 'A help-center host that is not a host name.',
    details: {},
  },
  host_taken: {
    message: 'The host already serves another workspace.',
    meaning: 'The help-center host already serves another workspace.',
    details: {},
  },
  domain_taken: {
    message: 'The workspace already has this domain.',
    meaning: 'addVerifiedDomain with a domain the workspace already lists (pending or verified).',
    details: { domain: 'the domain, normalised' },
  },
  domain_verification_failed: {
    message: 'The verification file could not be confirmed.',
    meaning:
      'verifyVerifiedDomain could not read the token at https://<domain>/.well-known/widget-domain-verification.txt; the message says what to fix.',
    details: {
      reason:
        'not_found, http_status, wrong_content, too_large, redirect, timeout, tls_failed, address_refused, dns_failed or connection_failed',
      status: 'the HTTP status the domain answered, or null when none',
    },
  },
  domain_not_verified: {
    message: "The page's host is not covered by a verified domain of the workspace.",
    meaning: 'An automation run or step on a page whose host no verified domain of the workspace covers.',
    details: { host: 'the host of the page URL' },
  },
  sensitive_page: {
    message: 'Automation never runs on payment, sign-in or credential pages.',
    meaning:
      'An automation run or step on a sensitive page: its path or hash route names one (checkout, payment, login...), or it has a password or card-number field.',
    details: { reason: 'url, password_field or card_number_field' },
  },
  automation_run_closed: {
    message: 'The automation run is closed.',
    meaning: 'A step recorded on, or a close of, an automation run that was already closed.',
    details: { run_id: 'the run', state: 'the state it closed with' },
  },
  rating_not_requested: {
    message: 'This conversation has no rating request open: staff ask for a rating once it is resolved.',
    meaning: 'A visitor rated a conversation that is not resolved or that staff did not ask to rate.',
    details: { conversation_id: 'the conversation' },
  },
  conversation_not_resolved: {
    message: 'Only a resolved conversation can be asked for a rating.',
    meaning: 'requestConversationRating on a conversation that is not resolved.',
    details: { conversation_id: 'the conversation', state: 'its state' },
  },
  invalid_visitor_token: {
    message:
      'Send the visitor token from GET /widget/boot as Authorization: Bearer <token>; boot again for a new one.',
    meaning: 'A widget call without a live visitor token (`WWW-Authenticate: Bearer realm="widget"`).',
    details: {},
  },
  visitor_anonymous: {
    message: 'Contact events need an identified visitor: call Widget.user.set with an hmac or token first.',
    meaning: 'A contact event from a visitor with no proven identity.',
    details: {},
  },
  identity_proof_required: {
    message: 'user.set needs an hmac or a signed token.',
    meaning: '`user.set` without an hmac or a signed token.',
    details: { field: 'always `hmac`' },
  },
  identity_not_configured: {
    message: 'This workspace has no widget identity secret; identities cannot be verified.',
    meaning: 'The workspace has no widget identity secret.',
    details: {},
  },
  invalid_identity_token: {
    message: 'The identity token is not a valid HS256 JWT signed with the widget identity secret.',
    meaning: 'The identity token is malformed or not signed with the identity secret.',
    details: {},
  },
  identity_token_expired: {
    message: 'The identity token has expired.',
    meaning: 'The identity token has expired.',
    details: {},
  },
  identity_token_exp_missing: {
    message: 'The identity token has no exp claim.',
    meaning: 'The identity token has no `exp` claim.',
    details: {},
  },
  identity_token_exp_too_far: {
    message: 'The identity token expires more than 24 hours from now.',
    meaning: 'The identity token expires more than 24 hours ahead.',
    details: {},
  },
  identity_email_mismatch: {
    message: "The identity token's email must be lower-case and equal the email passed to user.set.",
    meaning: "The identity token's email differs from the one passed to `user.set`.",
    details: {},
  },
  invalid_identity_hmac: {
    message: 'The hmac is not the HMAC-SHA256 of the email under the widget identity secret.',
    meaning: 'The hmac does not prove the email.',
    details: {},
  },
  token_too_large: {
    message: 'The identity token is larger than 64 KB.',
    meaning: 'The identity token is larger than 64 KB.',
    details: { field: 'always `token`', max_bytes: 'the largest token accepted' },
  },
  invalid_token_attributes: {
    message: "The identity token's attributes break a rule.",
    meaning:
      "The identity token's attributes break a contact attribute rule, or its name or attributes hold a value the service never stores.",
    details: {
      field: 'always `token`',
      path: 'the offending claim: `attributes.<key>` or `name`',
      rule: 'the rule it breaks, e.g. `scalar_value`',
    },
  },
  oauth_invalid_client: {
    message: 'Client authentication failed.',
    meaning:
      'OAuth token or introspection request without a valid client_id and client_secret (Basic or in the form; an API key never counts). RFC 6749 `invalid_client`, `WWW-Authenticate: Basic realm="oauth"`.',
    details: {},
  },
  oauth_invalid_grant: {
    message: 'The authorization code or refresh token is invalid, expired, revoked or was already used.',
    meaning:
      'OAuth token request whose code or refresh token is unknown, expired, consumed, revoked, issued to another client or for another redirect_uri, or whose code_verifier does not match (one answer for all: no oracle). RFC 6749 `invalid_grant`.',
    details: {},
  },
  oauth_invalid_request: {
    message: 'The OAuth request is missing a parameter or holds a malformed one.',
    meaning:
      'OAuth token or introspection request missing a required parameter (a code grant without code_verifier) or naming the client twice. RFC 6749 `invalid_request`.',
    details: { parameter: 'the parameter at fault' },
  },
  oauth_unsupported_grant_type: {
    message: 'grant_type must be authorization_code or refresh_token.',
    meaning: 'OAuth token request with another grant type. RFC 6749 `unsupported_grant_type`.',
    details: {},
  },
  oauth_invalid_scope: {
    message: 'The scope asked for exceeds what was granted.',
    meaning: 'A refresh asks for a scope the grant does not hold. RFC 6749 `invalid_scope`.',
    details: {},
  },
  unknown_flag: {
    message: 'Unknown flag.',
    meaning: 'An operator command names a flag that does not exist, or one whose feature is not built yet.',
    details: { flag: 'the flag named' },
  },
  sign_in_url_invalid: {
    message: 'The sign-in URL must be an https address of your own app, without return_to.',
    meaning:
      'setHelpCenterSignInUrl with a URL that is not https (http only for a loopback host on a development server), carries a user name, a fragment or a return_to of its own, or names a host of the service (its origin, the widget CDN or any help-center host).',
    details: {
      reason:
        'not_url, scheme_not_allowed, userinfo_not_allowed, fragment_not_allowed, return_to_not_allowed, loopback_not_allowed or service_host',
    },
  },
  help_center_signing_secret_missing: {
    message: 'Create the help-center signing secret (rotate it once) before setting a sign-in URL.',
    meaning: 'setHelpCenterSignInUrl with a URL while the workspace has no help-center signing secret.',
    details: {},
  },
  invalid_scim_token: {
    message: 'The SCIM bearer token is missing, malformed or unknown for this workspace.',
    meaning:
      "A /scim/v2 request without a live SCIM token of the path's workspace (an API key or another workspace's token included).",
    details: {},
  },
  scim_invalid_filter: {
    message: 'The filter is not supported.',
    meaning:
      'A SCIM list filter that does not parse, or another than `<attr> eq "<value>"` on userName, id, externalId or emails.value (users) and displayName, id or externalId (groups). SCIM `invalidFilter`.',
    details: { filter: 'the filter received (at most 200 characters)' },
  },
  scim_user_name_taken: {
    message: 'Another SCIM user of this workspace has this userName.',
    meaning:
      'SCIM create or replace with a userName (case-insensitive) another user already holds. SCIM `uniqueness`.',
    details: {},
  },
  scim_invalid_patch: {
    message: 'A PATCH operation is not understood.',
    meaning: 'SCIM PATCH with an unknown op, an unsupported path or a value of the wrong type.',
    details: { operation: 'the index of the operation at fault in Operations' },
  },
  last_owner: {
    message: 'The last owner of the workspace cannot be deprovisioned.',
    meaning:
      'A deprovision (SCIM active false, DELETE, removeMember) or a role change (updateMember) of the only remaining owner.',
    details: {},
  },
  owner_role_required: {
    message: 'Only an owner can give, take or change the owner role.',
    meaning: 'An admin inviting an owner, making someone owner, or changing or removing an owner.',
    details: {},
  },
  already_a_member: {
    message: 'This person is already a member of the workspace.',
    meaning: 'createInvitation for an address that already has a membership here.',
    details: {},
  },
  invitation_invalid: {
    message: 'This invitation link is not valid any more: it was used, revoked, replaced or has expired.',
    meaning: 'previewInvitation or acceptInvitation with an unknown, used or expired token.',
    details: {},
  },
  password_reset_invalid: {
    message: 'This password reset link is not valid any more: it was used or has expired. Ask for a new one.',
    meaning: 'completePasswordReset with an unknown, used or expired token.',
    details: {},
  },
  scim_user_name_shared: {
    message:
      "This person belongs to other workspaces too: one workspace's identity provider cannot change their e-mail.",
    meaning:
      "SCIM PUT or PATCH changing userName (the person's e-mail) of someone who is a member or SCIM user of another workspace. SCIM `mutability`.",
    details: {},
  },
};

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
