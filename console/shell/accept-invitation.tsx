import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { PublicPageProps } from './public-pages';
import { navigate } from './router';

type Preview = components['schemas']['InvitationPreview'];

/** /app/invitations/accept?token=: what the invitation is for, then accepting it (a password when new). */
export function AcceptInvitationPage({ search }: PublicPageProps) {
  const token = new URLSearchParams(search).get('token') ?? '';
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    document.title = 'Accept invitation · Console';
    if (!token) return setError('This invitation link is incomplete: open the link from the e-mail.');
    api
      .POST('/api/v1/invitations/preview', { body: { token } })
      .then(unwrap)
      .then(
        (r) => setPreview(r.data),
        (e) => setError(errorMessage(e)),
      );
  }, [token]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const r = unwrap(
        await api.POST('/api/v1/invitations/accept', {
          body: { token, name: name.trim() || null, password: preview?.has_password ? null : password },
        }),
      );
      navigate(`/app/sign-in?email=${encodeURIComponent(r.data.email)}&joined=1`, { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <main class="auth-page">
      <h1>Accept invitation</h1>
      {error && (
        <p role="alert" class="error-text">
          {error}
        </p>
      )}
      {preview && (
        <form onSubmit={submit}>
          <p>
            You are invited to <strong>{preview.workspace_name}</strong> as {preview.role}, as {preview.email}
            .
          </p>
          <Field id="accept-name" label="Your name (optional)">
            <input
              id="accept-name"
              maxLength={200}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </Field>
          {!preview.has_password && (
            <Field id="accept-password" label="Choose a password" hint="At least 12 characters.">
              <input
                id="accept-password"
                type="password"
                autoComplete="new-password"
                required
                minLength={12}
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
            </Field>
          )}
          <Button type="submit" variant="primary">
            Join {preview.workspace_name}
          </Button>
        </form>
      )}
    </main>
  );
}
