import { expect, it } from 'vitest';
import type { Sql } from '../db/db';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { createArticle } from './create-article';
import { publishArticle, unpublishArticle } from './publish-article';
import { getPublishedArticle } from './read-published';
import { updateArticle } from './update-article';

const deps = { embedder: letterEmbedder };
const body = 'Intro text.\n\n## Reset it\nOpen settings and choose reset.\n\n## Still stuck\nWrite to us.';

const chunks = (db: Sql, ws: string) =>
  db.query<{
    document_ref: string;
    audience: string;
    source_url: string;
    heading: string | null;
    text: string;
  }>(
    `select document_ref, audience, source_url, heading, text from retrieval_chunks
     where workspace_id = $1 and source_kind = 'article' order by seq`,
    [ws],
  );
const outbox = (db: Sql, ws: string) =>
  db.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from outbox where workspace_id = $1 order by id',
    [ws],
  );

describeDb('articles', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = { ...testCtx(db, ws.id), actor: { type: 'user' as const, id: 'u1' } };
    return { db, ws, ctx };
  };

  it('derives unique slugs from titles, refuses a chosen slug that is taken, creates collections by slug', async () => {
    const { ctx } = await setup();
    const a = await createArticle(ctx, {
      title: 'Reset your password',
      body,
      access_level: 'public',
      position: 0,
    });
    const b = await createArticle(ctx, {
      title: 'Reset your password!',
      body,
      access_level: 'public',
      position: 0,
    });
    const c = await createArticle(ctx, {
      title: 'Reset your password',
      body,
      access_level: 'public',
      position: 0,
      collection_slug: 'account-help',
    });
    expect([a.slug, b.slug, c.slug]).toEqual([
      'reset-your-password',
      'reset-your-password-2',
      'reset-your-password-3',
    ]);
    expect(a).toMatchObject({ status: 'draft', author_id: 'u1', published_at: null, collection_id: null });
    expect(c.collection_id).toMatch(/^[0-9a-z]{26}$/);
    const d = await createArticle(ctx, {
      title: 'X',
      body,
      access_level: 'public',
      position: 0,
      collection_slug: 'account-help',
    });
    expect(d.collection_id).toBe(c.collection_id);
    await expect(
      createArticle(ctx, {
        title: 'Other',
        slug: 'reset-your-password',
        body,
        access_level: 'public',
        position: 0,
      }),
    ).rejects.toMatchObject({ code: 'slug_taken' });
    await expect(
      createArticle(ctx, {
        title: 'Other',
        body,
        access_level: 'public',
        position: 0,
        collection_id: '01jd0000000000000000000000',
      }),
    ).rejects.toMatchObject({ code: 'unknown_collection' });
  });

  it('publish indexes sections with audience and document_ref and announces once; unpublish removes them', async () => {
    const { db, ws, ctx } = await setup();
    const a = await createArticle(ctx, { title: 'Reset', body, access_level: 'authenticated', position: 0 });
    expect(await chunks(db, ws.id)).toEqual([]);
    const first = await publishArticle(ctx, a.id, deps);
    expect(first.changed).toBe(true);
    expect(first.article).toMatchObject({ status: 'published', approved_by: 'u1' });
    expect(await chunks(db, ws.id)).toEqual([
      {
        document_ref: `article:${a.id}`,
        audience: 'customers',
        source_url: '/articles/reset',
        heading: null,
        text: 'Intro text.',
      },
      {
        document_ref: `article:${a.id}#reset-it`,
        audience: 'customers',
        source_url: '/articles/reset',
        heading: 'Reset it',
        text: 'Open settings and choose reset.',
      },
      {
        document_ref: `article:${a.id}#still-stuck`,
        audience: 'customers',
        source_url: '/articles/reset',
        heading: 'Still stuck',
        text: 'Write to us.',
      },
    ]);
    ctx.clock.advance(1000);
    const again = await publishArticle(ctx, a.id, deps);
    expect(again.changed).toBe(false);
    expect(again.article.published_at).toEqual(first.article.published_at);
    expect(await outbox(db, ws.id)).toEqual([
      {
        type: 'content.published',
        data: {
          content_type: 'article',
          content_id: a.id,
          audience: 'customers',
          published_at: first.article.published_at!.toISOString(),
        },
      },
    ]);
    expect((await getPublishedArticle(ctx, a.id, ['public', 'customers'])).id).toBe(a.id);

    const off = await unpublishArticle(ctx, a.id);
    expect(off.article).toMatchObject({ status: 'draft', published_at: null });
    expect(await chunks(db, ws.id)).toEqual([]);
    expect((await unpublishArticle(ctx, a.id)).changed).toBe(false);
    const events = await outbox(db, ws.id);
    expect(events.map((e) => e.type)).toEqual(['content.published', 'content.retracted']);
    expect(events[1]!.data).toEqual({
      content_type: 'article',
      content_id: a.id,
      audience: 'customers',
      retracted_at: ctx.clock.now().toISOString(),
    });
    await expect(getPublishedArticle(ctx, a.id, ['public', 'customers', 'internal'])).rejects.toMatchObject({
      code: 'not_found',
    });
    const audit = await db.query<{ action: string }>(
      'select action from audit_log where workspace_id = $1 order by id',
      [ws.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['article.published', 'article.unpublished']);
  });

  it('editing a published article replaces its chunks in the same transaction; a draft stays unindexed', async () => {
    const { db, ws, ctx } = await setup();
    const a = await createArticle(ctx, { title: 'Reset', body, access_level: 'public', position: 0 });
    await updateArticle(ctx, a.id, { body: '## Only\nOne section now.' }, deps);
    expect(await chunks(db, ws.id)).toEqual([]);
    await publishArticle(ctx, a.id, deps);
    const updated = await updateArticle(
      ctx,
      a.id,
      { access_level: 'internal', slug: 'reset-internal' },
      deps,
    );
    expect(updated).toMatchObject({
      slug: 'reset-internal',
      access_level: 'internal',
      body: '## Only\nOne section now.',
    });
    expect(await chunks(db, ws.id)).toEqual([
      {
        document_ref: `article:${a.id}#only`,
        audience: 'internal',
        source_url: '/articles/reset-internal',
        heading: 'Only',
        text: 'One section now.',
      },
    ]);
    await expect(getPublishedArticle(ctx, a.id, ['public', 'customers'])).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await getPublishedArticle(ctx, a.id, ['internal'])).id).toBe(a.id);
    // Edits never announce.
    expect((await outbox(db, ws.id)).map((e) => e.type)).toEqual(['content.published']);
  });

  it('a chosen slug must be a slug and the body fit the index, whoever writes; nothing is written otherwise', async () => {
    const { db, ws, ctx } = await setup();
    const input = { title: 'T', body: 'b', access_level: 'public' as const, position: 0 };
    for (const slug of ['Not A Slug', 'trailing-', 'x'.repeat(121)]) {
      await expect(createArticle(ctx, { ...input, slug }), slug).rejects.toMatchObject({
        code: 'validation_failed',
        details: { field: 'slug', rule: 'slug' },
      });
    }
    await expect(createArticle(ctx, { ...input, collection_slug: 'Bad Collection' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'collection_slug' },
    });
    expect(await db.query('select 1 from articles where workspace_id = $1', [ws.id])).toEqual([]);
    const a = await createArticle(ctx, { ...input, slug: 'x'.repeat(120), body: 'b'.repeat(200_000) });
    await expect(
      updateArticle(ctx, a.id, { title: 'New', body: 'b'.repeat(200_001) }, deps),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'body', rule: 'max_length', max: 200_000 },
    });
    await expect(updateArticle(ctx, a.id, { slug: 'Bad' }, deps)).rejects.toMatchObject({
      details: { field: 'slug' },
    });
    const [row] = await db.query<{ title: string; slug: string }>(
      'select title, slug from articles where workspace_id = $1 and id = $2',
      [ws.id, a.id],
    );
    expect(row).toEqual({ title: 'T', slug: 'x'.repeat(120) });
  });

  it("another workspace's article is not found", async () => {
    const { ctx } = await setup();
    const other = await setup();
    const a = await createArticle(ctx, { title: 'Mine', body, access_level: 'public', position: 0 });
    await expect(publishArticle(other.ctx, a.id, deps)).rejects.toMatchObject({ code: 'not_found' });
    await expect(updateArticle(other.ctx, a.id, { title: 'x' }, deps)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(unpublishArticle(other.ctx, a.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
