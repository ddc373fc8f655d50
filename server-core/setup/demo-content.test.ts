import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createSecretBox } from '../lib/secret-box';
import { describeDb } from '../testing/db';
import { letterEmbedder } from '../testing/letter-embedder';
import { ensureDemoContent } from './demo-content';
import { getDemoWorkspaceId, seedDemoWorkspace } from './demo-seed';
import { findDemoSetupGuide } from './demo-setup-guide';
import { ensureDemoWidget } from './demo-widget';

describeDb('demo content', (getDb) => {
  it('publishes four guides and indexes every published article (vectors by job), once across restarts', async () => {
    const db = getDb();
    const now = new Date();
    await seedDemoWorkspace(db, now);
    await ensureDemoWidget(db, createSecretBox(randomBytes(32)), now, 'http://localhost:8787');
    // Two nodes starting together, then a restart.
    await Promise.all([
      ensureDemoContent(db, now, letterEmbedder),
      ensureDemoContent(db, now, letterEmbedder),
    ]);
    await ensureDemoContent(db, now, letterEmbedder);
    const ws = (await getDemoWorkspaceId(db))!;

    const guides = await db.query<{ title: string; status: string; share_mode: string }>(
      'select title, status, share_mode from guides where workspace_id = $1 order by title',
      [ws],
    );
    expect(guides).toEqual([
      { title: 'Approve a large refund (staff)', status: 'published', share_mode: 'private' },
      { title: 'Find out where your order is', status: 'published', share_mode: 'public' },
      { title: 'Invite a teammate', status: 'published', share_mode: 'customers' },
      { title: 'Set up your team', status: 'published', share_mode: 'public' },
    ]);
    const bySource = await db.query<{ source_kind: string; audience: string; n: number }>(
      `select source_kind, audience, count(*)::int as n from retrieval_chunks where workspace_id = $1
       group by source_kind, audience order by source_kind, audience`,
      [ws],
    );
    expect(bySource).toEqual([
      { source_kind: 'article', audience: 'customers', n: 1 },
      { source_kind: 'article', audience: 'internal', n: 1 },
      { source_kind: 'article', audience: 'public', n: expect.any(Number) },
      { source_kind: 'guide', audience: 'customers', n: 4 },
      { source_kind: 'guide', audience: 'internal', n: 3 },
      { source_kind: 'guide', audience: 'public', n: 8 },
    ]);
    const unindexed = await db.query(
      `select id from articles a where workspace_id = $1 and status = 'published' and not exists
       (select 1 from retrieval_chunks c where c.workspace_id = a.workspace_id and c.source_id = a.id)`,
      [ws],
    );
    expect(unindexed).toEqual([]);
    // The setup fixture's guide, found by the demo pages with its steps in order.
    const setup = await findDemoSetupGuide(db, ws);
    expect(setup?.id).toMatch(/^[0-9a-z]{26}$/);
    expect(Object.keys(setup!.stepIds)).toEqual(['team', 'next', 'email', 'role', 'finish']);
    const published = await db.query<{ n: number }>(
      "select count(*)::int as n from outbox where workspace_id = $1 and type = 'content.published'",
      [ws],
    );
    expect(published[0]!.n).toBe(4);
    // Vectors come from the embedding job, one per source, queued once.
    const jobs = await db.query<{ n: number }>(
      "select count(*)::int as n from jobs where workspace_id = $1 and kind = 'retrieval.embed_source'",
      [ws],
    );
    expect(jobs[0]!.n).toBe(
      4 + (await db.query('select 1 from articles where workspace_id = $1', [ws])).length,
    );
  });
});
