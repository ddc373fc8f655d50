import { useState } from 'preact/hooks';
import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogForm } from '../../ui/dialog-form';
import { ShownOnce } from '../../ui/shown-once';
import type { SettingsPageProps } from './index';

export function IdentityPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const status = useLoad(
    async () =>
      unwrap(await api.GET('/api/v1/workspaces/{workspaceId}/widget/identity-secret', { params: { path } }))
        .data,
    [session.workspaceId],
  );
  const [confirming, setConfirming] = useState(false);
  // The secret lives here only while its dialog is open.
  const [secret, setSecret] = useState<string | null>(null);
  // A refusal shows in the confirming dialog (DialogForm), which stays open.
  const rotate = async () => {
    const r = unwrap(
      await api.POST('/api/v1/workspaces/{workspaceId}/widget/identity-secret/rotate', {
        params: { path },
      }),
    );
    setConfirming(false);
    setSecret(r.data.secret);
    status.reload();
  };
  if (status.error) return <p role="alert">{status.error}</p>;
  if (!status.data) return <p class="muted">Loading…</p>;
  return (
    <>
      <p>
        Your server signs each identified visitor's e-mail (HMAC-SHA256) or issues a JWT with this secret, so
        the widget can trust who the visitor is.
      </p>
      <p role="status">
        {status.data.configured
          ? `Configured; last rotated ${new Date(status.data.rotated_at!).toLocaleString()}.`
          : 'Not configured yet.'}
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Rotate identity secret
      </Button>
      {confirming && (
        <DialogForm
          title="Rotate the identity secret?"
          submitLabel="Rotate now"
          variant="danger"
          onClose={() => setConfirming(false)}
          onSubmit={rotate}
        >
          <p>The current secret stops working at once: update your server with the new one right away.</p>
        </DialogForm>
      )}
      {secret && (
        <Dialog title="New identity secret" onClose={() => setSecret(null)}>
          <ShownOnce label="Identity secret" value={secret} />
          <Button variant="primary" onClick={() => setSecret(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}
