import { randomUUID } from 'node:crypto';

const BARRIER_CHANNEL = 'delivery_barrier';
const WAIT_LIMIT_MS = 2_000;

type Listen = (channel: string, handler: (payload: string) => void) => Promise<unknown>;
type Notify = (channel: string, payload: string) => Promise<void>;

/**
 * Read-your-notifications for one process on Postgres. NOTIFY reaches this process's own listeners
 * asynchronously, so a node that switched a flag off could answer its next request from a cache the
 * notification has not dropped yet. Postgres hands a listener the notifications of committed transactions
 * in commit order, so once a token sent after the change comes back, every earlier notification has been
 * handled. Waits at most WAIT_LIMIT_MS: a lost listening connection must not hang the caller.
 */
export function createDeliveryBarrier(deps: { listen: Listen; notify: Notify }) {
  const waiting = new Map<string, () => void>();
  let subscribed: Promise<unknown> | null = null;

  return async function awaitLocalDelivery(): Promise<void> {
    subscribed ??= deps
      .listen(BARRIER_CHANNEL, (token) => {
        waiting.get(token)?.();
      })
      .catch((err: unknown) => {
        subscribed = null;
        throw err;
      });
    await subscribed;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      waiting.set(token, resolve);
      timer = setTimeout(resolve, WAIT_LIMIT_MS);
    });
    try {
      await deps.notify(BARRIER_CHANNEL, token);
      await arrived;
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };
}
