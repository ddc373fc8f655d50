import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ShownOnce } from '../../ui/shown-once';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type ScimToken = components['schemas']['ScimToken'];
type GroupRole = components['schemas']['ScimGroupRole'];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function ScimPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  // The console is served by the same origin the SCIM endpoints are on.
  const baseUrl = `${location.origin}/scim/v2/${session.workspaceId}`;
  const tokens = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/scim-tokens', {
          params: { path, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const roles = useLoad(
    async () =>
      unwrap(await api.GET('/api/v1/workspaces/{workspaceId}/scim-group-roles', { params: { path } })).data,
    [session.workspaceId],
  );
  // The token lives here only while its dialog is open.
  const [created, setCreated] = useState<string | null>(null);
  const [group, setGroup] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');

  const create = async () => {
    try {
      const r = unwrap(await api.POST('/api/v1/workspaces/{workspaceId}/scim-tokens', { params: { path } }));
      setCreated(r.token);
      tokens.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const revoke = async (t: ScimToken) => {
    if (!confirm('Revoke this SCIM token? Your identity provider can no longer provision with it.')) return;
    try {
      unwrap(
        await api.DELETE('/api/v1/workspaces/{workspaceId}/scim-tokens/{scimTokenId}', {
          params: { path: { ...path, scimTokenId: t.id } },
        }),
      );
      toast('Token revoked.');
      tokens.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const putRole = async (display_name: string, next: 'member' | 'admin' | null) => {
    try {
      unwrap(
        await api.PUT('/api/v1/workspaces/{workspaceId}/scim-group-roles', {
          params: { path },
          body: { display_name, role: next },
        }),
      );
      toast(next ? `Group "${display_name}" gives ${next}.` : `Group "${display_name}" unmapped.`);
      roles.reload();
      return true;
    } catch (e) {
      toast(errorMessage(e), 'error');
      return false;
    }
  };

  return (
    <>
      <p>
        Your identity provider (Okta, Entra ID…) creates, updates and deactivates members through SCIM 2.0.
        Give it this base URL and a token.
      </p>
      <div class="card">
        <label for="scim-base-url">SCIM base URL</label>
        <input id="scim-base-url" readOnly value={baseUrl} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={baseUrl} label="Copy SCIM base URL" />
      </div>

      <h3>Tokens</h3>
      <Button variant="primary" onClick={create}>
        Create SCIM token
      </Button>
      {tokens.error && <p role="alert">{tokens.error}</p>}
      {tokens.data && (
        <Table<ScimToken>
          caption="SCIM tokens"
          rowKey={(t) => t.id}
          rows={tokens.data}
          empty="No SCIM tokens yet."
          columns={[
            { label: 'Created', render: (t) => when(t.created_at) },
            { label: 'Last used', render: (t) => when(t.last_used_at) },
            {
              label: 'State',
              render: (t) =>
                t.revoked_at ? (
                  `Revoked ${when(t.revoked_at)}`
                ) : (
                  <Button
                    variant="danger"
                    aria-label={`Revoke token created ${when(t.created_at)}`}
                    onClick={() => revoke(t)}
                  >
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}

      <h3>Group roles</h3>
      <p>Members of a mapped group get its role. Unmapped groups confer nothing; owner is never given.</p>
      {roles.error && <p role="alert">{roles.error}</p>}
      {roles.data && (
        <Table<GroupRole>
          caption="SCIM group roles"
          rowKey={(g) => g.display_name}
          rows={roles.data}
          empty="No group is mapped yet."
          columns={[
            { label: 'Group', render: (g) => g.display_name },
            { label: 'Role', render: (g) => g.role },
            {
              label: 'Actions',
              render: (g) => (
                <Button aria-label={`Unmap ${g.display_name}`} onClick={() => putRole(g.display_name, null)}>
                  Unmap
                </Button>
              ),
            },
          ]}
        />
      )}
      <form
        class="row"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await putRole(group.trim(), role)) setGroup('');
        }}
      >
        <Field id="scim-group" label="Group display name">
          <input
            id="scim-group"
            required
            maxLength={200}
            value={group}
            onInput={(e) => setGroup(e.currentTarget.value)}
          />
        </Field>
        <Field id="scim-role" label="Role">
          <select
            id="scim-role"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as 'member' | 'admin')}
          >
            <option value="member">member</option>
            <option value="admin">admin</option>
          </select>
        </Field>
        <Button type="submit">Map group</Button>
      </form>

      {created && (
        <Dialog title="SCIM token created" onClose={() => setCreated(null)}>
          <ShownOnce label="SCIM token" value={created} />
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}
