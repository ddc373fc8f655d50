import { expect, it, vi } from 'vitest';
import { createBus } from './bus';
import { type WidgetConversation, type WidgetMessage, watchChat } from './chat';
import { chatFrame } from './realtime';
import type { Reply } from './transport';

const C = '01jd2m7r3x8k9q4w5e6t7y8v9a';
const M = '01jd2m7r3x8k9q4w5e6t7y8v9b';

it('reads the two chat frames and nothing else', () => {
  expect(chatFrame({ type: 'conversation.message', conversation_id: C, message_id: M })).toEqual({
    conversationId: C,
    messageId: M,
  });
  expect(chatFrame({ type: 'conversation.updated', conversation_id: C })).toEqual({
    conversationId: C,
    messageId: null,
  });
  expect(chatFrame({ type: 'conversation.updated', conversation_id: C.toUpperCase() })?.conversationId).toBe(
    C.toUpperCase(),
  );
});

it('refuses malformed chat frames: the ids go into a request path', () => {
  for (const frame of [
    null,
    undefined,
    { type: 'ready' },
    { type: 'experience.unpublished', experience_id: C },
    { type: 'conversation.updated' },
    { type: 'conversation.updated', conversation_id: 42 },
    { type: 'conversation.updated', conversation_id: '../boot' },
    { type: 'conversation.updated', conversation_id: `${C}/messages` },
    { type: 'conversation.updated', conversation_id: `${C}?x=1` },
    { type: 'conversation.updated', conversation_id: 'u'.repeat(26) }, // u is not Crockford base32
    { type: 'conversation.message', conversation_id: C },
    { type: 'conversation.message', conversation_id: C, message_id: '../../x' },
    { type: 'conversation.message', conversation_id: C, message_id: ['x'] },
    { type: 'conversation.other', conversation_id: C, message_id: M },
  ])
    expect(chatFrame(frame as Parameters<typeof chatFrame>[0]), JSON.stringify(frame)).toBeNull();
});

const message = (id: string, author_type: WidgetMessage['author_type'], body: string): WidgetMessage => ({
  id,
  direction: author_type === 'contact' ? 'in' : 'out',
  author_type,
  author_name: author_type === 'agent' ? 'Ada' : null,
  kind: 'text',
  body,
  attachment: null,
  created_at: '2026-11-27T14:00:00.000Z',
});

/**
 * The service as the widget's call sees it: the conversation as it stands when the request comes in. An
 * answer is held until `release()` when `hold` is set (the test decides when it comes back).
 */
function service(conversation: () => WidgetConversation, hold = false) {
  const paths: string[] = [];
  const held: (() => void)[] = [];
  const call = async <T>(_method: string, path: string): Promise<Reply<T>> => {
    paths.push(path);
    const body = { data: structuredClone(conversation()) };
    if (hold) await new Promise<void>((r) => held.push(r));
    return { status: 200, body: body as T };
  };
  return { call, paths, release: () => held.shift()?.() };
}

