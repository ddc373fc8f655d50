import { expect, it } from 'vitest';
import { setFlag } from '../../../server-core/flags/flags';
import { newId } from '../../../server-core/lib/ulid';
import {
  removeSourceChunks,
  replaceSourceChunks,
} from '../../../server-core/retrieval/replace-source-chunks';
import type { Audience, SourceDocument } from '../../../server-core/retrieval/types';
import { describeDb } from '../../../server-core/testing/db';
import { embedNow } from '../../../server-core/testing/embed-now';
import { type ApiWorkspace, apiWorkspace } from '../../testing/api';
import { makeTestApp, type TestApp } from '../../testing/services';

interface Chunk {
  chunk_id: string;
  document_ref: string;
  text: string;
  audience: Audience;
  score: number;
  similarity: number;
  source: { kind: string; id: string; title: string; url: string | null };
}
interface Answer {
  data: Chunk[];
  meta: { audiences: Audience[] };
}

const guide = (audience: Audience, title: string, steps: string[]): SourceDocument => ({
  kind: 'guide',
  id: newId(),
  title,
  url: null,
  audience,
  sections: steps.map((text, i) => ({ anchor: `step-${i + 1}`, heading: null, text })),
});

async function setup(t: TestApp, db: Parameters<typeof apiWorkspace>[1]) {
  const ws = await apiWorkspace(t, db);
  const docs = {
    public: guide('public', 'Reset your password', ['Open the sign-in page.', 'Choose forgot password.']),
    customers: guide('customers', 'Invite a teammate', ['Open members.', 'Send the password invitation.']),
    internal: guide('internal', 'Reset a customer password by hand', [
      'Open the admin console password tool.',
    ]),
  };
  for (const d of Object.values(docs)) {
    await replaceSourceChunks(ws.ctx, d, t.services.embedder);
    await embedNow(ws.ctx, t.services.embedder, d);
  }
  return { ws, docs };
}

const query = async (ws: ApiWorkspace, body: unknown, key?: string, headers?: Record<string, string>) => {
  const res = await ws.call('/api/v1/retrieval/query', { body, key, headers });
  return { status: res.status, body: (await res.json()) as Answer & { error?: { code: string } } };
};

