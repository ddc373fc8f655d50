import type { components } from '../../bff/openapi/schema';
import type { Bus } from './bus';
import { createStore, type Store } from './store';
import type { TourEnd, TourFeedback, TourHandle, TourRunner, WidgetTour } from './tour-types';
import { describeError, type Reply } from './transport';
import { pageMatches } from './url-rule';
import { warn } from './warn';

type Schemas = components['schemas'];
export type Decision = Schemas['WidgetExperienceDecision'];
export type Program = Schemas['WidgetProgram'];
export type ProgramItem = Schemas['WidgetProgramItem'];
export type ItemState = ProgramItem['state'];
type Session = Schemas['WidgetExperienceSession'];
type AutoStart = Schemas['WidgetAutoStart'];
/** A survey or a popup announcement that won the slot (intrusive.ts shows it). */
export type Intrusive = NonNullable<AutoStart> & { type: 'survey' | 'announcement' };
type Resume = Schemas['WidgetResume'];
type Call = <T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => Promise<Reply<T>>;

/**
 * What the panel and the chunks read: the last decision applied (launchers, banners, announcements and surveys
 * take theirs from it), and its programs with their item states as they move since.
 */
export interface ExperienceState {
  decision: Decision | null;
  programs: Program[];
}

/** A program item, by its program's experience id and its own id. */
export interface ItemRef {
  program: string;
  item: string;
}

export interface Experiences {
  state: Store<ExperienceState>;
  /** Starts a published tour (Widget.experiences.start; from a program item with `item`). */
  start(experienceId: string, item?: ItemRef): Promise<boolean>;
  /** Moves a program item, opening the program session first when there is none yet. */
  move(program: string, item: string, to: ItemState): Promise<boolean>;
}

/** The tour on the page: its experience, then its version and session once known, then its handle. */
interface Running {
  id: string;
  version?: string;
  session?: string;
  handle?: TourHandle;
  item?: ItemRef;
}

/** One page view: from a full load, a route change or a body swap to the next. */
interface View {
  /** performance.now() at its start (0: the page load). */
  at: number;
  /** The intrusive slot (auto-start or resume) is taken. */
  slot: boolean;
  /** Custom events of this page view (Widget.event.push, Widget.track). */
  events: Set<string>;
  /** The auto-start waiting for its browser triggers. */
  pending: AutoStart | null;
  timer?: ReturnType<typeof setTimeout>;
  /** Element facts reported for this page, and how many reports. */
  facts: Record<string, boolean>;
  reports: number;
}

/** Element watch bounds: a check at most every 250 ms, observed for 60 s of a page view, 20 reports. */
const WATCH_EVERY_MS = 250;
const WATCH_FOR_MS = 60_000;
const MAX_REPORTS = 20;
const MAX_WATCH = 100;

const finished = (i: ProgramItem) => i.state === 'done' || i.state === 'skipped';

/**
 * The experience engine (docs/decisions/experiences.md, The widget's engine): keeps the server's
 * decision for the page (fetched at boot, on every route change, after a body swap, after user.set and
 * after each realtime `ready`), runs the one intrusive slot of a page view (a resumed tour, else the
 * auto-start once its browser triggers hold, never while a tour runs), reports the element facts the
 * decision asks for, plays tours (session, steps, end) and moves program items. Decision requests and
 * session writes go out one after another, so a decision always sees the writes made before it, and the
 * newest decision wins. Nothing here throws into the page.
 */
