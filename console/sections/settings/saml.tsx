import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type Connection = components['schemas']['SamlConnection'];
type Request = components['schemas']['SamlConnectionRequest'];

const EMPTY: Request = {
  idp_entity_id: '',
  sso_url: '',
  certificate_pem: '',
  jit_provisioning: false,
  idp_initiated: false,
  jit_role: 'member',
};

export function SamlPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const current = useLoad(async (): Promise<Connection | null> => {
    const r = await api.GET('/api/v1/workspaces/{workspaceId}/saml-connection', { params: { path } });
    if (r.response.status === 404) return null; // not configured yet
    return unwrap(r).data;
  }, [session.workspaceId]);
  const [form, setForm] = useState<Request>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const c = current.data;
    // The stored certificate is never sent back: replacing the connection means pasting it again.
    if (c)
      setForm((f) => ({
        ...f,
        idp_entity_id: c.idp_entity_id,
        sso_url: c.sso_url,
        jit_provisioning: c.jit_provisioning,
        idp_initiated: c.idp_initiated,
        jit_role: c.jit_role,
      }));
  }, [current.data]);
  const set = <K extends keyof Request>(k: K, v: Request[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      unwrap(
        await api.PUT('/api/v1/workspaces/{workspaceId}/saml-connection', { params: { path }, body: form }),
      );
      toast('SAML connection saved.');
      setForm((f) => ({ ...f, certificate_pem: '' }));
      current.reload();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (current.error) return <p role="alert">{current.error}</p>;
  if (current.loading && !current.data) return <p class="muted">Loading…</p>;
  const c = current.data;
  return (
    <>
      <p>
        Members sign in through your identity provider. Give it the values below, then paste its own here.
      </p>
      {c ? (
        <dl class="card" aria-label="SAML connection">
          <dt>Certificate fingerprint (SHA-256)</dt>
          <dd>
            <code>{c.certificate_fingerprint_sha256}</code>
          </dd>
          <dt>Certificate expires</dt>
          <dd>{new Date(c.certificate_not_after).toLocaleString()}</dd>
          {(
            [
              ['SP entity id', c.sp_entity_id],
              ['ACS URL', c.acs_url],
              ['Metadata URL', c.metadata_url],
              ['Login URL', c.login_url],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <code>{value}</code> <CopyButton text={value} label={`Copy ${label}`} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p class="muted">No SAML connection yet.</p>
      )}
      <form onSubmit={save}>
        <Field id="saml-entity" label="IdP entity id">
          <input
            id="saml-entity"
            required
            value={form.idp_entity_id}
            onInput={(e) => set('idp_entity_id', e.currentTarget.value)}
          />
        </Field>
        <Field id="saml-sso" label="IdP sign-on URL" hint="https only (HTTP-Redirect binding).">
          <input
            id="saml-sso"
            type="url"
            required
            value={form.sso_url}
            onInput={(e) => set('sso_url', e.currentTarget.value)}
          />
        </Field>
        <Field
          id="saml-cert"
          label="IdP signing certificate (PEM)"
          hint={
            c ? 'Paste it again to save changes: the stored one is not shown.' : 'RSA, 2048 bits or more.'
          }
        >
          <textarea
            id="saml-cert"
            required
            rows={6}
            value={form.certificate_pem}
            onInput={(e) => set('certificate_pem', e.currentTarget.value)}
          />
        </Field>
        <label class="row">
          <input
            type="checkbox"
            checked={form.jit_provisioning}
            onChange={(e) => set('jit_provisioning', e.currentTarget.checked)}
          />
          Create members at their first sign-in (just in time)
        </label>
        <Field id="saml-jit-role" label="Role of members created just in time">
          <select
            id="saml-jit-role"
            value={form.jit_role}
            onChange={(e) => set('jit_role', e.currentTarget.value as Request['jit_role'])}
          >
            <option value="member">member</option>
            <option value="admin">admin</option>
          </select>
        </Field>
        <label class="row">
          <input
            type="checkbox"
            checked={form.idp_initiated}
            onChange={(e) => set('idp_initiated', e.currentTarget.checked)}
          />
          Accept sign-ins started at the identity provider
        </label>
        {error && (
          <p role="alert" class="error-text">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          Save SAML connection
        </Button>
      </form>
    </>
  );
}
