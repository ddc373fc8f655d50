import { DomainError } from '../../../server-core/lib/errors';

/**
 * The client's credentials from `Authorization: Basic` (client_secret_basic, RFC 6749 section 2.3.1:
 * form-encoded id and secret) or the form (client_secret_post). Any other Authorization scheme (an API
 * key as Bearer) is ignored: it authenticates nothing here. Naming the client both ways is
 * invalid_request; naming it neither way, or malformed Basic, is invalid_client.
 */
export function clientCredentials(
  authorization: string | undefined,
  form: { client_id?: string; client_secret?: string },
): { clientId: string; clientSecret: string } {
  const basic = /^Basic ([A-Za-z0-9+/=]{1,1024})$/i.exec(authorization ?? '');
  if (basic) {
    if (form.client_secret !== undefined) {
      throw new DomainError(
        'oauth_invalid_request',
        { parameter: 'client_secret' },
        'Authenticate the client one way only.',
      );
    }
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new DomainError('oauth_invalid_client');
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (clientId === null || clientSecret === null) throw new DomainError('oauth_invalid_client');
    if (form.client_id !== undefined && form.client_id !== clientId) {
      throw new DomainError(
        'oauth_invalid_request',
        { parameter: 'client_id' },
        'client_id differs from the Basic credential.',
      );
    }
    return { clientId, clientSecret };
  }
  if (form.client_id && form.client_secret)
    return { clientId: form.client_id, clientSecret: form.client_secret };
  throw new DomainError('oauth_invalid_client');
}

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
