import { createRoute, z } from '@hono/zod-openapi';
import type { AddedDomain } from '../../server-core/automation/add-verified-domain';
import { PROOF_PATH } from '../../server-core/automation/domain-proof';
import type { VerifiedDomain } from '../../server-core/automation/verified-domain';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/**
 * The workspace's verified domains: the allowlist of hosts where the widget may execute guides
 * (docs/decisions/automation.md). Permission settings.manage.
 */

const TAG = 'Portal: automation';

export const VerifiedDomainSchema = z
  .object({
    id: Ulid,
    domain: z.string().openapi({ description: 'A host name; it covers itself and its subdomains.' }),
    status: z.enum(['pending', 'verified']),
    verified_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .openapi('VerifiedDomain');

export function verifiedDomainJson(d: VerifiedDomain): z.output<typeof VerifiedDomainSchema> {
  return {
    id: d.id,
    domain: d.domain,
    status: d.status,
    verified_at: iso(d.verified_at),
    created_at: d.created_at.toISOString(),
  };
}

export function addedDomainJson(a: AddedDomain) {
  return { ...verifiedDomainJson(a.domain), verification: { token: a.token, url: a.url } };
}

const exampleDomain: z.output<typeof VerifiedDomainSchema> = {
  id: EXAMPLE_ID.domainId,
  domain: 'app.example.com',
  status: 'pending',
  verified_at: null,
  created_at: EXAMPLE_TIME,
};

const domainParams = workspaceParams.extend({ domainId: ulidParam('domainId') });

export const listVerifiedDomains = createRoute({
  operationId: 'listVerifiedDomains',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/verified-domains',
  tags: [TAG],
  summary: 'List the verified domains (automation allowlist)',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Domains, newest first, pending ones included.',
      content: json(pageOf(VerifiedDomainSchema, { dataFirst: true }), {
        data: [{ ...exampleDomain, status: 'verified', verified_at: EXAMPLE_LATER }],
        meta: { next_cursor: null },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const addVerifiedDomain = createRoute({
  operationId: 'addVerifiedDomain',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/verified-domains',
  tags: [TAG],
  summary: 'Add a domain to verify (its token is returned once)',
  description:
    `Adds the domain as pending. Serve verification.token as the whole body of ${PROOF_PATH} on the domain ` +
    '(HTTPS, answering 200 without a redirect), then call verifyVerifiedDomain. A host name only: ' +
    'lower-cased, IDNA names in their ASCII form, at least two labels, no scheme, port, path or IP ' +
    'address (422 invalid_host). A domain the workspace already lists is 409 domain_taken. The service keeps ' +
    'the SHA-256 of the token only. Audited as verified_domain.added.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ domain: z.string().min(1).max(253) }).openapi('AddVerifiedDomainRequest'), {
      domain: 'app.example.com',
    }),
  },
  responses: {
    201: {
      description: 'Added, pending. Put the token in place now: it cannot be shown again.',
      headers: NO_STORE,
      content: json(
        z
          .object({
            data: VerifiedDomainSchema.extend({
              verification: z.object({
                token: z.string(),
                url: z.string().openapi({ description: 'Where the token must be served.' }),
              }),
            }),
          })
          .openapi('AddedVerifiedDomain'),
        {
          data: {
            ...exampleDomain,
            verification: {
              token: 'wdv_Yq8rT2mLx4vN6bC1dF3gH5jK7pS9wZ0a',
              url: `https://app.example.com${PROOF_PATH}`,
            },
          },
        },
      ),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

export const verifyVerifiedDomain = createRoute({
  operationId: 'verifyVerifiedDomain',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/verified-domains/{domainId}/verify',
  tags: [TAG],
  summary: 'Verify a domain by its well-known file',
  description:
    `Fetches https://<domain>${PROOF_PATH} through the webhook transport's SSRF guard (public addresses only, ` +
    '5 s, 4 KB at most, redirects not followed); its trimmed body must equal the token. Success marks the ' +
    'domain verified; anything else is 422 domain_verification_failed with a reason (not_found, http_status, ' +
    'wrong_content, too_large, redirect, timeout, tls_failed, address_refused, dns_failed, ' +
    'connection_failed) and a message that says what to fix. A verified domain answers as it is. Audited ' +
    '(verified_domain.verified, verified_domain.verification_failed).',
  security: PORTAL_SESSION,
  request: { params: domainParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'Verified.',
      content: json(z.object({ data: VerifiedDomainSchema }), {
        data: { ...exampleDomain, status: 'verified', verified_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const removeVerifiedDomain = createRoute({
  operationId: 'removeVerifiedDomain',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/verified-domains/{domainId}',
  tags: [TAG],
  summary: 'Remove a domain from the allowlist',
  description:
    'Automation on its pages is refused from the next request (403 domain_not_verified). Audited as ' +
    'verified_domain.removed.',
  security: PORTAL_SESSION,
  request: { params: domainParams },
  responses: {
    204: { description: 'Removed.' },
    ...errorResponses(401, 403, 404),
  },
});
