import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { appendMessage, createConversation } from '../../../server-core/conversations/write-conversations';
import { createExperience } from '../../../server-core/experiences/create-experience';
import { openSession } from '../../../server-core/experiences/open-session';
import { publishExperience } from '../../../server-core/experiences/publish-experience';
import { newId } from '../../../server-core/lib/ulid';
import { replaceSourceChunks } from '../../../server-core/retrieval/replace-source-chunks';
import { describeDb } from '../../../server-core/testing/db';
import { tourDraft } from '../../../server-core/testing/experience-drafts';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { OPENAPI_PATH } from '../../openapi/document';
import { type ApiWorkspace, apiWorkspace } from '../../testing/api';
import { accessTokenFor } from '../../testing/oauth';
import { makeTestApp } from '../../testing/services';

interface Op {
  operationId: string;
  security?: Record<string, string[]>[];
}

/**
 * Every public operation in the OpenAPI document, called with a second workspace's key against the
 * first workspace's ids, must answer 404 (or, for operations without an id in the path, must neither
 * reveal nor change the first workspace's data). A new operation is swept automatically; one whose
 * path parameter or body shape the sweep does not know fails here until a case is added.
 */
describeDb('tenancy sweep over every public operation', (getDb) => {
  it('a foreign key never reaches another workspace', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const victim = await apiWorkspace(t, db);
    const attacker = await apiWorkspace(t, db);

    const contact = (
      await upsertContact(victim.ctx, { email: 'victim@example.com', name: 'Victim', externalId: 'v-ext' })
    ).contact;
    const conversation = await createConversation(victim.ctx, { contactId: contact.id, channel: 'widget' });
    await appendMessage(victim.ctx, {
      conversationId: conversation.id,
      direction: 'in',
      authorType: 'contact',
      body: 'secret message',
    });
    const experience = await publishExperience(
      victim.ctx,
      (
        await createExperience(victim.ctx, {
          type: 'tour',
          name: 'Victim tour',
          slug: 'victim-tour',
          draft: tourDraft(),
        })
      ).id,
    );
    await openSession(
      victim.ctx,
      { visitorId: null, contactId: contact.id },
      { versionId: experience.live_version_id!, trigger: 'auto' },
    );
    const now = t.clock.now();
    const guideId = newId();
    const articleId = newId();
    await db.query(
      `insert into guides (workspace_id, id, title, status, share_mode, published_at, created_at, updated_at)
       values ($1, $2, 'Victim guide', 'published', 'public', $3, $3, $3)`,
      [victim.workspaceId, guideId, now],
    );
    await db.query(
      `insert into articles (workspace_id, id, title, slug, body, access_level, status, published_at, created_at, updated_at)
       values ($1, $2, 'Victim article', 'victim-article', 'secret body', 'public', 'published', $3, $3, $3)`,
      [victim.workspaceId, articleId, now],
    );

    await replaceSourceChunks(
      victim.ctx,
      {
        kind: 'article',
        id: articleId,
        title: 'Victim article',
        url: null,
        audience: 'public',
        sections: [{ anchor: null, heading: null, text: 'secret body about passwords' }],
      },
      t.services.embedder,
    );

    const webhook = await createWebhookEndpoint(
      victim.ctx,
      { box: t.services.box, policy: { allowHosts: [] } },
      { url: 'https://victim.example.com/hooks', events: ['contact.created'] },
    );

    const sampleIds: Record<string, string> = {
      webhookId: webhook.endpoint.id,
      contactId: contact.id,
      conversationId: conversation.id,
      experienceId: experience.id,
      guideId,
      articleId,
    };
    const victimIds = Object.values(sampleIds);
    const snapshot = async () =>
      JSON.stringify(
        await db.query('select * from contacts where workspace_id = $1 order by id', [victim.workspaceId]),
      );
    const before = await snapshot();

    /** Operations without an id in the path: what a foreign call must (not) do. */
    const noIdCases: Record<string, (a: ApiWorkspace) => Promise<void>> = {
      upsertContact: async (a) => {
        const res = await a.call('/api/v1/contacts', {
          body: { email: 'victim@example.com', name: 'Hijacked' },
        });
        // A contact of the attacker's own workspace (created by the first credential swept, then updated).
        expect([200, 201]).toContain(res.status);
        expect(await res.text()).not.toContain(contact.id);
      },
      createWebhook: async (a) => {
        const res = await a.call('/api/v1/webhooks', {
          body: { url: 'https://attacker.example.com/hooks', events: ['contact.created'] },
        });
        expect(res.status).toBe(201); // an endpoint of the attacker's own workspace
        const text = await res.text();
        expect(text).not.toContain(webhook.endpoint.id);
        expect(text).not.toContain(webhook.secret);
      },
      ingestContactEvents: async (a) => {
        const res = await a.call('/api/v1/events', {
          body: {
            events: [
              { name: 'x', contact_id: contact.id },
              { name: 'x', external_id: 'v-ext' },
              { name: 'x', email: 'VICTIM@example.com' },
            ],
          },
        });
        const body = (await res.json()) as { data: { accepted: number; rejected: unknown[] } };
        // The email now names the attacker's own contact (created above); the victim's id and external id do not resolve.
        expect(body.data.rejected).toHaveLength(2);
      },
    };

    noIdCases.queryRetrieval = async (a) => {
      const res = await a.call('/api/v1/retrieval/query', {
        body: {
          query: 'secret body passwords',
          top_k: 25,
          filters: { audiences: ['public', 'customers', 'internal'] },
        },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown[] };
      expect(body.data).toEqual([]); // the attacker's workspace has no chunks; the victim's are not reached
    };

    const doc = (await (await t.app.request(OPENAPI_PATH)).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    // The attacker's workspace API key, then an OAuth access token of the attacker's workspace holding
    // every ability: both credentials are swept over every operation.
    const oauthToken = await accessTokenFor(db, t.clock, attacker.workspaceId);
    const credentials: [string, ApiWorkspace][] = [
      ['api key', attacker],
      [
        'oauth token',
        { ...attacker, call: (path, init = {}) => attacker.call(path, { ...init, key: oauthToken }) },
      ],
    ];
    let swept = 0;
    for (const [credentialName, attacker] of credentials)
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          if (!op.security?.some((s) => 'apiKey' in s)) continue;
          const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
          if (params.length === 0) {
            if (method === 'get') {
              const res = await attacker.call(path);
              expect(res.status, `${op.operationId} (${credentialName})`).toBe(200);
              const text = await res.text();
              for (const id of victimIds) expect(text, `${op.operationId} leaked ${id}`).not.toContain(id);
            } else {
              const sweep = noIdCases[op.operationId];
              if (!sweep)
                throw new Error(
                  `Add a tenancy sweep case for ${op.operationId} (${method.toUpperCase()} ${path}).`,
                );
              await sweep(attacker);
            }
            swept++;
            continue;
          }
          let url = path;
          for (const p of params) {
            const id = sampleIds[p];
            if (!id)
              throw new Error(
                `Add a sample id for {${p}} (operation ${op.operationId}) to the tenancy sweep.`,
              );
            url = url.replace(`{${p}}`, id);
          }
          const res = await attacker.call(url, {
            method: method.toUpperCase(),
            body: method === 'get' || method === 'delete' ? undefined : {},
          });
          expect(res.status, `${op.operationId} ${method.toUpperCase()} ${url} (${credentialName})`).toBe(
            404,
          );
          const text = await res.text();
          for (const leaked of ['secret message', 'secret body', 'Victim'])
            expect(text).not.toContain(leaked);
          swept++;
        }
      }
    expect(swept).toBeGreaterThanOrEqual(22);
    expect(await snapshot()).toBe(before);
    // The victim still sees its own data.
    const own = await victim.call('/api/v1/retrieval/query', { body: { query: 'secret body passwords' } });
    expect(((await own.json()) as { data: { source: { id: string } }[] }).data[0]!.source.id).toBe(articleId);
    expect((await victim.call(`/api/v1/contacts/${contact.id}`)).status).toBe(200);
    const hooks = (await (await victim.call('/api/v1/webhooks')).json()) as { data: { id: string }[] };
    expect(hooks.data.map((h) => h.id)).toEqual([webhook.endpoint.id]);
  });
});
