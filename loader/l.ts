/**
 * l.js: the only file a site embeds by URL. It boots once per page load however often the snippet runs,
 * makes `Widget` a queue-backed API at once, takes over `$widget` (queued calls replay in order; a later
 * `$widget = []` hands the new array over) and loads the hashed entry next to itself. No dependency;
 * budget 1 KB gzip. The entry finds the queue in `Widget._q` and takes over by setting `Widget._r`
 * (private names, mangled alike in both builds through mangle.json).
 */
import type { Command, LoaderWidget } from '../widget/core/loader-contract';

declare const __WIDGET_ENTRY__: string;

type LoaderWindow = Window & { $widget?: unknown; Widget?: LoaderWidget };

/** The API names, nested ones dotted; each stub queues `[name, ...args]`. */
const NAMES =
  'init open close toggle track consent forget on user.set event.push helpdesk.query helpdesk.openArticle walkthrough.start automation.run experiences.start';

((w: LoaderWindow, d: Document) => {
  try {
    if (w.Widget?._q) return;
    const q: Command[] = [];
    const api = { _q: q } as unknown as LoaderWidget & Record<string, unknown>;
    const send = (c: Command): unknown => (api._r ? api._r(c) : q.push(c) && undefined);
    for (const name of NAMES.split(' ')) {
      const [a, b] = name.split('.') as [string, string?];
      const fn = (...args: unknown[]) => {
        const r = send([name, ...args]);
        // Before the entry runs, `on` still returns a working unsubscribe (it queues an `off`).
        return name === 'on' && !r ? () => send(['off', ...args]) : r;
      };
      if (b) {
        api[a] ??= {};
        (api[a] as Record<string, unknown>)[b] = fn;
      } else api[a] = fn;
    }
    w.Widget = api;

    const taken = new WeakSet<unknown[]>();
    const take = (a: unknown) => {
      if (Array.isArray(a) && !taken.has(a)) {
        taken.add(a);
        for (const c of a) send(c as Command);
        a.push = (...cs: Command[]) => {
          for (const c of cs) send(c);
          return a.length;
        };
      }
      return a;
    };
    let current = take(w.$widget ?? []);
    Object.defineProperty(w, '$widget', {
      configurable: true,
      get: () => current,
      set: (v) => {
        current = take(v);
      },
    });

    const me = d.currentScript as HTMLScriptElement | null;
    const src = me?.src || [...d.scripts].map((s) => s.src).find((s) => /\/l\.js(\?|$)/.test(s));
    if (!src) return;
    const el = d.createElement('script');
    el.type = 'module';
    el.src = new URL(__WIDGET_ENTRY__, src).href;
    // Hands a CSP nonce on (strict-dynamic trusts the element anyway; nonce-only policies need it).
    el.nonce = me?.nonce || '';
    el.setAttribute('data-widget-chrome', '');
    (d.head || d.documentElement).appendChild(el);
  } catch (e) {
    console.warn('[widget] the loader failed', e);
  }
})(window, document);
