import { expect, it } from 'vitest';
import { addUpload } from '../../../server-core/content/add-upload';
import { articleHtml } from '../../../server-core/content/article-html';
import type { Db } from '../../../server-core/db/db';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, type SignedIn, signIn } from '../../testing/services';

interface Page<T> {
  meta: { next_cursor: string | null };
  data: T[];
}
const body = async <T>(res: Response) => (await res.json()) as T;
const errorCode = async (res: Response) => (await body<{ error: { code: string } }>(res)).error.code;

async function setup(db: Db) {
  const t = makeTestApp(db);
  const ws = await makeWorkspace(db);
  const owner = await makeMember(db, ws.id, 'owner');
  const member = await makeMember(db, ws.id, 'member');
  const s = await signIn(t, owner.email, TEST_PASSWORD);
  const m = await signIn(t, member.email, TEST_PASSWORD);
  const call = (method: string, path: string, payload?: unknown, who: SignedIn = s, wsId = ws.id) =>
    t.app.request(`/api/v1/workspaces/${wsId}${path}`, {
      method,
      ...(payload === undefined ? { headers: who.headers } : json(payload, who.headers)),
    });
  return { t, ws, s, m, call };
}

const chunks = (db: Db, ws: string, kind: string) =>
  db.query('select id from retrieval_chunks where workspace_id = $1 and source_kind = $2', [ws, kind]);

