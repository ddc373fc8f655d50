import { useEffect, useRef, useState } from 'preact/hooks';
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

/** The launcher button and the panel it opens: a src-less iframe inheriting the page origin. */
export function Launcher() {
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const f = frame.current;
    if (!open || !f) return;
    return mountPanel(f, () => {
      setOpen(false);
      button.current?.focus();
    });
  }, [open]);

  return (
    <>
      {open && (
        <div class="p" id="widget-panel" role="dialog" aria-label="Support">
          <iframe ref={frame} title="Support panel" />
        </div>
      )}
      <button
        ref={button}
        class="l"
        type="button"
        aria-label={open ? 'Close support' : 'Open support'}
        aria-expanded={open}
        aria-controls="widget-panel"
        onClick={() => setOpen(!open)}
      >
        {open ? CROSS : BUBBLE}
      </button>
    </>
  );
}
