import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildApp } from '../bff/app';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createServices } from '../bff/services';
import { launchChromium } from '../e2e/support/browser';
import { demoCredentials, startChildServer } from '../e2e/support/server';
import { createDomainProofFetcher } from '../runtime/http/domain-proof-fetcher';
import { ensureWidgetBuilt } from '../scripts/build-widget';
import type { Ctx } from '../server-core/context';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { preselect } from '../server-core/experiences/decision/decide';
import { decideExperiences } from '../server-core/experiences/decision/decide-experiences';
import { createExperienceIndexCache } from '../server-core/experiences/decision/index-cache';
import { parsePageUrl } from '../server-core/experiences/decision/url-match';
import type {
  AttributeCondition,
  EventCondition,
  Frequency,
  Targeting,
  UrlRule,
} from '../server-core/experiences/definition';
import type { ExperienceType } from '../server-core/experiences/experience';
import { DAY, systemClock } from '../server-core/lib/clock';
import { sha256Hex } from '../server-core/lib/crypto';
import { newId } from '../server-core/lib/ulid';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { seedWorkspace } from '../server-core/setup/seed-workspace';
import {
  type InsertedExperience,
  insertExperience,
  programDefinition,
  step,
  targeting,
  tourDefinition,
} from '../server-core/testing/experiences';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  surveyDefinition,
  trackerDefinition,
} from '../server-core/testing/visible-experiences';
import { rotateIdentitySecret } from '../server-core/widget/identity-secret';
import { newVisitorToken } from '../server-core/widget/visitor-token';
import { summarize } from './stats';

const EXPERIENCES = 200;
const CONTACTS = 10_000;
const EVENTS = 200_000;
const SESSIONS = 50_000;
const VISITORS = 300;
const ROUNDS = 2000;
const HTTP_ROUNDS = 1000;
const EVENT_NAMES = [
  'exported',
  'invited',
  'report_viewed',
  'churned',
  'upgraded',
  'integration_added',
  'api_used',
  'seat_added',
  'invoice_paid',
  'survey_answered',
];
const PLANS = ['free', 'team', 'pro', 'enterprise'];

/** A small deterministic generator (mulberry32), so every run builds the same workspace. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(xs.length)]! };
}

/** Page rules of a realistic mix: prefixes, exact pages, wildcards, regexes, a few everywhere. */
function pageRules(r: ReturnType<typeof rng>): Targeting['pages'] {
  const k = r.int(20);
  const j = r.int(10);
  const kind = r.next();
  const include: UrlRule[] =
    kind < 0.1
      ? []
      : kind < 0.3
        ? [{ match: 'prefix', value: '/app' }]
        : kind < 0.45
          ? [{ match: 'prefix', value: `/app/section${k}` }]
          : kind < 0.6
            ? [{ match: 'exact', value: `/app/section${k}/page${j}` }]
            : kind < 0.7
              ? [{ match: 'wildcard', value: r.next() < 0.5 ? '/app/*/settings' : `/app/section${k}/*` }]
              : kind < 0.8
                ? [{ match: 'wildcard', value: `https://*.example.com/app/section${k}/*` }]
                : kind < 0.9
                  ? [{ match: 'regex', value: `^/app/section\\d+/page${j}(\\?.*)?$` }]
                  : [
                      { match: 'regex', value: '^/app/(billing|settings)/\\d+' },
                      { match: 'prefix', value: '/docs' },
                    ];
  const exclude: UrlRule[] =
    r.next() < 0.3
      ? [r.next() < 0.5 ? { match: 'prefix', value: '/app/admin' } : { match: 'regex', value: 'preview=1' }]
      : [];
  return { include, exclude };
}

function attributes(r: ReturnType<typeof rng>): AttributeCondition[] {
  const all: (() => AttributeCondition)[] = [
    () => ({ key: 'plan', op: 'equals', value: r.pick(PLANS) }),
    () => ({ key: 'seats', op: 'greater_than', value: r.int(50) }),
    () => ({
      key: 'country',
      op: r.next() < 0.5 ? 'equals' : 'not_equals',
      value: r.pick(['us', 'fr', 'de']),
    }),
    () => ({ key: 'beta', op: 'exists' }),
    () => ({ key: 'company', op: 'contains', value: 'co' }),
  ];
  return Array.from({ length: r.int(4) }, () => r.pick(all)());
}

