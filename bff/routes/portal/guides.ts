import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { createGuide } from '../../../server-core/content/create-guide';
import { guideJson } from '../../../server-core/content/guide';
import { publishGuide } from '../../../server-core/content/publish-guide';
import { unpublishGuide } from '../../../server-core/content/unpublish-guide';
import { updateGuide } from '../../../server-core/content/update-guide';
import type { AppEnv } from '../../env';
import { errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { CreateGuideRequest, GuideSchema, UpdateGuideRequest } from '../content-schemas';
import { portalApi } from '../guards';
import { portalCtx } from './portal-ctx';

const TAG = 'Portal: content';
const security = [{ portalSession: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const params = z.object({ workspaceId: ulidParam('workspaceId') });
const guideParams = params.extend({ guideId: ulidParam('guideId') });
const GuideResponse = z.object({ data: GuideSchema });
const PERMISSION = 'Permission `content.manage`.';

export function registerGuideRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi(
    createRoute({
      operationId: 'createGuide',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/guides',
      tags: [TAG],
      summary: 'Create a guide with its steps (a draft)',
      description: `Steps are numbered 1..n in list order. share_mode defaults to customers. ${PERMISSION}`,
      security,
      middleware: guard,
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: json(CreateGuideRequest) },
      },
      responses: {
        201: { description: 'Created as a draft.', content: json(GuideResponse) },
        ...errorResponses(401, 403, 413, 415, 422),
      },
    }),
    async (c) => {
      const guide = await createGuide(portalCtx(c, services), c.req.valid('json'));
      return c.json({ data: guideJson(guide) }, 201);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'updateGuide',
      method: 'patch',
      path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}',
      tags: [TAG],
      summary: 'Change a guide (steps included)',
      description:
        'Omitted fields are left alone; `steps` replaces the whole list (a step keeps its id when it names one of ' +
        'this guide: 422 unknown_step_id otherwise). A published guide is re-indexed in the same transaction; an ' +
        `edit announces nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: guideParams, body: { required: true, content: json(UpdateGuideRequest) } },
      responses: {
        200: { description: 'The guide as it is now.', content: json(GuideResponse) },
        ...errorResponses(401, 403, 404, 413, 415, 422),
      },
    }),
    async (c) => {
      const { guideId } = c.req.valid('param');
      const guide = await updateGuide(
        portalCtx(c, services),
        guideId.toLowerCase(),
        c.req.valid('json'),
        deps,
      );
      return c.json({ data: guideJson(guide) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'publishGuide',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}/publish',
      tags: [TAG],
      summary: 'Publish a guide',
      description:
        'Indexes it (one chunk per step, anchor step-<seq>; audience from share_mode: public→public, ' +
        'customers→customers, private→internal) and sends content.published, in one transaction. Publishing a ' +
        `published guide answers 200 unchanged and sends nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: guideParams, headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      responses: {
        200: { description: 'The published guide.', content: json(GuideResponse) },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { guide } = await publishGuide(
        portalCtx(c, services),
        c.req.valid('param').guideId.toLowerCase(),
        deps,
      );
      return c.json({ data: guideJson(guide) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'unpublishGuide',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}/unpublish',
      tags: [TAG],
      summary: 'Unpublish a guide',
      description:
        'Back to draft; its chunks are removed and content.retracted is sent, in one transaction. A guide that is ' +
        `not published answers 200 unchanged and sends nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: guideParams, headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      responses: {
        200: { description: 'The guide, now a draft.', content: json(GuideResponse) },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { guide } = await unpublishGuide(
        portalCtx(c, services),
        c.req.valid('param').guideId.toLowerCase(),
      );
      return c.json({ data: guideJson(guide) }, 200);
    },
  );
}
