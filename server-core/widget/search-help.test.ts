import { describe, expect, it } from 'vitest';
import { createArticle } from '../content/create-article';
import { publishArticle } from '../content/publish-article';
import { embedSourceChunks } from '../retrieval/embed-source-chunks';
import { createGloveEmbedder } from '../retrieval/embedders/glove-embedder';
import { GLOVE_CLOSENESS, USE_LITE_CLOSENESS } from '../retrieval/embedders/model-calibration';
import { createUseLiteEmbedder } from '../retrieval/embedders/use-lite-embedder';
import { searchChunks } from '../retrieval/search-chunks';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { STORE_ARTICLES } from '../testing/store-help-center';
import { closeArticles, cutWeakHits, searchHelp } from './search-help';
import { getWidgetSettings, updateWidgetSettings } from './widget-settings';

const chunk = (id: string, similarity: number) => ({ similarity, source: { kind: 'article', id } });

describe('the relevance rules', () => {
  it('keeps retrieved articles close to the best, one entry per article, and none below the floor', () => {
    expect(closeArticles([chunk('a', 0.9), chunk('b', 0.87), chunk('a', 0.6), chunk('c', 0.8)])).toEqual([
      'a',
      'b',
    ]);
    expect(closeArticles([chunk('a', 0.69), chunk('b', 0.68)])).toEqual([]);
    expect(closeArticles([{ similarity: 0.95, source: { kind: 'guide', id: 'g' } }])).toEqual([]);
    expect(closeArticles([])).toEqual([]);
  });

  it("judges closeness on the model's own levels", () => {
    const low = { related: 0.44, margin: 0.1, standout: 0.05 };
    // A sentence encoder's paraphrase at 0.5 is related; on GloVe's levels it would not be.
    expect(closeArticles([chunk('a', 0.5), chunk('b', 0.42), chunk('c', 0.3)], low)).toEqual(['a', 'b']);
    expect(closeArticles([chunk('a', 0.5), chunk('b', 0.42)])).toEqual([]);
    expect(closeArticles([chunk('a', 0.43)], low)).toEqual([]);
  });

  it('with five articles or more, the best must stand out from the median and the rest sit nearer the best', () => {
    // A flat pool (every article about as close): nothing stands out, nothing is kept.
    const flat = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => chunk(id, 0.88 - i * 0.01));
    expect(closeArticles(flat)).toEqual([]);
    // One clear winner over a crowd at 0.70: the midpoint (0.80) keeps it and its close second only.
    const peaked = [
      chunk('a', 0.9),
      chunk('b', 0.86),
      chunk('c', 0.79),
      ...['d', 'e', 'f'].map((id) => chunk(id, 0.7)),
    ];
    expect(closeArticles(peaked)).toEqual(['a', 'b']);
    // Fewer than five articles: only the absolute floor and the margin apply.
    expect(closeArticles([chunk('a', 0.88), chunk('b', 0.87), chunk('c', 0.86)])).toEqual(['a', 'b', 'c']);
  });

  it('drops fused results far below the best: a hit of both searches outranks hits of one', () => {
    const both = 2 / 61;
    const one = (rank: number) => 1 / (60 + rank);
    expect(
      cutWeakHits([
        { id: 'a', score: both },
        { id: 'b', score: 1 / 62 + 1 / 63 },
        { id: 'c', score: one(1) },
        { id: 'd', score: one(3) },
      ]).map((h) => h.id),
    ).toEqual(['a', 'b']);
    // Hits of a single search only are about equal: all stay (that search's own rules chose them).
    const single = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => ({ id: `x${r}`, score: one(r) }));
    expect(cutWeakHits(single)).toHaveLength(8);
    expect(cutWeakHits([])).toEqual([]);
  });
});

describeDb('Help search relevance over a realistic help center', (getDb) => {
  const embedder = createGloveEmbedder();

  it('a generic question that used to bring eight weak hits brings none; real questions keep their answers', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const titles = new Map<string, string>();
    for (const [position, a] of STORE_ARTICLES.entries()) {
      const article = await createArticle(ctx, { ...a, access_level: 'public', position });
      await publishArticle(ctx, article.id, { embedder });
      titles.set(article.id, a.title);
    }
    const deps = { embedder, ...db.capabilities };
    const search = async (q: string | undefined) =>
      (await searchHelp(ctx, deps, { q, audience: 'anonymous' })).map((h) => h.title);

    // The rule before the cut-off (at least 0.7, within 0.05 of the best) let eight articles through.
    const q = 'i want to talk to someone';
    const chunks = await searchChunks(ctx, deps, { query: q, topK: 25, audiences: ['public'] });
    const best = Math.max(...chunks.map((c) => c.similarity));
    const before = new Set(
      chunks
        .filter((c) => best >= GLOVE_CLOSENESS.related && c.similarity >= best - GLOVE_CLOSENESS.margin)
        .map((c) => c.source.id),
    );
    expect(before.size).toBe(8);
    expect(await search(q)).toEqual([]);
    expect(await search('what is your phone number')).toEqual([]);

    expect(await search('how long does delivery take')).toEqual([
      'Shipping costs and delivery times',
      'Track your order',
      'Change or cancel an order',
    ]);
    expect(await search('order')).toEqual(['Track your order', 'Change or cancel an order']);
    expect(await search('my shoes hurt')).toEqual(['Care for your shoes', 'Find your size']);
    expect(await search('i cannot remember my login')).toEqual(['Reset your password']);
    expect(await search('password')).toEqual(['Reset your password']);
    // Without a query: every article in help-center order, as before (up to ten).
    expect(await search(undefined)).toHaveLength(10);
  });
});

