import type { LauncherLayer, WidgetLauncher } from '../../core/surface-types';
import { anchor } from '../../ui/position';
import { adoptStyles } from '../../ui/sheet';
import type { SurfaceHost } from '../../ui/surface-host';
import { waitForTarget } from '../../ui/target';
import { themeCss } from '../../ui/theme';
import { LAUNCHER_CSS } from './styles';

/** The launchers' element: fixed, above page content, below the tour and the widget's launcher button. */
const HOST_STYLE =
  'position:fixed!important;z-index:2147482998!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;display:block!important';
/** How long a launcher's target is waited for (it appears, disappears and comes back meanwhile). */
const WAIT_MS = 60_000;
/** A hover tooltip closes this long after the pointer left both the launcher and the tooltip. */
const LEAVE_MS = 200;

/** The accessible name of a launcher without a label: what it does. */
function name(l: WidgetLauncher, t: SurfaceHost['cat']['t']): string {
  const a = l.action.type;
  return a === 'tooltip'
    ? t.launcherTip
    : a === 'start_tour'
      ? t.launcherTour
      : a === 'open_help'
        ? t.launcherHelp
        : t.launcherLink;
}

/**
 * The launcher chunk (docs/decisions/experiences.md, Part 2): each launcher is a button (a pulsing dot,
 * a round icon or a labelled button) kept beside its target element by widget/ui/position.ts, in an
 * open shadow root under a `data-widget-chrome="launchers"` element. Its name is its label, else what
 * it does ("Show tip"). A tooltip opens on hover or focus (`hover`; a tap where nothing hovers) or on
 * click (`click`), closes on Escape, on leaving it and its tooltip (hover) or on a click elsewhere (click), and each
 * opening is one activation; the other actions (start a tour, open Help, open a URL) run on a click
 * or Enter whatever the activation, so moving the pointer or the focus over the page never navigates.
 * A target that leaves the page takes its launcher along until it comes back. Never throws.
 */
export function createLaunchers(host: SurfaceHost): LauncherLayer {
  const el = document.createElement('div');
  const root = el.attachShadow({ mode: 'open' });
  el.style.cssText = HOST_STYLE;
  el.setAttribute('data-widget-chrome', 'launchers');
  adoptStyles(root, themeCss(host.theme, ':host') + LAUNCHER_CSS);
  const touch = matchMedia('(hover: none)').matches;
  let ids = 0;

  return {
    show(l, on) {
      const { t } = host.cat;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `k w ${l.kind}`;
      b.lang = host.cat.lang;
      if (l.kind === 'button') b.textContent = l.label ?? name(l, t);
      else b.setAttribute('aria-label', l.label ?? name(l, t));
      if (l.kind === 'icon') b.textContent = l.action.type === 'tooltip' ? '?' : 'i';
      let cancel = () => {};
      let unplace = () => {};
      let announced = false;
      const fail = (err: unknown) => host.warn('a launcher could not be placed', err);

      // The tooltip: open or closed; each opening is an activation.
      const action = l.action;
      const tip = document.createElement('div');
      tip.className = 't';
      tip.id = `t${++ids}`;
      tip.setAttribute('role', 'tooltip');
      let closeTip = () => {};
      const open = () => {
        if (action.type !== 'tooltip' || tip.isConnected) return;
        tip.textContent = action.text;
        root.append(tip);
        b.setAttribute('aria-describedby', tip.id);
        b.setAttribute('aria-expanded', 'true');
        const stop = anchor(b, tip, { placement: 'bottom', gap: 8, onLost: () => closeTip(), fail });
        const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeTip();
        const onDown = (e: Event) =>
          e.composedPath().includes(b) || e.composedPath().includes(tip) || closeTip();
        addEventListener('keydown', onKey, true);
        addEventListener('pointerdown', onDown, true);
        closeTip = () => {
          closeTip = () => {};
          stop();
          removeEventListener('keydown', onKey, true);
          removeEventListener('pointerdown', onDown, true);
          tip.remove();
          b.removeAttribute('aria-describedby');
          b.setAttribute('aria-expanded', 'false');
        };
        on.activate();
      };
      if (action.type !== 'tooltip') b.addEventListener('click', () => on.activate());
      else if (l.activation === 'hover' && !touch) {
        // The pointer may cross the gap onto the tooltip and stay there (WCAG 1.4.13: hoverable).
        let later: ReturnType<typeof setTimeout> | undefined;
        const stay = () => clearTimeout(later);
        const leave = () => {
          stay();
          later = setTimeout(() => b.matches(':focus') || closeTip(), LEAVE_MS);
        };
        b.addEventListener('mouseenter', () => {
          stay();
          open();
        });
        b.addEventListener('focus', open);
        b.addEventListener('mouseleave', leave);
        tip.addEventListener('mouseenter', stay);
        tip.addEventListener('mouseleave', leave);
        b.addEventListener('blur', () => b.matches(':hover') || tip.matches(':hover') || closeTip());
      } else {
        b.setAttribute('aria-expanded', 'false');
        b.addEventListener('click', () => (tip.isConnected ? closeTip() : open()));
      }

      const wait = () => {
        cancel = waitForTarget(
          l.target.selector,
          WAIT_MS,
          (target) => {
            if (!el.isConnected) (document.body ?? document.documentElement).appendChild(el);
            root.append(b);
            unplace = anchor(target, b, {
              placement: 'right',
              gap: 6,
              fail,
              onLost() {
                unplace();
                closeTip();
                b.classList.add('w');
                b.remove();
                wait();
              },
              placed(_side, _x, _y, r) {
                // Hidden while its target is scrolled out of view (shift would pin it to the viewport's edge).
                const out = r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth;
                b.classList.toggle('w', out);
                if (out) closeTip();
                if (!announced && !out) {
                  announced = true;
                  on.shown();
                }
              },
            });
          },
          (invalid) => invalid && host.warn(`a launcher's selector is not valid: ${l.target.selector}`),
        );
      };
      wait();
      return () => {
        cancel();
        unplace();
        closeTip();
        b.remove();
      };
    },
  };
}
