import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeDb } from '../../server-core/testing/db';
import { makeTestApp } from '../testing/services';
import { OPENAPI_PATH } from './document';
import { OPENAPI_JSON, OPENAPI_TYPES, renderOpenApiFiles } from './generate';

/** Every operation the issues have named so far; later issues extend the list. */
const EXPECTED_OPERATIONS = [
  'healthz',
  'login',
  'logout',
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'listWebhookEventTypes',
  'listWebhooks',
  'createWebhook',
  'deleteWebhook',
  'registerWebhookEndpoint',
  'listWebhookEndpoints',
  'updateWebhookEndpoint',
  'listPortalWebhookEventTypes',
  'listWebhookDeliveries',
  'redeliverWebhookDelivery',
  'listContacts',
  'upsertContact',
  'getContact',
  'updateContact',
  'listContactExperiences',
  'ingestContactEvents',
  'listConversations',
  'getConversation',
  'listExperiences',
  'getExperience',
  'listExperienceProgress',
  'getWidgetInstall',
  'getWidgetIdentitySecret',
  'rotateWidgetIdentitySecret',
  'widgetInstall',
  'widgetBoot',
  'widgetIdentify',
  'widgetTrack',
  'widgetSearchHelp',
  'widgetGetArticle',
  'queryRetrieval',
  'helpCenterSearch',
  'getGuide',
  'getArticle',
  'createArticle',
  'updateArticle',
  'publishArticle',
  'unpublishArticle',
  'createGuide',
  'updateGuide',
  'publishGuide',
  'unpublishGuide',
  'addPage',
  'addUpload',
  'listContactEventNames',
  'rotateWebhookEndpointSecret',
  'getHelpCenterSigningSecret',
  'setHelpCenterSignInUrl',
  'rotateHelpCenterSigningSecret',
  'createScimToken',
  'listScimTokens',
  'revokeScimToken',
  'getScimGroupRoles',
  'putScimGroupRoles',
  'scimServiceProviderConfig',
  'scimListSchemas',
  'scimListResourceTypes',
  'scimListUsers',
  'scimCreateUser',
  'scimGetUser',
  'scimReplaceUser',
  'scimPatchUser',
  'scimDeleteUser',
  'scimListGroups',
  'scimCreateGroup',
  'scimGetGroup',
  'scimPatchGroup',
  'scimDeleteGroup',
];

describeDb('OpenAPI document', (getDb, adapter) => {
  it.runIf(adapter === 'pglite')(
    'the committed openapi.json and schema.d.ts are what the code emits (run npm run openapi)',
    async () => {
      const { app } = makeTestApp(getDb());
      const files = await renderOpenApiFiles(app);
      expect(
        readFileSync(OPENAPI_JSON, 'utf8'),
        'bff/openapi/openapi.json is stale: run npm run openapi',
      ).toBe(files.json);
      expect(
        readFileSync(OPENAPI_TYPES, 'utf8'),
        'bff/openapi/schema.d.ts is stale: run npm run openapi',
      ).toBe(files.types);
    },
  );

  it('is served at /api/v1/openapi.json as OpenAPI 3.1 with unique operationIds', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string; responses: object }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of EXPECTED_OPERATIONS) expect(ids).toContain(id);
  });

  it('/docs is a readable reference with every operation, its curl and its answer; only its own nonce-tagged script', async () => {
    const { app } = makeTestApp(getDb(), { PUBLIC_URL: 'https://support.example.com' });
    const res = await app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await res.text();
    for (const id of EXPECTED_OPERATIONS) expect(html).toContain(`id="${id}"`);
    const operations = html.match(/<section class="op"/g)!.length;
    expect(operations).toBeGreaterThanOrEqual(EXPECTED_OPERATIONS.length);
    expect(html.match(/<div class="code req">/g)).toHaveLength(operations);
    expect(html.includes('curl -X POST &quot;https://support.example.com/api/v1/auth/login&quot;')).toBe(
      true,
    );
    for (const section of [
      'authentication',
      'errors',
      'rate-limits',
      'idempotency',
      'pagination',
      'webhooks',
    ])
      expect(html).toContain(`id="${section}"`);
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(
      new RegExp(
        `^<script defer nonce="${nonce.replace(/[+/=]/g, '\\$&')}" src="/docs/assets/docs\\.[0-9a-f]{12}\\.js">$`,
      ),
    );
    expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});
