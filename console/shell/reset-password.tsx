import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { PublicPageProps } from './public-pages';

/** /app/reset-password: asks for the link by e-mail, or (with ?token=) sets the new password. */
export function ResetPasswordPage({ search }: PublicPageProps) {
  const token = new URLSearchParams(search).get('token');
  useEffect(() => {
    document.title = 'Reset your password · Console';
  }, []);
  return <main class="auth-page">{token ? <ChooseNew token={token} /> : <AskForLink />}</main>;
}

function AskForLink() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      unwrap(await api.POST('/api/v1/auth/password-reset', { body: { email } }));
      setSent(true);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <>
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status">
          If {email} has an account, a link to choose a new password is on its way. It works once, for an
          hour.
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field id="reset-email" label="Email">
            <input
              id="reset-email"
              type="email"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          </Field>
          {error && (
            <p role="alert" class="error-text">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary">
            Send reset link
          </Button>
        </form>
      )}
      <p>
        <a href="/app/sign-in">Back to sign-in</a>
      </p>
    </>
  );
}

function ChooseNew({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const { error: err, response } = await api.POST('/api/v1/auth/password-reset/complete', {
        body: { token, password },
      });
      if (response.status === 204) {
        // The token is spent: drop it from the address bar and history.
        history.replaceState(null, '', '/app/reset-password');
        setDone(true);
      } else setError(errorMessage(err));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <>
      <h1>Choose a new password</h1>
      {done ? (
        <p role="status">
          Your password is set, and every session of your account was signed out.{' '}
          <a href="/app/sign-in">Sign in</a>
        </p>
      ) : (
        <form onSubmit={submit}>
          <Field id="new-password" label="New password" hint="At least 12 characters.">
            <input
              id="new-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          </Field>
          {error && (
            <p role="alert" class="error-text">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary">
            Set password
          </Button>
        </form>
      )}
    </>
  );
}
