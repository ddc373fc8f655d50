import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api, errorMessage, unwrap } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { Button } from '../../ui/button';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { Dialog } from '../../ui/dialog';
import { DialogForm } from '../../ui/dialog-form';
import { Field } from '../../ui/field';
import { ShownOnce } from '../../ui/shown-once';
import { Table } from '../../ui/table';
import { toast } from '../../ui/toast';
import type { SettingsPageProps } from './index';

type Endpoint = components['schemas']['WebhookEndpoint'];
type Delivery = components['schemas']['WebhookDelivery'];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function WebhooksPage({ session, path, navigate }: SettingsPageProps) {
  const ws = { workspaceId: session.workspaceId };
  const endpoints = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/webhook-endpoints', {
          params: { path: ws, query: { limit: 100 } },
        }),
      ).data,
    [session.workspaceId],
  );
  const types = useLoad(
    async () =>
      unwrap(await api.GET('/api/v1/workspaces/{workspaceId}/webhook-event-types', { params: { path: ws } }))
        .data,
    [session.workspaceId],
  );
  const [registering, setRegistering] = useState(false);
  // The signing secret lives here only while its dialog is open.
  const [secret, setSecret] = useState<string | null>(null);

  const selected = endpoints.data?.find((e) => e.id === path[0]);
  if (path[0] && selected)
    return (
      <EndpointDetail
        workspaceId={session.workspaceId}
        endpoint={selected}
        eventTypes={types.data?.map((t) => t.name) ?? []}
        onChanged={endpoints.reload}
        back={() => navigate('/app/settings/webhooks')}
      />
    );

  return (
    <>
      <p>Webhook endpoints receive signed POSTs when events happen in the workspace.</p>
      <Button variant="primary" onClick={() => setRegistering(true)}>
        Register endpoint
      </Button>
      {endpoints.error && <p role="alert">{endpoints.error}</p>}
      {endpoints.data && (
        <Table<Endpoint>
          caption="Webhook endpoints"
          rowKey={(e) => e.id}
          rows={endpoints.data}
          empty="No webhook endpoints yet."
          columns={[
            { label: 'URL', render: (e) => <a href={`/app/settings/webhooks/${e.id}`}>{e.url}</a> },
            { label: 'Events', render: (e) => e.events.join(', ') },
            {
              label: 'Status',
              render: (e) => (e.status === 'enabled' ? 'Enabled' : `Disabled ${when(e.disabled_at)}`),
            },
            { label: 'Last success', render: (e) => when(e.last_success_at) },
          ]}
        />
      )}
      {registering && (
        <EndpointForm
          title="Register a webhook endpoint"
          eventTypes={types.data?.map((t) => t.name) ?? []}
          onClose={() => setRegistering(false)}
          submit={async (body) => {
            const r = unwrap(
              await api.POST('/api/v1/workspaces/{workspaceId}/webhook-endpoints', {
                params: { path: ws },
                body,
              }),
            );
            setRegistering(false);
            setSecret(r.data.secret);
            endpoints.reload();
          }}
        />
      )}
      {secret && (
        <Dialog title="Endpoint registered" onClose={() => setSecret(null)}>
          <p>Verify each delivery's Service-Signature with this signing secret.</p>
          <ShownOnce label="Signing secret" value={secret} />
          <Button variant="primary" onClick={() => setSecret(null)}>
            Done
          </Button>
        </Dialog>
      )}
    </>
  );
}

interface EndpointBody {
  url: string;
  description: string | null;
  events: string[];
}

function EndpointForm(props: {
  title: string;
  eventTypes: string[];
  initial?: EndpointBody;
  onClose(): void;
  submit(body: EndpointBody): Promise<void>;
}) {
  const [url, setUrl] = useState(props.initial?.url ?? 'https://');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  const [events, setEvents] = useState<string[]>(props.initial?.events ?? []);
  const onSubmit = async () => {
    if (events.length === 0) throw new Error('Choose at least one event.');
    await props.submit({ url, description: description || null, events });
  };
  return (
    <DialogForm title={props.title} submitLabel="Save" onClose={props.onClose} onSubmit={onSubmit}>
      <Field id="endpoint-url" label="Endpoint URL">
        <input
          id="endpoint-url"
          type="url"
          required
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
      </Field>
      <Field id="endpoint-description" label="Description (optional)">
        <input
          id="endpoint-description"
          maxLength={200}
          value={description}
          onInput={(e) => setDescription(e.currentTarget.value)}
        />
      </Field>
      <CheckboxGroup legend="Events" options={props.eventTypes} chosen={events} onChange={setEvents} />
    </DialogForm>
  );
}

