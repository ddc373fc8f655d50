import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type Message = components['schemas']['ProactiveMessage'];
type Rules = components['schemas']['TriggerRules'];
type Match = NonNullable<Rules['url']>['match'];

interface Draft {
  kind: Message['kind'];
  name: string;
  body: string;
  match: Match;
  url: string;
  seconds: string;
  scroll: string;
  event: string;
  domain: string;
}

const BLANK: Draft = {
  kind: 'trigger',
  name: '',
  body: '',
  match: 'prefix',
  url: '',
  seconds: '',
  scroll: '',
  event: '',
  domain: '',
};

function draftOf(m: Message): Draft {
  return {
    kind: m.kind,
    name: m.name,
    body: m.body,
    match: m.rules.url?.match ?? 'prefix',
    url: m.rules.url?.value ?? '',
    seconds: m.rules.time_on_page_seconds?.toString() ?? '',
    scroll: m.rules.scroll_percent?.toString() ?? '',
    event: m.rules.event ?? '',
    domain: m.audience.email_domain ?? '',
  };
}

function rulesOf(d: Draft): Rules {
  const rules: Rules = {};
  if (d.url.trim()) rules.url = { match: d.match, value: d.url.trim() };
  if (d.seconds !== '') rules.time_on_page_seconds = Number(d.seconds);
  if (d.scroll !== '') rules.scroll_percent = Number(d.scroll);
  if (d.event.trim()) rules.event = d.event.trim();
  return rules;
}

