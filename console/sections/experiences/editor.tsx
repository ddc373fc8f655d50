import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, issuesByPath } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, Table, toast } from '../../ui';
import {
  AnnouncementEditor,
  BannerEditor,
  LauncherEditor,
  ProgramEditor,
  SurveyEditor,
  TourEditor,
} from './content-editors';
import { IssuesContext } from './issues';
import { PreviewControl } from './preview';
import { TargetingEditor } from './targeting';
import {
  type AnnouncementContent,
  type BannerContent,
  type Draft,
  emptyTargeting,
  type Frequency,
  type LauncherContent,
  type PortalExperience,
  type ProgramContent,
  type SurveyContent,
  type TourContent,
  TYPE_LABEL,
} from './types';

const E = '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}' as const;

function draftOf(e: PortalExperience): Draft {
  const d = e.draft as Partial<Draft>;
  return {
    targeting: d.targeting ?? emptyTargeting(),
    frequency: d.frequency ?? null,
    content: d.content ?? {},
  };
}

function ContentEditor({
  type,
  content,
  onChange,
}: {
  type: string;
  content: unknown;
  onChange(c: unknown): void;
}) {
  switch (type) {
    case 'tour':
      return <TourEditor content={content as TourContent} onChange={onChange} />;
    case 'program':
      return <ProgramEditor content={content as ProgramContent} onChange={onChange} />;
    case 'banner':
      return <BannerEditor content={content as BannerContent} onChange={onChange} />;
    case 'launcher':
      return <LauncherEditor content={content as LauncherContent} onChange={onChange} />;
    case 'announcement':
      return <AnnouncementEditor content={content as AnnouncementContent} onChange={onChange} />;
    case 'survey':
      return <SurveyEditor content={content as SurveyContent} onChange={onChange} />;
    default:
      return <p class="muted">This type has no content to edit here.</p>;
  }
}

/** Who met the experience, and for surveys what they answered. */
function Insights({ session, e }: { session: ConsoleSession; e: PortalExperience }) {
  const path = { workspaceId: session.workspaceId, experienceId: e.id };
  const [rows, setRows] = useState<
    { id: string; who: string; state: string; progress: string; at: string }[]
  >([]);
  const [answers, setAnswers] = useState<{ id: string; question: string; value: string; at: string }[]>([]);
  useEffect(() => {
    void api.GET(`${E}/progress`, { params: { path, query: { limit: 50 } } }).then(({ data }) => {
      if (!data) return;
      setRows(
        data.data.map((r) => ({
          id: r.session_id,
          who: r.contact_email ?? r.contact_name ?? r.widget_visitor_id ?? 'Visitor',
          state: r.end_reason ? `${r.state} (${r.end_reason})` : r.state,
          progress: `${Math.round(r.progress * 100)}%`,
          at: new Date(r.started_at).toLocaleString(),
        })),
      );
    });
    if (e.type === 'survey') {
      void api.GET(`${E}/answers`, { params: { path, query: { limit: 50 } } }).then(({ data }) => {
        if (!data) return;
        setAnswers(
          data.data.map((a) => ({
            id: `${a.session_id}-${a.question_id}`,
            question: a.question_id,
            value: Array.isArray(a.value) ? a.value.join(', ') : String(a.value),
            at: new Date(a.answered_at).toLocaleString(),
          })),
        );
      });
    }
  }, [e.id]);
  return (
    <section class="card" aria-labelledby="progress-title">
      <h3 id="progress-title">Progress</h3>
      <Table
        caption="Progress"
        rows={rows}
        rowKey={(r) => r.id}
        empty="Nobody has met it yet."
        columns={[
          { label: 'Who', render: (r) => r.who },
          { label: 'State', render: (r) => r.state },
          { label: 'Progress', render: (r) => r.progress },
          { label: 'Started', render: (r) => r.at },
        ]}
      />
      {e.type === 'survey' && (
        <>
          <h3>Answers</h3>
          <Table
            caption="Answers"
            rows={answers}
            rowKey={(a) => a.id}
            empty="No answers yet."
            columns={[
              { label: 'Question', render: (a) => a.question },
              { label: 'Answer', render: (a) => a.value },
              { label: 'Answered', render: (a) => a.at },
            ]}
          />
        </>
      )}
    </section>
  );
}