export function startExperiences(d: {
  w: Window;
  events: Bus;
  call: Call;
  /** The public Widget.on bus (`experience:completed`). */
  emit: (event: string, payload: unknown) => void;
  runTour: TourRunner;
  /** Shows a survey or a popup announcement that took the slot (intrusive.ts). */
  intrusive?: (a: Intrusive) => void;
  /** QA: no auto-start and no resume (`widget:qa` or WIDGET_QA = 'no-auto-start'). */
  qa: boolean;
}): Experiences {
  const { w, events, call } = d;
  const doc = w.document;
  const state = createStore<ExperienceState>({ decision: null, programs: [] });
  const href = () => w.location.href;
  let queue: Promise<unknown> = Promise.resolve();
  let seq = 0;
  let running: Running | null = null;
  let watchList: Decision['watch'] = [];
  let observer: MutationObserver | null = null;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  const view = (): View => ({
    at: performance.now(),
    slot: false,
    events: new Set(),
    pending: null,
    facts: {},
    reports: 0,
  });
  let page = { ...view(), at: 0 };

  /** A job after every earlier decision request and session write; its errors are warnings. */
  function inTurn<T>(job: () => Promise<T>): Promise<T | undefined> {
    const result = queue.then(job);
    queue = result.catch(warn);
    return result.catch(() => undefined);
  }

  /** A decision request; only the newest one's answer is used (a GET overtaken before it left is dropped). */
  function decide(method: 'GET' | 'POST', path: string, body?: unknown): void {
    const mine = ++seq;
    void inTurn(async () => {
      if (method === 'GET' && mine !== seq) return;
      const r = await call<{ data: Decision }>(method, path, body);
      if (mine === seq && r.status === 200 && r.body) apply(r.body.data);
    });
  }
  const refresh = () => decide('GET', `widget/experiences?url=${encodeURIComponent(href())}`);

  function apply(decision: Decision) {
    state.set({ decision, programs: decision.programs });
    eventItems();
    watch(decision.watch);
    page.pending = null;
    // QA holds auto-starts and resumes back, but not in a preview: the server gives the slot to the draft or to nothing.
    if ((d.qa && !decision.preview) || page.slot) return;
    const resume = decision.resume;
    // A resume while a tour plays is that tour's session (or one the person left for this one): not now.
    if (resume && !running) {
      page.slot = true;
      void play(resume.experience_id, { resume });
    } else if (decision.auto_start) {
      page.pending = decision.auto_start;
      const wait =
        (decision.auto_start.triggers.time_on_page_seconds ?? 0) * 1e3 - (performance.now() - page.at);
      clearTimeout(page.timer);
      if (wait > 0) page.timer = setTimeout(fire, wait);
      fire();
    }
  }

  /** Scroll depth of the document, in percent (100 when it does not scroll). */
  const depth = () => {
    const h = doc.documentElement.scrollHeight;
    return h ? ((w.scrollY + w.innerHeight) / h) * 100 : 100;
  };

  /**
   * The pending auto-start, once every browser trigger holds: a tour plays, a survey or a popup
   * announcement goes to `intrusive`; unless a tour is playing then (started by the person, a program item,
   * a resume), in which case this page view gives it up.
   */
  function fire() {
    const a = page.pending;
    if (!a || page.slot) return;
    const t = a.triggers;
    if (t.custom_event && !page.events.has(t.custom_event)) return;
    if ((t.time_on_page_seconds ?? 0) * 1e3 > performance.now() - page.at) return;
    if ((t.scroll_depth_percent ?? 0) > depth() + 0.5) return;
    page.pending = null;
    page.slot = true;
    if (running) return;
    if (a.type === 'tour') void play(a.experience_id, { trigger: 'auto' });
    else d.intrusive?.(a as Intrusive);
  }

  // Element facts: selectors only, booleans out, never page content.
  function watch(list: Decision['watch']) {
    watchList = list.slice(0, MAX_WATCH);
    if (!watchList.length) return unwatch();
    if (!observer && performance.now() - page.at < WATCH_FOR_MS) {
      observer = new MutationObserver(() => {
        checkTimer ??= setTimeout(check, WATCH_EVERY_MS);
      });
      observer.observe(doc.documentElement, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['class', 'id', 'hidden'],
      });
    }
    check();
  }
  function unwatch() {
    observer?.disconnect();
    observer = null;
  }
  function check() {
    clearTimeout(checkTimer);
    checkTimer = undefined;
    if (performance.now() - page.at > WATCH_FOR_MS) unwatch();
    const facts: Record<string, boolean> = {};
    let changed = false;
    for (const { key, selector } of watchList) {
      let present = false;
      try {
        present = !!doc.querySelector(selector);
      } catch {
        // an invalid selector matches nothing
      }
      facts[key] = present;
      changed ||= page.facts[key] !== present;
    }
    if (!changed || page.reports >= MAX_REPORTS) return;
    page.reports++;
    Object.assign(page.facts, facts);
    decide('POST', 'widget/experiences/conditions', { url: href(), facts });
  }

  /** Records a step or an end of the running tour's session (in turn, with the page it happened on). */
  function patch(run: Running, body: object) {
    const url = href();
    void inTurn(() =>
      call('PATCH', `widget/experiences/${run.version}/sessions/${run.session}`, { url, ...body }),
    );
  }

  function drop(run: Running) {
    if (running === run) running = null;
  }

  /** Takes the tour off the page; with a reason, its session ends so (a stop needs none: the server ended it). */
  function end(run: Running, reason?: TourEnd) {
    drop(run);
    run.handle?.stop();
    if (reason && run.session) patch(run, { end: reason });
  }

  async function play(
    id: string,
    o: { trigger?: 'auto' | 'start' | 'program'; resume?: Resume; item?: ItemRef },
  ): Promise<boolean> {
    const before = running;
    if (before) end(before, before.id === id ? undefined : 'dismissed');
    const run: Running = { id, item: o.item };
    running = run;
    const fail = (what: string, r: Reply) => {
      drop(run);
      warn(`${what} ${id} (${describeError(r)})`);
      return false;
    };
    const r = await call<{ data: WidgetTour }>(
      'GET',
      `widget/experiences/tours/${id}${o.resume ? `?version_id=${o.resume.version_id}` : ''}`,
    );
    if (running !== run) return false;
    if (r.status !== 200 || !r.body) return fail('no published tour', r);
    const tour = r.body.data;
    run.version = tour.version_id;
    if (o.resume) run.session = o.resume.session_id;
    else {
      const s = await call<{ data: Session }>('POST', `widget/experiences/${tour.version_id}/sessions`, {
        url: href(),
        trigger: o.trigger ?? 'start',
      });
      if (!s.body || s.status > 201) return running === run && fail('could not start the tour', s);
      run.session = s.body.data.id;
      // Taken off before it showed (another tour, a body swap, an unpublish): the session must not resume.
      if (running !== run) {
        end(run, 'dismissed');
        return false;
      }
    }
    const handle = await d
      .runTour(tour, {
        startAt: o.resume?.step_id,
        // A step of another page: recorded as the session's step, the tour resumes there (the decision's resume).
        onEnter(step) {
          if (pageMatches(tour.steps.find((s) => s.id === step)?.page, href())) return true;
          patch(run, { step_id: step });
          drop(run);
          return false;
        },
        onStep: (step) => patch(run, { step_id: step }),
        onEnd: (reason, feedback) => done(run, tour, reason, feedback),
      })
      .catch((err) => warn('the tour failed to load', err));
    if (!handle) {
      end(run, 'dismissed');
      return false;
    }
    run.handle = handle;
    if (running !== run) handle.stop();
    return true;
  }

  function done(run: Running, tour: WidgetTour, reason: TourEnd, feedback?: TourFeedback) {
    drop(run);
    // An interrupted tour (a body swap, an error) ends as dismissed, so the next decision does not resume it.
    const end = reason === 'interrupted' ? 'dismissed' : reason;
    patch(run, end === 'completed' && feedback ? { end, feedback } : { end });
    const completed = end === 'completed';
    if (completed)
      d.emit('experience:completed', {
        experience_id: tour.experience_id,
        version_id: tour.version_id,
        slug: tour.slug,
      });
    // Program items of this tour: done when it completes (however it was started); skipped when the
    // person skips it from its item; anything else leaves the item in progress.
    for (const p of state.get().programs)
      for (const s of p.sections)
        for (const i of s.items)
          if (i.kind === 'tour' && i.tour_id === tour.experience_id)
            if (completed) void move(p.experience_id, i.id, 'done');
            else if (end === 'skipped' && run.item?.item === i.id)
              void move(p.experience_id, i.id, 'skipped');
  }

  /** Event items are done once their event happened in this page view (before the decision came, too). */
  function eventItems() {
    for (const p of state.get().programs)
      for (const s of p.sections)
        for (const i of s.items)
          if (i.kind === 'event' && page.events.has(i.event_name!) && i.state !== 'done')
            void move(p.experience_id, i.id, 'done');
  }

  const program = (id: string) => state.get().programs.find((p) => p.experience_id === id);

  /** The item's new state in the store; section and program counts follow (done counts done and skipped). */
  function setItem(pid: string, iid: string, to: ItemState, session?: string) {
    state.set({
      programs: state.get().programs.map((p) => {
        if (p.experience_id !== pid) return p;
        let done = 0;
        const sections = p.sections.map((s) => {
          const items = s.items.map((i) => (i.id === iid ? { ...i, state: to } : i));
          const n = items.filter(finished).length;
          done += n;
          return { ...s, items, done: n };
        });
        return {
          ...p,
          session_id: session ?? p.session_id,
          sections,
          done,
          progress: p.total ? done / p.total : 1,
        };
      }),
    });
  }

  async function move(pid: string, iid: string, to: ItemState): Promise<boolean> {
    const ok = await inTurn(async () => {
      const p = program(pid);
      const item = p?.sections.flatMap((s) => s.items).find((i) => i.id === iid);
      if (!p || !item || item.state === 'done') return false;
      if (item.state === to) return true;
      let session = p.session_id;
      if (!session) {
        const s = await call<{ data: Session }>('POST', `widget/experiences/${p.version_id}/sessions`, {
          url: href(),
          trigger: 'program',
        });
        if (!s.body || s.status > 201) {
          warn(`the program ${pid} could not start (${describeError(s)})`);
          return false;
        }
        session = s.body.data.id;
      }
      const r = await call('POST', `widget/experiences/${p.version_id}/sessions/${session}/items/${iid}`, {
        state: to,
      });
      setItem(pid, iid, r.status === 200 ? to : item.state, session);
      if (r.status !== 200) warn(`the item ${iid} could not move (${describeError(r)})`);
      return r.status === 200;
    });
    if (!ok) refresh();
    return !!ok;
  }

  events.on('route', () => {
    clearTimeout(page.timer);
    page = view();
    refresh();
  });
  // A tour running at a body swap does not follow it: its session ends (as dismissed) before the new decision.
  events.on('restored', () => {
    if (running) end(running, 'dismissed');
    clearTimeout(page.timer);
    page = view();
    refresh();
  });
  events.on('identity', refresh);
  events.on('custom-event', (name) => {
    page.events.add(name as string);
    fire();
    eventItems();
  });
  events.on('realtime', (payload) => {
    const m = payload as { type: string; [k: string]: string };
    const run = running;
    if (m.type === 'ready') refresh();
    else if (m.type === 'experience.unpublished') {
      if (run && run.id === m.experience_id) end(run);
      refresh();
    } else if (m.type === 'session.ended' && run && run.session === m.session_id) end(run);
    else if (m.type === 'program.item')
      setItem(m.experience_id!, m.item_id!, m.state as ItemState, m.session_id);
  });
  w.addEventListener('scroll', () => page.pending?.triggers.scroll_depth_percent && fire(), {
    passive: true,
  });
  refresh();

  return {
    state,
    start(id, item) {
      if (item) void move(item.program, item.item, 'in_progress');
      return play(id, { trigger: item ? 'program' : 'start', item });
    },
    move,
  };
}
