import { describe, expect, it } from 'vitest';
import { step, targeting, tourDefinition } from '../../testing/experiences';
import { bannerDefinition } from '../../testing/visible-experiences';
import type { Decision } from '../decision/decide';
import { forcePreview } from './force-preview';
import { compilePreview, previewProblem } from './preview-experience';

const now = new Date('2026-11-27T12:00:00.000Z');
const TOUR = '01jd000000000000000000t001';
const BANNER = '01jd000000000000000000b001';
const OTHER = '01jd000000000000000000o001';

/** A decision with another banner, another tour's auto-start, a resume and the previewed banner's live version. */
const decision = (): Decision => ({
  launchers: [],
  banners: [
    { experience_id: OTHER, version_id: '01jd000000000000000000v009' } as Decision['banners'][number],
    { experience_id: BANNER, version_id: '01jd000000000000000000v001' } as Decision['banners'][number],
  ],
  announcements: { unread: 0, items: [] },
  programs: [],
  auto_start: { type: 'tour', experience_id: OTHER, version_id: '01jd000000000000000000v008', triggers: {} },
  resume: { experience_id: OTHER, version_id: '01jd000000000000000000v008' } as Decision['resume'],
  watch: [],
});

describe('forcing a previewed draft into the decision', () => {
  it('a draft tour takes the slot whatever its targeting and triggers; no other auto-start, no resume', () => {
    const nowhere = targeting({
      pages: { include: [{ match: 'exact', value: '/never' }], exclude: [] },
      audience: 'identified',
      triggers: { time_on_page_seconds: 30 },
      window: { starts_at: '2020-01-01T00:00:00.000Z', ends_at: '2020-01-02T00:00:00.000Z' },
    });
    const row = {
      id: TOUR,
      type: 'tour' as const,
      name: 'T',
      status: 'draft',
      draft: tourDefinition({ targeting: nowhere, steps: [step('a')] }),
    };
    const e = compilePreview(row, now)!;
    expect(previewProblem(row, e)).toBeNull();
    const d = forcePreview(decision(), e);
    expect(d.auto_start).toEqual({ type: 'tour', experience_id: TOUR, version_id: TOUR, triggers: {} });
    expect(d.resume).toBeNull();
    expect(d.banners.map((b) => b.experience_id)).toEqual([OTHER, BANNER]);
  });

  it('a draft banner replaces its live version, keeps the others, and leaves the slot empty', () => {
    const row = {
      id: BANNER,
      type: 'banner' as const,
      name: 'B',
      status: 'published',
      draft: bannerDefinition({ content: { message: 'New' } }),
    };
    const d = forcePreview(decision(), compilePreview(row, now)!);
    expect(d.banners.map((b) => [b.experience_id, b.version_id])).toEqual([
      [BANNER, BANNER],
      [OTHER, '01jd000000000000000000v009'],
    ]);
    expect(d.banners[0]).toMatchObject({ message: 'New' });
    expect(d.auto_start).toBeNull();
    expect(d.resume).toBeNull();
  });

  it('what has no preview: a tracker, an archived experience, a tour without a step', () => {
    const tracker = { id: OTHER, type: 'tracker' as const, name: 'K', status: 'draft', draft: {} };
    expect(compilePreview(tracker, now)).toBeNull();
    expect(previewProblem(tracker, null)).toMatch(/tracker shows nothing/);
    const archived = {
      id: TOUR,
      type: 'tour' as const,
      name: 'T',
      status: 'archived',
      draft: tourDefinition(),
    };
    expect(previewProblem(archived, compilePreview(archived, now))).toMatch(/archived/);
    const empty = {
      id: TOUR,
      type: 'tour' as const,
      name: 'T',
      status: 'draft',
      draft: tourDefinition({ steps: [] }),
    };
    expect(previewProblem(empty, compilePreview(empty, now))).toMatch(/nothing to show yet/);
  });
});
