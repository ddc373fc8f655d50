import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, waitInWords } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { PublicPageProps } from './public-pages';
import { navigate } from './router';

/** Where to go after signing in: the `next` path when it is under /app, else the inbox. */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/app\/[^/]/.test(next) && !next.startsWith('/app/sign-in') ? next : '/app/inbox';
}

export function SignInPage({ search }: PublicPageProps) {
  const params = new URLSearchParams(search);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Sign in · Console';
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const {
        data,
        error: err,
        response,
      } = await api.POST('/api/v1/auth/login', { body: { email, password } });
      if (data) return navigate(afterSignIn(search), { replace: true });
      if (response.status === 429) {
        const wait = Number(response.headers.get('Retry-After'));
        setError(
          `Too many failed sign-ins. Try again in ${waitInWords(Number.isFinite(wait) && wait > 0 ? wait : 1)}.`,
        );
      } else if (response.status === 401) setError('The email or password is not right.');
      else setError(errorMessage(err));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="auth-page">
      <h1>Sign in</h1>
      {params.get('joined') && <p role="status">You joined the workspace. Sign in to start.</p>}
      <form onSubmit={submit}>
        <Field id="sign-in-email" label="Email">
          <input
            id="sign-in-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </Field>
        <Field id="sign-in-password" label="Password">
          <input
            id="sign-in-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        {error && (
          <p role="alert" class="error-text">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          Sign in
        </Button>
      </form>
      <p>
        <a href="/app/reset-password">Forgot your password?</a>
      </p>
    </main>
  );
}
