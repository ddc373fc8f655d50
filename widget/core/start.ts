import { createBus } from './bus';
import { watchChat } from './chat';
import { setAnalyticsConsent } from './consent';
import { eventNameProblem } from './event-rules';
import { type Experiences, startExperiences } from './experiences';
import { reportIdentify, userSetBody } from './identity';
import { type SurveyRunner, showIntrusive } from './intrusive';
import type { Command, LoaderWidget } from './loader-contract';
import { connectRealtime } from './realtime';
import { watchRoutes } from './route-watcher';
import type { BootConfig, BootReply, Runtime, UiState } from './runtime';
import { forgetAll, readKey, writeKey } from './storage';
import { createStore } from './store';
import type { SurfaceLoaders } from './surface-types';
import { startSurfaces } from './surfaces';
import { resolveDefaultTab, visibleTabs } from './tabs';
import type { TourHandle, TourOptions, WidgetTour } from './tour-types';
import { createTracker } from './tracker';
import { createTransport, describeError, type Method, type Reply } from './transport';
import { takeDeepLink } from './walkthrough-link';
import { AUTOMATION_KEY, WALKTHROUGH_KEY, type WalkthroughJob } from './walkthrough-types';
import { warn } from './warn';

declare const __WIDGET_API_URL__: string;

/** The API base: set at build time (WIDGET_API_URL), else the service that serves the bundle under /cdn. */
export const apiBase = (): string =>
  __WIDGET_API_URL__ || new URL(/* @vite-ignore */ '../../', import.meta.url).href;

const PUBLIC_EVENTS = ['open', 'close', 'message:received', 'experience:completed'];
const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/i;

/** Pre-fill values (automation.run's second argument): step ids to strings; anything else dropped. */
function cleanPrefill(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const [k, v] of Object.entries(input)) if (typeof v === 'string') out[k] = v;
  return out;
}
const TOKEN_KEY = 'visitor';
/** The experience preview token of this tab (sessionStorage; docs/decisions/experiences.md#the-preview-link). */
const PREVIEW_KEY = 'preview';
const preview = () => readKey(PREVIEW_KEY, 'session');
/** The QA control (docs/decisions/experiences.md#qa-controls): no auto-start, no resume. */
const NO_AUTO_START = 'no-auto-start';

type WidgetWindow = Window & { Widget?: LoaderWidget; WIDGET_WEBSITE_ID?: unknown; WIDGET_QA?: unknown };

/** What the entry hands the core: the UI to mount, and the tour runner (it loads the tour chunk on first use). */
export interface UiParts {
  mount(rt: Runtime): () => void;
  runTour(rt: Runtime, tour: WidgetTour, options: TourOptions): Promise<TourHandle>;
  /** The launcher and banner chunks' loaders (surfaces.ts loads one only for a decision that needs it). */
  surfaces?: SurfaceLoaders;
  /** Loads the survey chunk and shows the card (a survey that won the slot). */
  runSurvey?: SurveyRunner;
  /** Loads the walkthrough chunk and hands it a job (start a walkthrough, run an automation, resume). */
  walkthrough?: (rt: Runtime, job: WalkthroughJob) => Promise<void>;
  /** Loads the preview chunk: the Preview marker and its End preview button, while this tab previews a draft. */
  preview?: (rt: Runtime) => Promise<void>;
  /**
   * Loads the proactive chunk (trigger messages and campaigns in the bubble above the launcher): at boot
   * when the workspace has trigger messages or the visitor is identified, else at the first user.set.
   */
  proactive?: (rt: Runtime, pageEvents: string[], identified: () => boolean) => Promise<void>;
}

/**
 * The widget's core: takes the loader's queue over (replayed in order), boots against the API, mounts
 * the UI, and serves every Widget call. UI calls wait for boot; network calls run one after another
 * (user.set before a later track). Nothing here throws into the page.
 */
