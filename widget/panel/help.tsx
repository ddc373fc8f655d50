import { useEffect, useRef, useState } from 'preact/hooks';
import type { HelpArticle, HelpHit, Runtime } from '../core/runtime';
import { useStore } from '../ui/use-store';
import { Markdown } from './markdown';

type Results = { state: 'loading' } | { state: 'done'; hits: HelpHit[] } | { state: 'failed' };

function Article({ rt, slug, onBack }: { rt: Runtime; slug: string; onBack: () => void }) {
  const [article, setArticle] = useState<HelpArticle | null | 'missing'>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    setArticle(null);
    rt.call<{ data: HelpArticle }>('GET', `widget/help/articles/${encodeURIComponent(slug)}`).then((r) => {
      if (live) setArticle(r.status === 200 && r.body ? r.body.data : 'missing');
    });
    return () => {
      live = false;
    };
  }, [rt, slug]);
  useEffect(() => heading.current?.focus(), [article]);
  return (
    <div class="article">
      <button type="button" class="back" onClick={onBack}>
        Back to articles
      </button>
      {article === null ? (
        <p role="status">Loading the article…</p>
      ) : article === 'missing' ? (
        <p role="status">This article is not available.</p>
      ) : (
        <article aria-labelledby="article-title">
          <h2 id="article-title" ref={heading} tabIndex={-1}>
            {article.title}
          </h2>
          <Markdown source={article.body} />
        </article>
      )}
    </div>
  );
}

/** Help: search published articles the visitor may see, and read one. helpdesk.query/openArticle drive it. */
export function Help({ rt }: { rt: Runtime }) {
  const state = useStore(rt.ui);
  const [query, setQuery] = useState(state.query);
  const [slug, setSlug] = useState<string | null>(state.article);
  const [results, setResults] = useState<Results>({ state: 'loading' });
  const [identitySeq, setIdentitySeq] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => rt.events.on('identity', () => setIdentitySeq((n) => n + 1)), [rt]);
  useEffect(() => {
    setQuery(state.query);
    setSlug(state.article);
  }, [state.help]);

  useEffect(() => {
    let live = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setResults({ state: 'loading' });
      const q = query.trim();
      rt.call<{ data: HelpHit[] }>('GET', `widget/help/search${q ? `?q=${encodeURIComponent(q)}` : ''}`).then(
        (r) => {
          if (live)
            setResults(
              r.status === 200 && r.body ? { state: 'done', hits: r.body.data } : { state: 'failed' },
            );
        },
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [rt, query, identitySeq]);

  if (slug) return <Article rt={rt} slug={slug} onBack={() => setSlug(null)} />;
  const q = query.trim();
  return (
    <div class="help">
      <search>
        <input
          type="search"
          aria-label="Search help"
          placeholder="Search help articles"
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
      </search>
      <p role="status" class="status">
        {results.state === 'loading'
          ? 'Searching…'
          : results.state === 'failed'
            ? 'Help is not available right now.'
            : results.hits.length === 0
              ? q
                ? `No articles match “${q}”.`
                : 'There are no help articles yet.'
              : q
                ? `${results.hits.length} article${results.hits.length === 1 ? '' : 's'} found.`
                : ''}
      </p>
      {results.state === 'done' && results.hits.length > 0 && (
        <ul class="hits" aria-label={q ? 'Search results' : 'Articles'}>
          {results.hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" aria-describedby={`hit-${hit.id}`} onClick={() => setSlug(hit.slug)}>
                {hit.title}
              </button>
              <p id={`hit-${hit.id}`}>{hit.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
