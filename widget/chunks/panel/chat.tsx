import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConversationSummary } from '../../core/chat';
import type { Runtime } from '../../core/runtime';
import { type Catalog, fill } from '../../ui/messages';
import { useStore } from '../../ui/use-store';
import { NEW, when } from './chat-parts';
import { NEXT } from './icons';
import { Thread } from './thread';

/**
 * A counter bumped on the internal events after which what the Chat tab shows may be stale: a fetched
 * conversation (a chat frame), the socket back after a drop (`ready`: frames were missed), user.set (the
 * anonymous visitor's conversations now belong to the contact, and the contact's are theirs).
 */
export function useChatChanges(rt: Runtime): number {
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    const bump = () => setSeq((n) => n + 1);
    const offs = [
      rt.events.on('identity', bump),
      rt.events.on('conversation', bump),
      rt.events.on('realtime', (m) => {
        if ((m as { type?: string }).type === 'ready') bump();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [rt]);
  return seq;
}

type List = ConversationSummary[] | 'loading' | 'failed';

/** The visitor's conversations, newest first (widgetListConversations), and "New conversation". */
function Conversations({
  rt,
  cat,
  focus,
  back,
}: {
  rt: Runtime;
  cat: Catalog;
  focus: boolean;
  /** The view just left (a conversation's id, or `new`): its entry, else New conversation, takes the focus. */
  back: string | null;
}) {
  const { t } = cat;
  const [list, setList] = useState<List>('loading');
  const changes = useChatChanges(rt);
  const start = useRef<HTMLButtonElement>(null);
  const items = useRef<HTMLUListElement>(null);
  const returnTo = useRef(back);

  useEffect(() => {
    let live = true;
    rt.call<{ data: ConversationSummary[] }>('GET', 'widget/conversations').then((r) => {
      if (live) setList(r.status === 200 && r.body ? r.body.data : 'failed');
    });
    return () => {
      live = false;
    };
  }, [rt, changes]);

  useEffect(() => {
    if (focus && !back) start.current?.focus();
  }, []);
  // Back from a conversation: its entry takes the focus again.
  useEffect(() => {
    const back = returnTo.current;
    if (back && Array.isArray(list)) {
      returnTo.current = null;
      (items.current?.querySelector<HTMLElement>(`[data-c="${CSS.escape(back)}"]`) ?? start.current)?.focus();
    }
  }, [list]);

  const open = (conversation: string) => rt.ui.set({ conversation });
  const status = list === 'failed' ? t.chatOff : list === 'loading' ? '' : list.length === 0 ? t.noChats : '';
  return (
    <div class="chat">
      <button ref={start} type="button" class="btn wide" onClick={() => open(NEW)}>
        {t.newChat}
      </button>
      <p role="status" class="status">
        {status}
      </p>
      {Array.isArray(list) && list.length > 0 && (
        <ul ref={items} class="card hits" aria-label={t.chats}>
          {list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                class="hit"
                data-c={c.id}
                aria-labelledby={`c-${c.id}`}
                aria-describedby={`cd-${c.id}`}
                onClick={() => open(c.id)}
              >
                <span>
                  <b id={`c-${c.id}`}>
                    {c.kind === 'ticket' ? t.ticketItem : t.chatItem}
                    {c.unread > 0 && <em class="unread">{fill(t.unreadN, { n: c.unread })}</em>}
                  </b>
                  <small id={`cd-${c.id}`}>
                    {c.state === 'resolved' ? t.stateResolved : t.stateOpen} ·{' '}
                    {fill(t.lastActive, { date: when(cat.lang, c.last_message_at ?? c.created_at) })}
                  </small>
                </span>
                {NEXT}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The Chat tab: the visitor's conversations, a new one, or one conversation (rt.ui `conversation`, so a
 * panel reloaded after a body swap opens the same view, refetched). `focus`: opened from the keyboard.
 */
export function Chat({ rt, cat, focus }: { rt: Runtime; cat: Catalog; focus: boolean }) {
  const { conversation } = useStore(rt.ui);
  // The view shown before (null on the first render): moving between views moves the focus along.
  const last = useRef<string | null | undefined>(undefined);
  const before = last.current;
  last.current = conversation;
  const back = before ?? null;
  return conversation ? (
    <Thread
      key={conversation}
      rt={rt}
      cat={cat}
      id={conversation === NEW ? null : conversation}
      focus={focus || before !== undefined}
    />
  ) : (
    <Conversations rt={rt} cat={cat} focus={focus} back={back} />
  );
}
