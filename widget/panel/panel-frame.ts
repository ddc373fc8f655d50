import { PANEL_CSS } from '../ui/styles';

/**
 * Fills the src-less panel iframe. The contents are a lazy chunk: the launcher costs the page little
 * until the visitor opens the panel. Returns the cleanup.
 */
export function mountPanel(frame: HTMLIFrameElement, onClose: () => void): () => void {
  let cancelled = false;
  let unmount: (() => void) | null = null;
  const doc = frame.contentDocument;
  if (!doc) return () => {};
  doc.open();
  doc.write(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${PANEL_CSS}</style></head><body></body></html>`,
  );
  doc.close();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
  };
  doc.addEventListener('keydown', onKey);
  import('./panel-content')
    .then(({ renderPanel }) => {
      if (!cancelled) unmount = renderPanel(doc.body, onClose);
    })
    .catch((err) => console.warn('[widget] the panel failed to load', err));
  return () => {
    cancelled = true;
    doc.removeEventListener('keydown', onKey);
    unmount?.();
  };
}
