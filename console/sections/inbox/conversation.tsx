import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorMessage } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, toast } from '../../ui';
import { type ConversationDetail, type Message, STATE_LABEL, when } from './types';
import { type Member, memberLabel } from './use-members';
import { usePoll } from './use-poll';

interface Props {
  session: ConsoleSession;
  members: Member[];
  id: string;
  /** Opens the next conversation of the list (the `j` shortcut). */
  onNext(): void;
  live: boolean;
  changedAt: number;
}

const POLL_MS = 3000;
const LIVE_POLL_MS = 30_000;
const HOUR = 3_600_000;

/** Where a shortcut must not fire: while typing. */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

function MessageItem({ m }: { m: Message }) {
  const who =
    m.direction === 'in'
      ? (m.author_name ?? 'Visitor')
      : m.direction === 'note'
        ? `Internal note · ${m.author_name ?? 'Staff'}`
        : (m.author_name ?? 'Staff');
  const a = m.attachment;
  return (
    <li class={`msg msg-${m.direction}`} aria-label={m.direction === 'note' ? 'Internal note' : undefined}>
      <div class="msg-head">
        <strong>{who}</strong> <span class="muted">{when(m.created_at)}</span>
      </div>
      {m.kind === 'attachment' && a ? (
        a.status === 'clean' && a.download_url ? (
          <a href={a.download_url} download={a.name}>
            {a.name} ({Math.ceil(a.size / 1024)} KB)
          </a>
        ) : (
          <span class="muted">
            {a.status === 'scanning' ? `${a.name}: being scanned` : `${a.name}: blocked`}
          </span>
        )
      ) : (
        <p class="msg-body">{m.body}</p>
      )}
    </li>
  );
}

