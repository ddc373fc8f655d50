import type { OpenAPIHono } from '@hono/zod-openapi';
import { trackVisitorEvent } from '../../../server-core/widget/track-visitor-event';
import * as track from '../../contract/widget-track';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

export function registerWidgetTrackRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.contacts.event_tracking')];
  app.openapi({ ...track.widgetTrack, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    await trackVisitorEvent(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, body);
    return c.body(null, 204);
  });
}
