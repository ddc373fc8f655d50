import { expect } from 'vitest';
import { apiWorkspace } from './api';
import { signIn, type TestApp } from './services';

/** A workspace with a SCIM token, and a caller of its /scim/v2 paths (bff/routes/scim tests). */
export const SCIM = 'application/scim+json';
export type Json = Record<string, unknown> & {
  id: string;
  Resources: Json[];
  totalResults: number;
  itemsPerPage: number;
  startIndex: number;
  active: boolean;
  roles: { value: string }[];
  members: { value: string; display: string }[];
  meta: Record<string, string>;
  schemas: string[];
  status: string;
  scimType?: string;
};

export async function scimWorld(t: TestApp, db: Parameters<typeof apiWorkspace>[1]) {
  const w = await apiWorkspace(t, db);
  const owner = await signIn(t, w.ownerEmail, w.ownerPassword);
  const res = await t.app.request(`/api/v1/workspaces/${w.workspaceId}/scim-tokens`, {
    method: 'POST',
    headers: owner.headers,
  });
  expect(res.status).toBe(201);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  const token = ((await res.json()) as { token: string }).token;
  expect(token).toMatch(/^sst_/);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await t.app.request(`/scim/v2/${w.workspaceId}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': SCIM }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await r.text();
    return {
      status: r.status,
      type: r.headers.get('Content-Type'),
      body: (text ? JSON.parse(text) : null) as Json,
    };
  };
  return { w, owner, token, call };
}

export const oktaUser = (email: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: 'Ada Lovelace',
  locale: 'en-US',
  externalId: '00u1abcd',
  groups: [],
  password: 'ignored-Passw0rd',
  active: true,
});
