import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, Table, toast } from '../../ui';
import { useLoad } from './use-load';

type S = { session: ConsoleSession };
const ws = (session: ConsoleSession) => ({ workspaceId: session.workspaceId });

/** Asks, deletes, announces, reloads. */
async function removeThen(
  what: string,
  call: () => Promise<{ error?: unknown }>,
  reload: () => Promise<void>,
) {
  if (!confirm(`Delete ${what}? This cannot be undone.`)) return;
  const { error } = await call();
  if (error) toast(errorMessage(error), 'error');
  else toast(`Deleted ${what}.`);
  await reload();
}

export function CollectionList({ session }: S) {
  const { data, error, reload } = useLoad(
    () => api.GET('/api/v1/workspaces/{workspaceId}/article-collections', { params: { path: ws(session) } }),
    [],
  );
  return (
    <section aria-labelledby="collections-title">
      <h2 id="collections-title">Collections</h2>
      <p class="muted">
        An article names its collection when it is written; deleting one keeps its articles.
      </p>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Collections"
          rows={data.data}
          rowKey={(c) => c.id}
          empty="No collections yet."
          columns={[
            { label: 'Name', render: (c) => c.name },
            { label: 'Articles', render: (c) => `${c.published_count} published of ${c.article_count}` },
            {
              label: 'Actions',
              render: (c) => (
                <Button
                  variant="danger"
                  aria-label={`Delete collection ${c.name}`}
                  onClick={() =>
                    removeThen(
                      `collection ${c.name}`,
                      () =>
                        api.DELETE('/api/v1/workspaces/{workspaceId}/article-collections/{collectionId}', {
                          params: { path: { ...ws(session), collectionId: c.id } },
                        }),
                      reload,
                    )
                  }
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

export function GuideList({ session }: S) {
  const { data, error, reload } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/guides', {
        params: { path: ws(session), query: { limit: 100 } },
      }),
    [],
  );
  const flip = async (id: string, publish: boolean) => {
    const p = { params: { path: { ...ws(session), guideId: id } } };
    const r = publish
      ? await api.POST('/api/v1/workspaces/{workspaceId}/guides/{guideId}/publish', p)
      : await api.POST('/api/v1/workspaces/{workspaceId}/guides/{guideId}/unpublish', p);
    if (r.error) toast(errorMessage(r.error), 'error');
    else toast(publish ? 'Guide published.' : 'Guide unpublished.');
    await reload();
  };
  return (
    <section aria-labelledby="guides-title">
      <h2 id="guides-title">Guides</h2>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Guides"
          rows={data.data}
          rowKey={(g) => g.id}
          empty="No guides yet: guides are captured with the recorder and sent through the API."
          columns={[
            { label: 'Title', render: (g) => <a href={`/app/content/guides/${g.id}`}>{g.title}</a> },
            { label: 'Steps', render: (g) => g.step_count },
            { label: 'Status', render: (g) => g.status },
            {
              label: 'Actions',
              render: (g) => (
                <Button
                  onClick={() => flip(g.id, g.status !== 'published')}
                  aria-label={`${g.status === 'published' ? 'Unpublish' : 'Publish'} ${g.title}`}
                >
                  {g.status === 'published' ? 'Unpublish' : 'Publish'}
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

export function GuideView({ session, id }: S & { id: string }) {
  const { data, error } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/guides/{guideId}', {
        params: { path: { ...ws(session), guideId: id } },
      }),
    [id],
  );
  if (error) return <p class="error-text">{error}</p>;
  if (!data) return <p class="muted">Loading…</p>;
  const g = data.data;
  return (
    <section aria-labelledby="guide-title">
      <h2 id="guide-title">{g.title}</h2>
      <p class="muted">
        {g.status} · shared with {g.share_mode} · {g.step_count} steps
      </p>
      {g.description && <p>{g.description}</p>}
      <ol aria-label="Steps">
        {g.steps.map((s) => (
          <li key={s.id}>{s.text || <span class="muted">({s.type})</span>}</li>
        ))}
      </ol>
      <a href="/app/content/guides">Back to guides</a>
    </section>
  );
}

export function PageList({ session }: S) {
  const { data, error, reload } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/pages', {
        params: { path: ws(session), query: { limit: 100 } },
      }),
    [],
  );
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const add = async (e: Event) => {
    e.preventDefault();
    const r = await api.POST('/api/v1/workspaces/{workspaceId}/pages', {
      params: { path: ws(session) },
      body: { url, title, html, audience: 'public' },
    });
    if (r.error) return toast(errorMessage(r.error), 'error');
    toast('Page added.');
    setUrl('');
    setTitle('');
    setHtml('');
    await reload();
  };
  return (
    <section aria-labelledby="pages-title">
      <h2 id="pages-title">Pages</h2>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Pages"
          rows={data.data}
          rowKey={(p) => p.id}
          empty="No pages in the index."
          columns={[
            { label: 'Title', render: (p) => p.title },
            { label: 'Address', render: (p) => <span class="break">{p.url}</span> },
            { label: 'Chunks', render: (p) => p.chunk_count },
            {
              label: 'Actions',
              render: (p) => (
                <Button
                  variant="danger"
                  aria-label={`Delete page ${p.title}`}
                  onClick={() =>
                    removeThen(
                      `page ${p.title}`,
                      () =>
                        api.DELETE('/api/v1/workspaces/{workspaceId}/pages/{pageId}', {
                          params: { path: { ...ws(session), pageId: p.id } },
                        }),
                      reload,
                    )
                  }
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
      <form class="card" aria-labelledby="add-page-title" onSubmit={add}>
        <h3 id="add-page-title">Add a page</h3>
        <div class="field">
          <label for="page-url">Address</label>
          <input
            id="page-url"
            type="url"
            required
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="page-title">Title</label>
          <input
            id="page-title"
            required
            maxLength={500}
            value={title}
            onInput={(e) => setTitle(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="page-html">HTML</label>
          <textarea
            id="page-html"
            rows={4}
            required
            value={html}
            onInput={(e) => setHtml(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" variant="primary">
          Add page
        </Button>
      </form>
    </section>
  );
}

export function UploadList({ session }: S) {
  const { data, error, reload } = useLoad(
    () =>
      api.GET('/api/v1/workspaces/{workspaceId}/uploads', {
        params: { path: ws(session), query: { limit: 100 } },
      }),
    [],
  );
  const [audience, setAudience] = useState<'public' | 'customers' | 'internal'>('internal');
  const upload = async (e: Event) => {
    e.preventDefault();
    const input = (e.currentTarget as HTMLFormElement).elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    form.append('audience', audience);
    const r = await api.POST('/api/v1/workspaces/{workspaceId}/uploads', {
      params: { path: ws(session) },
      // The generated type describes the form's fields; the body itself goes as multipart.
      body: form as unknown as never,
      bodySerializer: (b) => b as unknown as FormData,
    });
    if (r.error) return toast(errorMessage(r.error), 'error');
    toast(`Uploaded ${file.name}.`);
    input.value = '';
    await reload();
  };
  return (
    <section aria-labelledby="uploads-title">
      <h2 id="uploads-title">Uploads</h2>
      {error && <p class="error-text">{error}</p>}
      {data && (
        <Table
          caption="Uploads"
          rows={data.data}
          rowKey={(u) => u.id}
          empty="No files uploaded."
          columns={[
            { label: 'Title', render: (u) => u.title },
            { label: 'File', render: (u) => `${u.filename} (${u.media_type})` },
            { label: 'Audience', render: (u) => u.audience },
            { label: 'Chunks', render: (u) => u.chunk_count },
            {
              label: 'Actions',
              render: (u) => (
                <Button
                  variant="danger"
                  aria-label={`Delete upload ${u.title}`}
                  onClick={() =>
                    removeThen(
                      `upload ${u.title}`,
                      () =>
                        api.DELETE('/api/v1/workspaces/{workspaceId}/uploads/{uploadId}', {
                          params: { path: { ...ws(session), uploadId: u.id } },
                        }),
                      reload,
                    )
                  }
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
      <form class="card" aria-labelledby="add-upload-title" onSubmit={upload}>
        <h3 id="add-upload-title">Upload a file</h3>
        <div class="field">
          <label for="upload-file">File (text, Markdown or HTML, at most 2 MiB)</label>
          <input id="upload-file" name="file" type="file" accept=".txt,.md,.markdown,.html,.htm" required />
        </div>
        <div class="field">
          <label for="upload-audience">Audience</label>
          <select
            id="upload-audience"
            value={audience}
            onChange={(e) => setAudience(e.currentTarget.value as typeof audience)}
          >
            <option value="internal">Internal</option>
            <option value="customers">Customers</option>
            <option value="public">Public</option>
          </select>
        </div>
        <Button type="submit" variant="primary">
          Upload
        </Button>
      </form>
    </section>
  );
}