describeDb('queryRetrieval', (getDb) => {
  it('answers chunks in the spec shape; public and customers by default', async () => {
    const t = makeTestApp(getDb());
    const { ws, docs } = await setup(t, getDb());
    const key = await ws.keyWith('retrieval:query');
    const { status, body } = await query(ws, { query: 'password' }, key);
    expect(status).toBe(200);
    expect(body.meta.audiences).toEqual(['public', 'customers']);
    expect(new Set(body.data.map((c) => c.audience))).toEqual(new Set(['public', 'customers']));
    const first = body.data.find((c) => c.document_ref === `guide:${docs.public.id}#step-2`)!;
    expect(first).toMatchObject({
      text: 'Choose forgot password.',
      audience: 'public',
      source: { kind: 'guide', id: docs.public.id, title: 'Reset your password', url: null },
    });
    expect(first.chunk_id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(first.score).toBeGreaterThan(0);
    expect(first.similarity).toBeGreaterThan(0);
    expect(first.similarity).toBeLessThanOrEqual(1);
  });

  it('internal chunks need retrieval:internal and are absent without it; asking narrows to the permitted set', async () => {
    const t = makeTestApp(getDb());
    const { ws, docs } = await setup(t, getDb());
    const plain = await ws.keyWith('retrieval:query');
    const internal = await ws.keyWith('retrieval:query', 'retrieval:internal');
    const all = { query: 'password', top_k: 25, filters: { audiences: ['public', 'customers', 'internal'] } };

    const narrowed = await query(ws, all, plain);
    expect(narrowed.body.meta.audiences).toEqual(['public', 'customers']);
    expect(JSON.stringify(narrowed.body)).not.toContain(docs.internal.id);
    expect(JSON.stringify(narrowed.body)).not.toContain('admin console');

    const onlyInternal = await query(ws, { query: 'password', filters: { audiences: ['internal'] } }, plain);
    expect(onlyInternal).toEqual({ status: 200, body: { data: [], meta: { audiences: [] } } });

    const seen = await query(ws, all, internal);
    expect(seen.body.meta.audiences).toEqual(['public', 'customers', 'internal']);
    expect(seen.body.data.map((c) => c.source.id)).toContain(docs.internal.id);
    // Default for an internal key is still public and customers.
    const byDefault = await query(ws, { query: 'password', top_k: 25 }, internal);
    expect(byDefault.body.meta.audiences).toEqual(['public', 'customers']);
    expect(byDefault.body.data.map((c) => c.source.id)).not.toContain(docs.internal.id);
    const onlyPublic = await query(ws, { query: 'password', filters: { audiences: ['public'] } }, internal);
    expect(onlyPublic.body.data.every((c) => c.audience === 'public')).toBe(true);
    expect(onlyPublic.body.meta.audiences).toEqual(['public']);
  });

  it('needs retrieval:query (403 for other abilities, retrieval:internal alone included) and the public API flag', async () => {
    const t = makeTestApp(getDb());
    const { ws } = await setup(t, getDb());
    for (const abilities of [['retrieval:internal'], ['guides:read', 'articles:read']] as const) {
      const r = await query(ws, { query: 'password' }, await ws.keyWith(...abilities));
      expect(r.status).toBe(403);
      expect(r.body.error!.code).toBe('missing_ability');
    }
    expect((await query(ws, { query: 'password' }, 'sk_nonsense')).status).toBe(401);
    await setFlag(getDb(), ws.workspaceId, 'feature.api.public_v1', false, t.clock.now());
    await expect
      .poll(async () => (await ws.call('/api/v1/retrieval/query', { body: { query: 'password' } })).status)
      .toBe(404);
  });

  it('validates query 2..500 characters (trimmed), top_k 1..25 default 8, and audiences', async () => {
    const t = makeTestApp(getDb());
    const { ws } = await setup(t, getDb());
    for (const body of [
      { query: 'a' },
      { query: '  a  ' },
      { query: 'x'.repeat(501) },
      { query: 'password', top_k: 0 },
      { query: 'password', top_k: 26 },
      { query: 'password', top_k: 2.5 },
      { query: 'password', filters: { audiences: ['everyone'] } },
      { query: 'password', filters: { audiences: [] } },
      {},
    ]) {
      const r = await query(ws, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error!.code).toBe('validation_failed');
    }
    expect((await query(ws, { query: `  ${'x'.repeat(500)}  ` })).status).toBe(200);
    // Default 8: a corpus of 12 matching chunks answers 8.
    await replaceSourceChunks(
      ws.ctx,
      guide(
        'public',
        'Many password steps',
        Array.from({ length: 12 }, (_, i) => `Password step number ${i}.`),
      ),
      t.services.embedder,
    );
    expect((await query(ws, { query: 'password step' })).body.data).toHaveLength(8);
    expect((await query(ws, { query: 'password step', top_k: 25 })).body.data.length).toBeGreaterThan(8);
  });

  it('forgets unpublished sources, never shows another workspace, and replays an Idempotency-Key', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, docs } = await setup(t, db);
    const other = await setup(t, db);
    const first = await query(ws, { query: 'forgot password' }, undefined, { 'Idempotency-Key': 'q-1' });
    expect(first.body.data.map((c) => c.source.id)).toContain(docs.public.id);
    for (const c of first.body.data) expect([docs.public.id, docs.customers.id]).toContain(c.source.id);
    expect(JSON.stringify(first.body)).not.toContain(other.docs.public.id);

    await removeSourceChunks(ws.ctx, 'guide', docs.public.id);
    const replay = await query(ws, { query: 'forgot password' }, undefined, { 'Idempotency-Key': 'q-1' });
    expect(replay.body).toEqual(first.body);
    const fresh = await query(ws, { query: 'forgot password' });
    expect(fresh.body.data.map((c) => c.source.id)).not.toContain(docs.public.id);
  });
});
