import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, Table } from '../../ui';
import { useLoad } from '../content/use-load';
import { type ExperienceType, emptyTargeting, FREQUENCY_KINDS, starterContent, TYPE_LABEL } from './types';

const TYPES = ['tour', 'program', 'banner', 'launcher', 'announcement', 'survey'] as const;

export function ExperienceList({
  session,
  navigate,
}: {
  session: ConsoleSession;
  navigate(to: string): void;
}) {
  const [type, setType] = useState<'' | ExperienceType>('');
  const [newType, setNewType] = useState<(typeof TYPES)[number]>('tour');
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ws = { workspaceId: session.workspaceId };
  const list = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/experiences', {
        params: { path: ws, query: { limit: 100, ...(type ? { type } : {}) } },
      }),
    [type],
  );
  const stats = useLoad(
    () => api.GET('/api/v1/workspaces/{workspaceId}/experience-stats', { params: { path: ws } }),
    [],
  );
  const counts = new Map((stats.data?.data ?? []).map((s) => [s.experience_id, s]));

  const create = async (e: Event) => {
    e.preventDefault();
    const { data, error: err } = await api.POST('/api/v1/workspaces/{workspaceId}/experiences', {
      params: { path: ws },
      body: {
        type: newType,
        name: newName.trim(),
        draft: {
          targeting: emptyTargeting(),
          frequency: FREQUENCY_KINDS[newType] ? { kind: 'once' } : null,
          content: starterContent(newType),
        },
      } as never,
    });
    if (!data) return setError(errorMessage(err));
    navigate(`/app/experiences/${data.data.id}`);
  };

  return (
    <>
      <form class="card row" aria-labelledby="new-experience-title" onSubmit={create}>
        <h2 id="new-experience-title">New experience</h2>
        <label for="new-experience-type">Type of the new experience</label>
        <select
          id="new-experience-type"
          value={newType}
          onChange={(e) => setNewType(e.currentTarget.value as typeof newType)}
        >
          {TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </select>
        <label for="new-experience-name">Name of the new experience</label>
        <input
          id="new-experience-name"
          required
          maxLength={120}
          value={newName}
          onInput={(e) => setNewName(e.currentTarget.value)}
        />
        <Button type="submit" variant="primary" disabled={!newName.trim()}>
          Create
        </Button>
        {error && (
          <p class="error-text" role="alert">
            {error}
          </p>
        )}
      </form>
      <section aria-labelledby="experiences-list-title">
        <div class="row">
          <h2 id="experiences-list-title">All experiences</h2>
          <label>
            Type{' '}
            <select value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
              <option value="">Every type</option>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.error && <p class="error-text">{list.error}</p>}
        {list.data && (
          <Table
            caption="Experiences"
            rows={list.data.data}
            rowKey={(x) => x.id}
            empty="No experiences of this type."
            columns={[
              { label: 'Name', render: (x) => <a href={`/app/experiences/${x.id}`}>{x.name}</a> },
              { label: 'Type', render: (x) => TYPE_LABEL[x.type] },
              { label: 'Status', render: (x) => x.status },
              {
                label: 'Reached',
                render: (x) => {
                  const c = counts.get(x.id);
                  if (!c) return '0';
                  return c.sessions
                    ? `${c.sessions} started, ${c.completed} completed, ${c.active} active`
                    : `${c.seen} seen, ${c.dismissed} dismissed`;
                },
              },
            ]}
          />
        )}
      </section>
    </>
  );
}
