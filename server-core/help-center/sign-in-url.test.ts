import { describe, expect, it } from 'vitest';
import { checkSignInUrl } from './sign-in-url';

const prod = {
  development: false,
  serviceOrigins: [new URL('https://support.example.net'), new URL('https://cdn.example.net')],
};
const dev = { development: true, serviceOrigins: [new URL('http://127.0.0.1:8787')] };
const reason = (url: string, opts = prod) => {
  const r = checkSignInUrl(url, opts);
  return r.ok ? 'ok' : r.reason;
};

describe('checkSignInUrl', () => {
  it('accepts an https URL of the customer, with a query of its own', () => {
    expect(checkSignInUrl('https://app.acme.com/help-login', prod)).toEqual({
      ok: true,
      url: 'https://app.acme.com/help-login',
    });
    expect(reason('https://app.acme.com/login?next=help')).toBe('ok');
  });

  it('refuses http, other schemes, user names, fragments and a return_to of its own', () => {
    expect(reason('http://app.acme.com/login')).toBe('scheme_not_allowed');
    expect(reason('ftp://app.acme.com/login')).toBe('scheme_not_allowed');
    expect(reason('javascript:alert(1)')).toBe('scheme_not_allowed');
    expect(reason('https://user:pw@app.acme.com/login')).toBe('userinfo_not_allowed');
    expect(reason('https://support.example.net@app.acme.com/')).toBe('userinfo_not_allowed');
    expect(reason('https://app.acme.com/login#x')).toBe('fragment_not_allowed');
    expect(reason('https://app.acme.com/login?return_to=/x')).toBe('return_to_not_allowed');
    expect(reason('https://app.acme.com/login?RETURN_TO=/x')).toBe('return_to_not_allowed');
    expect(reason('https://app.acme.com/login?a=1&return_to')).toBe('return_to_not_allowed');
    expect(reason('not a url')).toBe('not_url');
    expect(reason('https:/\\app.acme.com')).toBe('not_url');
    expect(reason('https:app.acme.com')).toBe('not_url');
    expect(reason(`https://app.acme.com/${'a'.repeat(2048)}`)).toBe('not_url');
  });

  it('never a service host (any port in production); loopback only on a development server', () => {
    expect(reason('https://support.example.net/login')).toBe('service_host');
    expect(reason('https://SUPPORT.example.net:8443/login')).toBe('service_host');
    expect(reason('https://support.example.net./login')).toBe('service_host');
    expect(reason('https://cdn.example.net/x')).toBe('service_host');
    expect(reason('https://localhost/login')).toBe('loopback_not_allowed');
    expect(reason('http://127.0.0.1:3000/login')).toBe('loopback_not_allowed');
    expect(reason('http://127.0.0.1:3000/login', dev)).toBe('ok');
    expect(reason('http://app.localhost:3000/login', dev)).toBe('ok');
    expect(reason('http://127.0.0.1:8787/login', dev)).toBe('service_host');
    expect(reason('http://app.acme.com/login', dev)).toBe('scheme_not_allowed');
  });
});
