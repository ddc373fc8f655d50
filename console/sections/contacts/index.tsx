import { useState } from 'preact/hooks';
import { api } from '../../api/client';
import type { ConsoleSession, SectionProps } from '../../shell/types';
import { Table } from '../../ui';
import { useLoad } from '../content/use-load';

const C = '/api/v1/workspaces/{workspaceId}/contacts/{contactId}' as const;
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');

function ContactList({ session }: { session: ConsoleSession }) {
  const [q, setQ] = useState('');
  const { data, error } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/contacts', {
        params: {
          path: { workspaceId: session.workspaceId },
          query: { limit: 100, ...(q.trim() ? { q: q.trim() } : {}) },
        },
      }),
    [q],
  );
  return (
    <section aria-labelledby="contacts-list-title">
      <h2 id="contacts-list-title">People</h2>
      <form aria-label="Search contacts" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search by email, name, phone or external id{' '}
          <input type="search" maxLength={200} value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        </label>
      </form>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Contacts"
          rows={data.data}
          rowKey={(c) => c.id}
          empty="No contacts match."
          columns={[
            { label: 'Name', render: (c) => <a href={`/app/contacts/${c.id}`}>{c.name ?? c.email}</a> },
            { label: 'Email', render: (c) => c.email },
            { label: 'Last seen', render: (c) => when(c.last_seen_at) },
          ]}
        />
      )}
    </section>
  );
}

function ContactPage({ session, id }: { session: ConsoleSession; id: string }) {
  const path = { workspaceId: session.workspaceId, contactId: id };
  const contact = useLoad(() => api.GET(C, { params: { path } }), [id]);
  const events = useLoad(() => api.GET(`${C}/events`, { params: { path, query: { limit: 50 } } }), [id]);
  const ledger = useLoad(() => api.GET(`${C}/experiences`, { params: { path } }), [id]);
  if (contact.error) return <p class="error-text">{contact.error}</p>;
  if (!contact.data) return <p class="muted">Loading…</p>;
  const c = contact.data.data;
  const attributes = Object.entries(c.attributes);
  return (
    <>
      <h2>{c.name ?? c.email}</h2>
      <section class="card" aria-labelledby="attributes-title">
        <h3 id="attributes-title">Attributes</h3>
        <dl class="attributes">
          <dt>Email</dt>
          <dd>{c.email}</dd>
          {c.phone && (
            <>
              <dt>Phone</dt>
              <dd>{c.phone}</dd>
            </>
          )}
          {c.external_id && (
            <>
              <dt>External id</dt>
              <dd>{c.external_id}</dd>
            </>
          )}
          <dt>Verified</dt>
          <dd>{c.verified ? 'Yes' : 'No'}</dd>
          <dt>First seen</dt>
          <dd>{when(c.created_at)}</dd>
          <dt>Last seen</dt>
          <dd>{when(c.last_seen_at)}</dd>
          {attributes.map(([k, v]) => (
            <>
              <dt key={`k-${k}`}>{k}</dt>
              <dd key={`v-${k}`}>{String(v)}</dd>
            </>
          ))}
        </dl>
      </section>
      <section class="card" aria-labelledby="timeline-title">
        <h3 id="timeline-title">Event timeline</h3>
        {events.error && <p class="muted">{events.error}</p>}
        {events.data &&
          (events.data.data.length === 0 ? (
            <p class="muted">No events recorded.</p>
          ) : (
            <ol class="timeline" aria-label="Events">
              {events.data.data.map((e) => (
                <li key={e.id}>
                  <strong>{e.name}</strong> <span class="muted">{when(e.occurred_at)}</span>
                  {Object.keys(e.properties).length > 0 && (
                    <span class="muted"> · {JSON.stringify(e.properties)}</span>
                  )}
                </li>
              ))}
            </ol>
          ))}
      </section>
      <section class="card" aria-labelledby="ledger-title">
        <h3 id="ledger-title">Experiences</h3>
        {ledger.error && <p class="muted">{ledger.error}</p>}
        {ledger.data && (
          <Table
            caption="Experience ledger"
            rows={ledger.data.data}
            rowKey={(l) => l.experience_id}
            empty="No experiences met yet."
            columns={[
              { label: 'Experience', render: (l) => `${l.name} (${l.type})` },
              { label: 'State', render: (l) => l.state },
              {
                label: 'Progress',
                render: (l) => (l.progress == null ? '' : `${Math.round(l.progress * 100)}%`),
              },
              { label: 'When', render: (l) => when(l.started_at ?? l.seen_at) },
            ]}
          />
        )}
      </section>
      <a href="/app/contacts">Back to contacts</a>
    </>
  );
}

/** Contacts: the list with search, and a contact's page (/app/contacts/<id>). */
export default function ContactsSection({ session, path }: SectionProps) {
  return (
    <>
      <h1>Contacts</h1>
      {path[0] ? (
        <ContactPage key={path[0]} session={session} id={path[0]} />
      ) : (
        <ContactList session={session} />
      )}
    </>
  );
}
