import { describe, expect, it } from 'vitest';
import { DAY, manualClock } from '../../lib/clock';
import { newId } from '../../lib/ulid';
import { programDefinition, step, tourDefinition } from '../../testing/experiences';
import { chooseAutoStart } from './auto-start';
import { decide, preselect } from './decide';
import { eventCountKey } from './events';
import { buildExperienceIndex, compileSteps, type PublishedRow } from './experience-index';
import type { SessionHistory } from './frequency';
import type { Person } from './person';
import { assembleProgram, programProgress } from './program';
import { parsePageUrl } from './url-match';
import { watchKey } from './watch';

const clock = manualClock('2026-11-01T12:00:00Z');
const ids = Array.from({ length: 12 }, (_, i) => newId(new Date(Date.UTC(2026, 0, 1 + i))));
const v = (i: number) => `v${ids[i]!.slice(1)}`;
const row = (i: number, type: string, definition: unknown, name = `E${i}`): PublishedRow => ({
  id: ids[i]!,
  type,
  name,
  version_id: v(i),
  definition,
});
const person = (p: Partial<Person> = {}): Person => ({
  identified: false,
  attributes: {},
  eventCounts: new Map(),
  facts: new Map(),
  history: new Map(),
  programs: new Map(),
  seen: new Map(),
  ...p,
});
const page = (url: string) => parsePageUrl(url)!;

function run(
  rows: PublishedRow[],
  who: Person,
  url = 'https://app.example.com/dashboard',
  olderSteps = new Map(),
) {
  const index = buildExperienceIndex('ws', rows);
  const p = page(url);
  const now = clock.now().getTime();
  const candidates = preselect(index, p, who.identified, now);
  return decide({ index, candidates, page: p, person: who, now, olderSteps });
}
const history = (h: Partial<SessionHistory>): SessionHistory => ({
  sessions: 1,
  lastStartedAt: clock.now().getTime() - DAY,
  completed: false,
  active: null,
  ...h,
});