function EndpointDetail(props: {
  workspaceId: string;
  endpoint: Endpoint;
  eventTypes: string[];
  onChanged(): void;
  back(): void;
}) {
  const { endpoint: e } = props;
  const path = { workspaceId: props.workspaceId, endpointId: e.id };
  const deliveries = useLoad(
    async () =>
      unwrap(
        await api.GET('/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/deliveries', {
          params: { path, query: { limit: 50 } },
        }),
      ).data,
    [e.id],
  );
  const [editing, setEditing] = useState(false);
  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      toast(done);
      props.onChanged();
      deliveries.reload();
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };
  const update = (body: Partial<EndpointBody> & { status?: 'enabled' | 'disabled' }) =>
    api
      .PATCH('/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}', { params: { path }, body })
      .then(unwrap);

  return (
    <>
      <p>
        <a href="/app/settings/webhooks">All endpoints</a>
      </p>
      <h3>{e.url}</h3>
      <p>
        {e.description ? `${e.description}. ` : ''}Events: {e.events.join(', ')}. Status:{' '}
        {e.status === 'enabled' ? 'enabled' : `disabled${e.disabled_reason ? ` (${e.disabled_reason})` : ''}`}
        .
      </p>
      <div class="row">
        <Button
          onClick={() =>
            act(
              () =>
                api
                  .POST('/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/test', {
                    params: { path },
                  })
                  .then(unwrap),
              'Test event sent.',
            )
          }
        >
          Send test event
        </Button>
        <Button
          onClick={() =>
            act(
              () => update({ status: e.status === 'enabled' ? 'disabled' : 'enabled' }),
              e.status === 'enabled' ? 'Endpoint disabled.' : 'Endpoint enabled.',
            )
          }
        >
          {e.status === 'enabled' ? 'Disable endpoint' : 'Enable endpoint'}
        </Button>
        <Button onClick={() => setEditing(true)}>Edit endpoint</Button>
        <Button onClick={deliveries.reload}>Refresh deliveries</Button>
      </div>
      <h3>Deliveries</h3>
      {deliveries.error && <p role="alert">{deliveries.error}</p>}
      {deliveries.data && (
        <Table<Delivery>
          caption="Deliveries"
          rowKey={(d) => d.id}
          rows={deliveries.data}
          empty="No deliveries yet."
          columns={[
            { label: 'Event', render: (d) => d.event_type },
            { label: 'Created', render: (d) => when(d.created_at) },
            { label: 'Status', render: (d) => d.status },
            {
              label: 'Attempts',
              render: (d) => (
                <ol>
                  {d.attempts.map((a) => (
                    <li key={a.number}>
                      {when(a.attempted_at)}: {a.succeeded ? 'succeeded' : 'failed'}
                      {a.status_code ? ` (HTTP ${a.status_code})` : ''}
                      {a.error ? ` ${a.error}` : ''}, {a.duration_ms} ms
                    </li>
                  ))}
                </ol>
              ),
            },
            {
              label: 'Actions',
              render: (d) =>
                d.status === 'pending' ? (
                  ''
                ) : (
                  <Button
                    aria-label={`Redeliver ${d.event_type} ${d.id}`}
                    onClick={() =>
                      act(
                        () =>
                          api
                            .POST(
                              '/api/v1/workspaces/{workspaceId}/webhook-deliveries/{deliveryId}/redeliver',
                              {
                                params: { path: { workspaceId: props.workspaceId, deliveryId: d.id } },
                              },
                            )
                            .then(unwrap),
                        'Redelivery queued.',
                      )
                    }
                  >
                    Redeliver
                  </Button>
                ),
            },
          ]}
        />
      )}
      {editing && (
        <EndpointForm
          title="Edit the endpoint"
          eventTypes={props.eventTypes}
          initial={{ url: e.url, description: e.description, events: e.events }}
          onClose={() => setEditing(false)}
          submit={async (body) => {
            await update(body);
            setEditing(false);
            props.onChanged();
          }}
        />
      )}
    </>
  );
}
