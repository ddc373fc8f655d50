import type { BootConfig } from '../core/runtime';
import type { Catalog } from './messages';

/** What the launcher and banner chunks take from the core (passed in by the entry, never a global). */
export interface SurfaceHost {
  /** The core's `[widget]` warning. */
  warn: (...args: unknown[]) => void;
  /** The visitor's message catalog and its language tag. */
  cat: Catalog;
  /** The workspace's colours (boot config widget_settings.theme); the defaults when absent. */
  theme?: BootConfig['widget_settings']['theme'];
}
