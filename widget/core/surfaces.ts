import { analyticsConsent } from './consent';
import type { Decision } from './experiences';
import type { Runtime } from './runtime';
import type {
  BannerLayer,
  LauncherLayer,
  SurfaceLoaders,
  WidgetBanner,
  WidgetLauncher,
} from './surface-types';
import { warn } from './warn';

type Item = WidgetLauncher | WidgetBanner;
type BeaconKind = 'launcher.shown' | 'banner.shown' | 'banner.clicked';

/** A launcher or banner on the page. */
interface Shown {
  item: Item;
  remove: () => void;
}

/** Where a launcher's or a banner's open_url / link may lead: http(s) only (never javascript:). */
export function safeUrl(url: string, base: string): string | null {
  try {
    const u = new URL(url, base);
    return /^https?:$/.test(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The decision's launchers and banners on the page (docs/decisions/experiences.md, Part 2). The chunk of
 * a type is loaded only when a decision brings one of it. Within one page (the same path), a later
 * decision only adds: what is shown stays, so an activated launcher or a seen `once` banner, which the
 * server no longer delivers, stays for the rest of the page view. A route change to another path shows
 * what the new decision brings (what it still brings stays in place); a body swap takes everything off at
 * once (nothing follows it) and the decision after it brings the new page's; an unpublished one leaves at
 * once (realtime). Seen records (every
 * launcher activation, a banner's rendering and its dismissal) are functional and never gated; the
 * analytics beacons go out only after Widget.consent(true).
 */
export function startSurfaces(w: Window, rt: Runtime, load: SurfaceLoaders): void {
  const exp = rt.exp;
  if (!exp) return;
  const shown = new Map<string, Shown>();
  const dismissed = new Set<string>();
  let last: Decision | null = null;
  let path = w.location.pathname;
  let moved = false;
  let launchers: Promise<LauncherLayer> | undefined;
  let banners: Promise<BannerLayer> | undefined;
  const launcherLayer = () => {
    launchers ??= load.launchers(rt);
    return launchers;
  };
  const bannerLayer = () => {
    banners ??= load.banners(rt);
    return banners;
  };
  const url = () => w.location.href;

  const seen = (item: Item, dismissed?: true) =>
    rt.call('POST', `widget/experiences/${item.experience_id}/seen`, {
      url: url(),
      version_id: item.version_id,
      ...(dismissed ? { dismissed } : {}),
    });
  const beacon = (kind: BeaconKind, item: Item) => {
    if (analyticsConsent())
      void rt.call('POST', 'widget/beacons', {
        kind,
        experience_id: item.experience_id,
        version_id: item.version_id,
        url: url(),
      });
  };

  function clear(keep?: Set<string>) {
    for (const [key, s] of shown)
      if (!keep?.has(key)) {
        s.remove();
        shown.delete(key);
      }
  }

  function act(l: WidgetLauncher) {
    const a = l.action;
    const posted = seen(l);
    if (a.type === 'start_tour') void exp!.start(a.tour_id);
    else if (a.type === 'open_help') openPanel('help');
    else if (a.type === 'open_url') {
      const to = safeUrl(a.url, url());
      if (to) void posted.then(() => w.location.assign(to));
    }
  }

  function openPanel(tab: 'help' | 'chat') {
    const ui = rt.ui.get();
    rt.ui.set(
      tab === 'help' || !ui.tabs.includes(tab)
        ? { open: true, kb: false, tab: 'help', query: '', article: null, help: ui.help + 1 }
        : { open: true, kb: false, tab },
    );
  }

  /** Puts an item on the page through its chunk's layer (loaded on first use); a failed load is a warning. */
  function add<T extends Item, E>(
    key: string,
    item: T,
    layer: Promise<{ show(item: T, on: E): () => void }>,
    on: E,
  ) {
    let removed = false;
    const entry: Shown = {
      item,
      remove: () => {
        removed = true;
      },
    };
    shown.set(key, entry);
    layer.then(
      (l) => {
        if (!removed) entry.remove = l.show(item, on);
      },
      (err) => {
        if (shown.get(key) === entry) shown.delete(key);
        warn(`the ${key[0] === 'l' ? 'launcher' : 'banner'} chunk failed to load`, err);
      },
    );
  }

  const addLauncher = (key: string, l: WidgetLauncher) =>
    add(key, l, launcherLayer(), {
      shown: () => beacon('launcher.shown', l),
      activate: () => act(l),
    });

  const addBanner = (key: string, b: WidgetBanner) =>
    add(key, b, bannerLayer(), {
      shown() {
        void seen(b);
        beacon('banner.shown', b);
      },
      clicked() {
        beacon('banner.clicked', b);
        const action = b.button?.action;
        if (action === 'open_help' || action === 'open_chat')
          openPanel(action === 'open_help' ? 'help' : 'chat');
      },
      dismissed() {
        // Never shown again in this page load, even by a decision asked before the dismissal was recorded.
        dismissed.add(key);
        shown.delete(key);
        void seen(b, true);
      },
    });

  function sync() {
    const decision = exp!.state.get().decision;
    if (!decision || decision === last) return;
    last = decision;
    if (moved) {
      moved = false;
      const now = w.location.pathname;
      if (now !== path)
        clear(
          new Set([
            ...decision.launchers.map((l) => `l${l.experience_id}`),
            ...decision.banners.map((b) => `b${b.experience_id}`),
          ]),
        );
      path = now;
    }
    for (const l of decision.launchers) {
      const key = `l${l.experience_id}`;
      if (!shown.has(key)) addLauncher(key, l);
    }
    for (const b of decision.banners) {
      const key = `b${b.experience_id}`;
      if (!shown.has(key) && !dismissed.has(key)) addBanner(key, b);
    }
  }

  exp.state.sub(sync);
  rt.events.on('route', () => {
    moved = true;
  });
  // Unpublished (realtime): its launcher or banner leaves the page at once, as a running tour does.
  rt.events.on('realtime', (m) => {
    const { type, experience_id: id } = m as { type: string; experience_id?: string };
    if (type !== 'experience.unpublished') return;
    for (const key of [`l${id}`, `b${id}`]) {
      shown.get(key)?.remove();
      shown.delete(key);
    }
  });
  rt.events.on('restored', () => {
    clear();
    moved = false;
    path = w.location.pathname;
  });
  sync();
}
