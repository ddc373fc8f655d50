import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { ArticleBody } from '../../../widget/chunks/panel/article-body';
import { api, errorMessage } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, Table, toast } from '../../ui';
import { useLoad } from './use-load';

type Article = components['schemas']['Article'];
const A = '/api/v1/workspaces/{workspaceId}/articles/{articleId}' as const;

export function ArticleList({ session }: { session: ConsoleSession }) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | Article['status']>('');
  const { data, error } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/articles', {
        params: {
          path: { workspaceId: session.workspaceId },
          query: { limit: 100, ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) },
        },
      }),
    [q, status],
  );
  return (
    <section aria-labelledby="articles-title">
      <div class="row">
        <h2 id="articles-title">Articles</h2>
        <a class="btn primary" href="/app/content/articles/new">
          New article
        </a>
      </div>
      <form class="row" aria-label="Search articles" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search{' '}
          <input type="search" value={q} maxLength={200} onInput={(e) => setQ(e.currentTarget.value)} />
        </label>
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">Any</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </label>
      </form>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Articles"
          rows={data.data}
          rowKey={(a) => a.id}
          empty="No articles yet."
          columns={[
            { label: 'Title', render: (a) => <a href={`/app/content/articles/${a.id}`}>{a.title}</a> },
            { label: 'Status', render: (a) => a.status },
            { label: 'Audience', render: (a) => a.access_level },
            { label: 'Updated', render: (a) => new Date(a.updated_at).toLocaleDateString() },
          ]}
        />
      )}
    </section>
  );
}

const PREVIEW_DELAY_MS = 250;

/** The article editor: title, Markdown body with the readers' rendering beside it, publish, delete. */
export function ArticleEditor({
  session,
  id,
  navigate,
}: {
  session: ConsoleSession;
  id: string;
  navigate(to: string): void;
}) {
  const isNew = id === 'new';
  const [article, setArticle] = useState<Article | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [access, setAccess] = useState<Article['access_level']>('public');
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = { workspaceId: session.workspaceId, articleId: id };

  useEffect(() => {
    if (isNew) return;
    void api.GET(A, { params: { path } }).then(({ data, error: err }) => {
      if (!data) return setError(errorMessage(err));
      setArticle(data.data);
      setTitle(data.data.title);
      setBody(data.data.body);
      setAccess(data.data.access_level);
    });
  }, [id]);

  // The live preview: the server's renderer (previewArticle), debounced while typing.
  useEffect(() => {
    const timer = setTimeout(async () => {
      const { data } = await api.POST('/api/v1/workspaces/{workspaceId}/article-preview', {
        params: { path: { workspaceId: session.workspaceId } },
        body: { body },
      });
      if (data) setHtml(data.data.body_html);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body]);

  const save = async (): Promise<Article | null> => {
    setBusy(true);
    try {
      const r = isNew
        ? await api.POST('/api/v1/workspaces/{workspaceId}/articles', {
            params: { path: { workspaceId: session.workspaceId } },
            body: { title, body, access_level: access, position: 0 },
          })
        : await api.PATCH(A, { params: { path }, body: { title, body, access_level: access } });
      if (!r.data) {
        setError(errorMessage(r.error));
        return null;
      }
      setError(null);
      setArticle(r.data.data);
      toast('Article saved.');
      if (isNew) navigate(`/app/content/articles/${r.data.data.id}`);
      return r.data.data;
    } finally {
      setBusy(false);
    }
  };
  const setPublished = async (on: boolean) => {
    const saved = await save();
    if (!saved) return;
    const p = { params: { path: { workspaceId: session.workspaceId, articleId: saved.id } } };
    const r = on ? await api.POST(`${A}/publish`, p) : await api.POST(`${A}/unpublish`, p);
    if (!r.data) return setError(errorMessage(r.error));
    setArticle(r.data.data);
    toast(on ? 'Article published.' : 'Article unpublished.');
  };
  const remove = async () => {
    if (!confirm(`Delete “${title}”? This cannot be undone.`)) return;
    const r = await api.DELETE(A, { params: { path } });
    if (r.error) return setError(errorMessage(r.error));
    toast('Article deleted.');
    navigate('/app/content/articles');
  };

  return (
    <section aria-labelledby="article-title">
      <h2 id="article-title">{isNew ? 'New article' : `Edit article: ${article?.title ?? ''}`}</h2>
      {article && <p class="muted">Status: {article.status}</p>}
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div class="field">
          <label for="article-title-input">Title</label>
          <input
            id="article-title-input"
            value={title}
            required
            maxLength={200}
            onInput={(e) => setTitle(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="article-access">Audience</label>
          <select
            id="article-access"
            value={access}
            onChange={(e) => setAccess(e.currentTarget.value as typeof access)}
          >
            <option value="public">Public</option>
            <option value="authenticated">Signed-in customers</option>
            <option value="internal">Internal</option>
          </select>
        </div>
        <div class="editor-split">
          <div class="field">
            <label for="article-body">Body (Markdown)</label>
            <textarea
              id="article-body"
              rows={16}
              value={body}
              onInput={(e) => setBody(e.currentTarget.value)}
            />
          </div>
          <section class="preview" aria-label="Preview">
            <h3>{title || 'Untitled'}</h3>
            <ArticleBody html={html} />
          </section>
        </div>
        <div class="row">
          <Button type="submit" variant="primary" disabled={busy || !title.trim()}>
            Save draft
          </Button>
          {article?.status === 'published' ? (
            <Button disabled={busy} onClick={() => setPublished(false)}>
              Unpublish
            </Button>
          ) : (
            <Button disabled={busy || !title.trim()} onClick={() => setPublished(true)}>
              Publish
            </Button>
          )}
          {!isNew && (
            <Button variant="danger" disabled={busy} onClick={remove}>
              Delete
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