function events(r: ReturnType<typeof rng>): EventCondition[] {
  return Array.from({ length: r.int(3) }, () => ({
    name: r.pick(EVENT_NAMES),
    did: r.next() < 0.8,
    at_least: 1 + r.int(5),
    within_days: r.pick([7, 30, 90, undefined]),
  }));
}

function frequency(r: ReturnType<typeof rng>): Frequency {
  const x = r.next();
  return x < 0.5
    ? { kind: 'once' }
    : x < 0.8
      ? { kind: 'limited', times: 3, days_apart: 7 }
      : { kind: 'unlimited' };
}

function windowOf(r: ReturnType<typeof rng>, now: number): Targeting['window'] {
  const x = r.next();
  if (x < 0.1) return { starts_at: null, ends_at: new Date(now - 10 * DAY).toISOString() };
  if (x < 0.2) return { starts_at: new Date(now + 10 * DAY).toISOString(), ends_at: null };
  return { starts_at: new Date(now - 30 * DAY).toISOString(), ends_at: null };
}

/**
 * The seven types in a 20-slot mix, repeated: 6 tours, 2 programs, 4 launchers, 2 banners, 2 announcements,
 * 2 surveys and 2 trackers in every 20 experiences (60, 20, 40, 20, 20, 20 and 20 of 200).
 */
const TYPE_MIX: readonly ExperienceType[] = [
  'tour',
  'launcher',
  'program',
  'tour',
  'banner',
  'launcher',
  'announcement',
  'tour',
  'survey',
  'tracker',
  'tour',
  'launcher',
  'program',
  'tour',
  'banner',
  'launcher',
  'announcement',
  'tour',
  'survey',
  'tracker',
];
const ALL_TYPES: readonly ExperienceType[] = [
  'tour',
  'program',
  'launcher',
  'banner',
  'announcement',
  'survey',
  'tracker',
];

/** A published definition of the type with its realistic content, on the targeting drawn for it. */
function definitionOf(type: ExperienceType, r: ReturnType<typeof rng>, t: Targeting, i: number, now: Date) {
  const feature = `#feature-${r.int(10)}`;
  switch (type) {
    case 'tour': {
      const steps = Array.from({ length: 3 + r.int(4) }, (_, s) =>
        step(`st${i}-${s}`, {
          page: r.next() < 0.5 ? { match: 'prefix', value: `/app/section${r.int(20)}` } : null,
        }),
      );
      return tourDefinition({ targeting: t, frequency: frequency(r), steps });
    }
    case 'program':
      return programDefinition({ targeting: t });
    case 'launcher': {
      const kind = r.pick(['beacon', 'beacon', 'icon', 'button'] as const);
      const action = r.pick([
        { type: 'tooltip', text: 'This is where reports live.' },
        { type: 'tooltip', text: 'Invite your team from here.' },
        { type: 'open_help' },
        { type: 'open_url', url: 'https://docs.example.com/reports' },
      ] as const);
      return launcherDefinition({
        targeting: t,
        content: {
          kind,
          target: { selector: feature },
          label: kind === 'button' ? 'What is new?' : null,
          activation: r.pick(['hover', 'click'] as const),
          action,
        },
      });
    }
    case 'banner': {
      const placement = r.pick(['top', 'top', 'bottom', 'before', 'inside_top'] as const);
      const anchored = placement !== 'top' && placement !== 'bottom';
      return bannerDefinition({
        targeting: t,
        frequency: r.next() < 0.5 ? { kind: 'once' } : { kind: 'unlimited' },
        content: {
          placement,
          target: anchored ? { selector: feature } : null,
          sticky: !anchored && r.next() < 0.5,
          button:
            r.next() < 0.3
              ? null
              : { label: 'See how', url: null, action: r.pick(['open_help', 'open_chat'] as const) },
        },
      });
    }
    case 'announcement': {
      const x = r.next();
      return announcementDefinition({
        targeting: t,
        content: {
          distribution: r.pick(['silent', 'badge', 'badge', 'popup'] as const),
          title: `Release ${i}`,
          starts_at: new Date(now.getTime() - (1 + r.int(60)) * DAY).toISOString(),
          ends_at:
            x < 0.2
              ? new Date(now.getTime() - DAY).toISOString()
              : x < 0.5
                ? new Date(now.getTime() + 30 * DAY).toISOString()
                : null,
        },
      });
    }
    case 'survey':
      return surveyDefinition({
        targeting: t,
        frequency: frequency(r),
        placement: r.pick(['corner', 'modal'] as const),
      });
    case 'tracker':
      return trackerDefinition({ targeting: t, eventName: `${r.pick(EVENT_NAMES)}_page` });
  }
}

