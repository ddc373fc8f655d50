import type { components } from '../../bff/openapi/schema';
import type { Runtime } from './runtime';

/**
 * The launcher and banner chunks' interfaces as the core sees them (docs/decisions/experiences.md, Part 2:
 * chunks). The chunks (widget/chunks/launcher, widget/chunks/banner) implement them; the core calls them
 * through the loaders the entry hands to startWidget, so a chunk is fetched only for a decision that
 * brings at least one of its type.
 */

type Schemas = components['schemas'];
export type WidgetLauncher = Schemas['WidgetLauncher'];
export type WidgetBanner = Schemas['WidgetBanner'];

/** What a shown launcher reports. */
export interface LauncherEvents {
  /** Its element is on the page, beside its target (the launcher.shown beacon). */
  shown(): void;
  /** One activation (a tooltip: each opening); the core posts the seen record and runs the action. */
  activate(): void;
}

export interface LauncherLayer {
  /** Shows one launcher (once its target is on the page); returns its removal. */
  show(launcher: WidgetLauncher, on: LauncherEvents): () => void;
}

/** What a shown banner reports. */
export interface BannerEvents {
  /** It rendered (the seen record and the banner.shown beacon). */
  shown(): void;
  /** Its button was used (the banner.clicked beacon; the core runs a button action). */
  clicked(): void;
  /** The person dismissed it (its close button or a `dismiss` button): it is gone from the page. */
  dismissed(): void;
}

export interface BannerLayer {
  /** Shows one banner (an anchored one once its element is on the page); returns its removal. */
  show(banner: WidgetBanner, on: BannerEvents): () => void;
}

/** Loads a chunk (once) and gives its layer; the entry implements them with import(). */
export interface SurfaceLoaders {
  launchers(rt: Runtime): Promise<LauncherLayer>;
  banners(rt: Runtime): Promise<BannerLayer>;
}