describeDb('console content reads and deletes', (getDb) => {
  it('articles: drafts listed and read, filtered by status, collection and words; delete retracts a published one', async () => {
    const db = getDb();
    const { ws, call } = await setup(db);
    const a = (
      await body<{ data: { id: string; collection_id: string } }>(
        await call('POST', '/articles', {
          title: 'Reset your password',
          body: 'Open the sign-in page.',
          collection_slug: 'account',
        }),
      )
    ).data;
    const b = (
      await body<{ data: { id: string } }>(
        await call('POST', '/articles', { title: 'Export 100% of invoices' }),
      )
    ).data;
    await call('POST', `/articles/${a.id}/publish`);

    const all = await body<Page<{ id: string; status: string }>>(await call('GET', '/articles'));
    expect(all.data.map((x) => [x.id, x.status])).toEqual([
      [b.id, 'draft'],
      [a.id, 'published'],
    ]);
    const drafts = await body<Page<{ id: string }>>(await call('GET', '/articles?status=draft'));
    expect(drafts.data.map((x) => x.id)).toEqual([b.id]);
    const inAccount = await body<Page<{ id: string }>>(
      await call('GET', `/articles?collection_id=${a.collection_id}`),
    );
    expect(inAccount.data.map((x) => x.id)).toEqual([a.id]);
    const words = await body<Page<{ id: string }>>(await call('GET', '/articles?q=PASSWORD'));
    expect(words.data.map((x) => x.id)).toEqual([a.id]);
    // % is literal: it matches the title that holds it, not everything.
    const percent = await body<Page<{ id: string }>>(
      await call('GET', `/articles?q=${encodeURIComponent('0%')}`),
    );
    expect(percent.data.map((x) => x.id)).toEqual([b.id]);
    const paged = await body<Page<{ id: string }>>(await call('GET', '/articles?limit=1'));
    expect(paged.data.map((x) => x.id)).toEqual([b.id]);
    const next = await body<Page<{ id: string }>>(
      await call('GET', `/articles?limit=1&cursor=${encodeURIComponent(paged.meta.next_cursor!)}`),
    );
    expect(next.data.map((x) => x.id)).toEqual([a.id]);
    expect(
      (await body<{ data: { status: string } }>(await call('GET', `/articles/${b.id}`))).data.status,
    ).toBe('draft');

    expect((await chunks(db, ws.id, 'article')).length).toBeGreaterThan(0);
    expect((await call('DELETE', `/articles/${a.id}`)).status).toBe(204);
    expect(await chunks(db, ws.id, 'article')).toEqual([]);
    const events = await db.query<{ type: string }>(
      'select type from outbox where workspace_id = $1 order by id',
      [ws.id],
    );
    expect(events.map((e) => e.type)).toEqual(['content.published', 'content.retracted']);
    const audit = await db.query<{ action: string }>(
      'select action from audit_log where workspace_id = $1 and target_id = $2 order by id',
      [ws.id, a.id],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'article.published',
      'article.unpublished',
      'article.deleted',
    ]);
    expect((await call('GET', `/articles/${a.id}`)).status).toBe(404);
    expect((await call('DELETE', `/articles/${a.id}`)).status).toBe(404);
    // A draft goes without announcing anything.
    expect((await call('DELETE', `/articles/${b.id}`)).status).toBe(204);
    expect((await db.query('select 1 from outbox where workspace_id = $1', [ws.id])).length).toBe(2);
  });

  it('collections: listed with counts; deleting one keeps its articles', async () => {
    const db = getDb();
    const { call } = await setup(db);
    const a = (
      await body<{ data: { id: string; collection_id: string } }>(
        await call('POST', '/articles', {
          title: 'One',
          collection_slug: 'billing',
          collection_name: 'Billing',
        }),
      )
    ).data;
    await call('POST', '/articles', { title: 'Two', collection_id: a.collection_id });
    await call('POST', `/articles/${a.id}/publish`);
    const list = await body<{ data: unknown[] }>(await call('GET', '/article-collections'));
    expect(list.data).toEqual([
      expect.objectContaining({
        id: a.collection_id,
        name: 'Billing',
        slug: 'billing',
        article_count: 2,
        published_count: 1,
      }),
    ]);
    expect((await call('DELETE', `/article-collections/${a.collection_id}`)).status).toBe(204);
    expect((await body<{ data: unknown[] }>(await call('GET', '/article-collections'))).data).toEqual([]);
    const kept = await body<{ data: { collection_id: string | null } }>(
      await call('GET', `/articles/${a.id}`),
    );
    expect(kept.data.collection_id).toBeNull();
    expect((await call('DELETE', `/article-collections/${a.collection_id}`)).status).toBe(404);
  });

  it('guides: listed without steps, read with them, in any status', async () => {
    const db = getDb();
    const { call } = await setup(db);
    const g = (
      await body<{ data: { id: string } }>(
        await call('POST', '/guides', {
          title: 'Invite a teammate',
          steps: [
            { type: 'click', text: 'Open settings' },
            { type: 'click', text: 'Choose Invite' },
          ],
        }),
      )
    ).data;
    const list = await body<Page<Record<string, unknown>>>(await call('GET', '/guides'));
    expect(list.data).toEqual([expect.objectContaining({ id: g.id, status: 'draft', step_count: 2 })]);
    expect(list.data[0]).not.toHaveProperty('steps');
    expect((await body<Page<unknown>>(await call('GET', '/guides?status=published'))).data).toEqual([]);
    const one = await body<{ data: { steps: { text: string }[] } }>(await call('GET', `/guides/${g.id}`));
    expect(one.data.steps.map((s) => s.text)).toEqual(['Open settings', 'Choose Invite']);
  });

  it('pages and uploads: listed with chunk counts, read whole, deleted with their chunks', async () => {
    const db = getDb();
    const { t, ws, call } = await setup(db);
    const page = (
      await body<{ data: { id: string } }>(
        await call('POST', '/pages', {
          url: 'https://docs.example.com/shipping',
          title: 'Shipping',
          html: '<h2>Times</h2><p>Two days.</p>',
        }),
      )
    ).data;
    const { upload } = await addUpload(
      testCtx(db, ws.id),
      {
        filename: 'refunds.md',
        mediaType: 'text/markdown',
        byteSize: 30,
        text: '# Refunds\nWithin 30 days.',
        title: 'Refunds',
        audience: 'customers',
      },
      { embedder: t.services.embedder },
    );

    const pages = await body<Page<{ id: string; chunk_count: number }>>(await call('GET', '/pages'));
    expect(pages.data).toEqual([expect.objectContaining({ id: page.id, chunk_count: 1 })]);
    expect(pages.data[0]).not.toHaveProperty('html');
    const readPage = await body<{ data: { html: string } }>(await call('GET', `/pages/${page.id}`));
    expect(readPage.data.html).toContain('Two days.');
    const uploads = await body<Page<{ id: string; chunk_count: number }>>(await call('GET', '/uploads'));
    expect(uploads.data).toEqual([
      expect.objectContaining({ id: upload.id, filename: 'refunds.md', chunk_count: 1 }),
    ]);
    const readUpload = await body<{ data: { text: string } }>(await call('GET', `/uploads/${upload.id}`));
    expect(readUpload.data.text).toContain('Within 30 days.');

    expect((await call('DELETE', `/pages/${page.id}`)).status).toBe(204);
    expect((await call('DELETE', `/uploads/${upload.id}`)).status).toBe(204);
    expect(await chunks(db, ws.id, 'page')).toEqual([]);
    expect(await chunks(db, ws.id, 'upload')).toEqual([]);
    expect((await call('GET', `/pages/${page.id}`)).status).toBe(404);
    expect((await call('GET', `/uploads/${upload.id}`)).status).toBe(404);
    expect((await call('DELETE', `/uploads/${upload.id}`)).status).toBe(404);
  });

  it('refuses members without content.manage, other workspaces, unknown parameters and writes without CSRF', async () => {
    const db = getDb();
    const { t, ws, m, call } = await setup(db);
    const a = (await body<{ data: { id: string } }>(await call('POST', '/articles', { title: 'Mine' }))).data;
    const res = await call('GET', '/articles', undefined, m);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('permission_denied');
    expect((await call('DELETE', `/articles/${a.id}`, undefined, m)).status).toBe(403);

    const other = await makeWorkspace(db);
    const stranger = await makeMember(db, other.id, 'owner');
    const so = await signIn(t, stranger.email, TEST_PASSWORD);
    // Another workspace's owner: not a member here, and its own workspace has no such article.
    expect((await call('GET', `/articles/${a.id}`, undefined, so)).status).toBe(403);
    expect((await call('GET', `/articles/${a.id}`, undefined, so, other.id)).status).toBe(404);
    expect((await call('DELETE', `/articles/${a.id}`, undefined, so, other.id)).status).toBe(404);

    const unknown = await call('GET', '/articles?sort=title');
    expect(unknown.status).toBe(422);
    expect(await errorCode(unknown)).toBe('parameter_unknown');
    expect((await call('GET', '/articles?status=gone')).status).toBe(422);
    expect((await call('GET', '/articles/not-an-id')).status).toBe(404);
    const noCsrf = await t.app.request(`/api/v1/workspaces/${ws.id}/articles/${a.id}`, {
      method: 'DELETE',
      headers: { cookie: m.cookie },
    });
    expect(noCsrf.status).toBe(403);
    expect((await call('GET', `/articles/${a.id}`)).status).toBe(200);
  });

  it('preview: the renderer and sanitiser of readers, nothing stored', async () => {
    const db = getDb();
    const { ws, call } = await setup(db);
    const res = await call('POST', '/article-preview', {
      body: '# Title\n\n<script>alert(1)</script>[x](javascript:alert(1)) **bold**',
    });
    expect(res.status).toBe(200);
    const html = (await body<{ data: { body_html: string } }>(res)).data.body_html;
    expect(html).toBe(articleHtml('# Title\n\n<script>alert(1)</script>[x](javascript:alert(1)) **bold**'));
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="javascript/i);
    expect((await call('POST', '/article-preview', { body: 'x', title: 'y' })).status).toBe(422);
    expect((await db.query('select 1 from articles where workspace_id = $1', [ws.id])).length).toBe(0);
  });
});
