import type { components } from '../../bff/openapi/schema';
import type { Bus } from './bus';
import type { Store } from './store';
import type { TabId } from './tabs';
import type { Reply } from './transport';

export type BootConfig = components['schemas']['WidgetBootConfig'];
export type BootReply = components['schemas']['WidgetBootResponse'];
export type HelpHit = components['schemas']['WidgetHelpHit'];
export type HelpArticle = components['schemas']['WidgetHelpArticle'];

export interface UiState {
  open: boolean;
  tab: TabId;
  /** What Help shows: a search (query) or one article (slug); `help` counts requests so repeats apply. */
  query: string;
  article: string | null;
  help: number;
  /** The panel was opened from the keyboard (focus goes to the search box, rings show at once). */
  kb: boolean;
}

/** What the panel and its chunks get from the core (passed in, never a global). */
export interface Runtime {
  config: BootConfig;
  tabs: TabId[];
  ui: Store<UiState>;
  /**
   * Internal events: `restored` (body swap), `route` (SPA change), `identity` (user.set succeeded),
   * `realtime` (a RealtimeMessage from the realtime socket, realtime.ts: `ready` after each (re)connection,
   * when whatever was published meanwhile was missed, then the service's messages).
   */
  events: Bus;
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>>;
}
