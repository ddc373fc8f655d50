import type { components } from '../../../bff/openapi/schema';
import type { ExperienceState } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import type { Store } from '../../core/store';

export type Announcement = components['schemas']['WidgetAnnouncement'];

/** Entries read on this page load: kept read even if a decision that left before the seen post says otherwise. */
const opened = new Set<string>();
let synced: Store<ExperienceState> | null = null;

/** Marks an entry read in the engine's decision (its unread badge or popup no longer counts). */
function mark(state: Store<ExperienceState>, id: string) {
  const d = state.get().decision;
  const item = d?.announcements.items.find((x) => x.experience_id === id);
  if (!d || !item || item.read) return;
  const { unread, items } = d.announcements;
  state.set({
    decision: {
      ...d,
      announcements: {
        unread: Math.max(0, unread - (item.distribution === 'silent' ? 0 : 1)),
        items: items.map((x) => (x === item ? { ...x, read: true } : x)),
      },
    },
  });
}

/**
 * The first opening of an unread entry's detail: one seen record (widgetRecordSeen with the page URL
 * and the version delivered; functional, never consent-gated), and the entry is read at once here: the
 * launcher's count drops, the entry stays in the list without its unread mark.
 */
export function readAnnouncement(rt: Runtime, a: Announcement, url: string): void {
  const state = rt.exp?.state;
  if (!state || a.read || opened.has(a.experience_id)) return;
  opened.add(a.experience_id);
  if (synced !== state) {
    synced = state;
    state.sub(() => {
      for (const id of opened) mark(state, id);
    });
  }
  mark(state, a.experience_id);
  void rt.call('POST', `widget/experiences/${a.experience_id}/seen`, {
    url,
    version_id: a.version_id,
  });
}