export function ConversationView({ session, members, id, onNext, live, changedAt }: Props) {
  const [c, setC] = useState<ConversationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [tag, setTag] = useState('');
  const [priority, setPriority] = useState<'low' | 'normal' | 'high' | 'urgent'>('normal');
  const [busy, setBusy] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const path = { workspaceId: session.workspaceId, conversationId: id };

  const load = async () => {
    const { data, error: err } = await api.GET(
      '/api/v1/workspaces/{workspaceId}/conversations/{conversationId}',
      {
        params: { path },
      },
    );
    if (err || !data) return setError(errorMessage(err));
    setError(null);
    setC(data.data as ConversationDetail);
  };
  usePoll(load, live ? LIVE_POLL_MS : POLL_MS, [id, live, changedAt]);

  /** Runs one action, then re-reads the conversation; failures are announced. */
  const act = async (label: string, call: () => Promise<{ error?: unknown }>) => {
    setBusy(true);
    try {
      const { error: err } = await call();
      if (err) toast(`${label}: ${errorMessage(err)}`, 'error');
      else toast(`${label}: done.`);
      await load();
      return !err;
    } finally {
      setBusy(false);
    }
  };
  const opts = { params: { path } };
  const send = async (as: 'replies' | 'notes') => {
    const body = text.trim();
    if (!body) return;
    const ok = await act(as === 'replies' ? 'Reply' : 'Note', () =>
      as === 'replies'
        ? api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/replies', {
            ...opts,
            body: { body },
          })
        : api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/notes', {
            ...opts,
            body: { body },
          }),
    );
    // A poll may show the message before this request returns, and staff may already be typing
    // the next one: only the text that was sent is cleared.
    if (ok) setText((current) => (current.trim() === body ? '' : current));
  };
  const resolve = () =>
    act('Resolve', () =>
      api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/resolve', opts),
    );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'r') {
        e.preventDefault();
        replyRef.current?.focus();
      } else if (e.key === 'e') {
        e.preventDefault();
        void resolve();
      } else if (e.key === 'j') {
        e.preventDefault();
        onNext();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  if (error && !c) return <p class="error-text">{error}</p>;
  if (!c) return <p class="muted">Loading…</p>;
  const title = c.subject ?? c.reference ?? `Conversation ${c.id.slice(-6)}`;
  // The current assignee stays a choice even when the member list has not loaded (or they left).
  const choices =
    c.assignee_id && !members.some((m) => m.user_id === c.assignee_id)
      ? [...members, { user_id: c.assignee_id, name: 'Current assignee', email: '' } as Member]
      : members;
  return (
    <section class="inbox-view" aria-labelledby="conversation-title">
      <h2 id="conversation-title">{title}</h2>
      <p class="muted">
        {STATE_LABEL[c.state]}
        {c.kind === 'ticket' ? ` · Ticket ${c.reference ?? ''} · ${c.priority ?? ''}` : ''}
        {c.snoozed_until ? ` · until ${when(c.snoozed_until)}` : ''}
        {c.rating ? ` · rated ${c.rating}/5` : c.rating_requested_at ? ' · rating asked' : ''}
        {c.contact_id && (
          <>
            {' · '}
            <a href={`/app/contacts/${c.contact_id}`}>Contact</a>
          </>
        )}
      </p>
      <div class="row" role="toolbar" aria-label="Conversation actions">
        {c.state === 'resolved' ? (
          <Button
            disabled={busy}
            onClick={() =>
              act('Reopen', () =>
                api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/reopen', opts),
              )
            }
          >
            Reopen
          </Button>
        ) : (
          <Button disabled={busy} onClick={resolve} aria-keyshortcuts="e">
            Resolve
          </Button>
        )}
        <span class="inline-select">
          <label for="conversation-assignee">Assignee</label>
          <select
            id="conversation-assignee"
            disabled={busy}
            value={c.assignee_id ?? ''}
            onChange={(e) => {
              const to = e.currentTarget.value || null;
              void act(to ? 'Assign' : 'Unassign', () =>
                api.PUT('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/assignee', {
                  ...opts,
                  body: { assignee_id: to },
                }),
              );
            }}
          >
            <option value="">Unassigned</option>
            {choices.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {memberLabel(m)}
                {m.user_id === session.user.id ? ' (me)' : ''}
              </option>
            ))}
          </select>
        </span>
        {c.state !== 'resolved' && (
          <Button
            disabled={busy}
            onClick={() =>
              act('Snooze', () =>
                api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/snooze', {
                  ...opts,
                  body: { until: new Date(Date.now() + 4 * HOUR).toISOString() },
                }),
              )
            }
          >
            Snooze 4 hours
          </Button>
        )}
        {c.state === 'resolved' && !c.rating && !c.rating_requested_at && (
          <Button
            disabled={busy}
            onClick={() =>
              act('Ask for a rating', () =>
                api.POST(
                  '/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/rating-request',
                  opts,
                ),
              )
            }
          >
            Ask for a rating
          </Button>
        )}
        <Button disabled={busy} onClick={onNext} aria-keyshortcuts="j">
          Next
        </Button>
      </div>

      <ol class="thread" aria-label="Messages">
        {c.messages.map((m) => (
          <MessageItem key={m.id} m={m} />
        ))}
      </ol>

      <form
        class="composer"
        aria-label="Reply"
        onSubmit={(e) => {
          e.preventDefault();
          void send('replies');
        }}
      >
        <label for="reply-text">Message</label>
        <textarea
          id="reply-text"
          ref={replyRef}
          rows={3}
          maxLength={5000}
          value={text}
          aria-keyshortcuts="r"
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send('replies');
            }
          }}
        />
        <div class="row">
          <Button type="submit" variant="primary" disabled={busy || !text.trim()}>
            Send reply
          </Button>
          <Button disabled={busy || !text.trim()} onClick={() => send('notes')}>
            Add internal note
          </Button>
        </div>
        <p class="muted">Shortcuts: r reply, Ctrl+Enter send, e resolve, j next conversation.</p>
      </form>

      <div class="card">
        <h3>Tags</h3>
        <ul class="row tags" aria-label="Tags">
          {c.tags.map((t) => (
            <li key={t}>
              <span class="tag">{t}</span>{' '}
              <Button
                aria-label={`Remove tag ${t}`}
                disabled={busy}
                onClick={() =>
                  act('Remove tag', () =>
                    api.DELETE('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/tags/{tag}', {
                      params: { path: { ...path, tag: t } },
                    }),
                  )
                }
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
        <form
          class="row"
          onSubmit={async (e) => {
            e.preventDefault();
            const value = tag.trim();
            if (!value) return;
            const ok = await act('Tag', () =>
              api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/tags', {
                ...opts,
                body: { tag: value },
              }),
            );
            if (ok) setTag((current) => (current.trim() === value ? '' : current));
          }}
        >
          <label>
            New tag <input value={tag} maxLength={50} onInput={(e) => setTag(e.currentTarget.value)} />
          </label>
          <Button type="submit" disabled={busy || !tag.trim()}>
            Add tag
          </Button>
        </form>
      </div>

      {c.kind === 'conversation' && (
        <form
          class="card row"
          onSubmit={(e) => {
            e.preventDefault();
            void act('Open a ticket', () =>
              api.POST('/api/v1/workspaces/{workspaceId}/conversations/{conversationId}/ticket', {
                ...opts,
                body: { priority },
              }),
            );
          }}
        >
          <label>
            Ticket priority{' '}
            <select value={priority} onChange={(e) => setPriority(e.currentTarget.value as typeof priority)}>
              <option value="low">Low</option>
              <option value="normal">Normal</option>
              <option value="high">High</option>
              <option value="urgent">Urgent</option>
            </select>
          </label>
          <Button type="submit" disabled={busy}>
            Open a ticket
          </Button>
        </form>
      )}
    </section>
  );
}
