import { expect, it } from 'vitest';
import type { Decision, ExperienceState, Experiences } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import { createStore } from '../../core/store';
import { type Announcement, readAnnouncement } from './news-read';

const entry = (id: string, distribution: Announcement['distribution'], read = false): Announcement => ({
  experience_id: id,
  version_id: `v-${id}`,
  title: `Title ${id}`,
  body: 'Body',
  distribution,
  published_at: '2026-11-01T12:00:00.000Z',
  read,
});

function setup(items: Announcement[], unread: number) {
  const decision = {
    programs: [],
    watch: [],
    launchers: [],
    banners: [],
    resume: null,
    auto_start: null,
    preview: null,
    announcements: { unread, items },
  } as Decision;
  const state = createStore<ExperienceState>({ decision, programs: [] });
  const calls: [string, string, unknown][] = [];
  const rt = {
    exp: { state } as unknown as Experiences,
    call: async (method: string, path: string, body: unknown) => {
      calls.push([method, path, body]);
      return { status: 200, body: null };
    },
  } as unknown as Runtime;
  return { state, calls, rt };
}

it('the first opening of an unread entry posts one seen record, marks it read and drops the count', () => {
  const { state, calls, rt } = setup([entry('a', 'badge'), entry('b', 'popup')], 2);
  const a = state.get().decision!.announcements.items[0]!;
  readAnnouncement(rt, a, 'https://host.test/page');
  readAnnouncement(rt, a, 'https://host.test/page');
  expect(calls).toEqual([
    ['POST', 'widget/experiences/a/seen', { url: 'https://host.test/page', version_id: 'v-a' }],
  ]);
  const now = state.get().decision!.announcements;
  expect(now.unread).toBe(1);
  expect(now.items.map((i) => [i.experience_id, i.read])).toEqual([
    ['a', true],
    ['b', false],
  ]);
});

it('a silent entry is read without touching the count; a read one posts nothing', () => {
  const { state, calls, rt } = setup([entry('s', 'silent'), entry('r', 'badge', true)], 0);
  readAnnouncement(rt, state.get().decision!.announcements.items[1]!, 'https://host.test/page');
  expect(calls).toEqual([]);
  readAnnouncement(rt, state.get().decision!.announcements.items[0]!, 'https://host.test/page');
  expect(calls).toHaveLength(1);
  expect(state.get().decision!.announcements.unread).toBe(0);
});

it('a decision that left before the seen post keeps the entry read here', () => {
  const { state, rt } = setup([entry('late', 'popup')], 1);
  readAnnouncement(rt, state.get().decision!.announcements.items[0]!, 'https://host.test/page');
  const stale = { ...state.get().decision!, announcements: { unread: 1, items: [entry('late', 'popup')] } };
  state.set({ decision: stale });
  expect(state.get().decision!.announcements).toMatchObject({ unread: 0, items: [{ read: true }] });
});
