import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../../server-core/lib/errors';
import { clientCredentials } from './client-credentials';

const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).code;
  }
  return 'none';
};

describe('client credentials', () => {
  it('reads Basic (form-encoded parts) and the form', () => {
    expect(clientCredentials(basic('oac_a', 'se%3Acret+x'), {})).toEqual({
      clientId: 'oac_a',
      clientSecret: 'se:cret x',
    });
    expect(clientCredentials(undefined, { client_id: 'a', client_secret: 'b' })).toEqual({
      clientId: 'a',
      clientSecret: 'b',
    });
  });

  it('ignores a Bearer credential (an API key authenticates nothing here)', () => {
    expect(codeOf(() => clientCredentials('Bearer spk_whatever', {}))).toBe('oauth_invalid_client');
    expect(codeOf(() => clientCredentials('Bearer spk_whatever', { client_id: 'oac_a' }))).toBe(
      'oauth_invalid_client',
    );
  });

  it('refuses two ways at once, a mismatching id, malformed Basic', () => {
    expect(codeOf(() => clientCredentials(basic('a', 'b'), { client_secret: 'b' }))).toBe(
      'oauth_invalid_request',
    );
    expect(codeOf(() => clientCredentials(basic('a', 'b'), { client_id: 'c' }))).toBe(
      'oauth_invalid_request',
    );
    expect(clientCredentials(basic('a', 'b'), { client_id: 'a' })).toEqual({
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(codeOf(() => clientCredentials(`Basic ${btoa('nocolon')}`, {}))).toBe('oauth_invalid_client');
    expect(codeOf(() => clientCredentials(`Basic ${btoa('%E0%A4%A:x')}`, {}))).toBe('oauth_invalid_client');
    expect(codeOf(() => clientCredentials('Basic !!!', {}))).toBe('oauth_invalid_client');
    expect(codeOf(() => clientCredentials(undefined, { client_id: 'a' }))).toBe('oauth_invalid_client');
  });
});
