import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ShownOnce } from '../../ui/shown-once';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

/** The hosted help center's visitor sign-in: the secret your server signs JWTs with, and where readers sign in. */
export function HelpCenterPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const state = useLoad(async () => {
    const d = unwrap(
      await api.GET('/api/v1/workspaces/{workspaceId}/help-center/signing-secret', { params: { path } }),
    ).data;
    // The page keeps whether it is configured and the URL; the secret itself only while its dialog is open.
    return { configured: d.configured, sign_in_url: d.sign_in_url };
  }, [session.workspaceId]);
  const [secret, setSecret] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setUrl(state.data?.sign_in_url ?? ''), [state.data]);

  const rotate = async () => {
    if (
      state.data?.configured &&
      !confirm(
        'Rotate the signing secret? Tokens signed with the old one are refused and readers are signed out.',
      )
    )
      return;
    try {
      const r = unwrap(
        await api.POST('/api/v1/workspaces/{workspaceId}/help-center/signing-secret/rotate', {
          params: { path, header: { 'Idempotency-Key': crypto.randomUUID() } },
        }),
      );
      setSecret(r.data.secret);
      state.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const saveUrl = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      unwrap(
        await api.PUT('/api/v1/workspaces/{workspaceId}/help-center/sign-in-url', {
          params: { path },
          body: { sign_in_url: url.trim() || null },
        }),
      );
      toast('Sign-in URL saved.');
      state.reload();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (state.error) return <p role="alert">{state.error}</p>;
  if (!state.data) return <p class="muted">Loading…</p>;
  return (
    <>
      <p>
        Your server signs a visitor JWT (HS256, with exp) with this secret so readers of the hosted help
        center see articles and guides meant for signed-in customers.
      </p>
      <p>{state.data.configured ? 'A signing secret is set.' : 'No signing secret yet.'}</p>
      <Button variant="primary" onClick={rotate}>
        {state.data.configured ? 'Rotate signing secret' : 'Create signing secret'}
      </Button>
      <form onSubmit={saveUrl}>
        <Field
          id="hc-sign-in-url"
          label="Sign-in URL"
          hint="Where the help center sends readers to sign in; empty for none. Needs a signing secret."
          error={error}
        >
          <input id="hc-sign-in-url" type="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </Field>
        <Button type="submit">Save sign-in URL</Button>
      </form>
      {secret && (
        <Dialog title="Help center signing secret" onClose={() => setSecret(null)}>
          <ShownOnce label="Signing secret" value={secret} />
          <Button variant="primary" onClick={() => setSecret(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}
