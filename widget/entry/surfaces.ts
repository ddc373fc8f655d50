import { pickLanguage } from '../core/language';
import type { Runtime } from '../core/runtime';
import type { SurfaceLoaders } from '../core/surface-types';
import { warn } from '../core/warn';
import type { SurfaceHost } from '../ui/surface-host';
import { loadCatalog } from './messages';

/** What the launcher and banner chunks take from the core: warnings, the visitor's messages, the colours. */
const host = async (rt: Runtime): Promise<SurfaceHost> => ({
  warn,
  cat: await loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages)),
  theme: rt.config.widget_settings.theme,
});

/**
 * The launcher and banner chunks, each fetched by import() the first time a decision brings one of its
 * type (widget/core/surfaces.ts asks), never before.
 */
export const surfaces: SurfaceLoaders = {
  async launchers(rt) {
    const [{ createLaunchers }, h] = await Promise.all([import('../chunks/launcher'), host(rt)]);
    return createLaunchers(h);
  },
  async banners(rt) {
    const [{ createBanners }, h] = await Promise.all([import('../chunks/banner'), host(rt)]);
    return createBanners(h);
  },
};
