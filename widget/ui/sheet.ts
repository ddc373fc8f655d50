/**
 * Styles without inline <style>: a constructable stylesheet adopted by the shadow root or the panel
 * document, so a strict CSP (no 'unsafe-inline' styles) needs no change. Browsers without them get a
 * <style> carrying the nonce the loader handed to the entry script.
 */
type Root = ShadowRoot | Document;

function nonce(): string {
  return document.querySelector<HTMLScriptElement>('script[data-widget-chrome]')?.nonce ?? '';
}

export function adoptStyles(root: Root, css: string, win: Window & typeof globalThis = window): void {
  try {
    const sheet = new win.CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  } catch {
    // older engines: fall back to an element with the nonce
  }
  const doc = (root as Document).head ? (root as Document) : root.ownerDocument!;
  const style = doc.createElement('style');
  style.nonce = nonce();
  style.textContent = css;
  ((root as Document).head ?? root).appendChild(style);
}
