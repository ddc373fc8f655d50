import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { createGloveEmbedder } from './embedders/glove-embedder';
import { replaceSourceChunks, vectorLiteral } from './replace-source-chunks';
import { fuseRanks, RRF_K } from './rrf';
import { nearestSql, searchChunks } from './search-chunks';
import { SKETCH_POOL, sketchNearestSql } from './sketch-vectors';
import type { Audience, Embedder, SourceDocument } from './types';

const glove = createGloveEmbedder();

const article = (n: number, title: string, text: string, audience: Audience = 'public'): SourceDocument => ({
  kind: 'article',
  id: `01jd00000000000000000000${String(n).padStart(2, '0')}`,
  title,
  url: `/help/a-${n}`,
  audience,
  sections: [{ anchor: null, heading: null, text }],
});

const CORPUS: SourceDocument[] = [
  article(
    1,
    'Reset your password',
    'Forgot the password? Use the link on the sign-in page to choose a new one.',
  ),
  article(
    2,
    'Invite teammates',
    'Add colleagues to your workspace from the members page and assign them a role.',
    'customers',
  ),
  article(
    3,
    'Billing and invoices',
    'Change your subscription plan, update the credit card, download past invoices.',
  ),
  article(4, 'Export contacts', 'Download every customer record as a spreadsheet file.', 'customers'),
  article(
    5,
    'Single sign-on',
    'Configure SAML with Okta or Azure so employees log in with the company account.',
  ),
  article(
    6,
    'Escalation runbook',
    'Internal: page the on-call engineer when an outage affects payments.',
    'internal',
  ),
  article(7, 'Keyboard shortcuts', 'Press question mark to list every shortcut of the editor.'),
  article(8, 'Delete your account', 'Closing the account erases all data after thirty days.'),
];

async function seed(db: Db, embedder: Embedder = glove) {
  const ws = await makeWorkspace(db);
  const ctx = testCtx(db, ws.id);
  for (const d of CORPUS) await replaceSourceChunks(ctx, d, embedder);
  return ctx;
}

/** 512 dimensions with GloVe's cosines: its 100 coordinates scattered among zeros (position 211 j mod 512). */
const scattered512: Embedder = {
  model: 'test-glove-scattered-512',
  dimension: 512,
  inline: true,
  async embed(texts) {
    return (await glove.embed(texts)).map((v) => {
      const out = new Float32Array(512);
      v.forEach((x, j) => {
        out[(211 * j) % 512] = x;
      });
      return out;
    });
  },
};

const ALL: Audience[] = ['public', 'customers', 'internal'];
const QUERIES = ['forgot my login credentials', 'add a colleague', 'payment subscription', 'okta', 'outage'];

