import { useState } from 'preact/hooks';
import { Button } from './button';

/** Copies a text to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="row">
      <Button
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {label}
      </Button>
      <span role="status">{state === 'copied' ? 'Copied.' : state === 'failed' ? 'Copy failed.' : ''}</span>
    </span>
  );
}
