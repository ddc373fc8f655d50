import { expect, it } from 'vitest';
import { openPglite } from '../db/adapters/pglite';
import type { Db } from '../db/db';
import { loadMigrations, migrate } from '../db/migrate';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { bm25Ranks } from './bm25';
import { createGloveEmbedder } from './embedders/glove-embedder';
import { removeSourceChunks, replaceSourceChunks } from './replace-source-chunks';
import { searchChunks } from './search-chunks';
import type { Audience, SourceDocument } from './types';

const glove = createGloveEmbedder();
const ALL: Audience[] = ['public', 'customers', 'internal'];
const PUBLIC: Audience[] = ['public'];

let serial = 0;
const doc = (title: string, text: string, audience: Audience = 'public', heading: string | null = null) => {
  serial += 1;
  const d: SourceDocument = {
    kind: 'article',
    id: `01jd0000000000000000000b${String(serial).padStart(2, '0')}`,
    title,
    url: null,
    audience,
    sections: [{ anchor: heading ? 'part' : null, heading, text }],
  };
  return d;
};

async function workspaceWith(db: Db, docs: SourceDocument[]) {
  const ctx = testCtx(db, (await makeWorkspace(db)).id);
  for (const d of docs) await replaceSourceChunks(ctx, d, glove);
  return ctx;
}

const FILLER = 'The page lists the settings of the workspace and what each one changes for the team.';

describeDb('BM25 full-text', (getDb) => {
  const titles = async (ctx: ReturnType<typeof testCtx>, query: string, audiences = ALL) =>
    (
      await searchChunks(
        ctx,
        { embedder: glove, vector: false },
        { query, topK: 10, audiences, mode: 'fulltext' },
      )
    ).map((h) => h.source.title);

  it('finds chunks holding any query word (OR), chunks holding every word first', async () => {
    const ctx = await workspaceWith(getDb(), [
      doc('Invoices', 'Invoice invoice invoice: every invoice is numbered. Invoices list the invoice lines.'),
      doc('Exports', 'An export of one invoice is a PDF file.'),
      doc('Shortcuts', 'Press the question mark.'),
    ]);
    // "sandwich" is in no chunk: AND semantics found nothing for such queries before.
    expect(await titles(ctx, 'export invoice sandwich')).toEqual(['Exports', 'Invoices']);
    // Both words in one chunk beat many occurrences of one word.
    expect(await titles(ctx, 'export invoice')).toEqual(['Exports', 'Invoices']);
    // Each hit tells the share of the query's words it holds (stop words are not words here).
    const hits = await bm25Ranks(ctx, 'the export of an invoice sandwich', ALL, 10);
    expect(hits.map((h) => h.coverage)).toEqual([2 / 3, 1 / 3]);
  });

  it('normalises by length and weighs rare words above common ones', async () => {
    const ctx = await workspaceWith(getDb(), [
      doc('Short', 'Refunds take five days.'),
      doc('Long', `Refunds take five days. ${FILLER} ${FILLER} ${FILLER}`),
      doc('Account one', 'Your account holds your account name.'),
      doc('Account two', 'The account page shows the account owner.'),
      doc('Account three', 'Close the account from the account menu.'),
    ]);
    expect((await titles(ctx, 'refunds')).slice(0, 2)).toEqual(['Short', 'Long']);
    // "account" is in three chunks, "refund" in two: a chunk with the rarer word ranks above.
    const mixed = await titles(ctx, 'account refund sandwich');
    expect(mixed.indexOf('Short')).toBeLessThan(mixed.indexOf('Account one'));
  });

  it('weighs a word in the title or heading above the same word in the text', async () => {
    const ctx = await workspaceWith(getDb(), [
      doc('Set up alerts', 'Alerts are sent by mail when a job fails.'),
      doc('Notifications', 'Choose who gets a mail; alerts are sent to the owners.'),
      doc('Jobs', 'A failing job retries twice.', 'public', 'Alerts'),
    ]);
    const ranked = await titles(ctx, 'alerts');
    expect(ranked.at(-1)).toBe('Notifications');
    expect(ranked).toHaveLength(3);
  });

  it('matches hyphenated and joined spellings of a word both ways', async () => {
    const ctx = await workspaceWith(getDb(), [
      doc('Thermostat offline', 'Check the Wi-Fi network the thermostat joined.'),
      doc('Contact us', 'Write an email to support.'),
      doc('Other', 'Nothing about networks.'),
    ]);
    expect(await titles(ctx, 'wifi')).toEqual(['Thermostat offline']);
    expect(await titles(ctx, 'wi-fi')).toEqual(['Thermostat offline']);
    expect(await titles(ctx, 'e-mail')).toEqual(['Contact us']);
    expect(await titles(ctx, 'email')).toEqual(['Contact us']);
  });

  it('counts statistics over the searched audiences only: internal chunks never shape a public ranking', async () => {
    const db = getDb();
    const publicDocs = () => [
      doc('Alpha', 'alpha alpha and more words here'),
      doc('Beta', 'beta and more words here'),
    ];
    const internal = () =>
      Array.from({ length: 6 }, (_, i) => doc(`Internal ${i}`, `alpha runbook step ${i}`, 'internal'));
    const plain = await workspaceWith(db, publicDocs());
    const withInternal = await workspaceWith(db, [...publicDocs(), ...internal()]);
    const q = 'alpha beta';
    expect(await titles(plain, q, PUBLIC)).toEqual(['Alpha', 'Beta']);
    expect(await titles(withInternal, q, PUBLIC)).toEqual(['Alpha', 'Beta']);
    // Searching every audience, the internal chunks make "alpha" common, so "beta" now wins.
    expect((await titles(withInternal, q, ALL))[0]).toBe('Beta');
  });

  it('keeps one posting per chunk and word across re-indexing, and none once the source is removed', async () => {
    const db = getDb();
    const d = doc('Billing', 'Billing billing and the plan.');
    const ctx = await workspaceWith(db, [d]);
    await replaceSourceChunks(
      ctx,
      { ...d, sections: [{ anchor: null, heading: null, text: 'Plans and seats.' }] },
      glove,
    );
    const postings = () =>
      db.query<{
        lexeme: string;
        title_tf: number;
        text_tf: number;
        title_terms: number;
        text_terms: number;
      }>(
        `select lexeme, title_tf, text_tf, title_terms, text_terms from retrieval_postings
         where workspace_id = $1 order by lexeme`,
        [ctx.workspaceId],
      );
    expect(await postings()).toEqual([
      { lexeme: 'bill', title_tf: 1, text_tf: 0, title_terms: 1, text_terms: 2 },
      { lexeme: 'plan', title_tf: 0, text_tf: 1, title_terms: 1, text_terms: 2 },
      { lexeme: 'seat', title_tf: 0, text_tf: 1, title_terms: 1, text_terms: 2 },
    ]);
    const [chunk] = await db.query<{ title_terms: number; text_terms: number }>(
      'select title_terms, text_terms from retrieval_chunks where workspace_id = $1',
      [ctx.workspaceId],
    );
    expect(chunk).toEqual({ title_terms: 1, text_terms: 2 });
    await removeSourceChunks(ctx, d.kind, d.id);
    expect(await postings()).toEqual([]);
  });

  it('keeps the corpus statistics equal to the chunks through writes, moves and removals, concurrent ones too', async () => {
    const db = getDb();
    const ctx = testCtx(db, (await makeWorkspace(db)).id);
    const a = doc('Plans', 'Plans and seats, billed monthly.');
    const b = doc('Seats', 'Add a seat.', 'customers');
    await replaceSourceChunks(ctx, a, glove);
    await replaceSourceChunks(ctx, b, glove);
    // Two sources swap audiences at once: each writer touches both audience rows, in the same order.
    await Promise.all([
      db.tx((tx) => replaceSourceChunks({ ...ctx, db: tx }, { ...a, audience: 'customers' }, glove)),
      db.tx((tx) => replaceSourceChunks({ ...ctx, db: tx }, { ...b, audience: 'public' }, glove)),
    ]);
    await replaceSourceChunks(ctx, doc('Empty', 'the of and'), glove);
    await replaceSourceChunks(ctx, { ...a, sections: [] }, glove);
    const truth = await db.query(
      `select audience, count(*)::int as chunks, sum(title_terms)::int as title_terms, sum(text_terms)::int as text_terms
       from retrieval_chunks where workspace_id = $1 group by audience order by audience`,
      [ctx.workspaceId],
    );
    const kept = await db.query(
      `select audience, chunks, title_terms::int, text_terms::int from retrieval_corpus_stats
       where workspace_id = $1 and chunks > 0 order by audience`,
      [ctx.workspaceId],
    );
    expect(kept).toEqual(truth);
    expect(truth).toEqual([{ audience: 'public', chunks: 2, title_terms: 2, text_terms: 2 }]);
  });

  it('answers nothing for stop words only and stays a parameter for hostile text', async () => {
    const ctx = await workspaceWith(getDb(), [doc('Quotes', "It's the user's 'quoted' text: a & b | !c.")]);
    expect(await bm25Ranks(ctx, 'the of and', ALL, 10)).toEqual([]);
    for (const q of ["' | !", "'); drop table retrieval_postings; --", 'a & b', '<->', 'x'.repeat(3000)]) {
      await expect(bm25Ranks(ctx, q, ALL, 10)).resolves.toBeInstanceOf(Array);
    }
    expect(await titles(ctx, "user's quoted")).toEqual(['Quotes']);
  });
});

