import type { Ctx } from '../context';
import { ENDPOINT_COLUMNS, type WebhookEndpoint } from './endpoint-record';

/** Endpoints newest first; limit + 1 rows so the caller can tell whether there is a next page. */
export async function listWebhookEndpoints(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<WebhookEndpoint[]> {
  return ctx.db.query<WebhookEndpoint>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints e
     where e.workspace_id = $1 and ($2::text is null or e.id < $2)
     order by e.id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
}
