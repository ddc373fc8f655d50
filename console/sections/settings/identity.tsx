import { useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ShownOnce } from '../../ui/shown-once';
import { toast } from '../../ui/toast';
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
  const rotate = async () => {
    try {
      const r = unwrap(
        await api.POST('/api/v1/workspaces/{workspaceId}/widget/identity-secret/rotate', {
          params: { path },
        }),
      );
      setConfirming(false);
      setSecret(r.data.secret);
      status.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
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
        <Dialog title="Rotate the identity secret?" onClose={() => setConfirming(false)}>
          <p>The current secret stops working at once: update your server with the new one right away.</p>
          <div class="row">
            <Button variant="danger" onClick={rotate}>
              Rotate now
            </Button>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
          </div>
        </Dialog>
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
