import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { keepChrome } from '../core/chrome-keeper';
import type { Runtime } from '../core/runtime';
import { adoptStyles } from '../ui/sheet';
import { LAUNCHER_CSS } from '../ui/styles';
import { useStore } from '../ui/use-store';
import { mountPanel } from './panel-frame';

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

/** The launcher button and the panel dialog around a src-less iframe (same origin as the page). */
function Launcher({ rt, host }: { rt: Runtime; host: HTMLElement }) {
  const { open } = useStore(rt.ui);
  const [swaps, setSwaps] = useState(0);
  const [iconFailed, setIconFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const before = useRef<Element | null>(null);
  const wasOpen = useRef(false);

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

  useEffect(() => {
    const f = frame.current;
    if (!open || !f) return;
    return mountPanel(f, rt);
  }, [open, swaps, rt]);

  const icon = rt.config.launcher_icon_url;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) rt.ui.set({ open: false });
  };
  return (
    <>
      <div
        class="p"
        id="widget-panel"
        role="dialog"
        aria-label="Support"
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        {open && <iframe ref={frame} title="Support panel" />}
      </div>
      <button
        ref={button}
        class="l"
        type="button"
        aria-label={open ? 'Close support' : 'Open support'}
        aria-expanded={open}
        aria-controls="widget-panel"
        onClick={() => rt.ui.set({ open: !open })}
        onKeyDown={onKeyDown}
      >
        {open ? (
          CROSS
        ) : icon && !iconFailed ? (
          <img src={icon} width={32} height={32} alt="" onError={() => setIconFailed(true)} />
        ) : (
          BUBBLE
        )}
      </button>
    </>
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
 * cannot reach in, ours cannot leak out), kept in the page across body swaps. Returns the teardown.
 */
export function mountLauncher(rt: Runtime): () => void {
  const host = document.createElement('div');
  host.setAttribute('data-widget-chrome', 'launcher');
  // CSSOM, not a style attribute: allowed under a CSP without 'unsafe-inline' styles.
  for (const [name, value] of HOST_STYLE) host.style.setProperty(name, value, 'important');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, LAUNCHER_CSS);
  (document.body || document.documentElement).appendChild(host);
  const stopKeeping = keepChrome(document, host, () => rt.events.emit('restored'));
  render(<Launcher rt={rt} host={host} />, shadow);
  return () => {
    stopKeeping();
    render(null, shadow);
    host.remove();
  };
}
