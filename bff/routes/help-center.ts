import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { workspaceForHost } from '../../server-core/help-center/help-center-hosts';
import { searchHelpCenter } from '../../server-core/help-center/search-help-center';
import { DomainError, notFound } from '../../server-core/lib/errors';
import type { AppEnv } from '../env';
import { errorResponses } from '../openapi/schemas';
import { type Services, searchDeps } from '../services';
import { clientIp } from './portal/auth';

/** Searches per minute from one address on one help-center host. */
export const HELP_CENTER_RATE_PER_MINUTE = 120;

type HelpCenterEnv = AppEnv & { Variables: AppEnv['Variables'] & { helpCenterWorkspaceId?: string } };

/** The tenant from the Host header alone (never X-Forwarded-Host, a token or an id); other hosts 404. */
const requireHelpCenterHost = (services: Services): MiddlewareHandler<HelpCenterEnv> =>
  async function requireHelpCenterHost(c, next) {
    const workspaceId = await workspaceForHost(services.db, c.req.header('Host'));
    if (!workspaceId) throw notFound();
    const ip = clientIp(c, services.config.trustProxy);
    const decision = await services.rateLimiter.check([
      {
        workspaceId,
        name: `help_center:${ip}`,
        rule: { limit: HELP_CENTER_RATE_PER_MINUTE, windowMs: 60_000 },
      },
    ]);
    if (!decision.allowed) {
      throw new DomainError(
        'rate_limited',
        429,
        'Too many searches. Slow down and retry after the reset.',
        { limit: decision.limit, retry_after_seconds: decision.resetSeconds },
        { 'Retry-After': String(decision.resetSeconds) },
      );
    }
    c.set('helpCenterWorkspaceId', workspaceId);
    await next();
  };

const Result = z
  .object({
    title: z.string(),
    url: z.string().nullable().openapi({ description: 'Where the reader opens the source.' }),
    snippet: z
      .string()
      .openapi({ description: 'The best-matching passage, plain text, at most ~240 characters.' }),
    document_ref: z
      .string()
      .openapi({ description: 'The best chunk: `<kind>:<id>` and `#<anchor>` for a part.' }),
    source: z.object({ kind: z.enum(['guide', 'article', 'page', 'upload']), id: z.string() }),
    score: z.number().openapi({ description: 'The fused rank score of the best chunk.' }),
  })
  .openapi('HelpCenterSearchResult');

export function registerHelpCenterRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  (app as unknown as OpenAPIHono<HelpCenterEnv>).openapi(
    createRoute({
      operationId: 'helpCenterSearch',
      method: 'get',
      path: '/api/v1/help-center/search',
      tags: ['Help center'],
      summary: "Search a workspace's public help center",
      description:
        'Served only on configured help-center hosts (`npm run ops -- help-center-host add <workspaceId> <host>`); ' +
        'the workspace comes from the Host header alone, never from a token, a workspace id or a widget key, and ' +
        'any other host answers 404. No authentication; public audience only; one result per source (its best ' +
        `passage), best first, at most 10. At most ${HELP_CENTER_RATE_PER_MINUTE} searches per minute per address ` +
        'and host (429 with Retry-After).',
      middleware: [requireHelpCenterHost(services)],
      request: {
        query: z.object({
          q: z.string().trim().min(2).max(500).openapi({ description: '2..500 characters after trimming.' }),
        }),
      },
      responses: {
        200: {
          description: 'The public sources that answer the query.',
          content: { 'application/json': { schema: z.object({ data: z.array(Result) }) } },
        },
        ...errorResponses(404, 422, 429),
      },
    }),
    async (c) => {
      const { q } = c.req.valid('query');
      const results = await searchHelpCenter(
        {
          db: services.db,
          clock: services.clock,
          workspaceId: c.get('helpCenterWorkspaceId')!,
          actor: { type: 'system', id: null },
          requestId: c.get('requestId'),
        },
        searchDeps(services),
        q,
      );
      return c.json({ data: results }, 200);
    },
  );
}
