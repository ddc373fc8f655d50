import { useRef, useState } from 'preact/hooks';
import type { SectionProps } from '../../shell/types';
import { ConversationView } from './conversation';
import { ConversationList } from './list';
import type { Filters } from './types';
import { useMembers } from './use-members';
import { useStaffFeed } from './use-staff-feed';
import './inbox.css';

/** The inbox: the conversation list with its filters beside the open conversation (/app/inbox/<id>). */
export default function InboxSection({ session, path, navigate }: SectionProps) {
  const [filters, setFilters] = useState<Filters>({ state: 'open', assignee: '', kind: '', tag: '' });
  const ids = useRef<string[]>([]);
  const selected = path[0] ?? null;
  const feed = useStaffFeed(session.workspaceId);
  const members = useMembers(session.workspaceId);
  const next = () => {
    const list = ids.current;
    const at = selected ? list.indexOf(selected) : -1;
    const to = list[at + 1] ?? list[0];
    if (to && to !== selected) navigate(`/app/inbox/${to}`);
  };
  return (
    <div class={`inbox ${selected ? 'has-selection' : ''}`}>
      <h1>Inbox</h1>
      <p class="muted" role="status">
        {feed.live
          ? 'Live: new messages appear as they arrive.'
          : 'Reconnecting: the list refreshes every few seconds.'}
      </p>
      <div class="inbox-panes">
        <ConversationList
          session={session}
          members={members}
          filters={filters}
          onFilters={setFilters}
          selected={selected}
          live={feed.live}
          changedAt={feed.change?.at ?? 0}
          onRows={(r) => {
            ids.current = r;
          }}
        />
        {selected ? (
          <ConversationView
            key={selected}
            session={session}
            members={members}
            id={selected}
            onNext={next}
            live={feed.live}
            changedAt={feed.change?.id === selected ? feed.change.at : 0}
          />
        ) : (
          <p class="muted inbox-empty">Choose a conversation.</p>
        )}
      </div>
    </div>
  );
}
