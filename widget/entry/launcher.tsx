import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { keepChrome } from '../core/chrome-keeper';
import { pickLanguage } from '../core/language';
import type { Runtime } from '../core/runtime';
import { warn } from '../core/warn';
import type { Catalog } from '../ui/messages';
import { adoptStyles } from '../ui/sheet';
import { LAUNCHER_CSS } from '../ui/styles';
import { themeCss } from '../ui/theme';
import { useStore } from '../ui/use-store';
import { loadCatalog } from './messages';
import { mountPanel } from './panel-frame';
import { lockPageScroll, PHONE } from './scroll-lock';
import { openName, useUnread } from './unread';

const BUBBLE = (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
  </svg>
);
const CROSS = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

/** The panel grows from the launcher's corner; closing plays it backwards. */
const OPENING: Keyframe[] = [
  { opacity: 0, transform: 'translateY(12px) scale(.97)' },
  { opacity: 1, transform: 'none' },
];
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The launcher button and the panel dialog around a src-less iframe (same origin as the page). */
function Launcher({ rt, host, cat }: { rt: Runtime; host: HTMLElement; cat: Catalog }) {
  const { open } = useStore(rt.ui);
  const unread = useUnread(rt);
  const { t } = cat;
  // `shown` outlives `open` by the closing animation: the frame stays until it has faded out.
  const [shown, setShown] = useState(open);
  const [swaps, setSwaps] = useState(0);
  const [iconFailed, setIconFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const before = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  const motion = useRef<Animation | null>(null);

  useEffect(() => rt.events.on('restored', () => setSwaps((n) => n + 1)), [rt]);

  useEffect(() => {
    if (open && !wasOpen.current) before.current = document.activeElement;
    if (!open && wasOpen.current) {
      // Focus goes back where it was, unless the visitor has moved on to something else on the page.
      const active = document.activeElement;
      if (!active || active === document.body || active === host) {
        const target = before.current;
        if (target && target !== host && target !== document.body && target.isConnected)
          (target as HTMLElement).focus();
        else button.current?.focus();
      }
    }
    wasOpen.current = open;
  }, [open, host]);

  // The short open and close transition (Web Animations: no inline style), none with reduced motion.
  useEffect(() => {
    motion.current?.cancel();
    const el = panel.current;
    const animate = !reducedMotion() && typeof el?.animate === 'function';
    if (open) {
      setShown(true);
      if (animate)
        motion.current = el!.animate(OPENING, { duration: 180, easing: 'cubic-bezier(.2,.8,.3,1)' });
    } else if (animate && !el!.hidden) {
      const closing = el!.animate(OPENING, {
        duration: 130,
        easing: 'ease-in',
        direction: 'reverse',
        fill: 'forwards',
      });
      closing.onfinish = () => setShown(false);
      motion.current = closing;
    } else setShown(false);
  }, [open]);
  useEffect(() => {
    if (!shown) motion.current?.cancel();
  }, [shown]);

  // On a phone the panel fills the screen: the page behind it must not scroll (restored on close).
  useEffect(() => {
    if (!open) return;
    const phone = matchMedia(PHONE);
    let unlock = phone.matches ? lockPageScroll(document) : null;
    const onChange = () => {
      unlock?.();
      unlock = phone.matches ? lockPageScroll(document) : null;
    };
    phone.addEventListener?.('change', onChange);
    return () => {
      phone.removeEventListener?.('change', onChange);
      unlock?.();
    };
  }, [open]);

  useEffect(() => {
    const f = frame.current;
    if (!shown || !f) return;
    return mountPanel(f, rt, cat);
  }, [shown, swaps, rt, cat]);

  const icon = rt.config.launcher_icon_url;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) rt.ui.set({ open: false });
  };
  return (
    <div class={rt.config.widget_settings.launcher_side === 'left' ? 'left' : ''}>
      <div
        ref={panel}
        class={open ? 'p o' : 'p'}
        id="widget-panel"
        role="dialog"
        aria-label={t.support}
        hidden={!shown}
        onKeyDown={onKeyDown}
      >
        {shown && <iframe ref={frame} title={t.frame} />}
      </div>
      <button
        ref={button}
        class="l"
        type="button"
        aria-label={open ? t.close : openName(t, unread)}
        aria-expanded={open}
        aria-controls="widget-panel"
        // A click from Enter or Space has no pointer position (detail 0): the panel then starts in the search box.
        onClick={(e) => rt.ui.set({ open: !open, kb: e.detail === 0 })}
        onKeyDown={onKeyDown}
      >
        {open ? (
          CROSS
        ) : icon && !iconFailed ? (
          <img src={icon} width={32} height={32} alt="" onError={() => setIconFailed(true)} />
        ) : (
          BUBBLE
        )}
        {unread > 0 && (
          <span class="b" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
    </div>
  );
}

const HOST_STYLE: [string, string][] = [
  ['position', 'fixed'],
  ['z-index', '2147483000'],
  ['right', '0'],
  ['bottom', '0'],
  ['width', '0'],
  ['height', '0'],
  ['display', 'block'],
];

/**
 * The widget's one element in the page: marked data-widget-chrome, an open shadow root (host styles
 * cannot reach in, ours cannot leak out), kept in the page across body swaps. The launcher shows once
 * the messages of the visitor's language are there (English at once; others are a lazy chunk).
 * Returns the teardown.
 */
export function mountLauncher(rt: Runtime): () => void {
  const host = document.createElement('div');
  host.setAttribute('data-widget-chrome', 'launcher');
  // CSSOM, not a style attribute: allowed under a CSP without 'unsafe-inline' styles.
  for (const [name, value] of HOST_STYLE) host.style.setProperty(name, value, 'important');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, themeCss(rt.config.widget_settings.theme, ':host'));
  adoptStyles(shadow, LAUNCHER_CSS);
  (document.body || document.documentElement).appendChild(host);
  const stopKeeping = keepChrome(document, host, () => rt.events.emit('restored'));
  let live = true;
  loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages))
    .then((cat) => {
      if (live) render(<Launcher rt={rt} host={host} cat={cat} />, shadow);
    })
    .catch((err) => warn('the launcher could not start', err));
  return () => {
    live = false;
    stopKeeping();
    render(null, shadow);
    host.remove();
  };
}