async function seed(db: Db, now: Date) {
  const r = rng(13);
  const seeded = await seedWorkspace(db, { now, name: 'bench experiences' });
  const ws = seeded.workspaceId;
  const published = Object.fromEntries(ALL_TYPES.map((type) => [type, [] as InsertedExperience[]])) as Record<
    ExperienceType,
    InsertedExperience[]
  >;
  for (let i = 0; i < EXPERIENCES; i++) {
    const t = targeting({
      pages: pageRules(r),
      audience: r.pick(['everyone', 'everyone', 'identified', 'identified', 'anonymous'] as const),
      attributes: attributes(r),
      events: events(r),
      elements: r.next() < 0.1 ? [{ selector: `#feature-${r.int(10)}`, present: true }] : [],
      window: windowOf(r, now.getTime()),
      priority: r.int(100),
      triggers: r.next() < 0.3 ? { time_on_page_seconds: 5 } : {},
    });
    const at = new Date(now.getTime() - (EXPERIENCES - i) * 60_000);
    const type = TYPE_MIX[i % TYPE_MIX.length]!;
    const inserted = await insertExperience(db, ws, {
      type,
      definition: definitionOf(type, r, t, i, now),
      at,
    });
    published[type].push(inserted);
  }
  // 10,000 contacts with attributes, 200,000 events over 400 days, 50,000 sessions.
  await db.query(
    `insert into contacts (workspace_id, id, email, email_normalized, attributes, last_seen_at, created_at, updated_at)
     select $1, 'c' || lpad(g::text, 8, '0'), 'p' || g || '@bench.test', 'p' || g || '@bench.test',
       jsonb_build_object('plan', ($3::text[])[1 + g % 4], 'seats', g % 60, 'country', (array['us','fr','de'])[1 + g % 3],
         'company', 'Acme co ' || g) || case when g % 5 = 0 then '{"beta": true}'::jsonb else '{}'::jsonb end,
       $2, $2, $2
     from generate_series(1, ${CONTACTS}) g`,
    [ws, now, PLANS],
  );
  await db.query(
    `insert into contact_events (workspace_id, id, contact_id, name, occurred_at, received_at, source)
     select $1, 'ev' || lpad(g::text, 9, '0'), 'c' || lpad((1 + (g::bigint * 7919) % ${CONTACTS})::text, 8, '0'),
       ($3::text[])[1 + (g * 31) % 10], $2::timestamptz - ((g::bigint * 104729) % (400 * 24)) * interval '1 hour', $2, 'api'
     from generate_series(1, ${EVENTS}) g`,
    [ws, now, EVENT_NAMES],
  );
  // Sessions of the sessioned types: tours, programs and surveys.
  const all = [...published.tour, ...published.program, ...published.survey];
  await db.query(
    `insert into experience_sessions (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, state,
       end_reason, started_at, ended_at, updated_at, trigger)
     select $1, 'ss' || lpad(g::text, 9, '0'), ($2::text[])[1 + (g * 13) % $4], ($3::text[])[1 + (g * 13) % $4],
       'c' || lpad((1 + (g::bigint * 6007) % ${CONTACTS})::text, 8, '0'), null,
       (array['ended','completed','active','ended'])[1 + g % 4],
       (array['dismissed','completed',null,'skipped'])[1 + g % 4],
       $5::timestamptz - (g % 90) * interval '1 day', null, $5, 'auto'
     from generate_series(1, ${SESSIONS}) g`,
    [ws, all.map((e) => e.id), all.map((e) => e.versionId), all.length, now],
  );
  await db.exec('analyze');
  return { seeded, ws, published };
}

const URLS = [
  ...Array.from({ length: 20 }, (_, k) => `https://app.example.com/app/section${k}/page${k % 10}`),
  ...Array.from({ length: 10 }, (_, k) => `https://eu.example.com/app/section${k}/page${k}?tab=${k}`),
  'https://app.example.com/app/billing/42',
  'https://app.example.com/app/settings/7?preview=1',
  'https://app.example.com/app/team/settings',
  'https://app.example.com/app/admin/users',
  'https://app.example.com/docs/start',
  'https://app.example.com/',
];

const line = (label: string, s: ReturnType<typeof summarize>) =>
  `  ${label.padEnd(44)} p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  (n ${s.n})`;

