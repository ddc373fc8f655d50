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
import type { SettingsPageProps } from './index';

type Ability = components['schemas']['Ability'];
type ApiKey = components['schemas']['ApiKey'];

/** The abilities a key can hold, in the catalog's order (the server checks them too). */
export const ABILITIES: readonly Ability[] = [
  'contacts:read',
  'contacts:write',
  'events:write',
  'conversations:read',
  'experiences:read',
  'retrieval:query',
  'retrieval:internal',
  'guides:read',
  'articles:read',
  'webhooks:read',
  'webhooks:write',
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function ApiKeysPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const keys = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/api-keys', {
          params: { path, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; plaintext: string } | null>(null);

  const revoke = async (k: ApiKey) => {
    if (!confirm(`Revoke the API key "${k.name}"? Anything using it stops working at once.`)) return;
    try {
      unwrap(
        await api.DELETE('/api/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}', {
          params: { path: { ...path, apiKeyId: k.id } },
        }),
      );
      toast(`Revoked "${k.name}".`);
      keys.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };

  return (
    <>
      <p>API keys call the public API from your servers. Each key holds only the abilities you give it.</p>
      <Button variant="primary" onClick={() => setCreating(true)}>
        Create API key
      </Button>
      {keys.error && <p role="alert">{keys.error}</p>}
      {keys.data && (
        <Table<ApiKey>
          caption="API keys"
          rowKey={(k) => k.id}
          rows={keys.data}
          empty="No API keys yet."
          columns={[
            { label: 'Name', render: (k) => k.name },
            { label: 'Key', render: (k) => <code>{k.key_prefix}…</code> },
            { label: 'Abilities', render: (k) => k.abilities.join(', ') },
            { label: 'Last used', render: (k) => when(k.last_used_at) },
            { label: 'Expires', render: (k) => when(k.expires_at) },
            {
              label: 'State',
              render: (k) =>
                k.revoked_at ? (
                  `Revoked ${when(k.revoked_at)}`
                ) : (
                  <Button variant="danger" aria-label={`Revoke ${k.name}`} onClick={() => revoke(k)}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
      {creating && (
        <CreateKeyDialog
          workspaceId={session.workspaceId}
          onClose={() => setCreating(false)}
          onCreated={(name, plaintext) => {
            setCreating(false);
            setCreated({ name, plaintext });
            keys.reload();
          }}
        />
      )}
      {created && (
        <Dialog title={`API key "${created.name}" created`} onClose={() => setCreated(null)}>
          <ShownOnce label="API key" value={created.plaintext} />
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}

function CreateKeyDialog(props: {
  workspaceId: string;
  onClose(): void;
  onCreated(name: string, plaintext: string): void;
}) {
  const [name, setName] = useState('');
  const [abilities, setAbilities] = useState<Ability[]>([]);
  const [expires, setExpires] = useState('');
  const submit = async () => {
    if (abilities.length === 0) throw new Error('Choose at least one ability.');
    const r = unwrap(
      await api.POST('/api/v1/workspaces/{workspaceId}/api-keys', {
        params: { path: { workspaceId: props.workspaceId } },
        body: {
          name,
          abilities,
          expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
        },
      }),
    );
    props.onCreated(r.data.name, r.plaintext_key);
  };
  return (
    <DialogForm title="Create an API key" submitLabel="Create" onClose={props.onClose} onSubmit={submit}>
      <Field id="key-name" label="Name">
        <input
          id="key-name"
          required
          maxLength={100}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </Field>
      <CheckboxGroup legend="Abilities" options={ABILITIES} chosen={abilities} onChange={setAbilities} />
      <Field
        id="key-expires"
        label="Expires on (optional)"
        hint="Leave empty for a key that does not expire."
      >
        <input
          id="key-expires"
          type="date"
          value={expires}
          onInput={(e) => setExpires(e.currentTarget.value)}
        />
      </Field>
    </DialogForm>
  );
}
