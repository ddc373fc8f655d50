import { Worker } from 'node:worker_threads';

type Vectors = Float32Array<ArrayBuffer>[];

/** What use-lite-worker.mjs answers to one request. */
type Reply = { id: number; vectors: Vectors } | { id: number; error: string };

export type LaneRequest = { type: 'ready' } | { type: 'embed'; texts: string[]; batch: number };

/**
 * One worker thread running the model, started on the first request and again after it died. Requests
 * are answered in order. The thread is ref'd only while a request waits, so an idle one never keeps a
 * process (or a test run) alive, and a waiting one is not abandoned by a process with nothing else to do.
 */
export interface Lane {
  request(req: LaneRequest): Promise<Vectors>;
  /** Ends the thread; waiting requests are rejected, the next one starts a new thread. */
  close(): Promise<void>;
  /** Tests only: the running thread (to make it die). */
  readonly thread: Worker | null;
}

export function createLane(name: string): Lane {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(v: Vectors): void; reject(e: Error): void }>();

  const start = (): Worker => {
    // Plain JavaScript: none of the parent's flags (tsx's loader, --input-type) apply to it.
    const w = new Worker(new URL('./use-lite-worker.mjs', import.meta.url), {
      name: `use-lite-${name}`,
      execArgv: [],
    });
    w.unref();
    // A thread that died fails whatever it held; 'error' (an uncaught throw) is followed by 'exit'.
    const died = (why: string) => {
      if (worker !== w) return;
      worker = null;
      const waiting = [...pending.values()];
      pending.clear();
      for (const p of waiting) p.reject(new Error(`use-lite ${name} worker ${why}`));
    };
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if ('error' in reply) p.reject(new Error(`use-lite: ${reply.error}`));
      else p.resolve(reply.vectors);
    });
    w.on('error', (err) => died(`failed: ${err.message}`));
    w.on('exit', (code) => died(`exited (code ${code})`));
    return w;
  };

  return {
    request(req) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      if (pending.size === 0) w.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, ...req });
      });
    },
    async close() {
      await worker?.terminate();
    },
    get thread() {
      return worker;
    },
  };
}