async function measure(db: Db, label: string): Promise<void> {
  const now = new Date();
  await prepareDatabase(db, now);
  const seedStarted = performance.now();
  const { seeded, ws, published } = await seed(db, now);
  const seedMs = performance.now() - seedStarted;
  const services = createServices({
    db,
    clock: systemClock,
    config: loadConfig({ DEMO: 'off', WORKER: 'off' }),
    logger: silentLogger,
    masterKey: randomBytes(32),
    domainProof: createDomainProofFetcher({ allowHosts: [] }),
  });
  const ctx: Ctx = { db, clock: systemClock, workspaceId: ws, actor: { type: 'system', id: null } };
  const r = rng(7);
  const contactOf = (i: number) => `c${String(1 + ((i * 7919) % CONTACTS)).padStart(8, '0')}`;

  // Cold index: one query and the compile of 200 experiences.
  const cold = createExperienceIndexCache({ db, clock: systemClock });
  const coldStarted = performance.now();
  const index = await cold.get(ws);
  const coldMs = performance.now() - coldStarted;
  let candidates = 0;
  for (const url of URLS) candidates += preselect(index, parsePageUrl(url)!, true, Date.now()).length;

  const inProcess: number[] = [];
  const shown = { auto_start: 0, programs: 0, launchers: 0, banners: 0, announcements: 0 };
  const autoStartTypes = new Map<string, number>();
  for (let i = 0; i < ROUNDS; i++) {
    const identified = r.next() < 0.7;
    const started = performance.now();
    const d = await decideExperiences(
      ctx,
      { index: services.experienceIndex },
      {
        visitor: { id: newId(), contactId: identified ? contactOf(r.int(CONTACTS)) : null },
        url: r.pick(URLS),
      },
    );
    inProcess.push(performance.now() - started);
    if (d.auto_start) {
      shown.auto_start++;
      autoStartTypes.set(d.auto_start.type, (autoStartTypes.get(d.auto_start.type) ?? 0) + 1);
    }
    shown.programs += d.programs.length;
    shown.launchers += d.launchers.length;
    shown.banners += d.banners.length;
    shown.announcements += d.announcements.items.length;
  }

  // Visitors with tokens: identified ones under the current identity secret, and anonymous ones.
  const { generation } = await rotateIdentitySecret(ctx, services.box);
  const tokens: string[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const id = newId();
    const token = newVisitorToken(services.keys.visitorToken, seeded.websiteId, id);
    const contactId = i % 10 < 7 ? contactOf(i * 31) : null;
    await db.query(
      `insert into widget_visitors (workspace_id, id, token_hash, contact_id, identity_generation, identified_at, created_at,
         last_seen_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $6, $6, $7)`,
      [
        ws,
        id,
        sha256Hex(token),
        contactId,
        contactId ? generation : null,
        now,
        new Date(now.getTime() + 30 * DAY),
      ],
    );
    tokens.push(token);
  }
  const app = buildApp(services);
  const path = () => `/widget/experiences?url=${encodeURIComponent(r.pick(URLS))}`;
  const viaApp: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await app.request(path(), { headers: { Authorization: `Bearer ${r.pick(tokens)}` } });
    await res.arrayBuffer();
    viaApp.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`decision answered ${res.status}`);
  }
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((ok) => server.once('listening', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const viaHttp: number[] = [];
  try {
    for (let i = 0; i < HTTP_ROUNDS; i++) {
      const started = performance.now();
      const res = await fetch(base + path(), { headers: { Authorization: `Bearer ${r.pick(tokens)}` } });
      await res.arrayBuffer();
      viaHttp.push(performance.now() - started);
    }
  } finally {
    await new Promise((ok) => server.close(ok));
    services.close();
  }
  const drop = (ms: number[]) => ms.slice(ms.length / 10);
  const mix = ALL_TYPES.map((type) => `${published[type].length} ${type}s`).join(', ');
  console.log(
    `experience decision on ${label}: ${EXPERIENCES} published experiences of all seven types (${mix}; ` +
      `${index.experiences.length} indexed), ${CONTACTS} contacts, ${EVENTS} events, ${SESSIONS} sessions ` +
      `(seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  cold index load (1 query + compile)          ${coldMs.toFixed(1)} ms; ${(candidates / URLS.length).toFixed(1)} candidates per page after window/audience/pages`,
  );
  console.log(line('decideExperiences in-process (70% identified)', summarize(drop(inProcess))));
  console.log(line('GET /widget/experiences via app.request', summarize(drop(viaApp))));
  console.log(line('GET /widget/experiences over loopback HTTP', summarize(drop(viaHttp))));
  const per = (n: number) => (n / ROUNDS).toFixed(2);
  const byType = [...autoStartTypes].map(([type, n]) => `${type} ${per(n)}`).join(', ');
  console.log(
    `  per decision: ${per(shown.auto_start)} auto-starts (${byType || 'none'}), ${per(shown.programs)} programs, ` +
      `${per(shown.launchers)} launchers, ${per(shown.banners)} banners, ${per(shown.announcements)} announcements ` +
      '(goal p95 < 15 ms server time)',
  );
}

const TOUR_RUNS = 20;

/**
 * Widget.experiences.start(id) to the first step on screen, in Chromium: the minified build served by
 * `npm start`'s server (loopback), a host page on another origin, a published two-step tour whose first
 * step is anchored to a button. Cold: a fresh browser context per run (the tour request, the session,
 * the tour chunk and its first render); warm: a second start on the same page (the chunk loaded). The
 * time runs from the call to the first animation frame in which the step's dialog is laid out.
 */
export async function tourStartBench(): Promise<void> {
  await ensureWidgetBuilt();
  const server = await startChildServer({ LOG_LEVEL: 'warn' });
  const demo = demoCredentials(server.dataDir);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demo.ownerEmail, password: demo.ownerPassword }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data: session } = (await login.json()) as { data: { csrf_token: string } };
  const portal = async (path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1/workspaces/${demo.workspaceId}${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-Token': session.csrf_token, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  const draft = tourDefinition({
    targeting: { pages: { include: [{ match: 'exact', value: '/never' }], exclude: [] } },
    steps: [
      step('s1', { title: 'Bench step', target: { selector: '#target' } }),
      step('s2', { title: 'Second' }),
    ],
  });
  const { id } = await portal('/experiences', { type: 'tour', name: 'Bench tour', draft });
  await portal(`/experiences/${id}/publish`);
  // WIDGET_QA keeps whatever the demo workspace auto-starts out of the measurement.
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Tour bench</title><link rel="icon" href="data:,">
<script>window.$widget = []; window.WIDGET_WEBSITE_ID = ${JSON.stringify(demo.websiteId)}; window.WIDGET_QA = 'no-auto-start';
window.__startTour = (id) => new Promise((done) => {
  const t0 = performance.now();
  Widget.experiences.start(id);
  (function poll() {
    const el = document.querySelector('[data-widget-chrome="tour"]');
    const d = el && el.shadowRoot && el.shadowRoot.querySelector('[role=dialog]');
    if (d && d.getBoundingClientRect().width > 0) done(performance.now() - t0);
    else requestAnimationFrame(poll);
  })();
});
</script><script async src="${server.url}/cdn/l.js"></script></head>
<body><main><h1>A host page</h1><p>${'Some content. '.repeat(100)}</p><button id="target">Target</button></main></body></html>`;
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let run = 0; run < TOUR_RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(hostUrl);
      await page.getByRole('button', { name: 'Open support' }).waitFor({ timeout: 20_000 });
      // Strings, not functions: tsx would wrap named functions in a helper the page does not have.
      cold.push((await page.evaluate(`window.__startTour(${JSON.stringify(id)})`)) as number);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Bench step' }).waitFor({ state: 'detached' });
      warm.push((await page.evaluate(`window.__startTour(${JSON.stringify(id)})`)) as number);
      await context.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((r) => host.close(() => r()));
    await server.stop();
  }
  const c = summarize(cold);
  const w = summarize(warm);
  console.log(
    `Widget.experiences.start(id) -> first step visible, Chromium (${TOUR_RUNS} runs, loopback API)`,
  );
  console.log(`  cold (tour, session, tour chunk)  p50 ${c.p50} ms  p95 ${c.p95} ms  mean ${c.mean} ms`);
  console.log(`  warm (chunk already loaded)       p50 ${w.p50} ms  p95 ${w.p95} ms  mean ${w.mean} ms`);
}

/**
 * `npm run bench -- experiences`: decision latency over a realistic workspace, on Postgres (DATABASE_URL)
 * and PGlite, then the time from Widget.experiences.start to the first step in Chromium.
 */
export async function experiencesBench(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const scoped = await openThrowawaySchema(process.env.DATABASE_URL, { prefix: 'bench', max: 10 });
    try {
      await measure(scoped.db, 'Postgres (pool of 10)');
    } finally {
      await scoped.dispose();
    }
  }
  const pglite = await openPglite();
  try {
    await measure(pglite, 'PGlite (in memory)');
  } finally {
    await pglite.close();
  }
  console.log('');
  await tourStartBench();
}
