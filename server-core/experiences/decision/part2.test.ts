import { describe, expect, it } from 'vitest';
import { DAY, manualClock } from '../../lib/clock';
import { newId } from '../../lib/ulid';
import { tourDefinition } from '../../testing/experiences';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  SURVEY_QUESTIONS,
  surveyDefinition,
} from '../../testing/visible-experiences';
import { decide, preselect } from './decide';
import { buildExperienceIndex, type PublishedRow } from './experience-index';
import type { SessionHistory } from './frequency';
import type { Person, SeenHistory } from './person';
import { parsePageUrl } from './url-match';

const clock = manualClock('2026-11-01T12:00:00Z');
const NOW = clock.now().getTime();
const ids = Array.from({ length: 12 }, (_, i) => newId(new Date(Date.UTC(2026, 0, 1 + i))));
const v = (i: number) => `v${ids[i]!.slice(1)}`;
const row = (i: number, type: string, definition: unknown, publishedAt?: string): PublishedRow => ({
  id: ids[i]!,
  type,
  name: `E${i}`,
  version_id: v(i),
  definition,
  published_at: publishedAt ?? null,
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
const seen = (s: Partial<SeenHistory> = {}): SeenHistory => ({
  versionIds: ['old-version'],
  firstSeenAt: NOW - DAY,
  dismissed: false,
  activations: 1,
  ...s,
});
const history = (h: Partial<SessionHistory>): SessionHistory => ({
  sessions: 1,
  lastStartedAt: NOW - DAY,
  completed: false,
  active: null,
  ...h,
});

function run(rows: PublishedRow[], who: Person, now = NOW) {
  const index = buildExperienceIndex('ws', rows);
  const page = parsePageUrl('https://app.example.com/dashboard')!;
  const candidates = preselect(index, page, who.identified, now);
  return decide({ index, candidates, page, person: who, now, olderSteps: new Map() });
}
const seenOf = (entries: [number, SeenHistory][]) => new Map(entries.map(([i, s]) => [ids[i]!, s]));

describe('the decision of launchers, banners, announcements and surveys (pure)', () => {
  it('a launcher is delivered with its content until the person has any seen marker of it, of any version', () => {
    const rows = [row(0, 'launcher', launcherDefinition())];
    expect(run(rows, person()).launchers).toEqual([
      {
        experience_id: ids[0],
        version_id: v(0),
        kind: 'beacon',
        target: { selector: '#cart' },
        label: null,
        activation: 'hover',
        action: { type: 'tooltip', text: 'Your basket lives here.' },
      },
    ]);
    expect(
      run(rows, person({ seen: seenOf([[0, seen({ versionIds: ['an-older-one'] })]]) })).launchers,
    ).toEqual([]);
    // A launcher whose content the widget cannot use is never delivered.
    expect(
      run([row(1, 'launcher', { ...launcherDefinition(), content: { kind: 'beacon' } })], person()).launchers,
    ).toEqual([]);
  });

  it('a banner: never once dismissed; a once banner never after it was seen; an unlimited one until dismissed', () => {
    const once = row(0, 'banner', bannerDefinition());
    const unlimited = row(1, 'banner', bannerDefinition({ frequency: { kind: 'unlimited' } }));
    const ids01 = (p: Person) => run([once, unlimited], p).banners.map((b) => b.experience_id);
    expect(ids01(person())).toEqual([ids[0], ids[1]]);
    expect(run([once], person()).banners[0]).toEqual({
      experience_id: ids[0],
      version_id: v(0),
      message: 'Free delivery this week.',
      button: { label: 'See how', url: null, action: 'open_help' },
      placement: 'top',
      target: null,
      sticky: true,
      dismissible: true,
    });
    expect(
      ids01(
        person({
          seen: seenOf([
            [0, seen()],
            [1, seen()],
          ]),
        }),
      ),
    ).toEqual([ids[1]]);
    expect(ids01(person({ seen: seenOf([[1, seen({ dismissed: true })]]) }))).toEqual([ids[0]]);
    // A banner without a frequency is `once`.
    expect(
      run(
        [row(2, 'banner', { ...bannerDefinition(), frequency: null })],
        person({ seen: seenOf([[2, seen()]]) }),
      ).banners,
    ).toEqual([]);
  });

  it('announcements: inside both windows, newest first, read after a seen marker, unread counting badge and popup only', () => {
    const rows = [
      row(
        0,
        'announcement',
        announcementDefinition({ content: { distribution: 'silent' } }),
        '2026-10-03T00:00:00Z',
      ),
      row(
        1,
        'announcement',
        announcementDefinition({ content: { distribution: 'badge' } }),
        '2026-10-01T00:00:00Z',
      ),
      row(
        2,
        'announcement',
        announcementDefinition({ content: { distribution: 'popup' } }),
        '2026-10-02T00:00:00Z',
      ),
      // The entry's own window: not yet, and over.
      row(
        3,
        'announcement',
        announcementDefinition({ content: { starts_at: '2026-11-02T00:00:00Z' } }),
        '2026-10-04T00:00:00Z',
      ),
      row(4, 'announcement', announcementDefinition({ content: { ends_at: '2026-11-01T12:00:00Z' } })),
      // The targeting window too.
      row(
        5,
        'announcement',
        announcementDefinition({
          targeting: { window: { starts_at: null, ends_at: '2026-10-01T00:00:00Z' } },
        }),
      ),
    ];
    const fresh = run(rows, person()).announcements;
    expect(fresh.items.map((i) => i.experience_id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(fresh.unread).toBe(2);
    expect(fresh.items[0]).toEqual({
      experience_id: ids[0],
      version_id: v(0),
      title: 'Gift cards are here',
      body: 'Buy one from the basket.',
      distribution: 'silent',
      published_at: '2026-10-03T00:00:00.000Z',
      read: false,
    });
    const readBadge = run(rows, person({ seen: seenOf([[1, seen()]]) })).announcements;
    expect(readBadge.unread).toBe(1);
    expect(readBadge.items.map((i) => i.read)).toEqual([false, false, true]);
    // From starts_at (inclusive): the entry appears at its start.
    expect(
      run(rows, person(), Date.parse('2026-11-02T00:00:00Z')).announcements.items.map((i) => i.experience_id),
    ).toContain(ids[3]);
  });

  it('a survey competes for the slot with its questions; once never after any attempt; never after completion; never while active', () => {
    const once = [row(0, 'survey', surveyDefinition())];
    expect(run(once, person()).auto_start).toEqual({
      type: 'survey',
      experience_id: ids[0],
      version_id: v(0),
      triggers: {},
      survey: { questions: SURVEY_QUESTIONS, placement: 'corner', thank_you: 'Thank you!' },
    });
    const h = (x: Partial<SessionHistory>) => person({ history: new Map([[ids[0]!, history(x)]]) });
    expect(run(once, h({})).auto_start).toBeNull();
    const limited = [
      row(0, 'survey', surveyDefinition({ frequency: { kind: 'limited', times: 3, days_apart: 1 } })),
    ];
    expect(run(limited, h({ sessions: 1 })).auto_start?.type).toBe('survey');
    expect(run(limited, h({ sessions: 1, lastStartedAt: NOW - DAY / 2 })).auto_start).toBeNull();
    expect(run(limited, h({ sessions: 3 })).auto_start).toBeNull();
    const unlimited = [row(0, 'survey', surveyDefinition({ frequency: { kind: 'unlimited' } }))];
    expect(run(unlimited, h({ sessions: 5 })).auto_start?.type).toBe('survey');
    expect(run(unlimited, h({ completed: true })).auto_start).toBeNull();
    expect(
      run(unlimited, h({ active: { sessionId: 's', versionId: v(0), stepId: null, startedAt: NOW } }))
        .auto_start,
    ).toBeNull();
    // A survey without questions is never delivered.
    expect(run([row(1, 'survey', surveyDefinition({ questions: [] }))], person()).auto_start).toBeNull();
  });

  it('the slot: the highest priority of a tour, a survey and an unread popup wins; a read popup leaves; a resume holds it first', () => {
    const rows = (tour: number, survey: number, popup: number) => [
      row(0, 'tour', tourDefinition({ targeting: { priority: tour } })),
      row(1, 'survey', surveyDefinition({ targeting: { priority: survey } })),
      row(
        2,
        'announcement',
        announcementDefinition({ targeting: { priority: popup }, content: { distribution: 'popup' } }),
      ),
    ];
    expect(run(rows(9, 5, 1), person()).auto_start?.type).toBe('tour');
    expect(run(rows(1, 9, 5), person()).auto_start?.type).toBe('survey');
    const popup = run(rows(1, 5, 9), person()).auto_start;
    expect(popup).toEqual({ type: 'announcement', experience_id: ids[2], version_id: v(2), triggers: {} });
    // Read, the popup no longer competes (it stays in the list): the survey wins.
    const read = run(rows(1, 5, 9), person({ seen: seenOf([[2, seen()]]) }));
    expect(read.auto_start?.type).toBe('survey');
    expect(read.announcements.items).toHaveLength(1);
    // Equal priorities: the older experience.
    expect(run(rows(3, 3, 3), person()).auto_start?.experience_id).toBe(ids[0]);
    // A tour session resuming here holds the slot: nobody auto-starts.
    const resuming = person({
      history: new Map([
        [ids[0]!, history({ active: { sessionId: 's', versionId: v(0), stepId: 's1', startedAt: NOW } })],
      ]),
    });
    const r = run(rows(1, 5, 9), resuming);
    expect(r.resume?.experience_id).toBe(ids[0]);
    expect(r.auto_start).toBeNull();
  });

  it('element conditions hold the part-2 types back until reported; a pending popup holds the slot', () => {
    const el = { elements: [{ selector: '#cart', present: true }] };
    const rows = [
      row(0, 'launcher', launcherDefinition({ targeting: el })),
      row(1, 'banner', bannerDefinition({ targeting: el })),
      row(
        2,
        'announcement',
        announcementDefinition({ targeting: { ...el, priority: 9 }, content: { distribution: 'popup' } }),
      ),
      row(3, 'survey', surveyDefinition()),
    ];
    const pending = run(rows, person());
    expect(pending.launchers).toEqual([]);
    expect(pending.banners).toEqual([]);
    expect(pending.announcements.items).toEqual([]);
    expect(pending.auto_start).toBeNull();
    expect(pending.watch.map((w) => w.selector)).toEqual(['#cart']);
    const key = pending.watch[0]!.key;
    const met = run(rows, person({ facts: new Map([[key, true]]) }));
    expect(met.launchers).toHaveLength(1);
    expect(met.banners).toHaveLength(1);
    expect(met.announcements.unread).toBe(1);
    expect(met.auto_start?.type).toBe('announcement');
  });
});
