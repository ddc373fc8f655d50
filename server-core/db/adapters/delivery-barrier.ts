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
 * handled. Waits at most WAIT_LIMIT_MS and never fails: a lost listening connection must not hang the caller
 * or turn a committed change into an error.
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
    try {
      await subscribed;
    } catch {
      return; // no listening connection: nothing local to wait for; the change itself stands
    }
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      waiting.set(token, resolve);
      timer = setTimeout(resolve, WAIT_LIMIT_MS);
    });
    try {
      await deps.notify(BARRIER_CHANNEL, token);
      await arrived;
    } catch {
      // The barrier is best effort: the caller's change committed; its notification still reaches the others.
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };
}
