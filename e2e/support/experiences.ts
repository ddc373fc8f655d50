import type { Browser, Page } from 'playwright';
import { expect, inject } from 'vitest';
import type { ProgramContent, Targeting, TourStep } from '../../server-core/experiences/definition';
import { programDefinition, step, tourDefinition } from '../../server-core/testing/experiences';
import { type HostServer, hostPage, snippet } from './host-server';
import { type HostWindow, portalSession, type Seeded, seedWorkspace, watchedPage } from './widget';

export { step };

/** A published experience as the portal answers it. */
export interface Published {
  id: string;
  slug: string;
  live_version_id: string;
}

/**
 * Authoring through the portal operations (createExperience, publishExperience, unpublishExperience,
 * createGuide) for a fresh workspace: what a workspace member does, so the widget sees exactly what the
 * service delivers.
 */
export async function author(ws: Seeded, base = inject('serverUrl')) {
  const portal = await portalSession(ws, base);
  const root = `/workspaces/${ws.workspaceId}`;
  const publish = async (type: string, name: string, draft: unknown): Promise<Published> => {
    const { data } = await portal<{ data: { id: string } }>('POST', `${root}/experiences`, {
      type,
      name,
      draft,
    });
    return (await portal<{ data: Published }>('POST', `${root}/experiences/${data.id}/publish`)).data;
  };
  return {
    tour: (
      name: string,
      steps: TourStep[],
      opts: { targeting?: Partial<Targeting>; feedback?: boolean; frequency?: 'once' | 'unlimited' } = {},
    ) => {
      const def = tourDefinition({
        steps,
        targeting: opts.targeting ?? {
          pages: { include: [{ match: 'exact', value: '/never' }], exclude: [] },
        },
        frequency: { kind: opts.frequency ?? 'once' },
      });
      if (opts.feedback) def.content.feedback = { enabled: true, question: 'How was this tour?' };
      return publish('tour', name, def);
    },
    program: (name: string, sections: ProgramContent['sections'], targeting: Partial<Targeting> = {}) =>
      publish('program', name, programDefinition({ sections, targeting })),
    unpublish: (id: string) => portal('POST', `${root}/experiences/${id}/unpublish`),
    /**
     * A guide: published with share mode public (anyone may open it in the widget), or left a draft
     * (the widget's GET widget/guides answers 404 for it).
     */
    guide: async (title: string, texts: string[], opts: { publish?: boolean } = {}) => {
      const { data } = await portal<{ data: { id: string } }>('POST', `${root}/guides`, {
        title,
        share_mode: 'public',
        steps: texts.map((text) => ({ type: 'click', text })),
      });
      if (opts.publish) await portal('POST', `${root}/guides/${data.id}/publish`);
      return data.id;
    },
  };
}

/** A fresh workspace and its author. */
export async function freshWorkspace() {
  const ws = await seedWorkspace();
  return { ws, author: await author(ws) };
}

/** Pages only on these paths (exact rules), so a tour never shows anywhere else. */
export const onPages = (...paths: string[]): Partial<Targeting> => ({
  pages: { include: paths.map((value) => ({ match: 'exact' as const, value })), exclude: [] },
});

export const NONCE = 'exp-n0nce';

/**
 * The strict policy of the other widget e2e files: nonce + strict-dynamic scripts, no styles at all,
 * the service and its ws: origin in connect-src (an http: source does not cover ws:).
 */
export function strictCsp(api = inject('serverUrl')): string {
  return (
    `default-src 'none'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'none'; ` +
    `connect-src ${api} ${api.replace('http:', 'ws:')}; img-src ${api}; base-uri 'none'`
  );
}

/** A host page of the workspace: the page's own CSS adopted by a nonced script, the snippet, the body. */
export function experiencePage(
  host: HostServer,
  path: string,
  websiteId: string,
  body: string,
  opts: { css?: string; queued?: string; head?: string; csp?: boolean; api?: string } = {},
): string {
  const api = opts.api ?? inject('serverUrl');
  const css = `body{margin:0;font:16px/1.5 sans-serif}main{padding:24px}${opts.css ?? ''}`;
  const style = `<script nonce="${NONCE}">const s=new CSSStyleSheet();s.replaceSync(${JSON.stringify(css)});document.adoptedStyleSheets=[s];</script>`;
  // Without a policy Chromium asks the host for /favicon.ico (a 404 in the console): none is wanted.
  const icon = opts.csp === false ? '<link rel="icon" href="data:,">' : '';
  const head =
    icon + style + (opts.head ?? '') + snippet(api, websiteId, { nonce: NONCE, queued: opts.queued });
  return host.page(
    path,
    hostPage(head, body),
    opts.csp === false ? {} : { 'Content-Security-Policy': strictCsp(api) },
  );
}

/** One widget call the page made to the experience endpoints, with its JSON body. */
export interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/**
 * A watched page (warnings, page errors) that also records the experience calls with their bodies, the
 * widget's chunk files it fetched, console errors and CSP violations.
 */
export async function experienceWatch(browser: Browser, options: Parameters<typeof watchedPage>[1] = {}) {
  const w = await watchedPage(browser, options);
  const sent: Sent[] = [];
  const assets: string[] = [];
  const consoleErrors: string[] = [];
  w.page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/cdn/assets/')) assets.push(u.pathname.slice('/cdn/assets/'.length));
    if (u.pathname.startsWith('/widget/experiences') && r.method() !== 'OPTIONS') {
      let body: Record<string, unknown> | null = null;
      try {
        body = r.postDataJSON() as Record<string, unknown> | null;
      } catch {
        body = null;
      }
      sent.push({ method: r.method(), path: u.pathname + u.search, body });
    }
  });
  w.page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await w.page.addInitScript(() => {
    const seen: string[] = [];
    const win = window as unknown as { __violations: string[]; __completed: unknown[] };
    win.__violations = seen;
    win.__completed = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const violations = () =>
    w.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  /** Nothing went wrong on the page: no CSP violation, no error, no [widget] warning. */
  const clean = async () => {
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.warnings).toEqual([]);
  };
  const decisions = () => sent.filter((s) => s.method === 'GET' && s.path.startsWith('/widget/experiences?'));
  const sessions = () => sent.filter((s) => s.method === 'POST' && /\/sessions$/.test(s.path));
  const patches = () => sent.filter((s) => s.method === 'PATCH');
  const ends = () => patches().flatMap((s) => (s.body?.end ? [s.body.end] : []));
  const tourChunk = () => assets.filter((a) => a.startsWith('tour-'));
  return {
    ...w,
    sent,
    assets,
    consoleErrors,
    violations,
    clean,
    decisions,
    sessions,
    patches,
    ends,
    tourChunk,
  };
}

export type ExperienceWatch = Awaited<ReturnType<typeof experienceWatch>>;

/** Widget.experiences.start(id) in the page. */
export const startTour = (page: Page, id: string) =>
  page.evaluate((tourId) => (window as unknown as ExpWindow).Widget.experiences.start(tourId), id);

/** Collects experience:completed payloads in window.__completed. */
export const listenCompleted = (page: Page) =>
  page.evaluate(() => {
    const win = window as unknown as ExpWindow & { __completed: unknown[] };
    win.Widget.on('experience:completed', (p) => win.__completed.push(p));
  });
export const completedEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __completed: unknown[] }).__completed);

export type ExpWindow = HostWindow & {
  Widget: HostWindow['Widget'] & { experiences: { start(id: string): void } };
};

/** Two animation frames of the page: whatever the last change scheduled has run. */
export const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
