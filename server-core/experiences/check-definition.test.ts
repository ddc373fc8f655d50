import { describe, expect, it } from 'vitest';
import { bannerDraft, programDraft, tourDraft, tourStep, urlItem } from '../testing/experience-drafts';
import { definitionIssues, linkProblem, urlRuleProblem, withIds } from './check-definition';
import { DEFINITION_LIMITS, type Definition, defaultTargeting, emptyDefinition } from './definition';
import type { ExperienceType } from './experience';

const now = new Date('2026-11-01T12:00:00Z');
const issuesOf = (type: ExperienceType, def: Parameters<typeof withIds>[1]) =>
  definitionIssues(type, withIds(type, def, now)).map((i) => `${i.path} ${i.code}`);

describe('definition rules', () => {
  it('URL rules: RE2 compiles regexes of at most 500 characters; other values are a path or an http(s) URL', () => {
    expect(urlRuleProblem({ match: 'regex', value: '^/billing/(invoices|plans)$' })).toBeNull();
    expect(urlRuleProblem({ match: 'regex', value: '^/a(?=b)' })?.code).toBe('regex_invalid'); // no lookahead
    expect(urlRuleProblem({ match: 'regex', value: '(a)\\1' })?.code).toBe('regex_invalid'); // no backreference
    expect(urlRuleProblem({ match: 'regex', value: '(unclosed' })?.code).toBe('regex_invalid');
    expect(urlRuleProblem({ match: 'regex', value: 'a'.repeat(501) })?.code).toBe('regex_too_long');
    expect(urlRuleProblem({ match: 'regex', value: '(a+)+$' })).toBeNull(); // fine on a linear-time engine
    expect(urlRuleProblem({ match: 'exact', value: '/pricing' })).toBeNull();
    expect(urlRuleProblem({ match: 'prefix', value: 'https://app.example.com/settings' })).toBeNull();
    expect(urlRuleProblem({ match: 'wildcard', value: 'https://*.example.com/*/edit' })).toBeNull();
    expect(urlRuleProblem({ match: 'wildcard', value: '/projects/*' })).toBeNull();
    for (const value of ['pricing', 'javascript:alert(1)', '/with space', 'ftp://x.example.com/', ''])
      expect(urlRuleProblem({ match: 'exact', value }), value).not.toBeNull();
    expect(linkProblem('/billing')).toBeNull();
    expect(linkProblem('https://example.com/a?b=c')).toBeNull();
    for (const url of ['//evil.example.com', 'javascript:alert(1)', 'mailto:a@example.com', 'a b'])
      expect(linkProblem(url), url).not.toBeNull();
  });

  it('names every broken rule by its path under draft', () => {
    const def = tourDraft([
      tourStep('One', { target: { selector: '' } }),
      tourStep('Two', { id: 'same' }),
      tourStep('Three', { id: 'same', advance: 'target_click', wait_ms: DEFINITION_LIMITS.maxWaitMs + 1 }),
    ]);
    def.targeting.pages.include = [{ match: 'regex', value: '(?<name>x' }];
    def.targeting.window = { starts_at: '2026-11-02T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' };
    def.targeting.attributes = [{ key: 'plan', op: 'greater_than', value: 'pro' }];
    expect(issuesOf('tour', def)).toEqual([
      'draft.targeting.pages.include.0.value regex_invalid',
      'draft.targeting.attributes.0.value number',
      'draft.targeting.window.ends_at window_order',
      'draft.content.steps.0.target.selector required',
      'draft.content.steps.2.id duplicate_id',
      'draft.content.steps.2.advance needs_target',
      'draft.content.steps.2.wait_ms out_of_range',
    ]);
  });

  it('frequency by type: tours and surveys any kind, banners once or unlimited, the others none', () => {
    expect(
      issuesOf('tour', tourDraft(undefined, { frequency: { kind: 'limited', times: 3, days_apart: 7 } })),
    ).toEqual([]);
    expect(issuesOf('tour', tourDraft(undefined, { frequency: null }))).toEqual(['draft.frequency required']);
    const limitedBanner = {
      ...bannerDraft(),
      frequency: { kind: 'limited' as const, times: 2, days_apart: 1 },
    };
    expect(issuesOf('banner', limitedBanner)).toEqual(['draft.frequency.kind frequency_kind']);
    expect(issuesOf('banner', { ...bannerDraft(), frequency: { kind: 'unlimited' } })).toEqual([]);
    expect(issuesOf('program', { ...programDraft([urlItem('Docs')]), frequency: { kind: 'once' } })).toEqual([
      'draft.frequency no_frequency',
    ]);
    for (const type of ['tour', 'program', 'survey'] as const)
      expect(issuesOf(type, emptyDefinition(type)!)).toEqual([]);
    for (const type of ['launcher', 'banner', 'announcement', 'tracker'] as const)
      expect(emptyDefinition(type)).toBeNull();
  });

  it('banners, launchers, announcements, surveys, trackers and program items keep their own rules', () => {
    expect(
      issuesOf(
        'banner',
        bannerDraft({
          placement: 'before',
          sticky: true,
          button: { label: 'Go', url: '/a', action: 'dismiss' },
        }),
      ),
    ).toEqual([
      'draft.content.button url_or_action',
      'draft.content.target required',
      'draft.content.sticky not_for_placement',
    ]);
    expect(issuesOf('banner', bannerDraft({ placement: 'top', target: { selector: '#x' } }))).toEqual([
      'draft.content.target not_for_placement',
    ]);
    const launcher = (content: object) =>
      ({ targeting: defaultTargeting(), frequency: null, content }) as Definition;
    expect(
      issuesOf(
        'launcher',
        launcher({
          kind: 'button',
          target: { selector: '#help' },
          label: null,
          activation: 'hover',
          action: { type: 'start_tour', tour_id: 'nope' },
        }),
      ),
    ).toEqual(['draft.content.label required', 'draft.content.action.tour_id ulid']);
    expect(
      issuesOf('announcement', {
        targeting: defaultTargeting(),
        frequency: null,
        content: {
          distribution: 'popup',
          title: '',
          body: 'b',
          starts_at: '2026-12-01T00:00:00Z',
          ends_at: '2026-11-01T00:00:00Z',
        },
      }),
    ).toEqual(['draft.content.title required', 'draft.content.ends_at window_order']);
    expect(
      issuesOf('survey', {
        targeting: defaultTargeting(),
        frequency: { kind: 'once' },
        content: {
          placement: 'modal',
          thank_you: 'Thanks',
          questions: [
            { kind: 'nps', prompt: 'Recommend us?', attribute_key: 'nps' },
            {
              kind: 'scale',
              prompt: 'Ease?',
              attribute_key: null,
              min: 5,
              max: 5,
              min_label: 'Hard',
              max_label: 'Easy',
            },
            {
              kind: 'choice',
              prompt: 'Which?',
              attribute_key: '1bad',
              options: [{ label: 'A' }],
              multiple: true,
            },
          ],
        },
      }),
    ).toEqual([
      'draft.content.questions.1.max scale_order',
      'draft.content.questions.2.attribute_key key_pattern',
      'draft.content.questions.2.options too_few',
    ]);
    expect(
      issuesOf('tracker', {
        targeting: defaultTargeting(),
        frequency: null,
        content: { event_name: 'service.x' },
      }),
    ).toEqual(['draft.content.event_name reserved_prefix']);
    expect(
      issuesOf(
        'program',
        programDraft([
          { title: 'Tour', description: '', kind: 'tour', url: '/x' },
          { ...urlItem('Bad'), url: 'javascript:1' },
        ]),
      ),
    ).toEqual([
      'draft.content.sections.0.items.0.url not_for_kind',
      'draft.content.sections.0.items.0.tour_id ulid',
      'draft.content.sections.0.items.1.url link',
    ]);
  });

  it('limits come from DEFINITION_LIMITS', () => {
    const steps = Array.from({ length: DEFINITION_LIMITS.tourSteps + 1 }, (_, i) => tourStep(`Step ${i}`));
    expect(issuesOf('tour', tourDraft(steps))).toEqual(['draft.content.steps too_many']);
    const def = tourDraft();
    def.targeting.pages.exclude = Array.from({ length: DEFINITION_LIMITS.urlRulesPerList + 1 }, () => ({
      match: 'prefix' as const,
      value: '/a',
    }));
    expect(issuesOf('tour', def)).toEqual(['draft.targeting.pages.exclude too_many']);
  });

  it('assigns ULIDs to entries without an id and keeps the ids given', () => {
    const saved = withIds('tour', tourDraft([tourStep('A', { id: 'kept' }), tourStep('B')]), now);
    const ids = (saved.content as { steps: { id: string }[] }).steps.map((s) => s.id);
    expect(ids[0]).toBe('kept');
    expect(ids[1]).toMatch(/^[0-9a-z]{26}$/);
    const program = withIds('program', programDraft([urlItem('A')]), now);
    const section = (program.content as { sections: { id: string; items: { id: string }[] }[] }).sections[0]!;
    expect(section.id).toMatch(/^[0-9a-z]{26}$/);
    expect(section.items[0]!.id).toMatch(/^[0-9a-z]{26}$/);
  });
});