it('migration 034 writes the postings of chunks indexed before it', async () => {
  const db = await openPglite({});
  try {
    const all = loadMigrations();
    await migrate(db, { now: new Date(), migrations: all.filter((m) => m.version < 34) });
    const ws = await makeWorkspace(db);
    await db.query(
      `insert into retrieval_chunks (workspace_id, id, source_kind, source_id, seq, document_ref, source_title, text,
         audience, tsv, created_at)
       values ($1, 'c1', 'article', 's1', 0, 'article:s1', 'Reset password', 'Choose a new password.', 'public',
         setweight(to_tsvector('english', 'Reset password'), 'A') || setweight(to_tsvector('english', 'Choose a new password.'), 'B'),
         now())`,
      [ws.id],
    );
    await migrate(db, { now: new Date(), migrations: all });
    expect(
      await db.query(
        'select lexeme, title_tf, text_tf, title_terms, text_terms from retrieval_postings order by lexeme',
      ),
    ).toEqual([
      { lexeme: 'choos', title_tf: 0, text_tf: 1, title_terms: 2, text_terms: 3 },
      { lexeme: 'new', title_tf: 0, text_tf: 1, title_terms: 2, text_terms: 3 },
      { lexeme: 'password', title_tf: 1, text_tf: 1, title_terms: 2, text_terms: 3 },
      { lexeme: 'reset', title_tf: 1, text_tf: 0, title_terms: 2, text_terms: 3 },
    ]);
    expect(await db.query('select title_terms, text_terms from retrieval_chunks')).toEqual([
      { title_terms: 2, text_terms: 3 },
    ]);
    expect(
      await db.query(
        'select audience, chunks, title_terms::int, text_terms::int from retrieval_corpus_stats',
      ),
    ).toEqual([{ audience: 'public', chunks: 1, title_terms: 2, text_terms: 3 }]);
  } finally {
    await db.close();
  }
}, 120_000);
