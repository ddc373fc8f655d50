import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { errorMessage } from '../api/client';
import { Button } from './button';
import { Dialog } from './dialog';

interface Props {
  title: string;
  /** The submit button's name: what the dialog does ("Send invitation", "Remove member"). */
  submitLabel: string;
  /** danger for a destructive action; primary otherwise. */
  variant?: 'primary' | 'danger';
  onClose(): void;
  /**
   * Does the work. Whatever it throws (the house error envelope, or an Error whose message is a sentence
   * for the person, e.g. a check of the form's own) is shown in the dialog's alert; the dialog stays open.
   */
  onSubmit(): Promise<void>;
  children?: ComponentChildren;
}

/**
 * A modal dialog holding one form: its fields, then the error alert and the Submit / Cancel row. The
 * submit button is disabled while the work runs (no double submit); Cancel and Escape close it.
 */
export function DialogForm({ title, submitLabel, variant = 'primary', onClose, onSubmit, children }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit}>
        {children}
        {error && (
          <p role="alert" class="error-text">
            {error}
          </p>
        )}
        <div class="row">
          <Button type="submit" variant={variant} disabled={busy}>
            {submitLabel}
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