describe('reciprocal rank fusion', () => {
  it('sums 1 / (60 + rank) over the lists, ties broken by best rank then id', () => {
    const fused = fuseRanks([
      ['a', 'b', 'c'],
      ['c', 'a'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
    expect(RRF_K).toBe(60);
    expect(fuseRanks([['x'], ['y']]).map((f) => f.id)).toEqual(['x', 'y']);
  });
});

describeDb('searchChunks', (getDb, adapter) => {
  it('finds by meaning and by words, fuses both scores, with the cosine as similarity', async () => {
    const ctx = await seed(getDb());
    const exact = { embedder: glove, vector: false };
    const hits = await searchChunks(ctx, exact, { query: 'add a colleague', topK: 3, audiences: ALL });
    expect(hits[0]!.source).toEqual({
      kind: 'article',
      id: CORPUS[1]!.id,
      title: 'Invite teammates',
      url: '/help/a-2',
    });
    expect(hits[0]!.document_ref).toBe(`article:${CORPUS[1]!.id}`);
    expect(hits[0]!.audience).toBe('customers');
    // "colleague" is a word of the text too: best by both paths, so 1 after scaling each.
    expect(hits[0]!.score).toBeCloseTo(1, 12);
    const [q] = await glove.embed(['add a colleague']);
    const [d] = await glove.embed([
      'Invite teammates\nAdd colleagues to your workspace from the members page and assign them a role.',
    ]);
    expect(hits[0]!.similarity).toBeCloseTo(
      q!.reduce((s, x, i) => s + x * d![i]!, 0),
      5,
    );
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    // Meaning without a shared word: only the vector path finds it.
    const sem = await searchChunks(ctx, exact, {
      query: 'payment subscription',
      topK: 1,
      audiences: ALL,
      mode: 'vector',
    });
    expect(sem[0]!.source.title).toBe('Billing and invoices');
    const ft = await searchChunks(ctx, exact, {
      query: 'spreadsheet',
      topK: 5,
      audiences: ALL,
      mode: 'fulltext',
    });
    expect(ft.map((h) => h.source.title)).toEqual(['Export contacts']);
    expect(ft[0]!.score).toBe(1); // the best BM25 of the list
    expect(ft[0]!.similarity).toBeGreaterThan(0); // computed for full-text hits too
  });

  it(`gives the same top results by the vector index and by exact cosine (${adapter})`, async () => {
    const db = getDb();
    const ctx = await seed(db);
    // Exact cosine in SQL always; pgvector's HNSW where installed; the stored cube copies otherwise.
    const paths: Record<string, { vector: boolean; cube?: boolean }> = { sql: { vector: false } };
    if (db.capabilities.vector) paths.hnsw = { vector: true };
    if (db.capabilities.cube) paths.cube = { vector: false, cube: true };
    const results: Record<string, string[][]> = {};
    for (const [name, path] of Object.entries(paths)) {
      results[name] = [];
      for (const query of QUERIES) {
        const hits = await searchChunks(
          ctx,
          { embedder: glove, ...path },
          { query, topK: 3, audiences: ALL, mode: 'vector' },
        );
        results[name]!.push(hits.map((h) => `${h.source.title} ${h.similarity.toFixed(4)}`));
      }
    }
    // The exact order computed here, outside the database.
    const vectors = await glove.embed(CORPUS.map((c) => `${c.title}\n${c.sections[0]!.text}`));
    const expected: string[][] = [];
    for (const query of QUERIES) {
      const [q] = await glove.embed([query]);
      expected.push(
        CORPUS.map((c, i) => ({ t: c.title, s: q!.reduce((acc, x, k) => acc + x * vectors[i]![k]!, 0) }))
          .filter((x) => x.s > 0)
          .sort((a, b) => b.s - a.s)
          .slice(0, 3)
          .map((x) => `${x.t} ${x.s.toFixed(4)}`),
      );
    }
    for (const name of Object.keys(paths)) expect(results[name], name).toEqual(expected);
    const cubeAvailable = await db.query("select 1 from pg_available_extensions where name = 'cube'");
    // Our machines' Postgres has cube and no pgvector: its vector path must be the cube one.
    if (!db.capabilities.vector) expect(db.capabilities.cube).toBe(cubeAvailable.length > 0);
    expect(expected[0]![0]).toMatch(/^Reset your password/);
    if (db.capabilities.vector) {
      // The pgvector statement can walk the HNSW index (the planner takes it once the table is large).
      const [q] = await glove.embed(['okta']);
      const plan = await db.tx(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        return tx.query<Record<string, unknown>>(`explain ${nearestSql(100)}`, [
          ctx.workspaceId,
          vectorLiteral(q!),
          glove.model,
          ALL,
          3,
        ]);
      });
      expect(JSON.stringify(plan)).toContain('retrieval_chunks_embedding_100_idx');
    }
  });

  it(`gives the same top results for 512 dimensions on every path, sketches included (${adapter})`, async () => {
    const db = getDb();
    const ctx = await seed(db, scattered512);
    const paths: Record<string, { vector: boolean; cube?: boolean; sketch?: boolean }> = {
      sql: { vector: false },
    };
    if (db.capabilities.vector) paths.pgvector = { vector: true };
    // cube takes at most 100 dimensions: with it on, 512 take the sketch path, or SQL without sketches.
    if (db.capabilities.sketch) paths.sketch = { vector: false, sketch: true };
    if (db.capabilities.sketch && db.capabilities.cube)
      paths.sketchCube = { vector: false, sketch: true, cube: true };
    // Our machines' Postgres (15, no pgvector) has the sketches: their path is exercised there.
    if (adapter === 'postgres' && !db.capabilities.vector) expect(paths.sketch).toBeDefined();
    if (db.capabilities.cube) paths.cube = { vector: false, cube: true };
    const vectors = await scattered512.embed(CORPUS.map((c) => `${c.title}\n${c.sections[0]!.text}`));
    for (const query of QUERIES) {
      const [q] = await scattered512.embed([query]);
      const expected = CORPUS.map((c, i) => ({
        t: c.title,
        s: q!.reduce((acc, x, k) => acc + x * vectors[i]![k]!, 0),
      }))
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s)
        .slice(0, 3)
        .map((x) => `${x.t} ${x.s.toFixed(4)}`);
      for (const [name, path] of Object.entries(paths)) {
        const hits = await searchChunks(
          ctx,
          { embedder: scattered512, ...path },
          { query, topK: 3, audiences: ALL, mode: 'vector' },
        );
        expect(
          hits.map((h) => `${h.source.title} ${h.similarity.toFixed(4)}`),
          `${name}: ${query}`,
        ).toEqual(expected);
      }
    }
    if (db.capabilities.sketch) {
      // Sketches exist for the long vectors only (1,024 bits for 512), and the audience filter holds.
      const rows = await db.query<{ bits: number }>(
        'select length(embedding_sketch)::int as bits from retrieval_chunks where workspace_id = $1',
        [ctx.workspaceId],
      );
      expect(rows.map((r) => r.bits)).toEqual(CORPUS.map(() => 1024));
      const open = await searchChunks(
        ctx,
        { embedder: scattered512, vector: false, sketch: true },
        { query: 'outage on-call engineer payments', topK: 25, audiences: ['public'], mode: 'vector' },
      );
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((h) => h.audience === 'public')).toBe(true);
      // The scan reads the sketches from their index alone (the planner takes it once the table is large).
      const [q] = await scattered512.embed(['okta']);
      const plan = await db.tx(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        return tx.query<Record<string, unknown>>(`explain ${sketchNearestSql(db.capabilities.cube)}`, [
          ctx.workspaceId,
          vectorLiteral(q!),
          scattered512.model,
          ALL,
          3,
          512,
          SKETCH_POOL,
        ]);
      });
      expect(JSON.stringify(plan)).toContain('Index Only Scan using retrieval_chunks_sketch_idx');
    }
  });

  it('filters audiences in SQL: chunks of another audience are absent', async () => {
    const ctx = await seed(getDb());
    const { vector: hasVector, cube: hasCube } = getDb().capabilities;
    for (const [vector, cube] of [
      [false, false],
      [hasVector, false],
      [false, hasCube],
    ] as const) {
      const open = await searchChunks(
        ctx,
        { embedder: glove, vector, cube },
        {
          query: 'outage on-call engineer payments',
          topK: 25,
          audiences: ['public', 'customers'],
        },
      );
      expect(open.map((h) => h.audience).every((a) => a !== 'internal')).toBe(true);
      expect(open.length).toBeGreaterThan(0);
      const internal = await searchChunks(
        ctx,
        { embedder: glove, vector },
        {
          query: 'outage on-call engineer payments',
          topK: 25,
          audiences: ['internal'],
        },
      );
      expect(internal.map((h) => h.source.title)).toEqual(['Escalation runbook']);
      expect(
        await searchChunks(
          ctx,
          { embedder: glove, vector, cube },
          { query: 'password', topK: 5, audiences: [] },
        ),
      ).toEqual([]);
    }
  });

  it('copes with stop words only, unknown words and over-long words', async () => {
    const ctx = await seed(getDb());
    const deps = { embedder: glove, vector: getDb().capabilities.vector };
    // Stop words only: full-text has no lexeme to match; the vector path still answers.
    expect(
      await searchChunks(ctx, deps, { query: 'the of and', topK: 5, audiences: ALL, mode: 'fulltext' }),
    ).toEqual([]);
    const stop = await searchChunks(ctx, deps, { query: 'the of and', topK: 5, audiences: ALL });
    expect(stop.length).toBeLessThanOrEqual(5);
    // No word the embedder knows: full-text alone, similarity 0 (the query has no vector).
    await replaceSourceChunks(
      ctx,
      article(9, 'Error XQZ-4471', 'The xqz4471 error means the token expired.'),
      glove,
    );
    const unknown = await searchChunks(ctx, deps, { query: 'xqz4471', topK: 5, audiences: ALL });
    expect(unknown.map((h) => [h.source.title, h.similarity])).toEqual([['Error XQZ-4471', 0]]);
    // An embedder that fails (a remote endpoint down): full-text still answers.
    const down = { ...glove, embed: () => Promise.reject(new Error('endpoint down')) };
    const fallback = await searchChunks(
      ctx,
      { ...deps, embedder: down },
      { query: 'password', topK: 5, audiences: ALL },
    );
    expect(fallback[0]).toMatchObject({ similarity: 0, source: { title: 'Reset your password' } });
    // A word longer than a text-search word may be (2,047 bytes) is dropped, not an error.
    const long = await searchChunks(ctx, deps, {
      query: `${'x'.repeat(3000)} password`,
      topK: 5,
      audiences: ALL,
    });
    expect(Array.isArray(long)).toBe(true);
    const max = await searchChunks(ctx, deps, {
      query: 'password '.repeat(55), // 495 characters
      topK: 5,
      audiences: ALL,
      mode: 'fulltext',
    });
    expect(max[0]!.source.title).toBe('Reset your password');
  });

  it('ignores vectors of another model (full-text still finds those chunks) and other workspaces', async () => {
    const db = getDb();
    const ctx = await seed(db);
    const other = testCtx(db, (await makeWorkspace(db)).id);
    await replaceSourceChunks(
      other,
      article(1, 'Reset your password', 'Forgot the password? Sign in.'),
      glove,
    );
    await replaceSourceChunks(
      ctx,
      article(10, 'Password rules', 'A password needs twelve characters.'),
      letterEmbedder,
    );
    for (const vector of [false, db.capabilities.vector]) {
      const deps = { embedder: glove, vector };
      const v = await searchChunks(ctx, deps, {
        query: 'password',
        topK: 25,
        audiences: ALL,
        mode: 'vector',
      });
      expect(v.map((h) => h.source.title)).not.toContain('Password rules');
      const h = await searchChunks(ctx, deps, { query: 'password', topK: 25, audiences: ALL });
      const rules = h.find((x) => x.source.title === 'Password rules');
      expect(rules?.similarity).toBe(0);
      expect(h.filter((x) => x.source.title === 'Reset your password')).toHaveLength(1);
    }
  });

  it("matches words under the workspace's own text-search configuration", async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const doc: SourceDocument = {
      kind: 'article',
      id: '01jd00000000000000000000g1',
      title: 'Rechnung herunterladen',
      url: null,
      audience: 'public',
      sections: [{ anchor: null, heading: null, text: 'Ihre Rechnung finden Sie im Kundenkonto.' }],
    };
    const find = async () =>
      (
        await searchChunks(
          ctx,
          { embedder: glove, vector: false },
          { query: 'Rechnungen', topK: 5, audiences: ALL, mode: 'fulltext' },
        )
      ).map((h) => h.source.id);
    // English stemming keeps "rechnungen" whole, so the plural misses the singular; German stems both to
    // "rechnung", on the indexed side and (the point) on the query side.
    await replaceSourceChunks(ctx, doc, glove);
    expect(await find()).toEqual([]);
    await db.query(
      "insert into retrieval_settings (workspace_id, text_search_config, updated_at) values ($1, 'german', now())",
      [ws.id],
    );
    await replaceSourceChunks(ctx, doc, glove);
    expect(await find()).toEqual([doc.id]);
  });
});
