import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, SIGN_IN_PATH } from '../api/client';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { navigate } from './router';
import { findSection, SECTIONS } from './sections';
import type { Membership } from './session';
import { effectiveTheme, setTheme } from './theme';
import type { ConsoleSession, SectionProps } from './types';

interface Props {
  session: ConsoleSession;
  memberships: Membership[];
  onSwitchWorkspace(id: string): void;
  segments: string[];
}

/** The signed-in frame: top bar, the landmark nav (a menu button under 600 px) and the current section. */
export function Layout({ session, memberships, onSwitchWorkspace, segments }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [theme, setThemeState] = useState(effectiveTheme);
  const section = findSection(segments[0]);
  useEffect(() => {
    if (!section) navigate('/app/inbox', { replace: true });
  }, [section]);
  useEffect(() => setMenuOpen(false), [segments[0]]);
  useEffect(() => {
    document.title = section ? `${section.label} · Console` : 'Console';
  }, [section]);
  const current = memberships.find((m) => m.workspace_id === session.workspaceId)!;

  const logout = async () => {
    try {
      await api.POST('/api/v1/auth/logout');
      location.assign(SIGN_IN_PATH);
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };
  const toggleTheme = () => {
    const t = theme === 'dark' ? 'light' : 'dark';
    setTheme(t);
    setThemeState(t);
  };

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <Button
          class="menu-button"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </Button>
        <span class="brand">{current.workspace_name}</span>
        {memberships.length > 1 && (
          <label class="row">
            <span class="who">Workspace</span>
            <select
              aria-label="Workspace"
              value={session.workspaceId}
              onChange={(e) => onSwitchWorkspace(e.currentTarget.value)}
            >
              {memberships.map((m) => (
                <option key={m.workspace_id} value={m.workspace_id}>
                  {m.workspace_name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span class="who muted">
          {session.user.email} ({session.role})
        </span>
        <Button onClick={toggleTheme} aria-pressed={theme === 'dark'}>
          Dark theme
        </Button>
        <Button onClick={logout}>Sign out</Button>
      </header>
      <nav id="console-nav" class={`sidenav ${menuOpen ? 'open' : ''}`} aria-label="Console">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`/app/${s.id}`}
                aria-current={s.id === section?.id ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {section && (
          <LazySection key={section.id} id={section.id} session={session} path={segments.slice(1)} />
        )}
      </main>
    </div>
  );
}

function LazySection({ id, session, path }: { id: string; session: ConsoleSession; path: string[] }) {
  const [Comp, setComp] = useState<ComponentType<SectionProps> | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    findSection(id)!
      .load()
      .then(
        (m) => live && setComp(() => m.default),
        () => live && setComp('failed'),
      );
    return () => {
      live = false;
    };
  }, [id]);
  if (Comp === 'failed')
    return (
      <p role="alert">
        This section could not be loaded (a new version may have been deployed): reload the page.
      </p>
    );
  if (!Comp) return <p class="muted">Loading…</p>;
  return <Comp session={session} path={path} navigate={(to) => navigate(to)} />;
}