function summary(m: Message): string {
  if (m.kind === 'campaign')
    return m.audience.email_domain ? `Contacts at ${m.audience.email_domain}` : 'Every identified contact';
  const r = m.rules;
  return [
    r.url && `URL ${r.url.match} ${r.url.value}`,
    r.time_on_page_seconds !== undefined && `after ${r.time_on_page_seconds} s`,
    r.scroll_percent !== undefined && `scrolled ${r.scroll_percent}%`,
    r.event && `event ${r.event}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Trigger messages (rules the widget checks on the page) and campaigns (an audience the server checks). */
export function ProactivePage({ session }: SettingsPageProps) {
  const path = { workspaceId: session.workspaceId };
  const list = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/proactive-messages', {
          params: { path, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  // null: no form; 'new': creating; else the message being changed.
  const [editing, setEditing] = useState<Message | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(BLANK);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const open = (m: Message | 'new') => {
    setEditing(m);
    setDraft(m === 'new' ? BLANK : draftOf(m));
    setError(null);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    // A campaign's other audience keys (attributes, set over the API) are kept as they are.
    const audience =
      draft.kind === 'campaign'
        ? {
            ...(editing && editing !== 'new' ? editing.audience : {}),
            email_domain: draft.domain.trim() || undefined,
          }
        : undefined;
    const rules = draft.kind === 'trigger' ? rulesOf(draft) : undefined;
    try {
      if (editing === 'new')
        unwrap(
          await api.POST('/api/v1/workspaces/{workspaceId}/proactive-messages', {
            params: { path },
            body: { kind: draft.kind, name: draft.name, body: draft.body, rules, audience },
          }),
        );
      else if (editing)
        unwrap(
          await api.PATCH('/api/v1/workspaces/{workspaceId}/proactive-messages/{proactiveMessageId}', {
            params: { path: { ...path, proactiveMessageId: editing.id } },
            body: { name: draft.name, body: draft.body, rules, audience },
          }),
        );
      toast(`Saved "${draft.name}".`);
      setEditing(null);
      list.reload();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const setPublished = async (m: Message, publish: boolean) => {
    try {
      const params = { path: { ...path, proactiveMessageId: m.id } };
      unwrap(
        publish
          ? await api.POST(
              '/api/v1/workspaces/{workspaceId}/proactive-messages/{proactiveMessageId}/publish',
              {
                params,
              },
            )
          : await api.POST(
              '/api/v1/workspaces/{workspaceId}/proactive-messages/{proactiveMessageId}/unpublish',
              {
                params,
              },
            ),
      );
      toast(publish ? `Published "${m.name}".` : `Unpublished "${m.name}".`);
      list.reload();
    } catch (e) {
      toast(errorMessage(e), 'error');
    }
  };

  return (
    <>
      <p>
        A trigger message opens in the widget when its page rules hold (URL, time on page, scroll, a custom
        event). A campaign is sent once to each identified contact of its audience while they are on your
        site.
      </p>
      <Button variant="primary" onClick={() => open('new')}>
        New proactive message
      </Button>
      {list.error && <p role="alert">{list.error}</p>}
      {list.data && (
        <Table<Message>
          caption="Proactive messages"
          rowKey={(m) => m.id}
          rows={list.data}
          empty="No proactive messages yet."
          columns={[
            { label: 'Name', render: (m) => m.name },
            { label: 'Kind', render: (m) => m.kind },
            { label: 'When / who', render: summary },
            { label: 'Status', render: (m) => m.status },
            {
              label: 'Actions',
              render: (m) => (
                <span class="row">
                  <Button aria-label={`Edit ${m.name}`} onClick={() => open(m)}>
                    Edit
                  </Button>
                  {m.status === 'published' ? (
                    <Button aria-label={`Unpublish ${m.name}`} onClick={() => setPublished(m, false)}>
                      Unpublish
                    </Button>
                  ) : (
                    <Button aria-label={`Publish ${m.name}`} onClick={() => setPublished(m, true)}>
                      Publish
                    </Button>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <form class="card" aria-label="Proactive message" onSubmit={save}>
          {editing === 'new' && (
            <Field id="pm-kind" label="Kind">
              <select
                id="pm-kind"
                value={draft.kind}
                onChange={(e) => set('kind', e.currentTarget.value as Draft['kind'])}
              >
                <option value="trigger">Trigger message</option>
                <option value="campaign">Campaign</option>
              </select>
            </Field>
          )}
          <Field id="pm-name" label="Name">
            <input
              id="pm-name"
              required
              maxLength={200}
              value={draft.name}
              onInput={(e) => set('name', e.currentTarget.value)}
            />
          </Field>
          <Field id="pm-body" label="Message">
            <textarea
              id="pm-body"
              required
              maxLength={2000}
              rows={3}
              value={draft.body}
              onInput={(e) => set('body', e.currentTarget.value)}
            />
          </Field>
          {draft.kind === 'trigger' ? (
            <fieldset>
              <legend>Show when every rule given holds (at least one)</legend>
              <Field id="pm-match" label="URL match">
                <select
                  id="pm-match"
                  value={draft.match}
                  onChange={(e) => set('match', e.currentTarget.value as Match)}
                >
                  <option value="prefix">starts with</option>
                  <option value="exact">is exactly</option>
                  <option value="wildcard">matches (* wildcard)</option>
                </select>
              </Field>
              <Field id="pm-url" label="URL or path" hint="A value starting with / looks at the path.">
                <input
                  id="pm-url"
                  maxLength={2048}
                  value={draft.url}
                  onInput={(e) => set('url', e.currentTarget.value)}
                />
              </Field>
              <Field id="pm-seconds" label="Seconds on page">
                <input
                  id="pm-seconds"
                  type="number"
                  min={0}
                  max={3600}
                  value={draft.seconds}
                  onInput={(e) => set('seconds', e.currentTarget.value)}
                />
              </Field>
              <Field id="pm-scroll" label="Scrolled percent">
                <input
                  id="pm-scroll"
                  type="number"
                  min={1}
                  max={100}
                  value={draft.scroll}
                  onInput={(e) => set('scroll', e.currentTarget.value)}
                />
              </Field>
              <Field id="pm-event" label="Custom event">
                <input
                  id="pm-event"
                  maxLength={64}
                  value={draft.event}
                  onInput={(e) => set('event', e.currentTarget.value)}
                />
              </Field>
            </fieldset>
          ) : (
            <Field id="pm-domain" label="Audience e-mail domain" hint="Empty: every identified contact.">
              <input
                id="pm-domain"
                maxLength={253}
                value={draft.domain}
                onInput={(e) => set('domain', e.currentTarget.value)}
              />
            </Field>
          )}
          {error && (
            <p role="alert" class="error-text">
              {error}
            </p>
          )}
          <div class="row">
            <Button type="submit" variant="primary">
              Save message
            </Button>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
          </div>
        </form>
      )}
    </>
  );
}