export function startWidget(w: WidgetWindow, parts: UiParts): void {
  const host = w.Widget;
  if (!host || !Array.isArray(host._q) || host._r) return;

  const publicBus = createBus();
  const events = createBus();
  let token = readKey(TOKEN_KEY);
  let websiteId: string | null = null;
  let config: BootConfig | null = null;
  let exp: Experiences | null = null;
  let runtime: Runtime | null = null;
  let started = false;
  let identified = false;
  // The custom events of this page view (trigger rules), kept from the first queued call on.
  const pageEvents: string[] = [];
  events.on('custom-event', (name) => pageEvents.push(name as string));
  let markReady: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((r) => {
    markReady = r;
  });
  let chain: Promise<unknown> = ready;
  const request = createTransport(apiBase(), () => token, preview);
  const ui = createStore<UiState>({
    open: false,
    tab: 'help',
    tabs: ['help'],
    query: '',
    article: null,
    help: 0,
    kb: false,
    conversation: null,
  });

  async function boot(): Promise<boolean> {
    const reply = await request<BootReply>('GET', `widget/boot?website_id=${websiteId}`);
    if (reply.status !== 200 || !reply.body) {
      warn(`the widget could not start (${describeError(reply)})`);
      return false;
    }
    const { visitor, config: c } = reply.body.data;
    if (visitor.token) {
      token = visitor.token;
      writeKey(TOKEN_KEY, token);
    }
    config = c;
    identified = !!visitor.identity;
    return true;
  }

  /** A new visitor session, when the service no longer knows the token. */
  async function reboot(): Promise<boolean> {
    token = null;
    return boot();
  }

  /** A widget call; an expired visitor session boots a new one and retries once. */
  async function call<T>(method: Method, path: string, body?: unknown): Promise<Reply<T>> {
    let reply = await request<T>(method, path, body);
    if (reply.status === 401 && websiteId && (await reboot())) reply = await request<T>(method, path, body);
    return reply;
  }

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    if (!websiteId || !ULID.test(websiteId)) {
      warn(
        'no valid website id: set WIDGET_WEBSITE_ID (the install snippet does) or call Widget.init({ websiteId })',
      );
      markReady(false);
      return;
    }
    if (!(await boot()) || !config) return markReady(false);
    const { features, widget_settings: settings } = config;
    let wasOpen = false;
    try {
      // The experience engine runs only with feature.experiences.core on: off, no experience request at all.
      const rt: Runtime = {
        config,
        ui,
        events,
        call,
        exp: null,
        startWalkthrough: (guideId) => walkthroughStart(guideId),
      };
      runtime = rt;
      if (features.experiences)
        rt.exp = exp = startExperiences({
          w,
          events,
          call,
          emit: publicBus.emit,
          runTour: (tour, options) => parts.runTour(rt, tour, options),
          intrusive: parts.runSurvey && showIntrusive(rt, parts.runSurvey),
          qa: readKey('qa') === NO_AUTO_START || w.WIDGET_QA === NO_AUTO_START,
        });
      if (parts.surfaces) startSurfaces(w, rt, parts.surfaces);
      // The tabs shown and, while the panel is closed, the tab it opens on follow the programs delivered:
      // Onboarding while a program is delivered; `auto` opens it while one has something to do, else Help
      // while the page has unread announcements (matched to this page, listed in Help; the launcher says
      // so), else Chat. Chat is always offered: every booted visitor may write.
      const settle = () => {
        const { programs, decision } = exp?.state.get() ?? { programs: [], decision: null };
        const tabs = visibleTabs(features.experiences, { onboarding: programs.length > 0, chat: true });
        const now = ui.get();
        const tab = now.open
          ? now.tab
          : resolveDefaultTab(settings.default_tab, tabs, {
              programPending: programs.some((p) => p.done < p.total),
              pageHasHelp: (decision?.announcements.unread ?? 0) > 0,
            });
        if (tab !== now.tab || tabs.join() !== now.tabs.join()) ui.set({ tab, tabs });
      };
      settle();
      exp?.state.sub(settle);
      ui.sub(() => {
        const open = ui.get().open;
        if (open === wasOpen) return;
        wasOpen = open;
        publicBus.emit(open ? 'open' : 'close');
        if (!open) settle();
      });
      parts.mount(rt);
      let proactive = false;
      const loadProactive = () => {
        if (proactive || !parts.proactive) return;
        proactive = true;
        parts.proactive(rt, pageEvents, () => identified).catch((err) => warn(err));
      };
      if (identified || config.trigger_rules.length) loadProactive();
      events.on('identity', loadProactive);
      watchRoutes(w, (href) => events.emit('route', href));
      // A walkthrough or a run to resume after a full page load (its chunk only then), then the deep link.
      if (readKey(WALKTHROUGH_KEY, 'session') || readKey(AUTOMATION_KEY, 'session'))
        walkthrough({ kind: 'resume' }, features.walkthrough);
      if (link) walkthroughStart(link.guideId);
      if (preview()) parts.preview?.(rt).catch(warn);
    } catch (err) {
      warn('the widget could not start', err);
      return markReady(false);
    }
    // Realtime serves chat whatever feature.experiences.core says (experience frames stay gated on the
    // service), so the socket opens for every booted widget; a re-boot after 4401 reconnects once.
    watchChat(events, call, publicBus.emit, (id) => {
      const state = ui.get();
      return state.open && state.tab === 'chat' && state.conversation === id;
    });
    connectRealtime(w, apiBase(), () => token, events, reboot);
    markReady(true);
  }

  /** Hands a job to the walkthrough chunk (loaded on first use); off for the workspace: one warning. */
  function walkthrough(job: WalkthroughJob, on = config?.features.walkthrough === true): void {
    if (!on || !runtime || !parts.walkthrough) {
      if (job.kind !== 'resume') warn(`${job.kind}: walkthroughs are off for this workspace`);
      return;
    }
    parts.walkthrough(runtime, job).catch((err) => warn(`the ${job.kind} failed`, err));
  }
  function walkthroughStart(id: unknown): void {
    if (typeof id !== 'string' || !ULID.test(id)) {
      warn("walkthrough.start needs a guide's id");
      return;
    }
    afterBoot(() => walkthrough({ kind: 'walkthrough', guideId: id }));
  }

  const afterBoot = (fn: () => void) => {
    ready.then((ok) => ok && fn()).catch((err) => warn(err));
  };
  const inOrder = (job: () => Promise<unknown>) => {
    chain = chain
      .then(() => ready)
      .then((ok) => (ok ? job() : undefined))
      .catch((err) => warn(err));
  };

  const tracker = createTracker({
    enabled: () => config?.features.event_tracking === true,
    now: () => Date.now(),
    send: async (name, properties) =>
      (await call('POST', 'widget/events', properties === undefined ? { name } : { name, properties }))
        .status,
  });

  const commands: Record<string, (...args: unknown[]) => unknown> = {
    init(opts) {
      const id = (opts as { websiteId?: unknown } | null)?.websiteId;
      if (typeof id !== 'string') return warn('init needs { websiteId }');
      if (websiteId && websiteId !== id)
        return warn(`init: the widget already runs for website id ${websiteId}`);
      websiteId = id;
      void start();
    },
    open: () => afterBoot(() => ui.set({ open: true, kb: false })),
    close: () => afterBoot(() => ui.set({ open: false })),
    toggle: () => afterBoot(() => ui.set({ open: !ui.get().open, kb: false })),
    'user.set'(input) {
      const body = userSetBody(input);
      if (!body) return;
      inOrder(async () => {
        if (!reportIdentify(await call('POST', 'widget/identify', body))) return;
        tracker.identified();
        identified = true;
        events.emit('identity');
      });
    },
    'event.push'(name) {
      const problem = eventNameProblem(name);
      if (problem) return warn(`event.push(${JSON.stringify(name)}): ${problem}`);
      events.emit('custom-event', name);
    },
    track(name, properties) {
      const job = tracker.track(name, properties);
      if (job) {
        events.emit('custom-event', name);
        inOrder(job);
      }
    },
    'helpdesk.query'(q) {
      const query = typeof q === 'string' ? q : '';
      afterBoot(() =>
        ui.set({ open: true, kb: false, tab: 'help', query, article: null, help: ui.get().help + 1 }),
      );
    },
    'helpdesk.openArticle'(slug) {
      if (typeof slug !== 'string' || !slug) return warn('helpdesk.openArticle needs an article slug');
      afterBoot(() => ui.set({ open: true, kb: false, tab: 'help', article: slug, help: ui.get().help + 1 }));
    },
    on(event, handler) {
      if (typeof event !== 'string' || !PUBLIC_EVENTS.includes(event) || typeof handler !== 'function') {
        warn(`on: unknown event ${JSON.stringify(event)} or no handler; events: ${PUBLIC_EVENTS.join(', ')}`);
        return () => {};
      }
      return publicBus.on(event, handler as () => void);
    },
    off(event, handler) {
      if (typeof event === 'string' && typeof handler === 'function')
        publicBus.off(event, handler as () => void);
    },
    'experiences.start'(id) {
      if (typeof id !== 'string' || !ULID.test(id))
        return warn("experiences.start needs a tour's experience id (there is no start by slug)");
      afterBoot(() =>
        exp ? void exp.start(id) : warn('experiences.start: in-app experiences are off for this workspace'),
      );
    },
    consent: (granted) => setAnalyticsConsent(granted === true),
    forget: () => forgetAll(),
    'walkthrough.start': walkthroughStart,
    'automation.run'(id, prefill) {
      if (typeof id !== 'string' || !ULID.test(id)) return warn("automation.run needs a guide's id");
      afterBoot(() => walkthrough({ kind: 'automation', guideId: id, prefill: cleanPrefill(prefill) }));
    },
  };

  const dispatch = (command: Command): unknown => {
    try {
      if (!Array.isArray(command) || typeof command[0] !== 'string') {
        return warn('a queued call must be an array like ["track", "name", {…}]', command);
      }
      const fn = commands[command[0]];
      if (!fn) return warn(`unknown call ${JSON.stringify(command[0])}`);
      return fn(...command.slice(1));
    } catch (err) {
      warn(`${String(command?.[0])} failed`, err);
    }
  };

  // The deep link is consumed at once (stripped from the address bar), and played after boot; so is a
  // preview link, its token kept for this tab (a header-safe token only).
  let link: ReturnType<typeof takeDeepLink> = null;
  try {
    const shown = takeDeepLink(w.location.href, ['widget_preview']);
    if (shown && /^[\w.-]+$/.test(shown.guideId)) writeKey(PREVIEW_KEY, shown.guideId, 'session');
    link = takeDeepLink(shown?.href ?? w.location.href);
    const href = (link ?? shown)?.href;
    if (href) w.history.replaceState(w.history.state, '', href);
  } catch (err) {
    warn('the walkthrough link could not be read', err);
  }

  if (typeof w.WIDGET_WEBSITE_ID === 'string') websiteId = w.WIDGET_WEBSITE_ID;
  const queued = host._q.splice(0);
  host._r = dispatch;
  for (const command of queued) dispatch(command);
  if (websiteId || w.WIDGET_WEBSITE_ID !== undefined) void start();
}
