import { createRoute, z } from '@hono/zod-openapi';
import { ABILITIES } from '../../server-core/apikeys/abilities';
import { PKCE_METHOD, s256 } from '../../server-core/oauth/pkce';
import { Ulid } from './common';
import { EXAMPLE_ID, EXAMPLE_SECRET } from './examples';
import { ClientId } from './oauth-apps';
import { NO_STORE, PORTAL_SESSION } from './operation-parts';

/**
 * The OAuth 2.0 endpoints (RFC 6749 code grant with PKCE, RFC 7662, RFC 8414, RFC 9207). Their
 * parameters follow the RFCs: forms, unknown parameters ignored (RFC 6749 section 3.2), errors in the
 * RFC 6749 section 5.2 shape on the token and introspection endpoints.
 */

const TAG = 'OAuth';

/**
 * The protocol endpoints whose parameters an RFC defines: they ignore parameters they do not know (RFC 6749
 * section 3.2) instead of answering parameter_unknown (docs/decisions/oauth.md, The token and introspection
 * endpoints).
 */
export const RFC_PARAMETER_OPERATIONS: readonly string[] = [
  'oauthAuthorize',
  'oauthToken',
  'oauthIntrospect',
];
const EXAMPLE_REDIRECT = 'https://crm.example.com/oauth/callback';
const EXAMPLE_CLIENT = ClientId.parse(`oac_${EXAMPLE_ID.workspaceId}${EXAMPLE_ID.appId}`);
/** The client's Basic credential, or client_id + client_secret in the form. */
export const OAUTH_CLIENT = [{ oauthClient: [] }];

const form = <T extends z.ZodType>(schema: T, example: z.input<T>) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema, example } },
});

export const OAuthError = z
  .object({
    error: z.enum([
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
      'server_error',
      'temporarily_unavailable',
    ]),
    error_description: z.string(),
  })
  .openapi('OAuthError');

const oauthErrors = (...statuses: (400 | 401 | 429)[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: {
          400: 'RFC 6749 section 5.2 error.',
          401: 'Client authentication failed (`invalid_client`).',
          429: 'Too many requests for this client (`temporarily_unavailable`, Retry-After).',
        }[s],
        content: { 'application/json': { schema: OAuthError } },
      },
    ]),
  );

const optional = () => z.string().max(4096).optional();

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.string().openapi({ description: 'The granted abilities, space-separated.' }),
    workspace_id: Ulid.openapi({ description: 'The workspace the tokens act in.' }),
  })
  .openapi('OAuthTokenResponse');

export const oauthToken = createRoute({
  operationId: 'oauthToken',
  method: 'post',
  path: '/oauth/token',
  tags: [TAG],
  summary: 'Exchange an authorization code, or rotate a refresh token',
  description:
    'Client authentication: `client_secret_basic` or `client_secret_post`; an `Authorization: Bearer` (an API key) ' +
    'is ignored and the request still fails. The code grant needs `code_verifier` (PKCE S256) and the ' +
    '`redirect_uri` the code was issued for; a code is single use and lives 60 seconds, and replaying a consumed ' +
    'code revokes what it issued. Each refresh consumes the refresh token and issues a new pair; presenting a ' +
    'consumed refresh token revokes every token of the app in that workspace. Answers carry Cache-Control no-store.',
  security: OAUTH_CLIENT,
  request: {
    body: form(
      z
        .object({
          grant_type: optional(),
          client_id: optional(),
          client_secret: optional(),
          code: optional(),
          redirect_uri: optional(),
          code_verifier: optional(),
          refresh_token: optional(),
          scope: optional(),
        })
        .openapi('OAuthTokenRequest'),
      {
        grant_type: 'authorization_code',
        client_id: EXAMPLE_CLIENT,
        client_secret: EXAMPLE_SECRET.clientSecret,
        code: EXAMPLE_SECRET.oauthCode,
        redirect_uri: EXAMPLE_REDIRECT,
        code_verifier: EXAMPLE_SECRET.codeVerifier,
      },
    ),
  },
  responses: {
    200: {
      description: 'Tokens (spec service-api.md section 2).',
      headers: NO_STORE,
      content: {
        'application/json': {
          schema: TokenResponse,
          example: {
            access_token: EXAMPLE_SECRET.accessToken,
            token_type: 'Bearer' as const,
            expires_in: 3600,
            refresh_token: 'ort_01m6bhr39yfvw8g1d4g2ns1e0pR3fr3shR3fr3shR3fr3shR3fr3shR3fr3shR3f',
            scope: 'contacts:read conversations:read',
            workspace_id: EXAMPLE_ID.workspaceId,
          },
        },
      },
    },
    ...oauthErrors(400, 401, 429),
  },
});

export const IntrospectionResponse = z
  .object({
    active: z.boolean(),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    token_type: z.literal('Bearer').optional(),
    exp: z.number().int().optional(),
    iat: z.number().int().optional(),
    workspace_id: Ulid.optional(),
    workspace_name: z.string().optional(),
  })
  .openapi('OAuthIntrospection', {
    description:
      'Inactive tokens (refresh, expired, revoked, unknown, another client\'s) answer exactly `{ "active": false }`.',
  });

