import { useEffect, useState } from 'preact/hooks';
import { signInUrl } from '../api/client';
import { StatusRegion } from '../ui/toast';
import { Layout } from './layout';
import { PUBLIC_PAGES } from './public-pages';
import { appSegments, navigate, onLinkClick, useLocation } from './router';
import { consoleSession, loadSession, pickWorkspace, rememberWorkspace, type SignedIn } from './session';

/** The console: the public pages (sign-in, password reset, invitations) or the signed-in layout. */
export function App() {
  const loc = useLocation();
  const segments = appSegments(loc.pathname);
  const Public = PUBLIC_PAGES[segments[0] ?? ''];
  useEffect(() => {
    document.addEventListener('click', onLinkClick);
    return () => document.removeEventListener('click', onLinkClick);
  }, []);
  return (
    <>
      {Public ? <Public path={segments.slice(1)} search={loc.search} /> : <SignedInApp segments={segments} />}
      <StatusRegion />
    </>
  );
}

function SignedInApp({ segments }: { segments: string[] }) {
  const [state, setState] = useState<SignedIn | 'loading' | 'failed'>('loading');
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  useEffect(() => {
    loadSession().then(
      (s) => {
        if (!s) return navigate(signInUrl(), { replace: true });
        setState(s);
        setWorkspaceId(pickWorkspace(s)?.workspace_id ?? null);
      },
      () => setState('failed'),
    );
  }, []);
  if (state === 'loading') return <p class="auth-page">Loading…</p>;
  if (state === 'failed')
    return (
      <p class="auth-page" role="alert">
        The server could not be reached. Reload the page to try again.
      </p>
    );
  const membership = state.memberships.find((m) => m.workspace_id === workspaceId);
  if (!membership)
    return (
      <div class="auth-page">
        <h1>No workspace</h1>
        <p>You are signed in as {state.user.email} but are not a member of any workspace.</p>
      </div>
    );
  const switchTo = (id: string) => {
    rememberWorkspace(id);
    setWorkspaceId(id);
    navigate(`/app/${segments[0] ?? 'inbox'}`);
  };
  return (
    <Layout
      key={membership.workspace_id}
      session={consoleSession(state, membership)}
      memberships={state.memberships}
      onSwitchWorkspace={switchTo}
      segments={segments}
    />
  );
}
