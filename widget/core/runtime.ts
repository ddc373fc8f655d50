import type { components } from '../../bff/openapi/schema';
import type { Bus } from './bus';
import type { Experiences } from './experiences';
import type { Store } from './store';
import type { TabId } from './tabs';
import type { Method, Reply } from './transport';

export type BootConfig = components['schemas']['WidgetBootConfig'];
export type BootReply = components['schemas']['WidgetBootResponse'];
export type HelpHit = components['schemas']['WidgetHelpHit'];
export type HelpArticle = components['schemas']['WidgetHelpArticle'];

export interface UiState {
  open: boolean;
  tab: TabId;
  /** The tabs shown: Onboarding while a program is delivered (tabs.ts visibleTabs). */
  tabs: TabId[];
  /** What Help shows: a search (query) or one article (slug); `help` counts requests so repeats apply. */
  query: string;
  article: string | null;
  help: number;
  /** An announcement to open in Help (a popup that won the slot), consumed by the panel. */
  news?: string | null;
  /** The panel was opened from the keyboard (focus goes to the search box, rings show at once). */
  kb: boolean;
  /**
   * The Chat tab's view: null the list, `new` a new conversation, else the open conversation's id (kept
   * here, so a panel reloaded after a body swap shows it again, refetched).
   */
  conversation: string | null;
}

/** What the panel and its chunks get from the core (passed in, never a global). */
export interface Runtime {
  config: BootConfig;
  ui: Store<UiState>;
  /**
   * Internal events: `restored` (body swap), `route` (SPA change), `identity` (user.set succeeded),
   * `custom-event` (a name from Widget.event.push or Widget.track, for triggers and event items),
   * `realtime` (a RealtimeMessage from the realtime socket, realtime.ts: `ready` after each (re)connection,
   * when whatever was published meanwhile was missed, then the service's messages), `conversation` (a
   * WidgetConversation fetched after a chat frame, chat.ts).
   */
  events: Bus;
  call<T>(method: Method, path: string, body?: unknown): Promise<Reply<T>>;
  /** The experience engine (experiences.ts); null while feature.experiences.core is off. */
  exp: Experiences | null;
  /** Widget.walkthrough.start (a program's guide item: "Show me on the page"). */
  startWalkthrough?: (guideId: string) => void;
}
