import { expect, it } from 'vitest';
import type { Db } from '../../../server-core/db/db';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, type SignedIn, signIn, type TestApp } from '../../testing/services';

interface ArticleJson {
  id: string;
  slug: string;
  status: string;
  access_level: string;
  published_at: string | null;
  approved_by: string | null;
  author_id: string | null;
  collection_id: string | null;
}
interface GuideJson {
  id: string;
  status: string;
  step_count: number;
  steps: { id: string; seq: number; type: string; text: string; screenshot: { id: string } | null }[];
}
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const dataOf = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

const chunkRows = (db: Db, ws: string, kind: string) =>
  db.query<{ document_ref: string; audience: string }>(
    'select document_ref, audience from retrieval_chunks where workspace_id = $1 and source_kind = $2 order by source_id, seq',
    [ws, kind],
  );
const eventTypes = async (db: Db, ws: string) =>
  (await db.query<{ type: string }>('select type from outbox where workspace_id = $1 order by id', [ws])).map(
    (r) => r.type,
  );

async function setup(db: Db, t: TestApp = makeTestApp(db)) {
  const ws = await makeWorkspace(db);
  const owner = await makeMember(db, ws.id, 'owner');
  const s = await signIn(t, owner.email, TEST_PASSWORD);
  const base = `/api/v1/workspaces/${ws.id}`;
  const call = (
    method: string,
    path: string,
    body?: unknown,
    who: SignedIn = s,
    headers: Record<string, string> = {},
  ) =>
    t.app.request(`${base}${path}`, {
      method,
      ...(body === undefined
        ? { headers: { ...who.headers, ...headers } }
        : json(body, { ...who.headers, ...headers })),
    });
  return { t, ws, owner, s, base, call };
}

