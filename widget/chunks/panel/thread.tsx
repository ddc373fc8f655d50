import { useEffect, useRef, useState } from 'preact/hooks';
import type { WidgetConversation, WidgetMessage } from '../../core/chat';
import type { Runtime } from '../../core/runtime';
import { type Catalog, fill, type Messages } from '../../ui/messages';
import { AttachButton, Attachment, Rating, when } from './chat-parts';
import { BACK, SEND } from './icons';

type Shown = WidgetConversation | 'loading' | 'failed' | null;

/** A message added to the conversation shown (once: a fetched copy may already hold it). */
const withMessage = (c: Shown, m: WidgetMessage): Shown =>
  c && typeof c === 'object' ? { ...c, messages: [...c.messages.filter((x) => x.id !== m.id), m] } : c;

const failure = (t: Messages, status: number): string =>
  status === 413 ? t.tooLarge : status === 415 ? t.badType : status === 503 ? t.attachOff : t.msgNotSent;

/**
 * One conversation (id) or a new one (null): the messages (a log, announced as they arrive), the CSAT row
 * when the team asked for a rating, and the composer (Enter sends, Shift+Enter starts a new line) with the
 * upload button when the boot config enables attachments. Kept fresh by the chat frames (the entry fetches
 * the conversation: the `conversation` event), and refetched after user.set and a socket drop.
 */
export function Thread({
  rt,
  cat,
  id,
  focus,
}: {
  rt: Runtime;
  cat: Catalog;
  id: string | null;
  focus: boolean;
}) {
  const { t } = cat;
  const [shown, setShown] = useState<Shown>(id ? 'loading' : null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [refetch, setRefetch] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const again = () => setRefetch((n) => n + 1);
    const offs = [
      rt.events.on('conversation', (c) => {
        if ((c as WidgetConversation).id === id) setShown(c as WidgetConversation);
      }),
      rt.events.on('identity', again),
      rt.events.on('realtime', (m) => {
        if ((m as { type?: string }).type === 'ready') again();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [rt, id]);

  useEffect(() => {
    if (!id) return;
    let live = true;
    rt.call<{ data: WidgetConversation }>('GET', `widget/conversations/${id}`).then((r) => {
      if (live)
        setShown((now) => (r.status === 200 && r.body ? r.body.data : now === 'loading' ? 'failed' : now));
    });
    return () => {
      live = false;
    };
  }, [rt, id, refetch]);

  useEffect(() => {
    if (focus) box.current?.focus();
  }, []);
  const count = shown && typeof shown === 'object' ? shown.messages.length : 0;
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = async () => {
    const body = draft.trim();
    if (!body || busy) return;
    setBusy(true);
    setProblem('');
    if (!id) {
      const r = await rt.call<{ data: WidgetConversation }>('POST', 'widget/conversations', { body });
      setBusy(false);
      if (r.status === 201 && r.body) rt.ui.set({ conversation: r.body.data.id });
      else setProblem(t.msgNotSent);
      return;
    }
    const r = await rt.call<{ data: WidgetMessage }>('POST', `widget/conversations/${id}/messages`, { body });
    setBusy(false);
    if (r.status !== 201 || !r.body) return setProblem(t.msgNotSent);
    // The socket may show the message first and the visitor may be typing the next: keep that.
    setDraft((d) => (d.trim() === body ? '' : d));
    setShown((c) => withMessage(c, r.body!.data));
    // A resolved conversation opens again on the visitor's message: its state comes with a refetch.
    if (typeof shown === 'object' && shown?.state === 'resolved') setRefetch((n) => n + 1);
  };

  const upload = async (file: File) => {
    const { max_bytes: max, types } = rt.config.attachments;
    setProblem('');
    if (file.size > max) return setProblem(t.tooLarge);
    if (!types.includes(file.type)) return setProblem(t.badType);
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    const r = await rt.call<{ data: WidgetMessage }>('POST', `widget/conversations/${id}/attachments`, form);
    setBusy(false);
    if (r.status === 201 && r.body) setShown((c) => withMessage(c, r.body!.data));
    else setProblem(failure(t, r.status));
  };

  const conversation = shown && typeof shown === 'object' ? shown : null;
  return (
    <div class="chat thread">
      <button type="button" class="back" onClick={() => rt.ui.set({ conversation: null })}>
        {BACK}
        {t.toChats}
      </button>
      {shown === 'loading' || shown === 'failed' ? (
        <p role="status" class="status">
          {shown === 'failed' ? t.chatOff : t.chatLoading}
        </p>
      ) : null}
      {conversation && (
        <div role="log" aria-label={t.messages}>
          <ol ref={log} class="msgs">
            {conversation.messages.map((m) => (
              <li key={m.id} class={m.author_type === 'contact' ? 'me' : m.author_type}>
                {m.author_type !== 'system' && (
                  <small>
                    {m.author_type === 'contact' ? t.you : (m.author_name ?? t.team)} ·{' '}
                    <time dateTime={m.created_at}>{when(cat.lang, m.created_at)}</time>
                  </small>
                )}
                {m.attachment ? <Attachment file={m.attachment} t={t} /> : <p>{m.body}</p>}
              </li>
            ))}
          </ol>
        </div>
      )}
      {conversation?.state === 'resolved' && <p class="status">{t.resolvedNote}</p>}
      {conversation?.rating_requested && conversation.rating === null && (
        <Rating rt={rt} cat={cat} id={conversation.id} done={setShown} />
      )}
      {conversation && conversation.rating !== null && (
        <p class="status">{fill(t.rated, { n: conversation.rating })}</p>
      )}
      {(conversation || id === null) && (
        <form
          class="card composer"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {conversation && rt.config.attachments.enabled && (
            <AttachButton t={t} types={rt.config.attachments.types} busy={busy} pick={upload} />
          )}
          <textarea
            ref={box}
            rows={2}
            maxLength={5000}
            aria-label={t.message}
            placeholder={t.messageHint}
            value={draft}
            onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
          />
          <button type="submit" class="icon send" aria-label={t.send} disabled={busy}>
            {SEND}
          </button>
        </form>
      )}
      <p role="status" class="status">
        {problem}
      </p>
    </div>
  );
}
