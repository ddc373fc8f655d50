import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Runtime } from '../../core/runtime';
import { tabKeyTarget } from '../../core/tabs';
import type { Catalog } from '../../ui/messages';
import { adoptStyles } from '../../ui/sheet';
import { useStore } from '../../ui/use-store';
import { Article } from './article';
import { Header } from './header';
import { Help } from './help';
import { PANEL_CSS } from './styles';

/** The tab bar, only when more than one surface has something to offer. */
function Tabs({ rt, t, current }: { rt: Runtime; t: Catalog['t']; current: string }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    rt.ui.set({ tab: rt.tabs[index]! });
    tabs.current[index]?.focus();
  };
  return (
    <div role="tablist" aria-label={t.sections} class="tabs">
      {rt.tabs.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={tab === current}
          aria-controls="tabpanel"
          tabIndex={tab === current ? 0 : -1}
          onClick={() => select(i)}
          onKeyDown={(e) => {
            const next = tabKeyTarget(e.key, i, rt.tabs.length);
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
function Panel({ rt, cat }: { rt: Runtime; cat: Catalog }) {
  const { t } = cat;
  const ui = useStore(rt.ui);
  const [query, setQuery] = useState(ui.query);
  const [slug, setSlug] = useState<string | null>(ui.article);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const current = rt.tabs.includes(ui.tab) ? ui.tab : rt.tabs[0]!;

  // helpdesk.query and helpdesk.openArticle (each call counts, so a repeat applies again).
  useEffect(() => {
    setQuery(ui.query);
    setSlug(ui.article);
  }, [ui.help]);

  useEffect(() => {
    if (ui.kb && !slug) searchBox.current?.focus();
    else if (!slug) root.current?.focus();
  }, []);

  const help = current === 'help';
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
  const home = help && !slug && !query.trim();
  const tabbed = rt.tabs.length > 1;
  return (
    <div ref={root} tabIndex={-1} class={`panel${home ? ' home' : ''}${slug && help ? ' reading' : ''}`}>
      <Header rt={rt} t={t} home={home} onBack={back} />
      {tabbed && <Tabs rt={rt} t={t} current={current} />}
      <div
        class="body"
        id="tabpanel"
        {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `tab-${current}` } : {})}
      >
        {help &&
          (slug ? (
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
): () => void {
  adoptStyles(body.ownerDocument, PANEL_CSS, win);
  win.focus();
  render(<Panel rt={rt} cat={cat} />, body);
  return () => render(null, body);
}
