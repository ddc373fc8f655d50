import type { ComponentChildren } from 'preact';

interface Props {
  /** The id of the control inside, so the label names it. */
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ComponentChildren;
}

/** A labelled control with an optional hint and error, both tied to it by aria-describedby in the caller. */
export function Field({ id, label, hint, error, children }: Props) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span class="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
