import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { OPENAPI_PATH, openApiDocument } from '../../openapi/document';
import { renderReference } from './docs-render';
import type { OpenApiDoc } from './openapi-doc';

/** A readable reference at /docs, rendered on the server from the same document as /api/v1/openapi.json. */
export function registerDocsPage(app: OpenAPIHono<AppEnv>): void {
  let html: string | null = null;
  app.get('/docs', (c) => {
    html ??= renderReference(openApiDocument(app) as unknown as OpenApiDoc, OPENAPI_PATH);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    return c.html(html);
  });
}
