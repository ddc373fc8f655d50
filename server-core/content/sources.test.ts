import { expect, it } from 'vitest';
import type { Sql } from '../db/db';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { addPage } from './add-page';
import { addUpload, MAX_UPLOAD_BYTES } from './add-upload';

const deps = { embedder: letterEmbedder };
const chunks = (db: Sql, ws: string, kind: string) =>
  db.query<{
    document_ref: string;
    audience: string;
    heading: string | null;
    text: string;
    source_url: string | null;
  }>(
    `select document_ref, audience, heading, text, source_url from retrieval_chunks
     where workspace_id = $1 and source_kind = $2 order by source_id, seq`,
    [ws, kind],
  );

describeDb('pages and uploads', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    return { db, ws, ctx: testCtx(db, ws.id) };
  };

  it('indexes a page by its h1-h3 sections; re-adding the same URL replaces it and re-indexes', async () => {
    const { db, ws, ctx } = await setup();
    const first = await addPage(
      ctx,
      {
        url: 'https://docs.example.com/billing#top',
        title: 'Billing',
        html: '<h1>Billing</h1><p>Pay monthly.</p><h2 id="refunds">Refunds</h2><p>Within 30 days.</p>',
        audience: 'public',
      },
      deps,
    );
    expect(first).toMatchObject({
      created: true,
      chunkCount: 2,
      page: { url: 'https://docs.example.com/billing' },
    });
    expect(await chunks(db, ws.id, 'page')).toEqual([
      {
        document_ref: `page:${first.page.id}#billing`,
        audience: 'public',
        heading: 'Billing',
        text: 'Pay monthly.',
        source_url: 'https://docs.example.com/billing',
      },
      {
        document_ref: `page:${first.page.id}#refunds`,
        audience: 'public',
        heading: 'Refunds',
        text: 'Within 30 days.',
        source_url: 'https://docs.example.com/billing',
      },
    ]);
    const again = await addPage(
      ctx,
      {
        url: 'https://docs.example.com/billing',
        title: 'Billing v2',
        html: '<p>Only text.</p>',
        audience: 'customers',
      },
      deps,
    );
    expect(again).toMatchObject({
      created: false,
      chunkCount: 1,
      page: { id: first.page.id, title: 'Billing v2' },
    });
    expect(await chunks(db, ws.id, 'page')).toEqual([
      {
        document_ref: `page:${first.page.id}`,
        audience: 'customers',
        heading: null,
        text: 'Only text.',
        source_url: 'https://docs.example.com/billing',
      },
    ]);
    expect(await db.query('select 1 from pages where workspace_id = $1', [ws.id])).toHaveLength(1);
    for (const url of ['ftp://x.example.com/', 'not a url', 'https://user:pw@x.example.com/']) {
      await expect(
        addPage(ctx, { url, title: 't', html: 'x', audience: 'public' }, deps),
      ).rejects.toMatchObject({
        code: 'invalid_page_url',
      });
    }
  });

  it('indexes uploads by type: plain text whole, Markdown by heading, HTML by h1-h3; keeps text, not bytes', async () => {
    const { db, ws, ctx } = await setup();
    const base = { byteSize: 10, audience: 'internal' as const };
    const txt = await addUpload(
      ctx,
      { ...base, filename: 'a.txt', mediaType: 'text/plain', text: 'Plain words.', title: 'A' },
      deps,
    );
    const md = await addUpload(
      ctx,
      {
        ...base,
        filename: 'b.md',
        mediaType: 'text/markdown',
        text: '# One\nfirst\n## Two\nsecond',
        title: 'B',
      },
      deps,
    );
    const html = await addUpload(
      ctx,
      {
        ...base,
        filename: 'c.html',
        mediaType: 'text/html',
        text: '<h2>Three</h2><p>third &amp; last</p>',
        title: 'C',
      },
      deps,
    );
    expect([txt.chunkCount, md.chunkCount, html.chunkCount]).toEqual([1, 2, 1]);
    const rows = await chunks(db, ws.id, 'upload');
    expect(rows.map((r) => [r.document_ref, r.audience, r.text, r.source_url])).toEqual([
      [`upload:${txt.upload.id}`, 'internal', 'Plain words.', null],
      [`upload:${md.upload.id}#one`, 'internal', 'first', null],
      [`upload:${md.upload.id}#two`, 'internal', 'second', null],
      [`upload:${html.upload.id}#three`, 'internal', 'third & last', null],
    ]);
    const [stored] = await db.query<{ text: string }>(
      'select text from uploads where workspace_id = $1 and id = $2',
      [ws.id, html.upload.id],
    );
    expect(stored!.text).toBe('Three\n\nthird & last');
    await expect(
      addUpload(ctx, { ...base, filename: 'e.txt', mediaType: 'text/plain', text: '  \n', title: 'E' }, deps),
    ).rejects.toMatchObject({ code: 'upload_has_no_text' });
    await expect(
      addUpload(
        ctx,
        {
          ...base,
          byteSize: MAX_UPLOAD_BYTES + 1,
          filename: 'f.txt',
          mediaType: 'text/plain',
          text: 'x',
          title: 'F',
        },
        deps,
      ),
    ).rejects.toMatchObject({ code: 'payload_too_large' });
  });
});