describeDb('portal content operations', (getDb) => {
  it('articles: create (slug, collection), publish indexes and announces once, edit re-indexes, unpublish removes', async () => {
    const db = getDb();
    const { ws, owner, call } = await setup(db);
    const created = await call('POST', '/articles', {
      title: 'Reset your password',
      body: '## Steps\nOpen settings.\n\n## Help\nWrite to us.',
      access_level: 'authenticated',
      collection_slug: 'account',
    });
    expect(created.status).toBe(201);
    const a = await dataOf<ArticleJson>(created);
    expect(a).toMatchObject({
      slug: 'reset-your-password',
      status: 'draft',
      author_id: owner.id,
      published_at: null,
    });
    expect(a.collection_id).not.toBeNull();

    const second = await dataOf<ArticleJson>(
      await call('POST', '/articles', { title: 'Reset your password' }),
    );
    expect(second.slug).toBe('reset-your-password-2');
    const taken = await call('POST', '/articles', { title: 'X', slug: 'reset-your-password' });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('slug_taken');

    const pub = await call('POST', `/articles/${a.id}/publish`);
    expect(pub.status).toBe(200);
    expect(await dataOf<ArticleJson>(pub)).toMatchObject({ status: 'published', approved_by: owner.id });
    expect(await chunkRows(db, ws.id, 'article')).toEqual([
      { document_ref: `article:${a.id}#steps`, audience: 'customers' },
      { document_ref: `article:${a.id}#help`, audience: 'customers' },
    ]);
    expect((await call('POST', `/articles/${a.id}/publish`)).status).toBe(200);
    expect(await eventTypes(db, ws.id)).toEqual(['content.published']);

    const patched = await call('PATCH', `/articles/${a.id}`, {
      body: 'No headings at all.',
      access_level: 'public',
    });
    expect(patched.status).toBe(200);
    expect(await chunkRows(db, ws.id, 'article')).toEqual([
      { document_ref: `article:${a.id}`, audience: 'public' },
    ]);
    expect((await call('PATCH', `/articles/${a.id}`, { slug: 'reset-your-password-2' })).status).toBe(409);

    const off = await call('POST', `/articles/${a.id}/unpublish`);
    expect(await dataOf<ArticleJson>(off)).toMatchObject({ status: 'draft', published_at: null });
    expect(await chunkRows(db, ws.id, 'article')).toEqual([]);
    expect((await call('POST', `/articles/${a.id}/unpublish`)).status).toBe(200);
    expect(await eventTypes(db, ws.id)).toEqual(['content.published', 'content.retracted']);
    const audit = await db.query<{ action: string; actor_id: string }>(
      'select action, actor_id from audit_log where workspace_id = $1 and target_id = $2 order by id',
      [ws.id, a.id],
    );
    expect(audit).toEqual([
      { action: 'article.published', actor_id: owner.id },
      { action: 'article.unpublished', actor_id: owner.id },
    ]);
  });

  it('articles: 422 on malformed input, 404 on unknown and foreign ids', async () => {
    const db = getDb();
    const { t, call } = await setup(db);
    for (const body of [
      {},
      { title: '' },
      { title: 'x', slug: 'Not A Slug' },
      { title: 'x', access_level: 'secret' },
      { title: 'x', position: -1 },
      { title: 'x', collection_id: 'nope' },
      { title: 'x', collection_id: newId(), collection_slug: 'both' },
    ]) {
      const res = await call('POST', '/articles', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await errorCode(await call('POST', '/articles', { title: 'x', collection_id: newId() }))).toBe(
      'unknown_collection',
    );
    const other = await setup(db, t);
    const foreign = await dataOf<ArticleJson>(await other.call('POST', '/articles', { title: 'Theirs' }));
    for (const id of [foreign.id, newId(), 'nope']) {
      expect((await call('PATCH', `/articles/${id}`, { title: 'y' })).status).toBe(404);
      expect((await call('POST', `/articles/${id}/publish`)).status).toBe(404);
      expect((await call('POST', `/articles/${id}/unpublish`)).status).toBe(404);
    }
  });

  it('content.manage: a member gets 403, another workspace 403, every operation', async () => {
    const db = getDb();
    const { t, ws, call } = await setup(db);
    const m = await signIn(t, (await makeMember(db, ws.id, 'member')).email, TEST_PASSWORD);
    const admin = await signIn(t, (await makeMember(db, ws.id, 'admin')).email, TEST_PASSWORD);
    const stranger = (await setup(db, t)).s;
    const id = newId();
    const ops: [string, string, unknown][] = [
      ['POST', '/articles', { title: 'x' }],
      ['PATCH', `/articles/${id}`, { title: 'x' }],
      ['POST', `/articles/${id}/publish`, undefined],
      ['POST', `/articles/${id}/unpublish`, undefined],
      ['POST', '/guides', { title: 'x' }],
      ['PATCH', `/guides/${id}`, { title: 'x' }],
      ['POST', `/guides/${id}/publish`, undefined],
      ['POST', `/guides/${id}/unpublish`, undefined],
      ['POST', '/pages', { url: 'https://x.example.com/', title: 'x', html: 'x' }],
    ];
    for (const [method, path, body] of ops) {
      const denied = await call(method, path, body, m);
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(await errorCode(denied)).toBe('permission_denied');
      const foreign = await call(method, path, body, stranger);
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(await errorCode(foreign)).toBe('not_a_member');
    }
    const upload = await uploadAs(
      t,
      `/api/v1/workspaces/${ws.id}/uploads`,
      m,
      file('a', 'a.txt', 'text/plain'),
    );
    expect(upload.status).toBe(403);
    expect((await call('POST', '/articles', { title: 'By an admin' }, admin)).status).toBe(201);
  });

  it('guides: create with the full Step shape, publish one chunk per step, edit re-indexes, unpublish removes', async () => {
    const db = getDb();
    const { ws, call } = await setup(db);
    const res = await call('POST', '/guides', {
      title: 'Invite a teammate',
      share_mode: 'private',
      brand: { primary_color: '#112233' },
      capture: { source: 'extension', platform: 'web', narrated: true },
      steps: [
        {
          type: 'click',
          text: 'Open Settings.',
          element: { selector_candidates: ['#settings'], role: 'button' },
        },
        {
          type: 'input',
          text: 'Type the email.',
          input: { masked: true },
          walkthrough: { alternate_text: 'Enter their address' },
          screenshot: { media_id: 'media-1', width: 1280, height: 720 },
          smart_blur_suggestions: [
            { id: 's1', rect: { x: 0, y: 0, w: 10, h: 10 }, category: 'email', status: 'open' },
          ],
          alerts: [{ type: 'tip', text: 'Use a work address.' }],
          app: { id: 'app-1', name: 'Admin' },
        },
      ],
    });
    expect(res.status).toBe(201);
    const g = await dataOf<GuideJson & Record<string, unknown>>(res);
    expect(g).toMatchObject({
      status: 'draft',
      share_mode: 'private',
      step_count: 2,
      language: 'en',
      brand: {
        primary_color: '#112233',
        secondary_color: null,
        marker_style: null,
        font: null,
        brand_profile_id: null,
      },
      capture: { source: 'extension', platform: 'web', narrated: true },
    });
    expect(g.steps[0]).toEqual({
      id: expect.any(String),
      seq: 1,
      type: 'click',
      text: 'Open Settings.',
      screenshot: null,
      redactions: [],
      policy_redactions: [],
      smart_blur_suggestions: [],
      annotations: {},
      element: {
        selector_candidates: ['#settings'],
        role: 'button',
        name: null,
        tag: null,
        bounding_box: null,
        dom_path_hash: null,
        nearest_landmark: null,
        source: null,
        ancestors: [],
      },
      alerts: [],
      walkthrough: { enabled: true, alternate_text: null, input_placeholder: null },
      input: { masked: false },
      app: null,
    });
    expect(g.steps[1]!.screenshot).toEqual({
      id: expect.any(String),
      media_id: 'media-1',
      width: 1280,
      height: 720,
      original_encrypted: false,
      original_deleted_at: null,
    });

    expect((await call('POST', `/guides/${g.id}/publish`)).status).toBe(200);
    expect(await chunkRows(db, ws.id, 'guide')).toEqual([
      { document_ref: `guide:${g.id}#step-1`, audience: 'internal' },
      { document_ref: `guide:${g.id}#step-2`, audience: 'internal' },
    ]);
    const edited = await call('PATCH', `/guides/${g.id}`, {
      share_mode: 'customers',
      steps: [{ ...g.steps[1], seq: 99 }],
    });
    expect(edited.status).toBe(200);
    const after = await dataOf<GuideJson>(edited);
    expect(after.steps.map((s) => [s.id, s.seq])).toEqual([[g.steps[1]!.id, 1]]);
    expect(await chunkRows(db, ws.id, 'guide')).toEqual([
      { document_ref: `guide:${g.id}#step-1`, audience: 'customers' },
    ]);
    expect((await call('POST', `/guides/${g.id}/unpublish`)).status).toBe(200);
    expect(await chunkRows(db, ws.id, 'guide')).toEqual([]);
    expect(await eventTypes(db, ws.id)).toEqual(['content.published', 'content.retracted']);

    for (const body of [
      { title: 'x', steps: [{ type: 'Click!' }] },
      { title: 'x', share_mode: 'everyone' },
      { title: 'x', steps: [{ type: 'click', redactions: [{ x: 1 }] }] },
      { title: 'x', brand: { primary_color: 'red' } },
      { title: 'x', steps: Array.from({ length: 201 }, () => ({ type: 'click' })) },
      { title: 'x', steps: [{ type: 'click', text: 'x'.repeat(5001) }] },
    ]) {
      const res = await call('POST', '/guides', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(await errorCode(res)).toBe('validation_failed');
    }
    const unknownStep = await call('PATCH', `/guides/${g.id}`, { steps: [{ id: newId(), type: 'click' }] });
    expect(unknownStep.status).toBe(422);
    expect(await errorCode(unknownStep)).toBe('unknown_step_id');
    expect((await call('PATCH', `/guides/${newId()}`, { title: 'x' })).status).toBe(404);
  });

  it('POST honours Idempotency-Key: a retried create answers the first guide, written once', async () => {
    const db = getDb();
    const { ws, call } = await setup(db);
    const headers = { 'Idempotency-Key': 'guide-create-1' };
    const first = await call('POST', '/guides', { title: 'Once' }, undefined, headers);
    const again = await call('POST', '/guides', { title: 'Once' }, undefined, headers);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await dataOf<GuideJson>(again)).id).toBe((await dataOf<GuideJson>(first)).id);
    expect(await db.query('select 1 from guides where workspace_id = $1', [ws.id])).toHaveLength(1);
  });

  it('pages: add indexes by section, the same URL replaces (200), bad URLs 422', async () => {
    const db = getDb();
    const { ws, call } = await setup(db);
    const page = {
      url: 'https://docs.example.com/a',
      title: 'A',
      html: '<h2>One</h2><p>x</p><h2>Two</h2><p>y</p>',
    };
    const res = await call('POST', '/pages', page);
    expect(res.status).toBe(201);
    const p = await dataOf<{ id: string; audience: string; chunk_count: number }>(res);
    expect(p).toMatchObject({ audience: 'public', chunk_count: 2 });
    const again = await call('POST', '/pages', {
      ...page,
      url: 'https://docs.example.com/a#two',
      audience: 'internal',
    });
    expect(again.status).toBe(200);
    expect((await dataOf<{ id: string }>(again)).id).toBe(p.id);
    expect(await chunkRows(db, ws.id, 'page')).toEqual([
      { document_ref: `page:${p.id}#one`, audience: 'internal' },
      { document_ref: `page:${p.id}#two`, audience: 'internal' },
    ]);
    for (const url of [
      'javascript:alert(1)',
      'docs.example.com/a',
      `https://x.example.com/${'a'.repeat(2048)}`,
    ]) {
      expect((await call('POST', '/pages', { ...page, url })).status, url.slice(0, 40)).toBe(422);
    }
    expect((await call('POST', '/pages', { ...page, audience: 'everyone' })).status).toBe(422);
  });

  it('uploads: text, Markdown and HTML indexed; other types 415, above 2 MiB 413, no file 422, JSON 415', async () => {
    const db = getDb();
    const { t, ws, s, base } = await setup(db);
    const up = (form: FormData, headers: Record<string, string> = {}) =>
      uploadAs(t, `${base}/uploads`, s, form, headers);

    const txt = await up(file('Plain words here.', 'notes.txt', 'text/plain', 'customers'));
    expect(txt.status).toBe(201);
    expect(await dataOf(txt)).toMatchObject({
      filename: 'notes.txt',
      media_type: 'text/plain',
      audience: 'customers',
      title: 'notes.txt',
      chunk_count: 1,
    });
    const md = await up(file('# One\na\n## Two\nb', 'guide.md', 'application/octet-stream'));
    expect(await dataOf(md)).toMatchObject({
      media_type: 'text/markdown',
      audience: 'internal',
      chunk_count: 2,
    });
    const html = await up(file('<h1>T</h1><p>text</p>', 'page.html', 'text/html; charset=utf-8'));
    expect(await dataOf(html)).toMatchObject({ media_type: 'text/html', chunk_count: 1 });
    const rows = await chunkRows(db, ws.id, 'upload');
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.audience))).toEqual(new Set(['customers', 'internal']));

    const pdf = await up(file('%PDF-1.7', 'a.pdf', 'application/pdf'));
    expect(pdf.status).toBe(415);
    expect(await errorCode(pdf)).toBe('unsupported_upload_type');
    expect((await up(file('x', 'a.png', 'image/png'))).status).toBe(415);
    const big = await up(file('a'.repeat(2 * 1024 * 1024 + 1), 'big.txt', 'text/plain'));
    expect(big.status).toBe(413);
    const huge = await up(file('a'.repeat(3 * 1024 * 1024), 'huge.txt', 'text/plain'));
    expect(huge.status).toBe(413);
    const noFile = new FormData();
    noFile.set('audience', 'public');
    expect((await up(noFile)).status).toBe(422);
    expect((await up(file('x', 'a.txt', 'text/plain', 'everyone'))).status).toBe(422);
    expect((await up(file(' \n', 'empty.txt', 'text/plain'))).status).toBe(422);
    const asJson = await t.app.request(`${base}/uploads`, {
      method: 'POST',
      ...json({ file: 'x' }, s.headers),
    });
    expect(asJson.status).toBe(415);

    const key = { 'Idempotency-Key': 'upload-1' };
    const first = await up(file('Once only.', 'once.txt', 'text/plain'), key);
    // A fresh form (new multipart boundary) with the same content is the same request.
    const replay = await up(file('Once only.', 'once.txt', 'text/plain'), key);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await dataOf<{ id: string }>(replay)).id).toBe((await dataOf<{ id: string }>(first)).id);
    expect(
      await db.query('select 1 from uploads where workspace_id = $1 and filename = $2', [ws.id, 'once.txt']),
    ).toHaveLength(1);
    const other = await up(file('Another text.', 'once.txt', 'text/plain'), key);
    expect(other.status).toBe(422);
    expect(await errorCode(other)).toBe('idempotency_key_reused');
  });
});

function file(content: string, name: string, type: string, audience?: string): FormData {
  const form = new FormData();
  form.set('file', new File([content], name, { type }));
  if (audience) form.set('audience', audience);
  return form;
}

async function uploadAs(
  t: TestApp,
  path: string,
  who: SignedIn,
  form: FormData,
  headers: Record<string, string> = {},
) {
  // Serialise through a Request so the multipart body has its Content-Type with boundary and a Content-Length.
  const req = new Request(`http://localhost${path}`, { method: 'POST', body: form });
  const body = await req.arrayBuffer();
  return t.app.request(path, {
    method: 'POST',
    headers: {
      ...who.headers,
      ...headers,
      'Content-Type': req.headers.get('Content-Type')!,
      'Content-Length': String(body.byteLength),
    },
    body,
  });
}
