import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

function Panel({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div>
      <header>
        <h1>Support</h1>
        <button ref={close} class="x" type="button" aria-label="Close support" onClick={onClose}>
          ×
        </button>
      </header>
      <main>
        <p>How can we help?</p>
      </main>
    </div>
  );
}

/** Renders the panel into the iframe's body; returns the unmount. */
export function renderPanel(body: HTMLElement, onClose: () => void): () => void {
  render(<Panel onClose={onClose} />, body);
  return () => render(null, body);
}