export function ExperienceEditor({ session, id }: { session: ConsoleSession; id: string }) {
  const [e, setE] = useState<PortalExperience | null>(null);
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const path = { workspaceId: session.workspaceId, experienceId: id };
  // Issues of targeting show next to their fields; the others (content) are spelled out in the alert.
  const fail = (err: unknown) => {
    const found = issuesByPath(err);
    const elsewhere = Object.entries(found).filter(([p]) => !p.startsWith('draft.targeting.'));
    const shown = Object.keys(found).length - elsewhere.length;
    setError(
      [
        errorMessage(err),
        ...elsewhere.map(([p, m]) => `${p.replace(/^draft\./, '')}: ${m}`),
        shown ? `${shown} targeting field${shown === 1 ? '' : 's'} to fix, marked below.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    setIssues(found);
  };

  const take = (x: PortalExperience) => {
    setE(x);
    setName(x.name);
    setDraft(draftOf(x));
  };
  useEffect(() => {
    void api.GET(E, { params: { path } }).then(({ data, error: err }) => {
      if (!data) return setError(errorMessage(err));
      take(data.data);
    });
  }, [id]);

  const save = async (): Promise<boolean> => {
    if (!draft) return false;
    setBusy(true);
    try {
      const { data, error: err } = await api.PATCH(E, {
        params: { path },
        body: { name, draft: draft as never },
      });
      if (!data) {
        fail(err);
        return false;
      }
      setError(null);
      setIssues({});
      take(data.data);
      toast('Draft saved.');
      return true;
    } finally {
      setBusy(false);
    }
  };
  const setLive = async (on: boolean) => {
    if (on && !(await save())) return;
    const { data, error: err } = on
      ? await api.POST(`${E}/publish`, { params: { path } })
      : await api.POST(`${E}/unpublish`, { params: { path } });
    if (!data) return fail(err);
    take(data.data);
    toast(on ? 'Published.' : 'Unpublished.');
  };

  if (!e || !draft) return error ? <p class="error-text">{error}</p> : <p class="muted">Loading…</p>;
  const preview = draft.targeting.pages?.include?.[0]?.value;
  return (
    <section aria-labelledby="experience-title">
      <h2 id="experience-title">
        {TYPE_LABEL[e.type]}: {e.name}
      </h2>
      <p class="muted">
        Status: {e.status}
        {e.live_version_id ? ' · a version is live' : ''}
      </p>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <IssuesContext.Provider value={issues}>
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            void save();
          }}
        >
          <div class="field">
            <label for="experience-name">Name</label>
            <input
              id="experience-name"
              required
              maxLength={120}
              value={name}
              onInput={(ev) => setName(ev.currentTarget.value)}
            />
          </div>
          <ContentEditor
            type={e.type}
            content={draft.content}
            onChange={(content) => setDraft({ ...draft, content })}
          />
          <TargetingEditor
            type={e.type}
            targeting={draft.targeting}
            frequency={draft.frequency as Frequency | null}
            onChange={(targeting, frequency) => setDraft({ ...draft, targeting, frequency })}
          />
          <div class="row">
            <Button type="submit" variant="primary" disabled={busy}>
              Save draft
            </Button>
            {e.status === 'published' ? (
              <Button disabled={busy} onClick={() => setLive(false)}>
                Unpublish
              </Button>
            ) : (
              <Button disabled={busy || e.status === 'archived'} onClick={() => setLive(true)}>
                Publish
              </Button>
            )}
            {preview && /^https?:\/\//.test(preview) && (
              <a class="btn" href={preview} target="_blank" rel="noopener">
                Open the first target page
              </a>
            )}
          </div>
        </form>
      </IssuesContext.Provider>
      {/* Outside the editor's form: the preview dialog holds a form of its own. */}
      <div class="row">
        <PreviewControl session={session} experience={e} firstRule={preview} save={save} disabled={busy} />
      </div>
      <Insights session={session} e={e} />
      <a href="/app/experiences">Back to experiences</a>
    </section>
  );
}
