import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type DataExport = components['schemas']['DataExport'];
type Scope = 'contacts' | 'conversations' | 'tickets';

const progress = (e: DataExport) =>
  e.state === 'running' || e.state === 'pending'
    ? `${e.progress.rows_done}${e.progress.rows_total == null ? '' : ` of ${e.progress.rows_total}`} rows`
    : e.bytes == null
      ? '—'
      : `${(e.bytes / 1024).toFixed(1)} KB`;

export function DataExportsPage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const exports = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/data-exports', {
          params: { path, query: { limit: 50 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const [scope, setScope] = useState<Scope>('contacts');
  const [format, setFormat] = useState<'json' | 'csv'>('csv');
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      unwrap(
        await api.POST('/api/v1/workspaces/{workspaceId}/data-exports', {
          params: { path },
          body: { scope, format },
        }),
      );
      toast('Export started: it appears below when ready.');
      exports.reload();
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };
  return (
    <>
      <p>Exports are built in the background and kept for 7 days; a download link works for 15 minutes.</p>
      <form onSubmit={create} class="row">
        <Field id="export-scope" label="What">
          <select id="export-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as Scope)}>
            <option value="contacts">Contacts</option>
            <option value="conversations">Conversations</option>
            <option value="tickets">Tickets</option>
          </select>
        </Field>
        <Field id="export-format" label="Format">
          <select
            id="export-format"
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as 'json' | 'csv')}
          >
            <option value="csv">CSV</option>
            <option value="json">NDJSON</option>
          </select>
        </Field>
        <Button type="submit" variant="primary">
          Start export
        </Button>
        <Button onClick={exports.reload}>Refresh exports</Button>
      </form>
      {exports.error && <p role="alert">{exports.error}</p>}
      {exports.data && (
        <Table<DataExport>
          caption="Data exports"
          rowKey={(x) => x.id}
          rows={exports.data}
          empty="No exports yet."
          columns={[
            { label: 'What', render: (x) => `${x.scope} (${x.format})` },
            { label: 'Started', render: (x) => new Date(x.created_at).toLocaleString() },
            { label: 'State', render: (x) => x.state },
            { label: 'Size', render: progress },
            {
              label: 'File',
              render: (x) =>
                x.state === 'ready' && x.download_url ? (
                  <a href={x.download_url} download>
                    Download {x.scope} export
                  </a>
                ) : (
                  ''
                ),
            },
          ]}
        />
      )}
    </>
  );
}
