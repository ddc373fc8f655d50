import { createRoute, z } from '@hono/zod-openapi';
import { EXPORT_FORMATS, EXPORT_SCOPES } from '../../server-core/exports/data-export';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_EXPORT_LINK, EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/** Workspace data exports (portal, settings.manage, flag feature.data_exports). docs/decisions/data-exports.md. */

const TAG = 'Portal: data exports';

const FLAG_NOTE = 'Answers 404 while the flag `feature.data_exports` is off for the workspace.';

export const DataExportSchema = z
  .object({
    id: Ulid,
    scope: z.enum(EXPORT_SCOPES).openapi({
      description:
        'contacts (with custom attributes), conversations (with messages), tickets (with messages), or ' +
        'contact: everything held about one contact (events, conversations, tickets, experience sessions, ' +
        'survey answers).',
    }),
    contact_id: Ulid.nullable().openapi({ description: 'The contact of the contact scope; null otherwise.' }),
    format: z.enum(EXPORT_FORMATS).openapi({
      description:
        'json: NDJSON (one record a line); csv: one row a record (record, id, parent_id, created_at, data).',
    }),
    state: z.enum(['pending', 'running', 'ready', 'failed', 'expired']).openapi({
      description: 'expired: the file was deleted 7 days after it was ready.',
    }),
    progress: z.object({
      rows_done: z.number().int(),
      rows_total: z.number().int().nullable().openapi({ description: 'Known once the build started.' }),
    }),
    bytes: z.number().int().nullable(),
    download_url: z
      .string()
      .nullable()
      .openapi({
        description:
          'While ready: a signed link valid 15 minutes from this answer, which also needs a settings.manage ' +
          'session of the workspace. Null otherwise.',
      }),
    download_expires_at: DateTime.nullable(),
    created_at: DateTime,
    ready_at: DateTime.nullable(),
    expires_at: DateTime.nullable().openapi({
      description: 'When the file is deleted (7 days after ready).',
    }),
  })
  .openapi('DataExport');

export type DataExportJson = z.output<typeof DataExportSchema>;

const exampleExport: DataExportJson = {
  id: EXAMPLE_ID.exportId,
  scope: 'contacts',
  contact_id: null,
  format: 'json',
  state: 'ready',
  progress: { rows_done: 2, rows_total: 2 },
  bytes: 812,
  download_url: `/api/v1/workspaces/${EXAMPLE_ID.workspaceId}/data-exports/${EXAMPLE_ID.exportId}/download?expires=${EXAMPLE_EXPORT_LINK.expires}&signature=${EXAMPLE_EXPORT_LINK.signature}`,
  download_expires_at: EXAMPLE_LATER,
  created_at: EXAMPLE_TIME,
  ready_at: EXAMPLE_TIME,
  expires_at: '2026-11-08T12:00:00.000Z',
};

const exportParams = workspaceParams.extend({ exportId: ulidParam('exportId') });

export const createDataExport = createRoute({
  operationId: 'createDataExport',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/data-exports',
  tags: [TAG],
  summary: 'Start a data export (built in the background)',
  description: `${FLAG_NOTE} The worker streams the rows into one file; poll getDataExport for the state and progress.`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        scope: z.enum(EXPORT_SCOPES),
        format: z.enum(EXPORT_FORMATS),
        contact_id: Ulid.optional().openapi({
          description: 'Required with scope contact, refused otherwise.',
        }),
      }).openapi('CreateDataExportRequest'),
      { scope: 'contacts', format: 'json' },
    ),
  },
  responses: {
    202: {
      description: 'Accepted: the export is pending.',
      content: json(z.object({ data: DataExportSchema }).openapi('DataExportAnswer'), {
        data: {
          ...exampleExport,
          state: 'pending',
          progress: { rows_done: 0, rows_total: null },
          bytes: null,
          download_url: null,
          download_expires_at: null,
          ready_at: null,
          expires_at: null,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const listDataExports = createRoute({
  operationId: 'listDataExports',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/data-exports',
  tags: [TAG],
  summary: 'List the data exports',
  description: `${FLAG_NOTE} Newest first; ready ones carry a fresh download link.`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Exports, newest first.',
      content: json(pageOf(DataExportSchema), { meta: { next_cursor: null }, data: [exampleExport] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getDataExport = createRoute({
  operationId: 'getDataExport',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/data-exports/{exportId}',
  tags: [TAG],
  summary: 'One data export: state, progress and (when ready) its download link',
  description: FLAG_NOTE,
  security: PORTAL_SESSION,
  request: { params: exportParams },
  responses: {
    200: {
      description: 'The export.',
      content: json(z.object({ data: DataExportSchema }), { data: exampleExport }),
    },
    ...errorResponses(401, 403, 404),
  },
});

const DownloadQuery = strictObject({
  expires: z
    .string()
    .max(20)
    .openapi({ description: 'Unix seconds, as in download_url.', example: EXAMPLE_EXPORT_LINK.expires }),
  signature: z
    .string()
    .max(100)
    .openapi({ description: 'As in download_url.', example: EXAMPLE_EXPORT_LINK.signature }),
});

export const downloadDataExport = createRoute({
  operationId: 'downloadDataExport',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/data-exports/{exportId}/download',
  tags: [TAG],
  summary: 'Download a ready export (signed link and settings.manage session)',
  description:
    `${FLAG_NOTE} Both credentials are needed: the session of a member with settings.manage, and the link of ` +
    'download_url (valid 15 minutes; 403 download_link_invalid when forged, expired or of another export). ' +
    'application/x-ndjson or text/csv, as an attachment; Cache-Control: private, no-store. 404 once the file ' +
    'was deleted.',
  security: PORTAL_SESSION,
  request: { params: exportParams, query: DownloadQuery },
  responses: {
    200: {
      description: 'The file.',
      content: {
        'application/x-ndjson': {
          schema: { type: 'string' as const },
          example: '{"record":"contact",...}\n',
        },
        'text/csv': {
          schema: { type: 'string' as const },
          example: 'record,id,parent_id,created_at,data\r\n',
        },
      },
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