it('fetches the conversation on each frame, hands it to the panel, and fires message:received once per staff message', async () => {
  const events = createBus();
  const conv: WidgetConversation = {
    id: C,
    state: 'open',
    kind: 'conversation',
    rating: null,
    rating_requested: false,
    created_at: '2026-11-27T14:00:00.000Z',
    messages: [message('01jd2m7r3x8k9q4w5e6t7y8v90', 'contact', 'Hello')],
  };
  const { call, paths } = service(() => conv);
  const fired: unknown[] = [];
  const shown: WidgetConversation[] = [];
  events.on('conversation', (c) => shown.push(c as WidgetConversation));
  watchChat(events, call, (event, payload) => fired.push([event, payload]));

  conv.messages.push(message(M, 'agent', 'Hi, how can we help?'));
  events.emit('realtime', { type: 'conversation.message', conversation_id: C, message_id: M });
  // The same frame again (a second node, a second tab): fetched again, fired once.
  events.emit('realtime', { type: 'conversation.message', conversation_id: C, message_id: M });
  // A system message and a state change: the panel updates, no public event.
  const sys = '01jd2m7r3x8k9q4w5e6t7y8v9c';
  conv.messages.push(message(sys, 'system', 'Resolved'));
  events.emit('realtime', { type: 'conversation.message', conversation_id: C, message_id: sys });
  events.emit('realtime', { type: 'conversation.updated', conversation_id: C });
  // The visitor's own message named by a frame (another tab of theirs sent it): no message:received.
  events.emit('realtime', {
    type: 'conversation.message',
    conversation_id: C,
    message_id: conv.messages[0]!.id,
  });
  events.emit('realtime', { type: 'ready' });
  await vi.waitFor(() => expect(shown).toHaveLength(5));

  expect(paths).toEqual(Array(5).fill(`widget/conversations/${C}?read=false`));
  expect(fired).toEqual([['message:received', { body: 'Hi, how can we help?' }]]);
  expect(shown).toHaveLength(5);
});

it('hands the answers over in the order of the frames, whatever order they come back in', async () => {
  const events = createBus();
  let version = 0;
  // The answer's version travels in `rating` (1, then 2).
  const conv = (): WidgetConversation => ({
    id: C,
    state: 'open',
    kind: 'conversation',
    rating: ++version,
    rating_requested: false,
    created_at: '2026-11-27T14:00:00.000Z',
    messages: [],
  });
  const { call, paths, release } = service(conv, true);
  const versions: (number | null)[] = [];
  events.on('conversation', (c) => versions.push((c as WidgetConversation).rating));
  watchChat(events, call, () => {});
  events.emit('realtime', { type: 'conversation.updated', conversation_id: C });
  events.emit('realtime', { type: 'conversation.updated', conversation_id: C });
  // One fetch at a time: the second waits for the first answer.
  await vi.waitFor(() => expect(paths).toHaveLength(1));
  await new Promise((r) => setTimeout(r, 10));
  expect(paths).toHaveLength(1);
  release();
  await vi.waitFor(() => expect(paths).toHaveLength(2));
  release();
  await vi.waitFor(() => expect(versions).toEqual([1, 2]));
});

it('skips a conversation the service does not give (404, or the network down)', async () => {
  const events = createBus();
  const statuses = [404, 0];
  const fired: unknown[] = [];
  const shown: unknown[] = [];
  events.on('conversation', (c) => shown.push(c));
  watchChat(
    events,
    async <T>() => ({ status: statuses.shift() ?? 500, body: null }) as Reply<T>,
    (e) => fired.push(e),
  );
  events.emit('realtime', { type: 'conversation.message', conversation_id: C, message_id: M });
  events.emit('realtime', { type: 'conversation.updated', conversation_id: C });
  await vi.waitFor(() => expect(statuses).toEqual([]));
  await new Promise((r) => setTimeout(r, 10));
  expect(shown).toEqual([]);
  expect(fired).toEqual([]);
});

it('marks the conversation read only while the visitor has it open in the Chat tab', async () => {
  const events = createBus();
  const conv: WidgetConversation = {
    id: C,
    state: 'open',
    kind: 'conversation',
    rating: null,
    rating_requested: false,
    created_at: '2026-11-27T14:00:00.000Z',
    messages: [message(M, 'agent', 'Hi')],
  };
  const { call, paths } = service(() => conv);
  let open = false;
  watchChat(
    events,
    call,
    () => {},
    (id) => open && id === C,
  );
  events.emit('realtime', { type: 'conversation.message', conversation_id: C, message_id: M });
  await vi.waitFor(() => expect(paths).toHaveLength(1));
  open = true;
  events.emit('realtime', { type: 'conversation.updated', conversation_id: C });
  await vi.waitFor(() => expect(paths).toHaveLength(2));
  expect(paths).toEqual([`widget/conversations/${C}?read=false`, `widget/conversations/${C}`]);
});
