import type { Runtime } from '../core/runtime';
import { warn } from '../core/warn';
import { adoptStyles } from '../ui/sheet';
import { PANEL_CSS } from '../ui/styles';

const PANEL_DOCUMENT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Support</title></head><body></body></html>';

/**
 * Fills the src-less panel iframe (it inherits the page's origin; after a body swap it is a fresh
 * about:blank and is filled again). The contents are a lazy chunk. Returns the cleanup.
 */
export function mountPanel(frame: HTMLIFrameElement, rt: Runtime): () => void {
  const doc = frame.contentDocument;
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!doc || !win) return () => {};
  doc.open();
  doc.write(PANEL_DOCUMENT);
  doc.close();
  adoptStyles(doc, PANEL_CSS, win);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') rt.ui.set({ open: false });
  };
  doc.addEventListener('keydown', onKey);
  let cancelled = false;
  let unmount: (() => void) | null = null;
  import('./panel-content')
    .then(({ renderPanel }) => {
      if (!cancelled) unmount = renderPanel(doc.body, win, rt);
    })
    .catch((err) => warn('the panel failed to load', err));
  return () => {
    cancelled = true;
    doc.removeEventListener('keydown', onKey);
    unmount?.();
  };
}
