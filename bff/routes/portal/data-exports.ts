import { Readable } from 'node:stream';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { eraseContact } from '../../../server-core/contacts/erase-contact';
import { createDataExport } from '../../../server-core/exports/create-data-export';
import { exportFileName } from '../../../server-core/exports/data-export';
import { verifyExportLink } from '../../../server-core/exports/export-link';
import { getDataExport, listDataExports } from '../../../server-core/exports/read-data-exports';
import { DomainError, notFound } from '../../../server-core/lib/errors';
import { contentDisposition } from '../../attachments/download-response';
import * as erasure from '../../contract/contact-erasure';
import * as exports from '../../contract/data-exports';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import { dataExportView } from '../../exports/data-export-view';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export const DATA_EXPORTS_FLAG = 'feature.data_exports';

/** Data exports and contact erasure (settings.manage; exports behind feature.data_exports). */
export function registerDataExportRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage', flags: [DATA_EXPORTS_FLAG] });

  app.openapi({ ...exports.createDataExport, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const body = c.req.valid('json');
    const created = await createDataExport(ctx, {
      scope: body.scope,
      format: body.format,
      contactId: body.contact_id?.toLowerCase() ?? null,
    });
    return c.json({ data: dataExportView(services, ctx.workspaceId, created) }, 202);
  });

  app.openapi({ ...exports.listDataExports, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const { limit, cursor } = c.req.valid('query');
    const page = toPageBody(await listDataExports(ctx, { limit, beforeId: cursorPosition(cursor) }), limit);
    return c.json(
      { meta: page.meta, data: page.data.map((e) => dataExportView(services, ctx.workspaceId, e)) },
      200,
    );
  });

  app.openapi({ ...exports.getDataExport, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const found = await getDataExport(ctx, c.req.valid('param').exportId.toLowerCase());
    return c.json({ data: dataExportView(services, ctx.workspaceId, found) }, 200);
  });

  app.openapi({ ...exports.downloadDataExport, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const exportId = c.req.valid('param').exportId.toLowerCase();
    const { expires, signature } = c.req.valid('query');
    const check = verifyExportLink(
      services.keys.dataExportDownload,
      { workspaceId: ctx.workspaceId, exportId, expires, signature },
      services.clock.now(),
    );
    if (check !== 'valid') throw new DomainError('download_link_invalid');
    const found = await getDataExport(ctx, exportId);
    if (found.state !== 'ready' || !found.file_key || !services.files) throw notFound('data export file');
    const file = await services.files.get(found.file_key);
    if (!file) throw notFound('data export file');
    return c.body(Readable.toWeb(file) as ReadableStream<Uint8Array>, 200, {
      'Content-Type':
        found.format === 'json' ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', exportFileName(found)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });

  const erase = portalApi(services, { permission: 'settings.manage' });
  app.openapi({ ...erasure.eraseContact, middleware: erase }, async (c) => {
    const counts = await eraseContact(
      requestCtx(c, services),
      services.files,
      c.req.valid('param').contactId.toLowerCase(),
    );
    return c.json({ data: counts }, 200);
  });
}
