import type { BannerLayer, WidgetBanner } from '../../core/surface-types';
import { safeUrl } from '../../core/surfaces';
import { adoptStyles } from '../../ui/sheet';
import type { SurfaceHost } from '../../ui/surface-host';
import { waitForTarget } from '../../ui/target';
import { themeCss } from '../../ui/theme';
import { BANNER_CSS } from './styles';

/** How long the element of a before / after / inside_top banner is waited for. */
const WAIT_MS = 60_000;
const Z = 'z-index:2147482997!important;';
/** Sticky top and bottom banners: fixed to the viewport's edge, above page content, below the launchers. */
const FIXED = `position:fixed!important;left:0!important;right:0!important;${Z}display:block!important;margin:0!important`;
const FLOW = 'position:static!important;display:block!important;margin:0!important';

const el = (tag: string, cls?: string) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
};

/**
 * The banner chunk (docs/decisions/experiences.md, Part 2): one message and at most one button (a link
 * for a URL, a button for an action) and a Dismiss button when dismissible, in a `region` named by its
 * message, inside an open shadow root under a `data-widget-chrome="banner"` element.
 * - top / bottom, sticky: fixed to that edge of the viewport; an empty spacer of the banner's height at
 *   the start (end) of <body> reserves its room, so it covers nothing of the host's content. The height
 *   is measured when the banner is inserted, before the first paint, and followed on resize.
 * - top / bottom, not sticky: in the flow at the start (end) of <body>: it scrolls away with the page.
 * - before / after / inside_top: in the flow before, after or as the first child of its element, once
 *   that element is on the page.
 * Both elements live in the body: a body swap takes them away (nothing follows it). Never throws.
 */
export function createBanners(host: SurfaceHost): BannerLayer {
  const css = themeCss(host.theme, ':host') + BANNER_CSS;
  return {
    show(banner, on) {
      const box = el('div');
      box.setAttribute('data-widget-chrome', 'banner');
      const root = box.attachShadow({ mode: 'open' });
      adoptStyles(root, css);
      const region = render(banner, host, on, () => remove());
      region.lang = host.cat.lang;
      root.append(region);
      let space: HTMLElement | null = null;
      let resized: ResizeObserver | null = null;
      let cancel = () => {};
      const body = document.body ?? document.documentElement;
      const { placement: at, sticky } = banner;

      function remove() {
        cancel();
        resized?.disconnect();
        box.remove();
        space?.remove();
      }
      const shown = () => {
        try {
          on.shown();
        } catch (err) {
          host.warn('a banner callback threw', err);
        }
      };

      if (at === 'top' || at === 'bottom') {
        const first = at === 'top';
        if (sticky) {
          box.style.cssText = `${FIXED};${at}:0!important`;
          space = el('div');
          space.setAttribute('data-widget-chrome', 'banner-space');
          space.setAttribute('aria-hidden', 'true');
          const measure = () => {
            space!.style.cssText = `display:block!important;margin:0!important;height:${box.offsetHeight}px!important`;
          };
          body.append(box);
          if (first) body.prepend(space);
          else body.append(space);
          measure();
          resized = new ResizeObserver(measure);
          resized.observe(box);
        } else {
          box.style.cssText = FLOW;
          if (first) body.prepend(box);
          else body.append(box);
        }
        shown();
      } else {
        box.style.cssText = FLOW;
        cancel = waitForTarget(
          banner.target?.selector ?? '',
          WAIT_MS,
          (target) => {
            if (at === 'before') target.before(box);
            else if (at === 'after') target.after(box);
            else target.prepend(box);
            shown();
          },
          (invalid) => invalid && host.warn(`a banner's selector is not valid: ${banner.target?.selector}`),
        );
      }
      return remove;
    },
  };
}

/** The banner's region: the message, its one button, the Dismiss button. */
function render(
  banner: WidgetBanner,
  host: SurfaceHost,
  on: Parameters<BannerLayer['show']>[1],
  remove: () => void,
): HTMLElement {
  const region = el('div', 'b');
  region.setAttribute('role', 'region');
  const id = `m${banner.experience_id}`;
  region.setAttribute('aria-labelledby', id);
  const p = el('p');
  p.id = id;
  p.textContent = banner.message;
  region.append(p);
  const dismiss = () => {
    remove();
    on.dismissed();
  };
  const b = banner.button;
  const href = b?.url ? safeUrl(b.url, location.href) : null;
  if (b && (href || b.action)) {
    const c = el(href ? 'a' : 'button', 'c');
    c.textContent = b.label;
    if (href) c.setAttribute('href', href);
    else c.setAttribute('type', 'button');
    c.addEventListener('click', () => {
      on.clicked();
      if (b.action === 'dismiss') dismiss();
    });
    region.append(c);
  }
  if (banner.dismissible) {
    const x = el('button', 'x');
    x.setAttribute('type', 'button');
    x.setAttribute('aria-label', host.cat.t.dismiss);
    x.textContent = '×';
    x.addEventListener('click', dismiss);
    region.append(x);
  }
  return region;
}
