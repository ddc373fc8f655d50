import { expect, it } from 'vitest';
import type { Sql } from '../db/db';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { step } from '../testing/guide-steps';
import { letterEmbedder } from '../testing/letter-embedder';
import { type CreateGuideInput, createGuide } from './create-guide';
import { publishGuide, unpublishGuide } from './publish-guide';
import { getPublishedGuide } from './read-published';
import { updateGuide } from './update-guide';

const deps = { embedder: letterEmbedder };

const guideInput = (over: Partial<CreateGuideInput> = {}): CreateGuideInput => ({
  title: 'Invite a teammate',
  description: null,
  share_mode: 'private',
  language: 'en',
  brand_profile_id: null,
  brand: null,
  capture_session_id: null,
  capture: null,
  steps: [
    step('Open Settings.'),
    step('Type their email.', {
      type: 'input',
      input: { masked: true },
      walkthrough: {
        enabled: true,
        alternate_text: 'Enter the address',
        input_placeholder: 'name@example.com',
      },
      screenshot: {
        media_id: 'm1',
        width: 800,
        height: 600,
        original_encrypted: true,
        original_deleted_at: null,
      },
      redactions: [{ x: 1, y: 2, w: 3, h: 4 }],
    }),
  ],
  ...over,
});

const chunks = (db: Sql, ws: string) =>
  db.query<{ document_ref: string; audience: string; text: string; source_url: string }>(
    `select document_ref, audience, text, source_url from retrieval_chunks
     where workspace_id = $1 and source_kind = 'guide' order by seq`,
    [ws],
  );

describeDb('guides', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    return { db, ws, ctx: testCtx(db, ws.id) };
  };

  it('creates a draft with steps numbered in order, screenshot ids given, every Step field kept', async () => {
    const { ctx } = await setup();
    const g = await createGuide(ctx, guideInput());
    expect(g.status).toBe('draft');
    expect(g.steps.map((s) => s.seq)).toEqual([1, 2]);
    expect(g.steps[1]).toMatchObject({
      type: 'input',
      text: 'Type their email.',
      input: { masked: true },
      redactions: [{ x: 1, y: 2, w: 3, h: 4 }],
      screenshot: {
        media_id: 'm1',
        width: 800,
        height: 600,
        original_encrypted: true,
        original_deleted_at: null,
      },
      element: null,
      app: null,
    });
    expect(g.steps[1]!.screenshot!.id).toMatch(/^[0-9a-z]{26}$/);
  });

  it('publish indexes one chunk per step with step anchors and the share-mode audience; unpublish removes them', async () => {
    const { db, ws, ctx } = await setup();
    const g = await createGuide(ctx, guideInput());
    const pub = await publishGuide(ctx, g.id, deps);
    expect(pub.changed).toBe(true);
    expect(await chunks(db, ws.id)).toEqual([
      {
        document_ref: `guide:${g.id}#step-1`,
        audience: 'internal',
        text: 'Open Settings.',
        source_url: `/guides/${g.id}`,
      },
      {
        document_ref: `guide:${g.id}#step-2`,
        audience: 'internal',
        text: 'Type their email.\nEnter the address',
        source_url: `/guides/${g.id}`,
      },
    ]);
    expect((await publishGuide(ctx, g.id, deps)).changed).toBe(false);
    await expect(getPublishedGuide(ctx, g.id, ['public', 'customers'])).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await getPublishedGuide(ctx, g.id, ['public', 'customers', 'internal'])).steps).toHaveLength(2);

    expect((await unpublishGuide(ctx, g.id)).changed).toBe(true);
    expect((await unpublishGuide(ctx, g.id)).changed).toBe(false);
    expect(await chunks(db, ws.id)).toEqual([]);
    const events = await db.query<{ type: string; data: Record<string, unknown> }>(
      'select type, data from outbox where workspace_id = $1 order by id',
      [ws.id],
    );
    expect(events.map((e) => [e.type, e.data.content_type, e.data.audience])).toEqual([
      ['content.published', 'guide', 'internal'],
      ['content.retracted', 'guide', 'internal'],
    ]);
    await expect(getPublishedGuide(ctx, g.id, ['internal'])).rejects.toMatchObject({ code: 'not_found' });
  });

  it('updating a published guide keeps named step ids, replaces steps and chunks, follows the share mode', async () => {
    const { db, ws, ctx } = await setup();
    const g = await createGuide(ctx, guideInput());
    await publishGuide(ctx, g.id, deps);
    const [first, second] = g.steps;
    const updated = await updateGuide(
      ctx,
      g.id,
      {
        share_mode: 'public',
        steps: [step('Now first.', { id: second!.id.toUpperCase() }), step('Brand new.')],
      },
      deps,
    );
    expect(updated.steps.map((s) => [s.id === second!.id, s.seq, s.text])).toEqual([
      [true, 1, 'Now first.'],
      [false, 2, 'Brand new.'],
    ]);
    expect(updated.steps.some((s) => s.id === first!.id)).toBe(false);
    expect(await chunks(db, ws.id)).toEqual([
      {
        document_ref: `guide:${g.id}#step-1`,
        audience: 'public',
        text: 'Now first.',
        source_url: `/guides/${g.id}`,
      },
      {
        document_ref: `guide:${g.id}#step-2`,
        audience: 'public',
        text: 'Brand new.',
        source_url: `/guides/${g.id}`,
      },
    ]);
    await expect(
      updateGuide(ctx, g.id, { steps: [step('x', { id: '01jd0000000000000000000000' })] }, deps),
    ).rejects.toMatchObject({
      code: 'unknown_step_id',
    });
    await expect(
      updateGuide(ctx, g.id, { steps: [step('x', { id: second!.id }), step('y', { id: second!.id })] }, deps),
    ).rejects.toMatchObject({ code: 'duplicate_step_id' });
    // A title change alone keeps the steps.
    expect((await updateGuide(ctx, g.id, { title: 'Renamed' }, deps)).steps).toHaveLength(2);
  });

  it('steps beyond their bounds are refused by create and update, and nothing is written', async () => {
    const { db, ws, ctx } = await setup();
    const tooMany = Array.from({ length: 201 }, () => step('x'));
    await expect(createGuide(ctx, guideInput({ steps: tooMany }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'steps', rule: 'max_items', max: 200 },
    });
    expect(await db.query('select 1 from guides where workspace_id = $1', [ws.id])).toEqual([]);

    const g = await createGuide(ctx, guideInput());
    await expect(
      updateGuide(ctx, g.id, { title: 'Renamed', steps: [step('x'.repeat(5001))] }, deps),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'steps.0.text', rule: 'max_length', max: 5000 },
    });
    await expect(
      updateGuide(ctx, g.id, { steps: [step('x', { type: 'Click!' })] }, deps),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'steps.0.type', rule: 'pattern' },
    });
    const [row] = await db.query<{ title: string }>('select title from guides where workspace_id = $1', [
      ws.id,
    ]);
    expect(row!.title).toBe('Invite a teammate');
    expect(
      await db.query('select text from guide_steps where workspace_id = $1 order by seq', [ws.id]),
    ).toEqual([{ text: 'Open Settings.' }, { text: 'Type their email.' }]);
  });

  it("another workspace's guide is not found", async () => {
    const { ctx } = await setup();
    const other = await setup();
    const g = await createGuide(ctx, guideInput());
    await expect(publishGuide(other.ctx, g.id, deps)).rejects.toMatchObject({ code: 'not_found' });
    await expect(updateGuide(other.ctx, g.id, { title: 'x' }, deps)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(unpublishGuide(other.ctx, g.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
