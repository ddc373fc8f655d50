import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { DomainError } from '../../../server-core/lib/errors';
import { introspectToken } from '../../../server-core/oauth/access-tokens';
import { exchangeCode, refreshTokens } from '../../../server-core/oauth/token-grants';
import * as oauth from '../../contract/oauth';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { authenticatedClient } from './client-guard';

/** Errors of these routes answer the RFC 6749 section 5.2 shape (bff/middleware/errors/respond.ts). */
export const oauthErrorShape: MiddlewareHandler<AppEnv> = async function oauthErrorShape(c, next) {
  c.set('errorShape', 'oauth');
  await next();
};

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function registerOAuthTokenRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi({ ...oauth.oauthToken, middleware: [oauthErrorShape] }, async (c) => {
    const form = c.req.valid('form');
    const client = await authenticatedClient(c, services, form);
    const deps = { db: services.db, clock: services.clock, requestId: c.get('requestId') };
    let tokens: Awaited<ReturnType<typeof exchangeCode>>;
    if (form.grant_type === 'authorization_code') {
      tokens = await exchangeCode(deps, client, {
        code: form.code,
        redirectUri: form.redirect_uri,
        codeVerifier: form.code_verifier,
      });
    } else if (form.grant_type === 'refresh_token') {
      tokens = await refreshTokens(deps, client, { refreshToken: form.refresh_token, scope: form.scope });
    } else if (!form.grant_type) {
      throw new DomainError(
        'oauth_invalid_request',
        { parameter: 'grant_type' },
        'The parameter grant_type is required.',
      );
    } else {
      throw new DomainError('oauth_unsupported_grant_type');
    }
    return c.json(tokens, 200, noStore);
  });

  app.openapi({ ...oauth.oauthIntrospect, middleware: [oauthErrorShape] }, async (c) => {
    const form = c.req.valid('form');
    const client = await authenticatedClient(c, services, form);
    if (!form.token) {
      throw new DomainError(
        'oauth_invalid_request',
        { parameter: 'token' },
        'The parameter token is required.',
      );
    }
    return c.json(await introspectToken(services.db, services.clock, client, form.token), 200, noStore);
  });

  app.openapi(oauth.oauthMetadata, (c) => c.json(oauth.authorizationServerMetadata(issuerOf(services)), 200));
}

/** The issuer identifier: PUBLIC_URL as a URL (RFC 8414; the same string as `iss` in redirects). */
export function issuerOf(services: Services): string {
  return new URL(services.config.publicUrl).href;
}
