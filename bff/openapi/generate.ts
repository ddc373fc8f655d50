import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIHono } from '@hono/zod-openapi';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import type { AppEnv } from '../env';
import { openApiDocument } from './document';

export const OPENAPI_DIR = fileURLToPath(new URL('.', import.meta.url));
export const OPENAPI_JSON = join(OPENAPI_DIR, 'openapi.json');
export const OPENAPI_TYPES = join(OPENAPI_DIR, 'schema.d.ts');

/** The committed contract: the document as JSON and the client types generated from it. */
export async function renderOpenApiFiles(app: OpenAPIHono<AppEnv>): Promise<{ json: string; types: string }> {
  const json = `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
  const ast = await openapiTS(JSON.parse(json), { alphabetize: true, silent: true });
  return { json, types: `${COMMENT_HEADER}${astToString(ast)}` };
}
