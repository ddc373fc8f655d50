import type { Bus } from '../../core/bus';
import type { BootConfig } from '../../core/runtime';
import type { Method, Reply } from '../../core/transport';
import type { Catalog } from '../../ui/messages';

/** What the walkthrough chunk takes from the core (handed over by the entry, never a global). */
export interface WalkthroughHost {
  /** The core's `[widget]` warning. */
  warn: (...args: unknown[]) => void;
  /** `restored` (a body swap ends a walkthrough and aborts a run), `route` (an SPA navigation). */
  events: Pick<Bus, 'on'>;
  /** A widget call under the visitor token. */
  call<T>(method: Method, path: string, body?: unknown): Promise<Reply<T>>;
  /** The visitor's message catalog (the card's and the panel's strings follow the widget's language). */
  cat: Catalog;
  theme?: BootConfig['widget_settings']['theme'];
}
