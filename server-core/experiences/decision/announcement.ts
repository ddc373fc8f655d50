import type { Evaluator } from './evaluator';
import { readAnnouncement } from './read-content';
import { inWindow } from './targeting';
import type { AnnouncementList, AnnouncementView } from './views';

/**
 * Announcements: listed while inside both the targeting window and the entry's own starts_at / ends_at;
 * `read` once the person has a seen marker of the experience (any version: a republished entry stays
 * read). An unread `popup` also competes for the intrusive slot (auto_start type announcement).
 */
export const announcement: Evaluator = {
  allowed(e, _person, now) {
    const view = readAnnouncement(e.content);
    return view !== null && inWindow(view, now);
  },
  deliver(e, person, draft, pending) {
    const view = readAnnouncement(e.content);
    if (!view) return;
    const read = person.seen.has(e.id);
    if (view.distribution === 'popup' && !read) {
      draft.autoStart.push({
        type: 'announcement',
        experience_id: e.id,
        version_id: e.versionId,
        triggers: e.triggers,
        priority: e.priority,
        pending,
      });
    }
    if (pending) return;
    draft.announcements.push({
      experience_id: e.id,
      version_id: e.versionId,
      title: view.title,
      body: view.body,
      distribution: view.distribution,
      published_at: new Date(e.publishedAt ?? 0).toISOString(),
      read,
    });
  },
};

/** Newest first (ties by the newer experience); unread counts the unread badge and popup entries. */
export function announcementList(items: readonly AnnouncementView[]): AnnouncementList {
  const sorted = [...items].sort(
    (a, b) =>
      Date.parse(b.published_at) - Date.parse(a.published_at) ||
      (a.experience_id < b.experience_id ? 1 : a.experience_id > b.experience_id ? -1 : 0),
  );
  return {
    unread: sorted.filter((i) => !i.read && i.distribution !== 'silent').length,
    items: sorted,
  };
}