export const oauthIntrospect = createRoute({
  operationId: 'oauthIntrospect',
  method: 'post',
  path: '/oauth/introspect',
  tags: [TAG],
  summary: 'Introspect an access token (RFC 7662)',
  description:
    'The caller authenticates as the client (Basic or client_id + client_secret in the form); an API key as ' +
    "credential answers 401. Only the client's own live access tokens are active. Branch on `active`, not on the status.",
  security: OAUTH_CLIENT,
  request: {
    body: form(
      z
        .object({
          token: optional(),
          token_type_hint: optional(),
          client_id: optional(),
          client_secret: optional(),
        })
        .openapi('OAuthIntrospectionRequest'),
      {
        token: EXAMPLE_SECRET.accessToken,
        token_type_hint: 'access_token',
        client_id: EXAMPLE_CLIENT,
        client_secret: EXAMPLE_SECRET.clientSecret,
      },
    ),
  },
  responses: {
    200: {
      description: "The token's state.",
      headers: NO_STORE,
      content: {
        'application/json': {
          schema: IntrospectionResponse,
          example: {
            active: true,
            scope: 'contacts:read conversations:read',
            client_id: EXAMPLE_CLIENT,
            token_type: 'Bearer' as const,
            exp: 1793534400,
            iat: 1793530800,
            workspace_id: EXAMPLE_ID.workspaceId,
            workspace_name: 'Acme',
          },
        },
      },
    },
    ...oauthErrors(400, 401, 429),
  },
});

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    introspection_endpoint: z.string(),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    introspection_endpoint_auth_methods_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
  })
  .openapi('OAuthAuthorizationServerMetadata');

export type Metadata = z.output<typeof AuthorizationServerMetadata>;

/** The RFC 8414 document of an issuer (PUBLIC_URL as a URL, with its trailing slash). */
export function authorizationServerMetadata(issuer: string): Metadata {
  const at = (path: string) => new URL(path, issuer).href;
  const auth = ['client_secret_basic', 'client_secret_post'];
  return {
    issuer,
    authorization_endpoint: at('/oauth/authorize'),
    token_endpoint: at('/oauth/token'),
    introspection_endpoint: at('/oauth/introspect'),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: auth,
    introspection_endpoint_auth_methods_supported: auth,
    code_challenge_methods_supported: [PKCE_METHOD],
    scopes_supported: Object.keys(ABILITIES),
    authorization_response_iss_parameter_supported: true,
  };
}

export const oauthMetadata = createRoute({
  operationId: 'oauthMetadata',
  method: 'get',
  path: '/.well-known/oauth-authorization-server',
  tags: [TAG],
  summary: 'Authorization server metadata (RFC 8414)',
  security: [],
  responses: {
    200: {
      description: 'The metadata document.',
      content: {
        'application/json': {
          schema: AuthorizationServerMetadata,
          example: authorizationServerMetadata('http://localhost:3000/'),
        },
      },
    },
  },
});

const q = (description: string, example: string) =>
  z.string().max(4096).optional().openapi({ description, param: { example } });

export const oauthAuthorize = createRoute({
  operationId: 'oauthAuthorize',
  method: 'get',
  path: '/oauth/authorize',
  tags: [TAG],
  summary: 'The consent page (authorization code flow with PKCE S256)',
  description:
    'An HTML page for a signed-in portal member: it names the app, the workspace and each scope, with Allow and ' +
    'Deny (a form posted back to this path with the CSRF token of the session). Allow redirects to redirect_uri ' +
    'with `code`, `state` and `iss` (RFC 9207); Deny with `error=access_denied`. An unknown client, a redirect_uri ' +
    'that is not registered exactly, or a code_challenge_method other than S256 answer a 400 page and never ' +
    "redirect. Granted scopes = the request ∩ the app's registration ∩ what the member may delegate.",
  security: PORTAL_SESSION,
  request: {
    query: z.object({
      response_type: q('`code`.', 'code'),
      client_id: q("The app's client id.", EXAMPLE_CLIENT),
      redirect_uri: q("One of the app's redirect URIs, exactly.", EXAMPLE_REDIRECT),
      scope: q('Space-separated abilities; default: everything the app registered.', 'contacts:read'),
      state: q('Echoed back to the client.', 'af0ifjsldkj'),
      code_challenge: q('base64url SHA-256 of the code verifier.', s256(EXAMPLE_SECRET.codeVerifier)),
      code_challenge_method: q('`S256` (nothing else).', PKCE_METHOD),
      workspace_id: q('The workspace to grant access to, for a member of several.', EXAMPLE_ID.workspaceId),
    }),
  },
  responses: {
    200: { description: 'The consent page.', content: { 'text/html': { schema: z.string() } } },
    400: {
      description: 'An error page (unknown client, redirect_uri not registered, PKCE not S256).',
      content: { 'text/html': { schema: z.string() } },
    },
    401: { description: 'Not signed in to the portal.', content: { 'text/html': { schema: z.string() } } },
    404: {
      description: 'The OAuth rollout flag is off for the workspace.',
      content: { 'text/html': { schema: z.string() } },
    },
  },
});
