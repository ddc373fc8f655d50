import type { Browser, BrowserContext, BrowserContextOptions, FrameLocator, Page } from 'playwright';
import { inject } from 'vitest';
import { runCli } from './server';

export interface Seeded {
  workspaceId: string;
  websiteId: string;
  ownerEmail: string;
  ownerPassword: string;
}

const env = (dataDir = inject('serverDataDir')) => ({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir });

export interface SeededWithKey extends Seeded {
  apiKey: string;
}

/** A fresh workspace through the running server (npm run seed); another server's with its DATA_DIR. */
export async function seedWorkspace(dataDir?: string): Promise<SeededWithKey> {
  const { code, stdout, stderr } = await runCli('scripts/seed.ts', ['--json'], env(dataDir));
  if (code !== 0) throw new Error(`seed failed: ${stderr}`);
  return JSON.parse(stdout.trim()) as SeededWithKey;
}

export async function ops(args: string[]): Promise<void> {
  const { code, stderr } = await runCli('scripts/ops.ts', args, env());
  if (code !== 0) throw new Error(`ops ${args.join(' ')} failed: ${stderr}`);
}

/** Signs the owner in and rotates the widget identity secret (rotateWidgetIdentitySecret). */
export async function rotateIdentitySecret(ws: Pick<Seeded, 'workspaceId' | 'ownerEmail' | 'ownerPassword'>) {
  const base = inject('serverUrl');
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ws.ownerEmail, password: ws.ownerPassword }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = (await login.json()) as { data: { csrf_token: string } };
  const res = await fetch(`${base}/api/v1/workspaces/${ws.workspaceId}/widget/identity-secret/rotate`, {
    method: 'POST',
    headers: { Cookie: cookie, 'X-CSRF-Token': data.csrf_token },
  });
  if (res.status !== 200) throw new Error(`rotate failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { secret: string } }).data.secret;
}

/** A signed-in owner's portal calls (session cookie and CSRF token), paths under /api/v1. */
export async function portalSession(
  ws: Pick<Seeded, 'ownerEmail' | 'ownerPassword'>,
  base = inject('serverUrl'),
) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ws.ownerEmail, password: ws.ownerPassword }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = (await login.json()) as { data: { csrf_token: string } };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { Cookie: cookie, 'X-CSRF-Token': data.csrf_token, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** A page in a fresh context, collecting [widget] warnings, page errors and widget API requests. */
export interface Watched {
  context: BrowserContext;
  page: Page;
  warnings: string[];
  errors: string[];
  requests: { method: string; path: string; status?: number }[];
  close(): Promise<void>;
}

export async function watchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 }, ...options });
  const page = await context.newPage();
  const warnings: string[] = [];
  const errors: string[] = [];
  const requests: Watched['requests'] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('[widget]')) warnings.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/widget/') && r.request().method() !== 'OPTIONS') {
      requests.push({ method: r.request().method(), path: u.pathname + u.search, status: r.status() });
    }
  });
  return { context, page, warnings, errors, requests, close: () => context.close() };
}

/** The launcher button; closed, its name may carry the unread announcements ("Open support, 1 unread announcement"). */
export const launcher = (page: Page, name: 'Open support' | 'Close support' = 'Open support') =>
  page.getByRole('button', {
    name: name === 'Open support' ? /^Open support(, \d+ unread announcements?)?$/ : name,
    exact: true,
  });

export const panelFrame = (page: Page) => page.frameLocator('iframe[title="Support panel"]');

export async function waitForLauncher(page: Page): Promise<void> {
  await launcher(page).waitFor({ timeout: 15_000 });
}

/** The page globals the widget defines, for page.evaluate. */
export interface WidgetApi {
  init(opts: { websiteId: string }): void;
  open(): void;
  close(): void;
  toggle(): void;
  track(name: unknown, properties?: unknown): void;
  consent(granted: boolean): void;
  forget(): void;
  on(event: string, handler: (payload?: unknown) => void): () => void;
  user: { set(input: Record<string, unknown>): void };
  event: { push(name: unknown): void };
  helpdesk: { query(q?: string): void; openArticle(slug: unknown): void };
  walkthrough: { start(id: string): void };
  automation: { run(id: string, prefill?: Record<string, string>): void };
}

export type HostWindow = Window & { Widget: WidgetApi; $widget: unknown[] };

/**
 * The demo workspace delivers experiences since issue 13 (a tour that starts by itself on any page, a program):
 * tests of something else on demo pages keep its tours away with the QA key, as a host's suite would
 * (docs/testing-with-playwright.md).
 */
export const noAutoStart = (page: Page) =>
  page.addInitScript(() => window.localStorage.setItem('widget:qa', 'no-auto-start'));

/**
 * Help in an open panel, whichever tab it opened on: `auto` opens Onboarding while a program has something
 * to do (when the decision came before the panel opened; once open, the panel keeps its tab), else Chat
 * (issue 16: a page has no pinned help yet). `name`: the Help tab's name in the panel's language.
 */
export async function showHelp(frame: FrameLocator, name = 'Help'): Promise<void> {
  await frame.locator('.panel').waitFor();
  const help = frame.getByRole('tab', { name, exact: true });
  if ((await help.count()) > 0) await help.click();
}
