import { LAUNCHER_CSS } from './styles';

/**
 * The widget's one element on the page: a fixed container marked data-widget-chrome, with an open
 * shadow root so host styles cannot reach the launcher (and ours cannot leak out).
 */
export function createHost(doc: Document): ShadowRoot {
  const host = doc.createElement('div');
  host.setAttribute('data-widget-chrome', '');
  host.style.cssText = 'position:fixed;z-index:2147483000;right:0;bottom:0;width:0;height:0';
  const shadow = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = LAUNCHER_CSS;
  shadow.appendChild(style);
  (doc.body || doc.documentElement).appendChild(host);
  return shadow;
}
