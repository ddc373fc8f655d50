import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { Dialog } from '../../ui/dialog';
import { DialogForm } from '../../ui/dialog-form';
import { Field } from '../../ui/field';
import { ShownOnce } from '../../ui/shown-once';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import { ABILITIES } from './api-keys';
import type { SettingsPageProps } from './index';

type App = components['schemas']['OAuthApp'];
type Install = components['schemas']['OAuthInstall'];
type Scope = App['scopes'][number];

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** The OAuth apps this workspace registers (client secret shown once) and the installs other apps hold here. */
export function OAuthAppsPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const apps = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/oauth-apps', {
          params: { path, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const installs = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/oauth-installs', {
          params: { path, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const [registering, setRegistering] = useState(false);
  const [created, setCreated] = useState<{ app: App; secret: string } | null>(null);

  const remove = async (a: App) => {
    if (!confirm(`Delete the app "${a.name}"? Its installs and every token it issued stop working.`)) return;
    try {
      unwrap(
        await api.DELETE('/api/v1/workspaces/{workspaceId}/oauth-apps/{appId}', {
          params: { path: { ...path, appId: a.id } },
        }),
      );
      toast(`Deleted "${a.name}".`);
      apps.reload();
      installs.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const revoke = async (i: Install) => {
    if (!confirm(`Revoke the install of "${i.app_name}"? Its tokens stop working at once.`)) return;
    try {
      unwrap(
        await api.DELETE('/api/v1/workspaces/{workspaceId}/oauth-installs/{installId}', {
          params: { path: { ...path, installId: i.id } },
        }),
      );
      toast(`Revoked "${i.app_name}".`);
      installs.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };

  return (
    <>
      <h3>Your apps</h3>
      <Button variant="primary" onClick={() => setRegistering(true)}>
        Register an OAuth app
      </Button>
      {apps.error && <p role="alert">{apps.error}</p>}
      {apps.data && (
        <Table<App>
          caption="OAuth apps"
          rowKey={(a) => a.id}
          rows={apps.data}
          empty="No OAuth apps yet."
          columns={[
            { label: 'Name', render: (a) => a.name },
            { label: 'Client id', render: (a) => <code>{a.client_id}</code> },
            { label: 'Redirect URIs', render: (a) => a.redirect_uris.join(', ') },
            { label: 'Scopes', render: (a) => a.scopes.join(', ') },
            {
              label: 'Actions',
              render: (a) => (
                <Button variant="danger" aria-label={`Delete ${a.name}`} onClick={() => remove(a)}>
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
      <h3>Installed apps</h3>
      {installs.error && <p role="alert">{installs.error}</p>}
      {installs.data && (
        <Table<Install>
          caption="OAuth installs"
          rowKey={(i) => i.id}
          rows={installs.data}
          empty="No app is installed in this workspace."
          columns={[
            { label: 'App', render: (i) => i.app_name },
            { label: 'Installed', render: (i) => when(i.created_at) },
            {
              label: 'Actions',
              render: (i) => (
                <Button variant="danger" aria-label={`Revoke ${i.app_name}`} onClick={() => revoke(i)}>
                  Revoke
                </Button>
              ),
            },
          ]}
        />
      )}
      {registering && (
        <RegisterDialog
          workspaceId={session.workspaceId}
          onClose={() => setRegistering(false)}
          onCreated={(app, secret) => {
            setRegistering(false);
            setCreated({ app, secret });
            apps.reload();
          }}
        />
      )}
      {created && (
        <Dialog title={`OAuth app "${created.app.name}" registered`} onClose={() => setCreated(null)}>
          <p>
            Client id: <code>{created.app.client_id}</code>
          </p>
          <ShownOnce label="Client secret" value={created.secret} />
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}

function RegisterDialog(props: {
  workspaceId: string;
  onClose(): void;
  onCreated(app: App, secret: string): void;
}) {
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const submit = async () => {
    const r = unwrap(
      await api.POST('/api/v1/workspaces/{workspaceId}/oauth-apps', {
        params: { path: { workspaceId: props.workspaceId } },
        body: {
          name,
          redirect_uris: uris
            .split('\n')
            .map((u) => u.trim())
            .filter(Boolean),
          scopes,
        },
      }),
    );
    props.onCreated(r.data, r.client_secret);
  };
  return (
    <DialogForm
      title="Register an OAuth app"
      submitLabel="Register"
      onClose={props.onClose}
      onSubmit={submit}
    >
      <Field id="app-name" label="App name">
        <input
          id="app-name"
          required
          maxLength={100}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </Field>
      <Field id="app-uris" label="Redirect URIs" hint="One a line; https, or http on a loopback host.">
        <textarea
          id="app-uris"
          required
          rows={3}
          value={uris}
          onInput={(e) => setUris(e.currentTarget.value)}
        />
      </Field>
      <CheckboxGroup legend="Scopes" options={ABILITIES} chosen={scopes} onChange={setScopes} />
    </DialogForm>
  );
}
