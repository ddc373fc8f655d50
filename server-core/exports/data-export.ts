import { DAY } from '../lib/clock';

/** What an export covers: every contact, conversation or ticket, or everything held about one contact. */
export const EXPORT_SCOPES = ['contacts', 'conversations', 'tickets', 'contact'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** JSON is NDJSON (one record a line), CSV one row a record (docs/decisions/data-exports.md). */
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportState = 'pending' | 'running' | 'ready' | 'failed' | 'expired';

/** The worker's job kind that builds one export. */
export const BUILD_EXPORT_JOB = 'data_export.build';

/** A ready file is deleted by housekeeping this long after it was ready (spec section 8). */
export const EXPORT_FILE_KEPT_MS = 7 * DAY;

/** Rows read per page of the cursor: the memory bound of a build. */
export const EXPORT_PAGE_SIZE = 1000;

/** A data export as stored. */
export interface DataExport {
  id: string;
  scope: ExportScope;
  contact_id: string | null;
  format: ExportFormat;
  state: ExportState;
  rows_total: number | null;
  rows_done: number;
  bytes: number | null;
  file_key: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

export const EXPORT_COLUMNS =
  'id, scope, contact_id, format, state, rows_total::float8 as rows_total, rows_done::float8 as rows_done, ' +
  'bytes::float8 as bytes, file_key, error, created_at, updated_at, ready_at, expires_at';

/** The file name a download carries. */
export function exportFileName(e: Pick<DataExport, 'id' | 'scope' | 'format'>): string {
  return `export-${e.scope}-${e.id}.${e.format === 'json' ? 'ndjson' : 'csv'}`;
}
