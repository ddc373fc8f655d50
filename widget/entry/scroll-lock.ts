/** Under this width the panel fills the screen (the same breakpoint as widget/ui/styles.ts). */
export const PHONE = '(max-width: 479.98px)';

/**
 * Stops the page behind the full-screen panel from scrolling: overflow hidden on <html> and <body>
 * through CSSOM (no style attribute: CSP), which keeps the page's scroll position where it was. The
 * returned function puts back exactly what the page had set itself.
 */
export function lockPageScroll(doc: Document): () => void {
  const elements = [doc.documentElement, doc.body].filter((el): el is HTMLElement => !!el);
  const saved = elements.map((el) => [
    el.style.getPropertyValue('overflow'),
    el.style.getPropertyPriority('overflow'),
  ]);
  for (const el of elements) el.style.setProperty('overflow', 'hidden', 'important');
  return () => {
    elements.forEach((el, i) => {
      const [value, priority] = saved[i]!;
      if (value) el.style.setProperty('overflow', value, priority);
      else el.style.removeProperty('overflow');
    });
  };
}
