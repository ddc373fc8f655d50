import type { DataExport } from '../../server-core/exports/data-export';
import { signExportLink } from '../../server-core/exports/export-link';
import type { DataExportJson } from '../contract/data-exports';
import type { Services } from '../services';

/** An export as the portal sees it: state, progress, and a fresh signed link (15 minutes) while ready. */
export function dataExportView(services: Services, workspaceId: string, e: DataExport): DataExportJson {
  const link =
    e.state === 'ready'
      ? signExportLink(services.keys.dataExportDownload, workspaceId, e.id, services.clock.now())
      : null;
  return {
    id: e.id,
    scope: e.scope,
    contact_id: e.contact_id,
    format: e.format,
    state: e.state,
    progress: {
      rows_done: Number(e.rows_done),
      rows_total: e.rows_total === null ? null : Number(e.rows_total),
    },
    bytes: e.bytes === null ? null : Number(e.bytes),
    download_url: link
      ? `${services.config.publicUrl}/api/v1/workspaces/${workspaceId}/data-exports/${e.id}/download?expires=${link.expires}&signature=${link.signature}`
      : null,
    download_expires_at: link ? new Date(link.expires * 1000).toISOString() : null,
    created_at: e.created_at.toISOString(),
    ready_at: e.ready_at?.toISOString() ?? null,
    expires_at: e.expires_at?.toISOString() ?? null,
  };
}
