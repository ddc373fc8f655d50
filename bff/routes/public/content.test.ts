import { expect, it } from 'vitest';
import type { AccessLevel, ShareMode } from '../../../server-core/content/audience';
import { createArticle } from '../../../server-core/content/create-article';
import { createGuide } from '../../../server-core/content/create-guide';
import { publishArticle } from '../../../server-core/content/publish-article';
import { publishGuide } from '../../../server-core/content/publish-guide';
import { setFlag } from '../../../server-core/flags/flags';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { step } from '../../../server-core/testing/guide-steps';
import { letterEmbedder } from '../../../server-core/testing/letter-embedder';
import { apiWorkspace } from '../../testing/api';
import { makeTestApp } from '../../testing/services';

const deps = { embedder: letterEmbedder };

describeDb('public guide and article reads', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await apiWorkspace(t, db);
    const guide = async (share_mode: ShareMode, publish = true) => {
      const g = await createGuide(ws.ctx, {
        title: `Guide ${share_mode}`,
        description: null,
        share_mode,
        language: 'en',
        brand_profile_id: null,
        brand: null,
        capture_session_id: null,
        capture: null,
        steps: [step('Click it.')],
      });
      if (publish) await publishGuide(ws.ctx, g.id, deps);
      return g.id;
    };
    const article = async (access_level: AccessLevel, publish = true) => {
      const a = await createArticle(ws.ctx, {
        title: `Article ${access_level}`,
        body: 'Text.',
        access_level,
        position: 0,
      });
      if (publish) await publishArticle(ws.ctx, a.id, deps);
      return a.id;
    };
    return { db, t, ws, guide, article };
  };

  it('guides: guides:read sees public and customers guides; private ones need retrieval:internal; drafts never', async () => {
    const { ws, guide } = await setup();
    const ids = {
      public: await guide('public'),
      customers: await guide('customers'),
      private: await guide('private'),
    };
    const draft = await guide('public', false);
    const reader = await ws.keyWith('guides:read');
    const insider = await ws.keyWith('guides:read', 'retrieval:internal');
    const get = (id: string, key: string) => ws.call(`/api/v1/guides/${id}`, { key });

    const res = await get(ids.public, reader);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown> & { steps: unknown[] } };
    expect(body.data).toMatchObject({
      id: ids.public,
      status: 'published',
      share_mode: 'public',
      step_count: 1,
    });
    expect(body.data.steps).toHaveLength(1);
    expect((await get(ids.customers, reader)).status).toBe(200);
    const hidden = await get(ids.private, reader);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain('Guide private');
    expect((await get(ids.private, insider)).status).toBe(200);
    expect((await get(draft, insider)).status).toBe(404);
    expect((await get(newId(), insider)).status).toBe(404);
    expect((await get(ids.public, await ws.keyWith('articles:read'))).status).toBe(403);
  });

  it('articles: articles:read sees public and authenticated; internal needs retrieval:internal; drafts never', async () => {
    const { ws, article } = await setup();
    const ids = {
      public: await article('public'),
      authenticated: await article('authenticated'),
      internal: await article('internal'),
    };
    const draft = await article('public', false);
    const reader = await ws.keyWith('articles:read');
    const insider = await ws.keyWith('articles:read', 'retrieval:internal');
    const get = (id: string, key: string) => ws.call(`/api/v1/articles/${id}`, { key });

    const res = await get(ids.public, reader);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      id: ids.public,
      slug: 'article-public',
      body: 'Text.',
      access_level: 'public',
      status: 'published',
      diverged_from_guide: false,
    });
    expect((await get(ids.authenticated, reader)).status).toBe(200);
    expect((await get(ids.internal, reader)).status).toBe(404);
    expect((await get(ids.internal, insider)).status).toBe(200);
    expect((await get(draft, insider)).status).toBe(404);
    expect((await get(ids.public, await ws.keyWith('guides:read'))).status).toBe(403);
  });

  it('is dark (404) while feature.api.public_v1 is off', async () => {
    const { db, ws, article } = await setup();
    const id = await article('public');
    await setFlag(db, ws.workspaceId, 'feature.api.public_v1', false, new Date());
    // The flag cache lives for a moment; a fresh app reads the new value at once.
    const t2 = makeTestApp(db);
    const res = await t2.app.request(`/api/v1/articles/${id}`, {
      headers: { Authorization: `Bearer ${ws.apiKey}` },
    });
    expect(res.status).toBe(404);
  });
});
