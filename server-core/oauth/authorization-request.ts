import type { Ability } from '../apikeys/abilities';
import type { OAuthApp } from './oauth-apps';
import { isS256Challenge } from './pkce';
import { isRegisteredRedirectUri } from './redirect-uri';
import { isSubset, parseScope } from './scopes';

/** The query (GET) or form (POST) of an authorization request, as sent. */
export interface AuthorizationParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export const MAX_STATE_LENGTH = 1024;

/**
 * The verdict on an authorization request, in the order RFC 6749 section 4.1.2.1 asks:
 * - `error_page`: the client or the redirect URI cannot be trusted, or PKCE is not S256 (issue 19: 400),
 *   so nothing is redirected; the reason is shown to the member only.
 * - `redirect_error`: the client and redirect URI are good; the error goes back to the client.
 * - `ok`: the request to put before the member.
 */
export type AuthorizationVerdict =
  | { kind: 'error_page'; reason: 'unknown_client' | 'redirect_uri' | 'pkce' }
  | {
      kind: 'redirect_error';
      redirectUri: string;
      state?: string;
      error: 'unsupported_response_type' | 'invalid_scope' | 'invalid_request';
      description: string;
    }
  | {
      kind: 'ok';
      app: OAuthApp;
      redirectUri: string;
      state?: string;
      codeChallenge: string;
      /** What the app asks for: the scope parameter, or everything it registered. */
      requested: Ability[];
    };

export function checkAuthorizationRequest(
  app: OAuthApp | null,
  p: AuthorizationParams,
): AuthorizationVerdict {
  if (!app) return { kind: 'error_page', reason: 'unknown_client' };
  if (!isRegisteredRedirectUri(app.redirect_uris, p.redirect_uri))
    return { kind: 'error_page', reason: 'redirect_uri' };
  const redirectUri = p.redirect_uri;
  if (!isS256Challenge(p.code_challenge_method, p.code_challenge))
    return { kind: 'error_page', reason: 'pkce' };
  const state = p.state;
  const back = (
    error: 'unsupported_response_type' | 'invalid_scope' | 'invalid_request',
    description: string,
  ) => ({ kind: 'redirect_error', redirectUri, state, error, description }) as const;
  if (state !== undefined && state.length > MAX_STATE_LENGTH) {
    return back('invalid_request', `state is longer than ${MAX_STATE_LENGTH} characters.`);
  }
  if (p.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code.');
  const asked = p.scope === undefined ? parseScope(app.scopes.join(' ')) : parseScope(p.scope);
  if (asked.unknown.length > 0 || asked.abilities.length === 0 || !isSubset(asked.abilities, app.scopes)) {
    return back('invalid_scope', 'The scope asks for more than the app registered.');
  }
  return { kind: 'ok', app, redirectUri, state, codeChallenge: p.code_challenge, requested: asked.abilities };
}
