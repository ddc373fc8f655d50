import { createRoute, z } from '@hono/zod-openapi';
import { MAX_CERTIFICATE_PEM_LENGTH } from '../../server-core/saml/idp-certificate';
import { MAX_ENTITY_ID_LENGTH, MAX_SSO_URL_LENGTH } from '../../server-core/saml/saml-connection';
import { MAX_RELAY_STATE_CHARS, MAX_SAML_RESPONSE_CHARS } from '../../server-core/saml/saml-limits';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid } from './common';
import { EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/**
 * SAML 2.0 sign-in, the workspace as service provider (spec service-api.md 4.5): the connection settings
 * (house envelope, settings.manage) and the protocol endpoints under /saml/{workspaceId} (pages, XML and
 * form posts, not the envelope: a browser and an identity provider call them).
 */

const TAG = 'SAML';
export const PORTAL_SAML_TAG = 'Portal: SAML';

/** Protocol endpoints whose parameters the SAML bindings define: unknown parameters are ignored. */
export const SAML_PROTOCOL_OPERATIONS: readonly string[] = [
  'samlMetadata',
  'samlHandoff',
  'samlContinueLogin',
  'samlAcs',
  'samlConfirmBinding',
];

/** A public certificate (100 years, its key discarded): the example of the settings. */
export const EXAMPLE_IDP_CERTIFICATE =
  '-----BEGIN CERTIFICATE-----\nMIIDFzCCAf+gAwIBAgIUMjeojR7tQflpnIfDD00fuHiBc+0wDQYJKoZIhvcNAQEL\nBQAwGjEYMBYGA1UEAwwPaWRwLmV4YW1wbGUuY29tMCAXDTI2MTEyNzE2NDAxNFoY\nDzIxMjYxMTAzMTY0MDE0WjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wggEi\nMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCa3hU/uHItkZRC2YPS3NiTY2pY\nBYn1OebUv/D/uc3bXhEPG8ldXumm/x+lwppaNJWyfsoalXdsrCRUT4tOdF3KnWE8\nHogX697WbEAN3pqrObcrXtL2npahhxLMvaCK2SyKocA0WxBuKzPJn5P1ZhIlZ/OY\nwRUPe0M6LUhQgA0vvl7spBjg6symnYq+z0UprC/xHZCHACr0+T9Bg0mmiw1pC3D6\nxOkhLuJdxTxk2Ty5pJ9TYFt7XcBqL41akzf2Rq5B+dD+7m84MJ5o0eLYvh30eCxM\nm9QtLkcr9WYszBnwBLmpWL8wO0VYvnkrVxusLKrdZ9kjYlG4T4iRAtVgJglrAgMB\nAAGjUzBRMB0GA1UdDgQWBBTZhCNgRbO4AUbrq0ah5Etc98ebVjAfBgNVHSMEGDAW\ngBTZhCNgRbO4AUbrq0ah5Etc98ebVjAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3\nDQEBCwUAA4IBAQArfcSborxyuziyk8ZHScnBD/wUrpnamWZlvbxVnECrQ4bkImQS\nAvpSLiLZKIXaYwyOn4TIHCz3nU2AqoNxUttYx+4Z/HRlD1sRHMw2PXqgM6zApJ48\nKzsJPVFxj7KoYwjTmZmvXadoPQnENZUryitGrs+gOIONcTG/e4tP69r8TTmVLD/P\n9retow3TnncUVoJz4pkeG6VEDILb/xE5NC1W23AHdWSZNbPVWhR4akTowPrXjxU9\n/7V6wOBn5neJEdT/EiqVSdFBAodA7v5BhsxqS4d+SjvlG01/Pgu2X1Ne8L4iXp60\nEcwQsC0Tk0h30nNc/5l0z9RYMNY0q2vAtKJZ\n-----END CERTIFICATE-----\n';
const EXAMPLE_FINGERPRINT =
  'FD:FB:40:88:65:44:34:FE:7A:89:F7:AD:F0:A8:9B:F4:03:92:4D:DE:65:9B:B9:BA:FA:B4:7F:0E:39:1A:80:55';
/** The SAMLResponse of the ACS example (the examples test swaps in a response its own IdP signed). */
export const EXAMPLE_SAML_RESPONSE =
  'PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wiLz4=';
/** The token of the ownership confirmation example (the examples test swaps in a real one). */
export const EXAMPLE_CONFIRMATION_TOKEN = 'Cf8mQ2rT6yU0iO4pA8sD2fG6hJ0kL4zX8cV2bN6mQ1w';
const EXAMPLE_BASE = `http://localhost:3000/saml/${EXAMPLE_ID.workspaceId}`;

const JitRole = z.enum(['member', 'admin']);

const SamlConnectionRequest = strictObject({
  idp_entity_id: z
    .string()
    .min(1)
    .max(MAX_ENTITY_ID_LENGTH)
    .openapi({ description: "The IdP's entity id (its Issuer)." }),
  sso_url: z
    .string()
    .max(MAX_SSO_URL_LENGTH)
    .openapi({ description: "The IdP's single sign-on URL (HTTP-Redirect binding): https only." }),
  certificate_pem: z
    .string()
    .max(MAX_CERTIFICATE_PEM_LENGTH)
    .openapi({
      description:
        "The IdP's signing certificate: one PEM X.509 certificate, RSA 2048 bits or more, not expired. Only this " +
        'certificate verifies responses; a certificate inside a response is never used.',
    }),
  jit_provisioning: z.boolean().openapi({
    description: 'Create a membership at the first (confirmed) sign-in of a person who is not a member.',
  }),
  idp_initiated: z
    .boolean()
    .openapi({ description: 'Accept responses the IdP sends unasked (no InResponseTo).' }),
  jit_role: JitRole.openapi({ description: 'The role of a member created just in time.' }),
}).openapi('SamlConnectionRequest');

const SamlConnectionData = z
  .object({
    idp_entity_id: z.string(),
    sso_url: z.string(),
    certificate_fingerprint_sha256: z.string().openapi({ description: 'Colon-separated upper-case hex.' }),
    certificate_not_after: DateTime,
    jit_provisioning: z.boolean(),
    idp_initiated: z.boolean(),
    jit_role: JitRole,
    sp_entity_id: z.string().openapi({ description: 'Our entity id (the Audience the IdP must name).' }),
    acs_url: z.string().openapi({ description: 'The assertion consumer URL (Recipient and Destination).' }),
    metadata_url: z.string(),
    login_url: z.string().openapi({ description: 'Where members start a sign-in (the handoff page).' }),
    updated_at: DateTime,
  })
  .openapi('SamlConnection');

const SamlConnectionResponse = z.object({ data: SamlConnectionData }).openapi('SamlConnectionResponse');

const exampleConnection = {
  data: {
    idp_entity_id: 'https://idp.example.com/metadata',
    sso_url: 'https://idp.example.com/sso',
    certificate_fingerprint_sha256: EXAMPLE_FINGERPRINT,
    certificate_not_after: '2126-11-03T16:40:14.000Z',
    jit_provisioning: true,
    idp_initiated: false,
    jit_role: 'member' as const,
    sp_entity_id: `${EXAMPLE_BASE}/metadata`,
    acs_url: `${EXAMPLE_BASE}/acs`,
    metadata_url: `${EXAMPLE_BASE}/metadata`,
    login_url: `${EXAMPLE_BASE}/login`,
    updated_at: EXAMPLE_TIME,
  },
};

export const putSamlConnection = createRoute({
  operationId: 'putSamlConnection',
  method: 'put',
  path: '/api/v1/workspaces/{workspaceId}/saml-connection',
  tags: [PORTAL_SAML_TAG],
  summary: 'Create or replace the SAML connection',
  description:
    'settings.manage. The certificate is validated (422 validation_failed naming certificate_pem and the rule: ' +
    '`not_pem`, `several_certificates`, `not_rsa`, `key_too_small`, `expired`) and its SHA-256 fingerprint shown; ' +
    'sso_url must be https (422 naming sso_url). Audited as saml.connection_set (without the certificate). ' +
    'Answers the connection as the read does.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(SamlConnectionRequest, {
      idp_entity_id: 'https://idp.example.com/metadata',
      sso_url: 'https://idp.example.com/sso',
      certificate_pem: EXAMPLE_IDP_CERTIFICATE,
      jit_provisioning: true,
      idp_initiated: false,
      jit_role: 'member',
    }),
  },
  responses: {
    200: {
      description: 'The connection now in force.',
      content: json(SamlConnectionResponse, exampleConnection),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getSamlConnection = createRoute({
  operationId: 'getSamlConnection',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/saml-connection',
  tags: [PORTAL_SAML_TAG],
  summary: 'The SAML connection',
  description: 'settings.manage. 404 not_found when the workspace has no SAML connection.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: { description: 'The connection.', content: json(SamlConnectionResponse, exampleConnection) },
    ...errorResponses(401, 403, 404),
  },
});

const samlParams = z.object({
  workspaceId: Ulid.openapi({ param: { name: 'workspaceId', in: 'path', example: EXAMPLE_ID.workspaceId } }),
});
const page = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const redirectTo = z
  .string()
  .max(1024)
  .optional()
  .openapi({
    description:
      'A relative portal path to land on after sign-in (an absolute or scheme-relative URL is refused); default /app.',
    param: { example: '/app' },
  });
const REFUSAL =
  'Every refusal, whatever the reason, is this same 403 page with the same bytes; the reason is written to the ' +
  "workspace's audit log (saml.login_refused).";

export const samlMetadata = createRoute({
  operationId: 'samlMetadata',
  method: 'get',
  path: '/saml/{workspaceId}/metadata',
  tags: [TAG],
  summary: 'The service provider metadata',
  description:
    'Unauthenticated; public facts only: entity id, assertion consumer URL with the HTTP-POST binding, the ' +
    'e-mail NameID format, WantAssertionsSigned. 404 when the workspace has no SAML connection.',
  request: { params: samlParams },
  responses: {
    200: {
      description: 'SAML 2.0 metadata (application/samlmetadata+xml).',
      content: {
        'application/samlmetadata+xml': { schema: z.string(), example: '<md:EntityDescriptor …/>' },
      },
    },
    404: page('No SAML connection (or a malformed workspace id).'),
  },
});

export const samlHandoff = createRoute({
  operationId: 'samlHandoff',
  method: 'get',
  path: '/saml/{workspaceId}/login',
  tags: [TAG],
  summary: 'The sign-in handoff page',
  description:
    'A page that continues to the identity provider (a link to samlContinueLogin, followed at once by a meta ' +
    'refresh). An unconfigured workspace gets the fallback page with status 404; a redirect_to that is not a ' +
    'relative portal path answers the 400 page.',
  request: { params: samlParams, query: z.object({ redirect_to: redirectTo }) },
  responses: {
    200: page('The handoff page.'),
    400: page('redirect_to is not a relative portal path.'),
    404: page('The fallback page: SAML is not configured for this workspace.'),
  },
});

export const samlContinueLogin = createRoute({
  operationId: 'samlContinueLogin',
  method: 'get',
  path: '/saml/{workspaceId}/continue',
  tags: [TAG],
  summary: 'Mint an AuthnRequest and go to the identity provider',
  description:
    'Mints an AuthnRequest, keeps its id in the single-use store (10 minutes) under an opaque RelayState handle, ' +
    'and redirects (303) to the IdP with the HTTP-Redirect binding (unsigned). 400 and 404 as the handoff page.',
  request: { params: samlParams, query: z.object({ redirect_to: redirectTo }) },
  responses: {
    303: { description: 'To the IdP: Location carries SAMLRequest and RelayState.' },
    400: page('redirect_to is not a relative portal path.'),
    404: page('SAML is not configured for this workspace.'),
  },
});

export const samlAcs = createRoute({
  operationId: 'samlAcs',
  method: 'post',
  path: '/saml/{workspaceId}/acs',
  tags: [TAG],
  summary: 'The assertion consumer (HTTP-POST binding)',
  description:
    'The IdP posts the response here. The workspace comes from the path before any XML is parsed. Every check of ' +
    'spec service-api.md 4.5 runs (signature against the stored certificate, Issuer, Recipient, Destination, ' +
    'Audience, validity window with 2 minutes of skew, InResponseTo single use or IdP-initiated opt-in, assertion ' +
    'id replay, membership or just-in-time provisioning). A bound identity signs in: 303 to the requested path ' +
    'with the session cookies. An identity not yet bound gets an ownership confirmation by mail and the 200 page ' +
    `saying so; no session exists before it is confirmed. ${REFUSAL} No Idempotency-Key: a repeated assertion ` +
    'is refused, never answered from a cache.',
  request: {
    params: samlParams,
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({
            SAMLResponse: z
              .string()
              .max(MAX_SAML_RESPONSE_CHARS)
              .openapi({ description: 'The response, base64.' }),
            RelayState: z.string().max(MAX_RELAY_STATE_CHARS).optional(),
          }),
          example: { SAMLResponse: EXAMPLE_SAML_RESPONSE },
        },
      },
    },
  },
  responses: {
    200: page('The ownership confirmation was sent: open the mail in this browser.'),
    303: { description: 'Signed in: to the requested portal path, with the session cookies.' },
    403: page('Refused (any reason).'),
  },
});

export const samlConfirmBinding = createRoute({
  operationId: 'samlConfirmBinding',
  method: 'get',
  path: '/saml/{workspaceId}/confirm',
  tags: [TAG],
  summary: 'The ownership confirmation (the link of the mail; POST to confirm)',
  description:
    'The page behind the mailed link: a button that posts the token back to this path (a form, like the OAuth ' +
    'consent page), so opening the link, or a mail scanner fetching it, confirms nothing. The POST needs the ' +
    'token (single use, 30 minutes) and the cookie set in the browser that presented the assertion; it binds the ' +
    'identity to the member with that address, or provisions one just in time when the connection allows it, and ' +
    `only then creates the session (303 to the requested path, with the session cookies). ${REFUSAL}`,
  request: {
    params: samlParams,
    query: z.object({
      token: z
        .string()
        .max(200)
        .optional()
        .openapi({ description: 'The mailed token.', param: { example: EXAMPLE_CONFIRMATION_TOKEN } }),
    }),
  },
  responses: {
    200: page('The confirmation page.'),
    403: page('Refused (any reason; the POST).'),
  },
});
