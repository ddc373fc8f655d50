import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CATALOG, ERROR_CODES, notFound } from '.';

describe('DomainError', () => {
  it('takes the message of the catalog unless the throw site gives one', () => {
    const plain = new DomainError('invalid_credentials');
    expect(plain.message).toBe('The email address or password is not correct.');
    expect(plain.details).toEqual({});
    const specific = new DomainError('unknown_flag', { flag: 'beta' }, 'Unknown flag beta.');
    expect([specific.code, specific.message, specific.details]).toEqual([
      'unknown_flag',
      'Unknown flag beta.',
      { flag: 'beta' },
    ]);
    expect(specific).toBeInstanceOf(Error);
    expect(specific.name).toBe('DomainError');
  });

  it('carries code and data only: no status, no headers', () => {
    const err = new DomainError('rate_limited', { limit: 60, retry_after_seconds: 12 });
    expect(Object.keys(err).sort()).toEqual(['code', 'details', 'name']);
  });

  it('narrows to one code with is()', () => {
    const err: DomainError = new DomainError('permission_denied', { permission: 'x.y', role: 'member' });
    expect(err.is('permission_denied') && err.details.role).toBe('member');
    expect(err.is('not_found')).toBe(false);
  });

  it('names what was not found', () => {
    expect(notFound('contact').message).toBe('The contact was not found.');
    expect(notFound().message).toBe('The resource was not found.');
  });
});

describe('the catalog', () => {
  it('has snake_case codes, each with a message, a meaning and a sentence per details field', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(50);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      const entry = ERROR_CATALOG[code];
      expect(entry.message, code).toMatch(/\S/);
      expect(entry.meaning, code).toMatch(/\S/);
      for (const [field, what] of Object.entries(entry.details)) {
        expect(field, code).toMatch(/^[a-z_]+$/);
        expect(what, `${code}.${field}`).toMatch(/\S/);
      }
    }
  });
});
