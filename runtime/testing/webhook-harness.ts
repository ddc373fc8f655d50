import { json, makeTestApp, signIn, type TestApp } from '../../bff/testing/services';
import { SYSTEM_ACTOR } from '../../server-core/context';
import type { Db } from '../../server-core/db/db';
import { newId } from '../../server-core/lib/ulid';
import { emitEvent } from '../../server-core/outbox/emit-event';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import type { HttpTransportOptions } from '../http/transport';
import type { WorkerDeps } from '../worker/deps';
import { testWorkerDeps } from './worker-deps';

export interface AttemptJson {
  number: number;
  succeeded: boolean;
  status_code: number | null;
  error_code: string | null;
  error: string | null;
}

export interface DeliveryJson {
  id: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: AttemptJson[];
}

/** A workspace with a signed-in owner, registering endpoints and reading the log through the portal API. */
export interface HookWorkspace {
  id: string;
  /** Registers an endpoint for contact.created; returns its id. */
  register(url: string): Promise<string>;
  /** Emits `n` contact.created events in one transaction. */
  emit(n?: number): Promise<void>;
  /** The delivery log of an endpoint, as the tenant reads it (and its raw JSON text). */
  log(endpointId: string): Promise<{ deliveries: DeliveryJson[]; text: string }>;
  /** The endpoint as the tenant's list shows it (raw JSON text too). */
  endpoint(endpointId: string): Promise<{ data: Record<string, unknown>; text: string }>;
}

/**
 * The real app over a test database (loopback allowed for registration) and worker dependencies with
 * the real HTTP transport, for tests of the delivery pipeline with several workspaces.
 */
export function webhookHarness(
  db: Db,
  opts: { env?: Record<string, string>; start?: string; transport?: Partial<HttpTransportOptions> } = {},
): { t: TestApp; deps: WorkerDeps; workspace(): Promise<HookWorkspace> } {
  const t = makeTestApp(
    db,
    { UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', ...opts.env },
    opts.start ?? '2026-11-01T00:00:00.000Z',
  );
  const deps = testWorkerDeps(db, t.clock, {
    box: t.services.box,
    transport: { allowHosts: ['127.0.0.1'], ...opts.transport },
  });
  const workspace = async (): Promise<HookWorkspace> => {
    const ws = await makeWorkspace(db, t.clock.now());
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}`;
    const get = async (path: string) => {
      const res = await t.app.request(`${base}${path}`, { headers: s.headers });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      return res.text();
    };
    return {
      id: ws.id,
      async register(url) {
        const res = await t.app.request(`${base}/webhook-endpoints`, {
          method: 'POST',
          ...json({ url, events: ['contact.created'] }, s.headers),
        });
        if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { data: { id: string } }).data.id;
      },
      emit: (n = 1) =>
        db.tx(async (tx) => {
          for (let i = 0; i < n; i++) {
            await emitEvent(
              { db: tx, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR },
              'contact.created',
              {
                contact_id: newId(),
                external_id: null,
                verified: true,
                created_at: t.clock.now().toISOString(),
              },
            );
          }
        }),
      async log(endpointId) {
        const text = await get(`/webhook-endpoints/${endpointId}/deliveries?limit=100`);
        return { deliveries: (JSON.parse(text) as { data: DeliveryJson[] }).data, text };
      },
      async endpoint(endpointId) {
        const text = await get('/webhook-endpoints?limit=100');
        const list = (JSON.parse(text) as { data: Record<string, unknown>[] }).data;
        return { data: list.find((e) => e.id === endpointId)!, text };
      },
    };
  };
  return { t, deps, workspace };
}

/** Polls `check` until it holds or `ms` pass (real time: receivers and sockets are real). */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
