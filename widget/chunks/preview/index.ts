import type { Runtime } from '../../core/runtime';
import { removeKey } from '../../core/storage';

/**
 * The preview chunk (docs/decisions/experiences.md#the-preview-link), loaded only while this tab holds a
 * preview token: a small "Preview: <name>" marker at the bottom left of the page, a region named
 * "Experience preview" in a shadow root, with an End preview button that drops the token and reloads the
 * page without the draft. The marker follows the decision: one without a preview (the token expired, was
 * forged, or names an experience that went) drops the token and the marker. Styles go through the CSSOM
 * (no style element: a strict CSP needs no change). Staff-facing, so English only.
 */
export function showPreview(rt: Runtime): void {
  // Loaded only with the experience engine on: the server makes no preview link while it is off.
  const exp = rt.exp!;
  const end = () => removeKey('preview', 'session');
  const el = (tag: string, parent: Node, css = '') => {
    const e = document.createElement(tag);
    e.style.cssText = css;
    parent.appendChild(e);
    return e;
  };
  const box = document.createElement('div');
  box.setAttribute('data-widget-chrome', 'preview');
  const region = el(
    'section',
    box.attachShadow({ mode: 'open' }),
    'position:fixed;left:8px;bottom:8px;z-index:2147483000;padding:4px 8px;background:#222;color:#fff',
  );
  region.setAttribute('aria-label', 'Experience preview');
  const label = el('span', region);
  const button = el('button', region);
  button.textContent = 'End preview';
  button.onclick = () => {
    end();
    location.reload();
  };
  const follow = () => {
    const p = exp.state.get().decision?.preview;
    if (p === null) {
      box.remove();
      end();
    } else if (p) {
      label.textContent = `Preview: ${p.name} `;
      document.body.append(box);
    }
  };
  exp.state.sub(follow);
  follow();
}
