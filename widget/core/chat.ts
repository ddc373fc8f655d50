import type { components } from '../../bff/openapi/schema';
import type { Bus } from './bus';
import { chatFrame, type RealtimeMessage } from './realtime';
import type { Method, Reply } from './transport';

type Schemas = components['schemas'];
/** The widget's conversation shapes, as the contract gives them (widgetGetConversation and friends). */
export type WidgetConversation = Schemas['WidgetConversation'];
export type WidgetMessage = Schemas['WidgetMessage'];
export type WidgetAttachment = NonNullable<Schemas['WidgetAttachment']>;
export type ConversationSummary = Schemas['ConversationSummary'];

type Call = <T>(method: Method, path: string, body?: unknown) => Promise<Reply<T>>;

/**
 * Live chat in the entry (the panel may be closed): on each `conversation.message` or
 * `conversation.updated` frame the conversation is fetched (frames carry ids only) and handed to the
 * panel as the internal event `conversation`; a staff message named by a `conversation.message` frame
 * fires the public `message:received { body }` once (a message id is remembered, so a repeated frame or a
 * second tab's frame does not fire it twice). Fetches run one after another, so an older answer never
 * overwrites a newer one. A fetch marks the conversation read only while the visitor has it open in the Chat
 * tab (`read=false` otherwise), so the list's unread counts survive a closed panel. Returns the unsubscribe.
 */
export function watchChat(
  events: Bus,
  call: Call,
  emit: (event: string, payload?: unknown) => void,
  /** Whether the visitor has this conversation open in the Chat tab: only then does the fetch mark it read. */
  showing: (conversationId: string) => boolean = () => false,
) {
  const fired = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();
  return events.on('realtime', (m) => {
    const frame = chatFrame(m as RealtimeMessage);
    if (!frame) return;
    chain = chain.then(async () => {
      const id = frame.conversationId;
      const reply = await call<{ data: WidgetConversation }>(
        'GET',
        `widget/conversations/${id}${showing(id) ? '' : '?read=false'}`,
      );
      const conversation = reply.status === 200 ? reply.body?.data : undefined;
      if (!conversation) return;
      events.emit('conversation', conversation);
      const message = conversation.messages.find((x) => x.id === frame.messageId);
      if (message?.author_type === 'agent' && !fired.has(message.id)) {
        fired.add(message.id);
        emit('message:received', { body: message.body });
      }
    });
  });
}
