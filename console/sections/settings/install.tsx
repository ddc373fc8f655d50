import { api, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { CopyButton } from '../../ui/copy-button';
import type { SettingsPageProps } from './index';

export function InstallPage({ session }: SettingsPageProps) {
  const install = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/widget/install', {
          params: { path: { workspaceId: session.workspaceId } },
        }),
      ).data,
    [session.workspaceId],
  );
  if (install.error) return <p role="alert">{install.error}</p>;
  const d = install.data;
  if (!d) return <p class="muted">Loading…</p>;
  return (
    <>
      <p role="status">
        {d.installed
          ? `Installed: the widget first booted on a customer page ${new Date(d.installed_at!).toLocaleString()}.`
          : 'Not installed yet: the widget has not booted on a customer page.'}
      </p>
      <h3>Snippet</h3>
      {d.snippet ? (
        <>
          <p>Paste this once in the &lt;head&gt; of every page that shows the widget.</p>
          <pre class="code">{d.snippet}</pre>
          <CopyButton text={d.snippet} label="Copy snippet" />
        </>
      ) : (
        <p>This server does not serve the widget bundle (SERVE_WIDGET is off): load it from your own CDN.</p>
      )}
      <h3>Instructions for a coding agent</h3>
      <pre class="code">{d.agent_instructions}</pre>
      <CopyButton text={d.agent_instructions} label="Copy agent instructions" />
      <p class="muted">Website id: {d.website_id}</p>
    </>
  );
}
