import type { Ability } from '../../server-core/apikeys/abilities';
import { createApiKey } from '../../server-core/apikeys/create-api-key';
import type { Db } from '../../server-core/db/db';
import { type SeededWorkspace, seedWorkspace } from '../../server-core/setup/seed-workspace';
import { testCtx } from '../../server-core/testing/ctx';
import type { TestApp } from './services';

export interface ApiWorkspace extends SeededWorkspace {
  /** Calls the app with this workspace's every-ability key (or the key given). */
  call(
    path: string,
    init?: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  keyWith(...abilities: Ability[]): Promise<string>;
  ctx: ReturnType<typeof testCtx>;
}

/** A seeded workspace (owner, every-ability key) and helpers to call the public API as it. */
export async function apiWorkspace(t: TestApp, db: Db): Promise<ApiWorkspace> {
  const seeded = await seedWorkspace(db, { now: t.clock.now(), name: 'API test' });
  const ctx = testCtx(db, seeded.workspaceId, t.clock);
  return {
    ...seeded,
    ctx,
    call: async (path, init = {}) =>
      t.app.request(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          Authorization: `Bearer ${init.key ?? seeded.apiKey}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    keyWith: async (...abilities) => (await createApiKey(ctx, { name: 'limited', abilities })).plaintext,
  };
}
