import { adoptStyles } from '../../ui/sheet';
import { themeCss } from '../../ui/theme';
import type { WalkthroughHost } from './host';
import { WALK_CSS } from './styles';

/** Fixed, above page content and below the launcher and its panel (like the tour); set through the CSSOM. */
const HOST_STYLE =
  'position:fixed!important;z-index:2147482999!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;display:block!important';

/** The chunk's element: an open shadow root under `data-widget-chrome="<kind>"` on <body> (not kept on a swap). */
export function mount(kind: string, host: WalkthroughHost): { el: HTMLElement; root: ShadowRoot } {
  const el = document.createElement('div');
  const root = el.attachShadow({ mode: 'open' });
  el.style.cssText = HOST_STYLE;
  el.setAttribute('data-widget-chrome', kind);
  adoptStyles(root, themeCss(host.theme, ':host') + WALK_CSS);
  (document.body ?? document.documentElement).appendChild(el);
  return { el, root };
}

/** Outlines the element (a box that takes no click) at its current rectangle. */
export function outline(box: HTMLElement, r: DOMRect): void {
  box.style.cssText = `left:${r.left - 4}px;top:${r.top - 4}px;width:${r.width + 8}px;height:${r.height + 8}px`;
}
