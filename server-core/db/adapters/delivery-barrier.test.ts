import { expect, it } from 'vitest';
import { createDeliveryBarrier } from './delivery-barrier';

it('resolves once the token sent after the change comes back, and not before', async () => {
  let handler: ((payload: string) => void) | null = null;
  const sent: string[] = [];
  const wait = createDeliveryBarrier({
    listen: async (_channel, h) => {
      handler = h;
    },
    notify: async (_channel, token) => {
      sent.push(token);
    },
  });
  let done = false;
  const waiting = wait().then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  expect(sent).toHaveLength(1);
  handler!('someone else’s token');
  await new Promise((r) => setImmediate(r));
  expect(done).toBe(false);
  handler!(sent[0]!);
  await waiting;
  expect(done).toBe(true);
});

it('never fails a committed change: no listening connection, or a failed token, resolves at once', async () => {
  const noListen = createDeliveryBarrier({
    listen: () => Promise.reject(new Error('connection refused')),
    notify: async () => {},
  });
  await expect(noListen()).resolves.toBeUndefined();
  const noNotify = createDeliveryBarrier({
    listen: async () => {},
    notify: () => Promise.reject(new Error('connection lost')),
  });
  await expect(noNotify()).resolves.toBeUndefined();
});
