import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HelpHit, Runtime } from '../../core/runtime';
import type { TabId } from '../../core/tabs';
import { fill, type Messages } from '../../ui/messages';
import { useStore } from '../../ui/use-store';
import { NEXT, SEARCH } from './icons';

type Results = { state: 'loading' } | { state: 'done'; hits: HelpHit[] } | { state: 'failed' };

/** The other surfaces shown (never a dead one): a card each on the home view. */
const ENTRY: Partial<Record<TabId, keyof Messages>> = { chat: 'messageUs', onboarding: 'getStarted' };

function statusText(t: Messages, results: Results, q: string): string {
  if (results.state === 'loading') return q ? t.searching : '';
  if (results.state === 'failed') return t.unavailable;
  const n = results.hits.length;
  if (n === 0) return q ? fill(t.noMatch, { q }) : t.none;
  return q ? (n === 1 ? t.found1 : fill(t.foundN, { n })) : '';
}

/**
 * Help: the home view (search card, the articles in help-center order, the other surfaces shown) and
 * the search results, with a next step when nothing matches. Searches as the visitor types.
 */
export function Help({
  rt,
  t,
  query,
  setQuery,
  openArticle,
  returnTo,
  searchBox,
  news,
}: {
  rt: Runtime;
  t: Messages;
  query: string;
  setQuery: (q: string) => void;
  openArticle: (slug: string) => void;
  /** The article just closed: its entry takes the focus back. */
  returnTo: string | null;
  searchBox: RefObject<HTMLInputElement | null>;
  /** The News section (news.tsx), shown on the home view. */
  news?: ComponentChildren;
}) {
  const [results, setResults] = useState<Results>({ state: 'loading' });
  const [identitySeq, setIdentitySeq] = useState(0);
  const first = useRef(true);
  const list = useRef<HTMLUListElement>(null);
  const q = query.trim();

  useEffect(() => rt.events.on('identity', () => setIdentitySeq((n) => n + 1)), [rt]);

  useEffect(() => {
    let live = true;
    // The first list comes at once; typing waits for a pause of 200 ms.
    const timer = setTimeout(
      () => {
        setResults({ state: 'loading' });
        rt.call<{ data: HelpHit[] }>(
          'GET',
          `widget/help/search${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        ).then((r) => {
          if (live)
            setResults(
              r.status === 200 && r.body ? { state: 'done', hits: r.body.data } : { state: 'failed' },
            );
        });
      },
      first.current ? 0 : 200,
    );
    first.current = false;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [rt, q, identitySeq]);

  useEffect(() => {
    if (returnTo && results.state === 'done')
      list.current?.querySelector<HTMLButtonElement>(`[data-slug="${CSS.escape(returnTo)}"]`)?.focus();
  }, [returnTo, results]);

  const { tabs } = useStore(rt.ui);
  const others = tabs.filter((tab) => ENTRY[tab]);
  const hits = results.state === 'done' ? results.hits : [];
  return (
    <>
      <search class="card">
        {SEARCH}
        <input
          ref={searchBox}
          type="search"
          aria-label={t.searchLabel}
          placeholder={t.searchHint}
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
      </search>
      {!q &&
        others.map((tab) => (
          <button key={tab} type="button" class="card entry" onClick={() => rt.ui.set({ tab })}>
            <span>{t[ENTRY[tab]!]}</span>
            {NEXT}
          </button>
        ))}
      {!q && news}
      <p role="status" class="status">
        {statusText(t, results, q)}
      </p>
      {hits.length > 0 && (
        <ul ref={list} class="card hits" aria-label={q ? t.results : t.articles}>
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                class="hit"
                data-slug={hit.slug}
                aria-labelledby={`hit-${hit.id}`}
                aria-describedby={q ? `hit-x-${hit.id}` : undefined}
                onClick={() => openArticle(hit.slug)}
              >
                <span>
                  <b id={`hit-${hit.id}`}>{hit.title}</b>
                  {q && <small id={`hit-x-${hit.id}`}>{hit.excerpt}</small>}
                </span>
                {NEXT}
              </button>
            </li>
          ))}
        </ul>
      )}
      {results.state === 'done' && hits.length === 0 && q && (
        <div class="card empty">
          {SEARCH}
          <p>{t.tryAgain}</p>
          <button
            type="button"
            class="btn"
            onClick={(e) => {
              setQuery('');
              // From the keyboard, the search box keeps the focus (the button goes away).
              if (e.detail === 0) searchBox.current?.focus();
            }}
          >
            {t.browse}
          </button>
          {tabs.includes('chat') && (
            <button type="button" class="btn alt" onClick={() => rt.ui.set({ tab: 'chat' })}>
              {t.messageUs}
            </button>
          )}
        </div>
      )}
    </>
  );
}
