import { type FunctionComponent, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Runtime } from '../../core/runtime';
import { type TabId, tabKeyTarget } from '../../core/tabs';
import { warn } from '../../core/warn';
import type { Catalog } from '../../ui/messages';
import { adoptStyles } from '../../ui/sheet';
import { useStore } from '../../ui/use-store';
import { Article } from './article';
import { Chat } from './chat';
import { Header } from './header';
import { Help } from './help';
import { News, NewsEntry } from './news';
import { PANEL_CSS } from './styles';

/** The program chunk (widget/chunks/program): the Onboarding tab, loaded when it is shown. */
export type LoadProgram = () => Promise<{ Onboarding: FunctionComponent<{ rt: Runtime; cat: Catalog }> }>;

/** The Onboarding tab: the program chunk once it has loaded (a failed load is one warning). */
function Onboarding({ rt, cat, load }: { rt: Runtime; cat: Catalog; load: LoadProgram }) {
  const [chunk, setChunk] = useState<{ Onboarding: FunctionComponent<{ rt: Runtime; cat: Catalog }> }>();
  useEffect(() => {
    let live = true;
    load()
      .then((m) => live && setChunk(m))
      .catch((err) => warn('the onboarding tab failed to load', err));
    return () => {
      live = false;
    };
  }, [load]);
  return chunk ? <chunk.Onboarding rt={rt} cat={cat} /> : null;
}

/** The tab bar, only when more than one surface has something to offer. */
function Tabs({ rt, t, tabs, current }: { rt: Runtime; t: Catalog['t']; tabs: TabId[]; current: string }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    rt.ui.set({ tab: tabs[index]! });
    buttons.current[index]?.focus();
  };
  return (
    <div role="tablist" aria-label={t.sections} class="tabs">
      {tabs.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={tab === current}
          aria-controls="tabpanel"
          tabIndex={tab === current ? 0 : -1}
          onClick={() => select(i)}
          onKeyDown={(e) => {
            const next = tabKeyTarget(e.key, i, tabs.length);
            if (next === null) return;
            e.preventDefault();
            select(next);
          }}
        >
          {t[tab]}
        </button>
      ))}
    </div>
  );
}

/**
 * The panel: the brand header (greeting on the home view), the tab bar when there is more than one
 * surface, and the surface. Opened from the keyboard, focus starts in the search box; otherwise on the
 * panel itself (no focus ring, no on-screen keyboard popping up on a phone).
 */
function Panel({ rt, cat, load }: { rt: Runtime; cat: Catalog; load: LoadProgram }) {
  const { t } = cat;
  const ui = useStore(rt.ui);
  const [query, setQuery] = useState(ui.query);
  const [slug, setSlug] = useState<string | null>(ui.article);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  // An announcement's detail (from News, or a popup that won the slot: ui.news, consumed here).
  const [news, setNews] = useState<string | null>(ui.news ?? null);
  const [newsBack, setNewsBack] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const current = ui.tabs.includes(ui.tab) ? ui.tab : ui.tabs[0]!;
  const help = current === 'help';
  // Opened from the keyboard, the first view takes the focus (Help's search box, Chat's first control).
  const first = useRef(true);

  // helpdesk.query and helpdesk.openArticle (each call counts, so a repeat applies again).
  useEffect(() => {
    setQuery(ui.query);
    setSlug(ui.article);
    setNews(ui.news ?? null);
    if (ui.news) rt.ui.set({ news: null });
  }, [ui.help]);

  useEffect(() => {
    first.current = false;
    if (ui.kb && help && !slug) searchBox.current?.focus();
    else if (!(ui.kb && current === 'chat') && !slug && !news) root.current?.focus();
  }, []);

  const open = (next: string) => {
    setReturnTo(null);
    setSlug(next);
  };
  const back =
    help && slug
      ? () => {
          setReturnTo(slug);
          setSlug(null);
        }
      : null;
  const home = help && !slug && !news && !query.trim();
  const tabbed = ui.tabs.length > 1;
  return (
    <div
      ref={root}
      tabIndex={-1}
      class={`panel${home ? ' home' : ''}${(slug || news) && help ? ' reading' : ''}${tabbed ? ' tabbed' : ''}`}
    >
      <Header rt={rt} t={t} home={home} onBack={back} />
      {tabbed && <Tabs rt={rt} t={t} tabs={ui.tabs} current={current} />}
      <div
        class="body"
        id="tabpanel"
        {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `tab-${current}` } : {})}
      >
        {current === 'onboarding' && <Onboarding rt={rt} cat={cat} load={load} />}
        {current === 'chat' && <Chat rt={rt} cat={cat} focus={ui.kb && first.current} />}
        {help &&
          (news && rt.exp ? (
            <NewsEntry
              rt={rt}
              cat={cat}
              id={news}
              back={() => {
                setNewsBack(news);
                setNews(null);
              }}
            />
          ) : slug ? (
            <Article rt={rt} cat={cat} slug={slug} />
          ) : (
            <Help
              rt={rt}
              t={t}
              query={query}
              setQuery={setQuery}
              openArticle={open}
              returnTo={returnTo}
              searchBox={searchBox}
              news={
                rt.exp && (
                  <News
                    exp={rt.exp}
                    cat={cat}
                    returnTo={newsBack}
                    open={(id) => {
                      setNewsBack(null);
                      setNews(id);
                    }}
                  />
                )
              }
            />
          ))}
      </div>
    </div>
  );
}

/** Renders the panel into the iframe's body and moves focus into it; returns the unmount. */
export function renderPanel(
  body: HTMLElement,
  win: Window & typeof globalThis,
  rt: Runtime,
  cat: Catalog,
  load: LoadProgram,
): () => void {
  adoptStyles(body.ownerDocument, PANEL_CSS, win);
  win.focus();
  render(<Panel rt={rt} cat={cat} load={load} />, body);
  return () => render(null, body);
}
