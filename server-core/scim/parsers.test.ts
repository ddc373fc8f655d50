import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/errors';
import { parseEqFilter } from './filter';
import { applyUserPatch, groupPatchOf, parsePatchPath, patchOperations } from './patch';
import { parseScimToken } from './scim-tokens';
import { userFieldsOf } from './user-fields';

const USER = ['userName', 'id', 'externalId', 'emails.value'];
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
};

describe('the SCIM eq filter grammar', () => {
  it('reads attribute names in any case and decodes the value as a JSON string', () => {
    expect(parseEqFilter('userName eq "a@b.c"', USER)).toEqual({ attribute: 'userName', value: 'a@b.c' });
    expect(parseEqFilter('  USERNAME   EQ   "A@B.C" ', USER)).toEqual({
      attribute: 'userName',
      value: 'A@B.C',
    });
    expect(parseEqFilter('emails.value eq "x\\"y"', USER)).toEqual({
      attribute: 'emails.value',
      value: 'x"y',
    });
    expect(parseEqFilter('externalId eq "\\u0041b"', USER)).toEqual({ attribute: 'externalId', value: 'Ab' });
  });

  it('refuses everything else as invalidFilter, hostile input included', () => {
    for (const f of [
      '',
      'userName',
      'userName eq',
      'userName eq a',
      'userName ne "a"',
      'userName eq "a" or id eq "b"',
      'userName eq "a"]',
      'title eq "a"',
      'userName eq "a\u0000"',
      'userName eq "\\x41"',
      'userName eq 1',
      'userName eq true',
      `userName eq "${'a'.repeat(2000)}"`,
      'emails[type eq "work"].value eq "a"',
      '"userName" eq "a"',
    ]) {
      expect(
        code(() => parseEqFilter(f, USER)),
        f,
      ).toBe('scim_invalid_filter');
    }
  });
});

describe('SCIM PATCH as Okta and Entra send it', () => {
  const base = userFieldsOf({
    userName: 'a@example.test',
    emails: [{ value: 'a@example.test', type: 'work', primary: true }],
  });

  it('reads op names in any case, Operations or operations, and paths with value filters', () => {
    const ops = patchOperations({
      operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'b@x.y' }],
    });
    expect(ops[0]).toMatchObject({
      op: 'replace',
      path: { attribute: 'emails', sub: 'value', where: { field: 'type', value: 'work' } },
    });
    expect(parsePatchPath('members[value eq "01abc"]', 0)).toEqual({
      attribute: 'members',
      sub: null,
      where: { field: 'value', value: '01abc' },
    });
    expect(
      parsePatchPath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', 0).attribute,
    ).toBe('department');
  });

  it('applies boolean strings, path-less objects and dotted keys; ignores roles and unknown attributes', () => {
    const next = applyUserPatch(
      base,
      patchOperations({
        Operations: [
          { op: 'replace', value: { active: 'False', 'name.givenName': 'Ada', roles: [{ value: 'owner' }] } },
          { op: 'add', path: 'emails[type eq "home"].value', value: 'home@x.y' },
          { op: 'Add', path: 'title', value: 'Engineer' },
        ],
      }),
    );
    expect(next.active).toBe(false);
    expect(next.givenName).toBe('Ada');
    expect(next.emails.map((e) => e.value)).toEqual(['a@example.test', 'home@x.y']);
  });

  it('refuses malformed operations as scim_invalid_patch, never throws anything else', () => {
    for (const body of [
      null,
      [],
      'x',
      { Operations: {} },
      { Operations: [null] },
      { Operations: [{ op: 1 }] },
      { Operations: [{ op: 'replace', path: 5 }] },
      { Operations: [{ op: 'replace', path: 'a[b eq ' }] },
      { Operations: [{ op: 'replace', path: 'a[b eq "\\q"]' }] },
      { Operations: Array.from({ length: 101 }, () => ({ op: 'add', path: 'title', value: 1 })) },
    ]) {
      expect(
        code(() => patchOperations(body)),
        JSON.stringify(body)?.slice(0, 80),
      ).toBe('scim_invalid_patch');
    }
    expect(
      code(() => applyUserPatch(base, patchOperations({ Operations: [{ op: 'remove', path: 'userName' }] }))),
    ).toBe('scim_invalid_patch');
    expect(
      code(() =>
        applyUserPatch(
          base,
          patchOperations({ Operations: [{ op: 'replace', path: 'active', value: 'yes' }] }),
        ),
      ),
    ).toBe('validation_failed');
  });

  it('reads group member changes in both shapes', () => {
    const patch = groupPatchOf(
      patchOperations({
        Operations: [
          { op: 'add', path: 'members', value: [{ value: 'u1' }, { value: 'u2' }] },
          { op: 'remove', path: 'members[value eq "u3"]' },
          { op: 'Remove', path: 'members', value: [{ value: 'u4' }] },
          { op: 'Replace', value: { id: 'g', displayName: 'Admins' } },
        ],
      }),
    );
    expect(patch).toMatchObject({
      add: ['u1', 'u2'],
      remove: ['u3', 'u4'],
      displayName: 'Admins',
      replace: null,
      removeAll: false,
    });
    expect(groupPatchOf(patchOperations({ Operations: [{ op: 'remove', path: 'members' }] })).removeAll).toBe(
      true,
    );
    expect(
      code(() =>
        groupPatchOf(
          patchOperations({ Operations: [{ op: 'add', path: 'members', value: [{ value: 7 }] }] }),
        ),
      ),
    ).toBe('scim_invalid_patch');
  });
});

describe('SCIM token format', () => {
  it('names its workspace; API keys, OAuth tokens and near misses are not SCIM tokens', () => {
    const ws = '01jbm6z9k5xq3v7t8w2n4p6r8s';
    const token = `sst_${ws}${'A'.repeat(43)}`;
    expect(parseScimToken(token)).toBe(ws);
    for (const t of [
      `spk_${ws}${'A'.repeat(40)}`,
      `oat_${ws}${'A'.repeat(43)}`,
      `${token}A`,
      token.slice(0, -1),
      `sst_${ws.toUpperCase()}${'A'.repeat(43)}`,
      7,
      null,
    ]) {
      expect(parseScimToken(t)).toBeNull();
    }
  });
});
