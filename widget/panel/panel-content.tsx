import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Runtime } from '../core/runtime';
import type { TabId } from '../core/tabs';
import { useStore } from '../ui/use-store';
import { Help } from './help';

const LABELS: Record<TabId, string> = { help: 'Help', onboarding: 'Onboarding', chat: 'Chat' };

/** Onboarding and Chat arrive with later issues: until then they say so plainly. */
function EmptyState({ tab }: { tab: 'onboarding' | 'chat' }) {
  return tab === 'onboarding' ? (
    <div class="empty">
      <h2>Nothing to do yet</h2>
      <p>Guided tours and checklists for you will appear here.</p>
    </div>
  ) : (
    <div class="empty">
      <h2>Chat is not available yet</h2>
      <p>
        Messaging the team is not switched on for this site. The Help tab has answers to common questions.
      </p>
    </div>
  );
}

function Panel({ rt }: { rt: Runtime }) {
  const { tab } = useStore(rt.ui);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = rt.tabs.includes(tab) ? tab : rt.tabs[0]!;
  const logo = rt.config.logo_url;

  // Focus moves into the dialog when it opens.
  useEffect(() => {
    tabs.current[rt.tabs.indexOf(current)]?.focus();
  }, []);

  const select = (index: number) => {
    const next = rt.tabs[(index + rt.tabs.length) % rt.tabs.length]!;
    rt.ui.set({ tab: next });
    tabs.current[rt.tabs.indexOf(next)]?.focus();
  };
  const onTabKey = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: rt.tabs.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]!);
    }
  };

  return (
    <div class="panel">
      <header>
        {logo && <img class="logo" src={logo} alt={rt.config.workspace_name} height={28} />}
        <h1>Support</h1>
        <button class="x" type="button" aria-label="Close support" onClick={() => rt.ui.set({ open: false })}>
          ×
        </button>
      </header>
      <div role="tablist" aria-label="Support sections" class="tabs">
        {rt.tabs.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={t === current}
            aria-controls={`tabpanel-${t}`}
            tabIndex={t === current ? 0 : -1}
            onClick={() => select(i)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" class="tabpanel" id={`tabpanel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'help' ? <Help rt={rt} /> : <EmptyState tab={current} />}
      </div>
    </div>
  );
}

/** Renders the panel into the iframe's body and moves focus into it; returns the unmount. */
export function renderPanel(body: HTMLElement, win: Window, rt: Runtime): () => void {
  win.focus();
  render(<Panel rt={rt} />, body);
  return () => render(null, body);
}
