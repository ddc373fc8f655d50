import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { type Filters, type ListedConversation, STATE_LABEL, when } from './types';
import { type Member, memberLabel } from './use-members';
import { usePoll } from './use-poll';

interface Props {
  session: ConsoleSession;
  members: Member[];
  filters: Filters;
  onFilters(f: Filters): void;
  selected: string | null;
  /** The live feed is connected (poll slowly), and when it last heard of a change (re-read at once). */
  live: boolean;
  changedAt: number;
  /** The ids shown, in order (the `next` shortcut walks them). */
  onRows(ids: string[]): void;
}

const POLL_MS = 4000;
const LIVE_POLL_MS = 30_000;

export function ConversationList({
  session,
  members,
  filters,
  onFilters,
  selected,
  live,
  changedAt,
  onRows,
}: Props) {
  const [rows, setRows] = useState<ListedConversation[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  usePoll(
    async () => {
      const { data, error: err } = await api.GET('/api/v1/workspaces/{workspaceId}/conversations', {
        params: {
          path: { workspaceId: session.workspaceId },
          query: {
            limit: 50,
            ...(filters.state ? { state: filters.state } : {}),
            ...(filters.kind ? { kind: filters.kind } : {}),
            ...(filters.assignee
              ? { assignee_id: filters.assignee === 'me' ? session.user.id : filters.assignee }
              : {}),
            ...(filters.tag.trim() ? { tag: filters.tag.trim().toLowerCase() } : {}),
          },
        },
      });
      if (err || !data) {
        setError(errorMessage(err));
        return;
      }
      setError(null);
      setRows(data.data);
      onRows(data.data.map((c) => c.id));
    },
    live ? LIVE_POLL_MS : POLL_MS,
    [filters.state, filters.kind, filters.assignee, filters.tag, session.workspaceId, live, changedAt],
  );

  const set = (patch: Partial<Filters>) => onFilters({ ...filters, ...patch });
  const assigneeName = (userId: string) => {
    const m = members.find((x) => x.user_id === userId);
    return m ? memberLabel(m) : 'Assigned';
  };
  return (
    <section class="inbox-list" aria-labelledby="inbox-list-title">
      <h2 id="inbox-list-title">Conversations</h2>
      <form class="inbox-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label for="inbox-state">State</label>
          <select
            id="inbox-state"
            value={filters.state}
            onChange={(e) => set({ state: e.currentTarget.value as Filters['state'] })}
          >
            <option value="">Any</option>
            {Object.entries(STATE_LABEL).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="inbox-assignee">Assignee</label>
          <select
            id="inbox-assignee"
            value={filters.assignee}
            onChange={(e) => set({ assignee: e.currentTarget.value })}
          >
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Unassigned</option>
            {members
              .filter((m) => m.user_id !== session.user.id)
              .map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {memberLabel(m)}
                </option>
              ))}
          </select>
        </div>
        <div>
          <label for="inbox-kind">Kind</label>
          <select
            id="inbox-kind"
            value={filters.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as Filters['kind'] })}
          >
            <option value="">Any</option>
            <option value="conversation">Conversations</option>
            <option value="ticket">Tickets</option>
          </select>
        </div>
        <div>
          <label for="inbox-tag">Tag</label>
          <input
            id="inbox-tag"
            type="search"
            value={filters.tag}
            maxLength={50}
            onChange={(e) => set({ tag: e.currentTarget.value })}
          />
        </div>
      </form>
      {error && <p class="error-text">{error}</p>}
      {rows === null && !error && <p class="muted">Loading…</p>}
      {rows?.length === 0 && <p class="muted">No conversations match.</p>}
      {rows && rows.length > 0 && (
        <ul class="inbox-rows" aria-label="Conversations">
          {rows.map((c) => (
            <li key={c.id}>
              <a
                href={`/app/inbox/${c.id}`}
                aria-current={c.id === selected ? 'page' : undefined}
                class={c.id === selected ? 'current' : undefined}
              >
                <span class="inbox-title">
                  {c.subject ?? c.reference ?? `Conversation ${c.id.slice(-6)}`}
                </span>
                <span class="muted">
                  {STATE_LABEL[c.state]}
                  {c.kind === 'ticket' ? ` · ${c.reference ?? 'Ticket'}` : ''}
                  {c.assignee_id === session.user.id
                    ? ' · Mine'
                    : c.assignee_id
                      ? ` · ${assigneeName(c.assignee_id)}`
                      : ''}
                  {c.tags.length ? ` · ${c.tags.join(', ')}` : ''}
                </span>
                {c.last_message && (
                  <span class="inbox-preview">
                    {c.last_message.direction === 'out' ? 'Staff: ' : ''}
                    {c.last_message.kind === 'attachment'
                      ? `Attachment: ${c.last_message.excerpt}`
                      : c.last_message.excerpt}
                  </span>
                )}
                <span class="muted">{when(c.last_message_at ?? c.created_at)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
