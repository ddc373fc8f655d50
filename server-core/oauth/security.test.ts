import { describe, expect, it } from 'vitest';
import { isPkceVerifier, isS256Challenge, s256, verifyPkce } from './pkce';
import { isRegisteredRedirectUri, redirectUriProblem } from './redirect-uri';
import { grantedScopes, isSubset, memberCanDelegate, parseScope } from './scopes';
import { clientIdOf, hashCredential, mintCredential, parseClientId, parseCredential } from './token-format';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('PKCE (S256 only)', () => {
  it('computes the RFC 7636 appendix B challenge', () => {
    expect(s256(VERIFIER)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifyPkce(VERIFIER, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('refuses plain, missing, differently cased or malformed methods and challenges', () => {
    const challenge = s256(VERIFIER);
    expect(isS256Challenge('S256', challenge)).toBe(true);
    for (const method of ['plain', 's256', 'S256 ', '', undefined, null, ['S256']]) {
      expect(isS256Challenge(method, challenge), String(method)).toBe(false);
    }
    for (const c of [
      undefined,
      '',
      VERIFIER.slice(0, 42),
      `${challenge}=`,
      `${challenge}A`,
      'a'.repeat(43).replace('a', '+'),
    ]) {
      expect(isS256Challenge('S256', c), String(c)).toBe(false);
    }
  });

  it('refuses a verifier that is the challenge itself (plain), short, long, or outside the unreserved set', () => {
    const challenge = s256(VERIFIER);
    expect(verifyPkce(challenge, challenge)).toBe(false);
    for (const v of [
      'a'.repeat(42),
      'a'.repeat(129),
      `${VERIFIER} `,
      `${VERIFIER}+`,
      `${VERIFIER}\u0000`,
      7,
      null,
    ]) {
      expect(isPkceVerifier(v), String(v)).toBe(false);
      expect(verifyPkce(v, challenge)).toBe(false);
    }
    expect(verifyPkce(`${VERIFIER}a`, challenge)).toBe(false);
  });
});

describe('redirect URIs', () => {
  it('registers https anywhere and http on loopback only, without userinfo, fragment or rewriting', () => {
    for (const ok of [
      'https://app.example/cb',
      'https://app.example/cb?x=1',
      'http://127.0.0.1:8080/cb',
      'http://localhost/cb',
      'http://[::1]:9/cb',
    ]) {
      expect(redirectUriProblem(ok), ok).toBeNull();
    }
    expect(redirectUriProblem('http://app.example/cb')).toBe('scheme');
    expect(redirectUriProblem('http://127.0.0.1.evil.example/cb')).toBe('scheme');
    expect(redirectUriProblem('http://localhost.evil.example/cb')).toBe('scheme');
    expect(redirectUriProblem('javascript:alert(1)')).toBe('scheme');
    expect(redirectUriProblem('custom-app:/cb')).toBe('scheme');
    expect(redirectUriProblem('/relative')).toBe('not_absolute');
    expect(redirectUriProblem('https://user:pw@app.example/cb')).toBe('userinfo');
    expect(redirectUriProblem('https://app.example/cb#frag')).toBe('fragment');
    expect(redirectUriProblem('HTTPS://APP.example/cb')).toBe('not_canonical');
    expect(redirectUriProblem('https://app.example')).toBe('not_canonical');
    expect(redirectUriProblem('https://app.example/a/../cb')).toBe('not_canonical');
    expect(redirectUriProblem(`https://app.example/${'a'.repeat(2048)}`)).toBe('too_long');
  });

  it('matches exactly: no prefix, case, trailing slash, query or type leniency', () => {
    const registered = ['https://app.example/cb'];
    expect(isRegisteredRedirectUri(registered, 'https://app.example/cb')).toBe(true);
    for (const bad of [
      'https://app.example/cb/',
      'https://app.example/cb?x',
      'https://APP.example/cb',
      'https://app.example/c',
      'https://app.example/cb/../cb',
      ['https://app.example/cb'],
      undefined,
    ]) {
      expect(isRegisteredRedirectUri(registered, bad), String(bad)).toBe(false);
    }
  });
});

describe('scopes', () => {
  it('parses space-separated abilities and reports unknown words', () => {
    expect(parseScope('contacts:read  contacts:read webhooks:read __proto__')).toEqual({
      abilities: ['contacts:read', 'webhooks:read'],
      unknown: ['__proto__'],
    });
    expect(parseScope(undefined)).toEqual({ abilities: [], unknown: [] });
  });

  it('grants request ∩ registration ∩ what the role may delegate', () => {
    expect(
      grantedScopes({
        requested: ['contacts:read', 'webhooks:write', 'retrieval:internal'],
        registered: ['contacts:read', 'webhooks:write'],
        role: 'member',
      }),
    ).toEqual(['contacts:read']);
    expect(
      grantedScopes({
        requested: ['webhooks:write', 'contacts:read'],
        registered: ['contacts:read', 'webhooks:write'],
        role: 'admin',
      }),
    ).toEqual(['contacts:read', 'webhooks:write']);
    expect(memberCanDelegate('member', 'contacts:write')).toBe(false);
    expect(memberCanDelegate('owner', 'contacts:write')).toBe(true);
    expect(isSubset(['a'], ['a', 'b'])).toBe(true);
    expect(isSubset(['c'], ['a', 'b'])).toBe(false);
  });
});

describe('credential formats', () => {
  const ws = '01m6bhr39yfvw8g1d4g2ns1e0p';
  it('names the workspace in each credential and parses only its own kind', () => {
    const code = mintCredential('code', ws);
    expect(parseCredential('code', code.plaintext)).toBe(ws);
    expect(parseCredential('access', code.plaintext)).toBeNull();
    expect(parseCredential('refresh', code.plaintext)).toBeNull();
    expect(code.hash).toBe(hashCredential(code.plaintext));
    expect(code.hash).not.toContain(code.plaintext.slice(30));
    expect(mintCredential('access', ws).plaintext).not.toBe(mintCredential('access', ws).plaintext);
    for (const bad of [
      `${code.plaintext}x`,
      code.plaintext.slice(0, -1),
      ` ${code.plaintext}`,
      `ocd_${'8'.repeat(26)}${'a'.repeat(43)}`,
      1,
    ]) {
      expect(parseCredential('code', bad), String(bad)).toBeNull();
    }
  });

  it('client ids round-trip and refuse anything else', () => {
    const id = clientIdOf(ws, '01m6bp1d2e3f4g5h6j7k8m9n0p');
    expect(parseClientId(id)).toEqual({ workspaceId: ws, appId: '01m6bp1d2e3f4g5h6j7k8m9n0p' });
    for (const bad of [id.toUpperCase(), `${id}x`, 'oac_', undefined, id.replace('oac_', 'oas_')]) {
      expect(parseClientId(bad), String(bad)).toBeNull();
    }
  });
});
