import type { ExportFormat } from './data-export';
import type { ExportRecord } from './export-records';

/** The CSV columns: one row per record; the record's own fields as one JSON cell. */
export const CSV_COLUMNS = ['record', 'id', 'parent_id', 'created_at', 'data'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell that a spreadsheet
 * would run as a formula (leading =, +, -, @, tab or carriage return) is prefixed with a quote mark
 * (the OWASP CSV-injection rule), so an exported message cannot execute in the reader's spreadsheet.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The file's first line (CSV header; NDJSON has none). */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? `${CSV_COLUMNS.join(',')}\r\n` : '';
}

/** One record as one line of the file. */
export function exportLine(format: ExportFormat, r: ExportRecord): string {
  if (format === 'json') return `${JSON.stringify(r)}\n`;
  return `${[r.record, r.id, r.parent_id, r.created_at, JSON.stringify(r.data)].map(csvCell).join(',')}\r\n`;
}