describe('the decision (pure)', () => {
  it('an empty workspace decides nothing, in the answer shape of the design', () => {
    expect(run([], person())).toEqual({
      launchers: [],
      banners: [],
      announcements: { unread: 0, items: [] },
      programs: [],
      auto_start: null,
      resume: null,
      watch: [],
    });
  });

  it('auto-starts the highest priority eligible tour; ties go to the older experience', () => {
    const rows = [
      row(0, 'tour', tourDefinition({ targeting: { priority: 5 } })),
      row(1, 'tour', tourDefinition({ targeting: { priority: 9, triggers: { time_on_page_seconds: 3 } } })),
      row(2, 'tour', tourDefinition({ targeting: { priority: 9 } })),
    ];
    expect(run(rows, person()).auto_start).toEqual({
      type: 'tour',
      experience_id: ids[1],
      version_id: v(1),
      triggers: { time_on_page_seconds: 3 },
    });
    expect(run([rows[2]!, rows[0]!], person()).auto_start?.experience_id).toBe(ids[2]);
  });

  it('window: from starts_at (inclusive) to ends_at (exclusive), as the clock moves', () => {
    const at = clock.now();
    const rows = [
      row(
        0,
        'tour',
        tourDefinition({
          targeting: {
            window: { starts_at: at.toISOString(), ends_at: new Date(at.getTime() + DAY).toISOString() },
          },
        }),
      ),
    ];
    expect(run(rows, person()).auto_start).not.toBeNull();
    clock.advance(-1);
    expect(run(rows, person()).auto_start).toBeNull();
    clock.advance(1 + DAY - 1);
    expect(run(rows, person()).auto_start).not.toBeNull();
    clock.advance(1);
    expect(run(rows, person()).auto_start).toBeNull();
    clock.set(at);
  });

  it('audience: identified is a verified contact, anonymous anyone else', () => {
    const ident = [row(0, 'tour', tourDefinition({ targeting: { audience: 'identified' } }))];
    const anon = [row(0, 'tour', tourDefinition({ targeting: { audience: 'anonymous' } }))];
    expect(run(ident, person()).auto_start).toBeNull();
    expect(run(ident, person({ identified: true })).auto_start).not.toBeNull();
    expect(run(anon, person()).auto_start).not.toBeNull();
    expect(run(anon, person({ identified: true })).auto_start).toBeNull();
  });

  it('pages: include and exclude', () => {
    const rows = [
      row(
        0,
        'tour',
        tourDefinition({
          targeting: {
            pages: {
              include: [{ match: 'prefix', value: '/app' }],
              exclude: [{ match: 'regex', value: '^/app/admin' }],
            },
          },
        }),
      ),
    ];
    expect(run(rows, person(), 'https://x.com/app/home').auto_start).not.toBeNull();
    expect(run(rows, person(), 'https://x.com/app/admin/users').auto_start).toBeNull();
    expect(run(rows, person(), 'https://x.com/docs').auto_start).toBeNull();
  });

  it('attributes and events, all of them must hold', () => {
    const rows = [
      row(
        0,
        'tour',
        tourDefinition({
          targeting: {
            attributes: [
              { key: 'plan', op: 'equals', value: 'pro' },
              { key: 'seats', op: 'greater_than', value: 5 },
            ],
            events: [
              { name: 'exported', did: true, at_least: 2, within_days: 30 },
              { name: 'churned', did: false },
            ],
          },
        }),
      ),
    ];
    const counts = new Map([
      [eventCountKey('exported', 30), 2],
      [eventCountKey('churned', null), 0],
    ]);
    const ok = person({ identified: true, attributes: { plan: 'Pro', seats: '10' }, eventCounts: counts });
    expect(run(rows, ok).auto_start).not.toBeNull();
    expect(run(rows, { ...ok, attributes: { plan: 'pro', seats: 4 } }).auto_start).toBeNull();
    expect(
      run(rows, { ...ok, eventCounts: new Map([[eventCountKey('exported', 30), 1]]) }).auto_start,
    ).toBeNull();
    expect(
      run(rows, { ...ok, eventCounts: new Map([...counts, [eventCountKey('churned', null), 1]]) }).auto_start,
    ).toBeNull();
  });

  it('elements: watched by a stable key; held back while unknown, then met or not', () => {
    const selector = '#billing .upgrade';
    const key = watchKey(selector);
    const rows = [
      row(0, 'tour', tourDefinition({ targeting: { elements: [{ selector, present: true }], priority: 1 } })),
      row(1, 'tour', tourDefinition({ targeting: { elements: [{ selector: '#promo', present: false }] } })),
    ];
    const unknown = run(rows, person());
    expect(unknown.auto_start).toBeNull();
    expect(unknown.watch).toEqual([
      { key, selector },
      { key: watchKey('#promo'), selector: '#promo' },
    ]);
    expect(key).toMatch(/^e[0-9a-f]{12}$/);
    expect(watchKey(selector)).toBe(key);

    const met = run(rows, person({ facts: new Map([[key, true]]) }));
    expect(met.auto_start?.experience_id).toBe(ids[0]);
    expect(met.watch).toHaveLength(2);
    const unmet = run(rows, person({ facts: new Map([[key, false]]) }));
    expect(unmet.auto_start).toBeNull(); // the other still waits on #promo
    const both = run(
      rows,
      person({
        facts: new Map([
          [key, false],
          [watchKey('#promo'), false],
        ]),
      }),
    );
    expect(both.auto_start?.experience_id).toBe(ids[1]);
  });

  it('a lower tour waits while a higher one waits on element facts', () => {
    const rows = [
      row(
        0,
        'tour',
        tourDefinition({ targeting: { elements: [{ selector: '#a', present: true }], priority: 9 } }),
      ),
      row(1, 'tour', tourDefinition({ targeting: { priority: 1 } })),
      row(
        2,
        'tour',
        tourDefinition({ targeting: { elements: [{ selector: '#b', present: true }], priority: 0 } }),
      ),
    ];
    expect(run(rows, person()).auto_start).toBeNull();
    expect(run(rows, person({ facts: new Map([[watchKey('#a'), false]]) })).auto_start?.experience_id).toBe(
      ids[1],
    );
  });

  it('frequency and active sessions decide which tours may start', () => {
    const rows = [
      row(0, 'tour', tourDefinition({ frequency: { kind: 'once' }, targeting: { priority: 3 } })),
      row(
        1,
        'tour',
        tourDefinition({
          frequency: { kind: 'limited', times: 2, days_apart: 3 },
          targeting: { priority: 2 },
        }),
      ),
      row(2, 'tour', tourDefinition({ frequency: { kind: 'unlimited' }, targeting: { priority: 1 } })),
      row(3, 'tour', tourDefinition({ frequency: null })),
    ];
    const who = (h: [number, Partial<SessionHistory>][]) =>
      person({ history: new Map(h.map(([i, x]) => [ids[i]!, history(x)])) });
    expect(run(rows, who([])).auto_start?.experience_id).toBe(ids[0]);
    expect(run(rows, who([[0, {}]])).auto_start?.experience_id).toBe(ids[1]); // started 1 day ago < 3
    expect(
      run(
        rows,
        who([
          [0, {}],
          [1, { lastStartedAt: clock.now().getTime() - 3 * DAY }],
        ]),
      ).auto_start?.experience_id,
    ).toBe(ids[1]);
    expect(
      run(
        rows,
        who([
          [0, {}],
          [1, {}],
        ]),
      ).auto_start?.experience_id,
    ).toBe(ids[2]);
    expect(
      run(
        rows,
        who([
          [0, {}],
          [1, {}],
          [2, { completed: true, sessions: 9 }],
        ]),
      ).auto_start?.experience_id,
    ).toBe(ids[2]);
    const active = { sessionId: 's', versionId: v(2), stepId: 'nope', startedAt: 0 };
    expect(
      run(
        rows,
        who([
          [0, {}],
          [1, {}],
          [2, { active }],
        ]),
      ).auto_start?.experience_id,
    ).toBe(ids[3]);
    expect(
      run(
        rows,
        who([
          [0, {}],
          [1, {}],
          [2, { active }],
          [3, {}],
        ]),
      ).auto_start,
    ).toBeNull(); // null frequency = once
  });

  it('resume: the active session whose current step lives on this page (or on any page)', () => {
    const steps = [
      step('a', { page: { match: 'exact', value: '/one' } }),
      step('b', { page: null }),
      step('c', { page: { match: 'prefix', value: '/three' } }),
    ];
    const rows = [row(0, 'tour', tourDefinition({ steps })), row(1, 'tour', tourDefinition())];
    const on = (stepId: string | null, startedAt = 1) =>
      person({
        history: new Map([
          [ids[0]!, history({ active: { sessionId: 'sess', versionId: v(0), stepId, startedAt } })],
        ]),
      });
    const resume = (stepId: string) => ({
      experience_id: ids[0],
      version_id: v(0),
      session_id: 'sess',
      step_id: stepId,
    });
    expect(run(rows, on('a'), 'https://x.com/one/').resume).toEqual(resume('a'));
    expect(run(rows, on('a'), 'https://x.com/two').resume).toBeNull();
    expect(run(rows, on(null), 'https://x.com/one').resume).toEqual(resume('a'));
    expect(run(rows, on('b'), 'https://x.com/anything').resume).toEqual(resume('b'));
    expect(run(rows, on('c'), 'https://x.com/three/x').resume).toEqual(resume('c'));
    expect(run(rows, on('gone'), 'https://x.com/three/x').resume).toBeNull();
    // a resuming tour takes the slot: no auto-start beside it
    expect(run(rows, on('b')).auto_start).toBeNull();
    expect(run(rows, on('a'), 'https://x.com/two').auto_start?.experience_id).toBe(ids[1]);
  });

  it("resume on an older version uses that version's steps; an unpublished tour never resumes", () => {
    const rows = [
      row(0, 'tour', tourDefinition({ steps: [step('new', { page: { match: 'exact', value: '/new' } })] })),
    ];
    const who = person({
      history: new Map([
        [ids[0]!, history({ active: { sessionId: 's', versionId: 'old', stepId: 'o1', startedAt: 1 } })],
      ]),
    });
    const older = new Map([
      ['old', compileSteps({ steps: [step('o1', { page: { match: 'exact', value: '/old' } })] })],
    ]);
    expect(run(rows, who, 'https://x.com/old', older).resume).toEqual({
      experience_id: ids[0],
      version_id: 'old',
      session_id: 's',
      step_id: 'o1',
    });
    expect(run(rows, who, 'https://x.com/new', older).resume).toBeNull();
    expect(run([], who, 'https://x.com/old', older).resume).toBeNull();
  });

  it('several resumable sessions: the newest', () => {
    const rows = [row(0, 'tour', tourDefinition()), row(1, 'tour', tourDefinition())];
    const who = person({
      history: new Map([
        [ids[0]!, history({ active: { sessionId: 'old', versionId: v(0), stepId: null, startedAt: 1 } })],
        [ids[1]!, history({ active: { sessionId: 'new', versionId: v(1), stepId: 's2', startedAt: 2 } })],
      ]),
    });
    expect(run(rows, who).resume).toMatchObject({ session_id: 'new', step_id: 's2' });
  });

  it('programs: targeted ones, in priority order, with item states and counts', () => {
    const rows = [
      row(0, 'program', programDefinition({ targeting: { priority: 1 } }), 'Onboarding'),
      row(1, 'program', programDefinition({ targeting: { priority: 2 } }), 'Admin setup'),
      row(2, 'program', programDefinition({ targeting: { audience: 'identified' } }), 'Hidden'),
    ];
    const who = person({
      programs: new Map([
        [
          ids[0]!,
          {
            sessionId: 'ps',
            items: new Map([
              ['i1', 'done'],
              ['i3', 'skipped'],
              ['gone', 'done'],
            ] as const),
          },
        ],
      ]),
    });
    const d = run(rows, who);
    expect(d.programs.map((p) => p.name)).toEqual(['Admin setup', 'Onboarding']);
    expect(d.programs[1]).toMatchObject({
      experience_id: ids[0],
      version_id: v(0),
      session_id: 'ps',
      done: 2,
      total: 3,
      progress: 2 / 3,
    });
    expect(d.programs[1]!.sections.map((s) => [s.done, s.total, s.items.map((i) => i.state)])).toEqual([
      [1, 2, ['done', 'todo']],
      [1, 1, ['skipped']],
    ]);
    expect(d.programs[0]).toMatchObject({ session_id: null, done: 0, total: 3, progress: 0 });
    expect(d.auto_start).toBeNull();
  });

  it('programs with element conditions wait for their facts', () => {
    const rows = [
      row(0, 'program', programDefinition({ targeting: { elements: [{ selector: '#x', present: true }] } })),
    ];
    expect(run(rows, person()).programs).toEqual([]);
    expect(run(rows, person({ facts: new Map([[watchKey('#x'), true]]) })).programs).toHaveLength(1);
  });

  it('definitions the decision cannot use are skipped; types without an evaluator deliver nothing yet', () => {
    const rows = [
      row(0, 'tour', {}),
      row(1, 'tour', { targeting: {}, content: { steps: [] } }),
      row(2, 'tour', null),
      row(3, 'banner', tourDefinition()),
      row(4, 'survey', tourDefinition()),
      row(5, 'nonsense', tourDefinition()),
      row(6, 'tour', {
        targeting: { pages: 'x', attributes: [1, { key: 'k' }], priority: 'high' },
        content: { steps: [{ id: 'only' }] },
      }),
    ];
    const index = buildExperienceIndex('ws', rows);
    expect(index.experiences.map((e) => e.id)).toEqual([ids[3], ids[4], ids[6]]);
    expect(run(rows, person()).auto_start?.experience_id).toBe(ids[6]);
  });
});

