import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';
import {
  type AttributeRow,
  AudienceEditor,
  attributeRows,
  audienceOf,
  type Rules,
  rulesToSend,
  TriggerRulesEditor,
} from './proactive-rules';

type Message = components['schemas']['ProactiveMessage'];

interface Draft {
  kind: Message['kind'];
  name: string;
  body: string;
  rules: Rules;
  domain: string;
  attributes: AttributeRow[];
}

const BLANK: Draft = { kind: 'trigger', name: '', body: '', rules: {}, domain: '', attributes: [] };

const draftOf = (m: Message): Draft => ({
  kind: m.kind,
  name: m.name,
  body: m.body,
  rules: m.rules,
  domain: m.audience.email_domain ?? '',
  attributes: attributeRows(m.audience),
});

function summary(m: Message): string {
  if (m.kind === 'campaign') {
    const who = [
      m.audience.email_domain && `at ${m.audience.email_domain}`,
      ...Object.entries(m.audience.attributes ?? {}).map(([k, v]) => `${k} = ${String(v)}`),
    ].filter(Boolean);
    return who.length ? `Contacts ${who.join(', ')}` : 'Every identified contact';
  }
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
    const audience = draft.kind === 'campaign' ? audienceOf(draft.domain, draft.attributes) : undefined;
    if (audience && 'duplicate' in audience)
      return setError(`The audience names the attribute "${audience.duplicate}" twice: keep one.`);
    const rules = draft.kind === 'trigger' ? rulesToSend(draft.rules) : undefined;
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
            <TriggerRulesEditor rules={draft.rules} onChange={(r) => set('rules', r)} />
          ) : (
            <AudienceEditor
              domain={draft.domain}
              rows={draft.attributes}
              onDomain={(d) => set('domain', d)}
              onRows={(r) => set('attributes', r)}
            />
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
