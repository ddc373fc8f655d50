import { createRoute, z } from '@hono/zod-openapi';
import type { LoginResult } from '../../server-core/members/login';
import type { MembershipSummary } from '../../server-core/members/memberships';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_SECRET, EXAMPLE_SESSION_END } from './examples';
import { PORTAL_SESSION } from './operation-parts';
import { strictObject } from './strict-input';

/** Signing in to the portal and out again. */

const TAG = 'Portal: auth';

const Membership = z.object({
  workspace_id: Ulid,
  workspace_name: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  permissions: z.array(z.string()),
});

const LoginRequest = strictObject({
  email: z.string().trim().min(3).max(320).openapi({ example: 'owner@demo.test' }),
  password: z.string().min(1).max(1024),
}).openapi('LoginRequest');

const LoginResponse = z
  .object({
    data: z.object({
      user: z.object({ id: Ulid, email: z.string(), name: z.string().nullable() }),
      memberships: z.array(Membership),
      csrf_token: z.string().openapi({ description: 'Send as X-CSRF-Token on every portal write.' }),
      expires_at: DateTime,
    }),
  })
  .openapi('LoginResponse');

export function loginJson(result: LoginResult, memberships: MembershipSummary[], csrfToken: string) {
  return {
    user: result.user,
    memberships,
    csrf_token: csrfToken,
    expires_at: result.session.expires_at.toISOString(),
  };
}

export const login = createRoute({
  operationId: 'login',
  method: 'post',
  path: '/api/v1/auth/login',
  tags: [TAG],
  summary: 'Sign in to the portal',
  description:
    'Checks the email and password and starts a 12-hour session: an httpOnly, SameSite=Lax session cookie ' +
    '(Secure outside loopback) and a CSRF token for writes. Failed attempts are throttled with 429 and ' +
    'Retry-After (defaults, configurable): per account and client address, after 5 failures each next attempt ' +
    'waits twice as long (1 s, 2 s, 4 s, ... at most 15 minutes); per account, 100 failures an hour from ' +
    'addresses that have not signed in to it within 30 days; per client address, 50 failures per 15 minutes. ' +
    'Idempotency-Key is not honoured here: a sign-in is never replayed.',
  request: {
    body: jsonBody(LoginRequest, { email: EXAMPLE_DEMO.ownerEmail, password: EXAMPLE_SECRET.password }),
  },
  responses: {
    200: {
      description: 'Signed in.',
      headers: {
        'Set-Cookie': {
          schema: { type: 'string' },
          description:
            'The session cookie (httpOnly) and the csrf cookie: `session` and `csrf` on a loopback PUBLIC_URL, ' +
            '`__Host-session` and `__Host-csrf` (Secure) elsewhere. Send them back on portal operations.',
        },
      },
      content: json(LoginResponse, {
        data: {
          user: { id: EXAMPLE_ID.userId, email: EXAMPLE_DEMO.ownerEmail, name: 'Demo Owner' },
          memberships: [
            {
              workspace_id: EXAMPLE_ID.workspaceId,
              workspace_name: 'Acme Demo',
              role: 'owner',
              permissions: ['workspace.read', 'api_keys.manage', 'settings.manage', 'webhooks.manage'],
            },
          ],
          csrf_token: '9b1f3c0e6a2d4f8b7c5e1a3d9f0b2c4e6a8d1f3b5c7e9a0b2d4f6a8c1e3b5d7f',
          expires_at: EXAMPLE_SESSION_END,
        },
      }),
    },
    ...errorResponses(401, 415, 422, 429),
  },
});

export const logout = createRoute({
  operationId: 'logout',
  method: 'post',
  path: '/api/v1/auth/logout',
  tags: [TAG],
  summary: 'Sign out of the portal',
  description:
    'Ends the session named by the cookie (X-CSRF-Token required while one is live) and clears the cookies. ' +
    'Without a live session it answers 204 as well.',
  security: PORTAL_SESSION,
  responses: { 204: { description: 'Signed out.' }, ...errorResponses(403) },
});

const SessionResponse = z
  .object({
    data: z.object({
      user: z.object({ id: Ulid, email: z.string(), name: z.string().nullable() }),
      memberships: z.array(Membership),
      csrf_token: z.string().openapi({ description: 'Send as X-CSRF-Token on every portal write.' }),
      expires_at: DateTime,
    }),
  })
  .openapi('SessionResponse');

export const getSession = createRoute({
  operationId: 'getSession',
  method: 'get',
  path: '/api/v1/auth/session',
  tags: [TAG],
  summary: 'The signed-in user, their workspaces and roles',
  description:
    'Who the session cookie names: the user, each workspace they are a member of with their role and its ' +
    'permissions, the CSRF token for writes and when the session ends. 401 without a live session. The staff ' +
    'console reads it at start.',
  security: PORTAL_SESSION,
  responses: {
    200: {
      description: 'The live session.',
      content: json(SessionResponse, {
        data: {
          user: { id: EXAMPLE_ID.userId, email: EXAMPLE_DEMO.ownerEmail, name: 'Demo Owner' },
          memberships: [
            {
              workspace_id: EXAMPLE_ID.workspaceId,
              workspace_name: 'Acme Demo',
              role: 'owner',
              permissions: ['workspace.read', 'api_keys.manage', 'settings.manage', 'webhooks.manage'],
            },
          ],
          csrf_token: '9b1f3c0e6a2d4f8b7c5e1a3d9f0b2c4e6a8d1f3b5c7e9a0b2d4f6a8c1e3b5d7f',
          expires_at: EXAMPLE_SESSION_END,
        },
      }),
    },
    ...errorResponses(401),
  },
});