describe('auto-start choice', () => {
  const c = (id: string, priority: number, type: 'tour' | 'survey' = 'tour', pending = false) => ({
    type,
    experience_id: id,
    version_id: `v-${id}`,
    triggers: {},
    priority,
    pending,
  });
  it('tours and surveys compete for one slot', () => {
    expect(chooseAutoStart([c('01b', 1), c('01a', 2, 'survey')], { resuming: false })?.type).toBe('survey');
    expect(chooseAutoStart([c('01b', 2), c('01a', 2, 'survey')], { resuming: false })?.experience_id).toBe(
      '01a',
    );
    expect(chooseAutoStart([], { resuming: false })).toBeNull();
    expect(chooseAutoStart([c('01a', 1)], { resuming: true })).toBeNull();
    expect(chooseAutoStart([c('01a', 3, 'tour', true), c('01b', 1)], { resuming: false })).toBeNull();
    expect(
      chooseAutoStart([c('01a', 0, 'tour', true), c('01b', 1)], { resuming: false })?.experience_id,
    ).toBe('01b');
  });
});

describe('program progress', () => {
  const content = programDefinition().content;
  it('done counts done and skipped; an empty program is 0', () => {
    expect(programProgress(content, new Map())).toMatchObject({ done: 0, total: 3, progress: 0 });
    expect(programProgress(content, new Map([['i1', 'in_progress']]))).toMatchObject({ done: 0 });
    expect(
      programProgress(
        content,
        new Map([
          ['i1', 'done'],
          ['i2', 'skipped'],
          ['i3', 'done'],
        ] as const),
      ),
    ).toMatchObject({ done: 3, total: 3, progress: 1 });
    expect(programProgress({ sections: [] }, new Map())).toEqual({
      sections: [],
      done: 0,
      total: 0,
      progress: 0,
    });
    const p = assembleProgram(
      { id: 'e', versionId: 'v', name: 'P', content: { sections: [{ id: 's', title: 'S', items: [] }] } },
      null,
    );
    expect(p).toMatchObject({ session_id: null, sections: [{ done: 0, total: 0, items: [] }], progress: 0 });
  });
});