describeDb('Help search with the sentence encoder (use-lite) over the same help center', (getDb) => {
  const embedder = createUseLiteEmbedder();

  it('keeps off-topic questions empty and finds answers to paraphrases on its own levels', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    for (const [position, a] of STORE_ARTICLES.entries()) {
      const article = await createArticle(ctx, { ...a, access_level: 'public', position });
      await publishArticle(ctx, article.id, { embedder });
      // Not inline: the embedding job writes the vectors.
      await embedSourceChunks(ctx, embedder, { kind: 'article', id: article.id });
    }
    const deps = { embedder, ...db.capabilities };
    const search = async (q: string) =>
      (await searchHelp(ctx, deps, { q, audience: 'anonymous' })).map((h) => h.title);

    for (const q of ['zebra crossing', 'i want to talk to someone', 'who won the football match'])
      expect(await search(q)).toEqual([]);
    expect(await search('how long does delivery take')).toEqual(['Shipping costs and delivery times']);
    expect(await search('order')).toEqual(['Track your order', 'Change or cancel an order']);
    expect(await search('my shoes hurt')).toEqual(['Care for your shoes', 'Find your size']);
    expect((await search('i cannot remember my login'))[0]).toBe('Reset your password');
    expect(await search('password')).toEqual(['Reset your password']);
    // A paraphrase sharing no word with its answers: the size article first.
    expect(await search('the sneakers are too tight')).toEqual(['Find your size', 'Care for your shoes']);
  }, 60_000);

  it('trusts no cosine in a help center whose language the model does not know: French finds by words only', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    await updateWidgetSettings(ctx, { language: 'fr' });
    const french = [
      ['Réinitialiser votre mot de passe', 'Mot de passe oublié ? Ouvrez la page de connexion.'],
      ['Suivre votre commande', 'Chaque commande a une page de suivi, dans Compte > Commandes.'],
      ['Retours et remboursements', 'Vous pouvez retourner la plupart des articles sous 30 jours.'],
    ];
    for (const [position, [title, body]] of french.entries()) {
      const article = await createArticle(ctx, {
        title: title!,
        body: body!,
        access_level: 'public',
        position,
      });
      await publishArticle(ctx, article.id, { embedder });
      await embedSourceChunks(ctx, embedder, { kind: 'article', id: article.id });
    }
    const deps = { embedder, ...db.capabilities };
    const search = async (q: string) =>
      (await searchHelp(ctx, deps, { q, audience: 'anonymous' })).map((h) => h.title);

    // The English model finds an unrelated French word "related" to every article.
    const chunks = await searchChunks(ctx, deps, { query: 'zèbre', topK: 5, audiences: ['public'] });
    expect(new Set(chunks.map((c) => c.source.id)).size).toBe(3);
    expect(Math.min(...chunks.map((c) => c.similarity))).toBeGreaterThan(USE_LITE_CLOSENESS.related);
    expect(await search('zèbre')).toEqual([]);
    expect(await search('mot de passe')).toEqual(['Réinitialiser votre mot de passe']);
    expect(await search('commande')).toEqual(['Suivre votre commande']);
  }, 60_000);

  it("with the language on auto, reads the articles' language off the retrieved text", async () => {
    const db = getDb();
    const deps = { embedder, ...db.capabilities };
    const helpCenter = async (articles: { title: string; body: string }[]) => {
      const ws = await makeWorkspace(db);
      const ctx = testCtx(db, ws.id);
      expect((await getWidgetSettings(db, ws.id)).language).toBe('auto');
      for (const [position, a] of articles.entries()) {
        const article = await createArticle(ctx, { ...a, access_level: 'public', position });
        await publishArticle(ctx, article.id, { embedder });
        await embedSourceChunks(ctx, embedder, { kind: 'article', id: article.id });
      }
      return async (q: string) =>
        (await searchHelp(ctx, deps, { q, audience: 'anonymous' })).map((h) => h.title);
    };
    const french = await helpCenter([
      {
        title: 'Réinitialiser votre mot de passe',
        body: 'Mot de passe oublié ? Ouvrez la page de connexion et cliquez sur « Mot de passe oublié ». Le lien reçu par e-mail est valable une heure.',
      },
      {
        title: 'Suivre votre commande',
        body: 'Chaque commande a une page de suivi. Ouvrez Compte > Commandes et choisissez la commande : la livraison prend deux à quatre jours.',
      },
      {
        title: 'Retours et remboursements',
        body: 'Vous pouvez retourner la plupart des articles sous 30 jours. Le remboursement arrive sur votre carte en cinq jours ouvrés.',
      },
    ]);
    expect(await french('zèbre')).toEqual([]);
    expect(await french('mot de passe')).toEqual(['Réinitialiser votre mot de passe']);
    // English keeps its paraphrases: this one shares no word with its answer.
    const english = await helpCenter(STORE_ARTICLES);
    expect(await english('zebra crossing')).toEqual([]);
    expect(await english('the sneakers are too tight')).toEqual(['Find your size', 'Care for your shoes']);
  }, 60_000);
});
