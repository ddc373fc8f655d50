import type { ExperienceState } from '../core/experiences';
import type { Runtime } from '../core/runtime';
import { createStore } from '../core/store';
import { fill, type Messages } from '../ui/messages';
import { useStore } from '../ui/use-store';

const NONE = createStore<ExperienceState>({ decision: null, programs: [] });

/** The unread badge and popup announcements (the decision's count, dropped as the panel reads them). */
export const useUnread = (rt: Runtime): number =>
  useStore(rt.exp?.state ?? NONE).decision?.announcements.unread ?? 0;

/** The launcher button's name: "Open support", with the unread count when there is one. */
export const openName = (t: Messages, unread: number): string =>
  unread ? fill(unread === 1 ? t.openUnread1 : t.openUnreadN, { n: unread }) : t.open;
