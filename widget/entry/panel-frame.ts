import type { Runtime } from '../core/runtime';
import { warn } from '../core/warn';
import type { Catalog } from '../ui/messages';
import { adoptStyles } from '../ui/sheet';
import { themeCss } from '../ui/theme';

// The language tag and the title come from the widget's own catalog, never from the page or the server.
const panelDocument = ({ lang, t }: Catalog) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>${t.support}</title></head><body></body></html>`;

/**
 * Fills the src-less panel iframe (it inherits the page's origin; after a body swap it is a fresh
 * about:blank and is filled again). The contents are a lazy chunk. Returns the cleanup.
 */
export function mountPanel(frame: HTMLIFrameElement, rt: Runtime, cat: Catalog): () => void {
  const doc = frame.contentDocument;
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!doc || !win) return () => {};
  doc.open();
  doc.write(panelDocument(cat));
  doc.close();
  adoptStyles(doc, themeCss(rt.config.widget_settings.theme, ':root'), win);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') rt.ui.set({ open: false });
  };
  doc.addEventListener('keydown', onKey);
  let cancelled = false;
  let unmount: (() => void) | null = null;
  import('../chunks/panel')
    .then(({ renderPanel }) => {
      // The program chunk (the Onboarding tab) loads when that tab is shown.
      if (!cancelled) unmount = renderPanel(doc.body, win, rt, cat, () => import('../chunks/program'));
    })
    .catch((err) => warn('the panel failed to load', err));
  return () => {
    cancelled = true;
    doc.removeEventListener('keydown', onKey);
    unmount?.();
  };
}
