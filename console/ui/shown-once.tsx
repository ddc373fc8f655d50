import { useId, useState } from 'preact/hooks';
import { Button } from './button';

interface Props {
  /** What the secret is, e.g. "API key". */
  label: string;
  value: string;
}

/**
 * A secret the server shows once: read-only, selectable, with a copy button. The caller keeps the value
 * only while this is on screen and drops it when its dialog closes.
 */
export function ShownOnce({ label, value }: Props) {
  const id = useId();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div class="secret">
      <label for={id}>{label}</label>
      <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      <p class="muted">This is shown once. Copy it now: it cannot be shown again.</p>
      <div class="row">
        <Button onClick={copy}>Copy {label}</Button>
        <span role="status">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copy failed: select the text and copy it.'
              : ''}
        </span>
      </div>
    </div>
  );
}
