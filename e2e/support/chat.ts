import type { FrameLocator, Page } from 'playwright';
import { expect, inject } from 'vitest';
import { NONCE, strictCsp } from './experiences';
import { type HostServer, hostPage, snippet } from './host-server';
import { type HostWindow, launcher, panelFrame, portalSession, type SeededWithKey } from './widget';

/** Staff's side through the portal operations (session + CSRF), and the public API's reads (API key). */
export async function staff(ws: SeededWithKey, base = inject('serverUrl')) {
  const portal = await portalSession(ws, base);
  const root = `/workspaces/${ws.workspaceId}/conversations`;
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}/api/v1${path}`, { headers: { Authorization: `Bearer ${ws.apiKey}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    portal,
    /** listPortalConversations: the workspace's conversations, newest first. */
    list: async () =>
      (await portal<{ data: { id: string; contact_id: string | null; state: string }[] }>('GET', root)).data,
    /** The only conversation of a fresh workspace (the visitor's), once it is there. */
    only: async () => {
      await expect.poll(async () => (await portal<{ data: unknown[] }>('GET', root)).data.length).toBe(1);
      return (await portal<{ data: { id: string; contact_id: string | null }[] }>('GET', root)).data[0]!;
    },
    reply: (id: string, body: string) => portal('POST', `${root}/${id}/replies`, { body }),
    note: (id: string, body: string) => portal('POST', `${root}/${id}/notes`, { body }),
    tag: (id: string, tag: string) => portal('POST', `${root}/${id}/tags`, { tag }),
    resolve: (id: string) => portal('POST', `${root}/${id}/resolve`),
    requestRating: (id: string) => portal('POST', `${root}/${id}/rating-request`),
    toTicket: (id: string, priority: string) => portal('POST', `${root}/${id}/ticket`, { priority }),
    /** getConversation of the public API (read only). */
    publicConversation: (id: string) =>
      api<{ data: { id: string; rating: number | null; contact_id: string | null; state: string } }>(
        `/conversations/${id}`,
      ),
  };
}

/** Collects message:received bodies in window.__received (queued before l.js, as a host would). */
export const LISTEN =
  "window.__received=[];$widget.push(['on','message:received',function(p){__received.push(p.body)}]);";

export const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { __received: string[] }).__received);

/**
 * A host page of the workspace on the test host (another origin than the service) under the strict CSP of
 * the other widget e2e files (nonce + strict-dynamic, no styles, the service and its ws: origin in
 * connect-src, img-src the service), listening to message:received. `turbo`: the page runs Turbo Drive
 * (its fetches need 'self' in connect-src, its progress bar a nonced style).
 */
export function chatPage(
  host: HostServer,
  path: string,
  websiteId: string,
  opts: { api?: string; body?: string; turbo?: boolean } = {},
): string {
  const api = opts.api ?? inject('serverUrl');
  let csp = strictCsp(api);
  let head = snippet(api, websiteId, { nonce: NONCE, queued: LISTEN });
  if (opts.turbo) {
    csp = csp
      .replace('connect-src ', "connect-src 'self' ")
      .replace("style-src 'none'", `style-src 'nonce-${NONCE}'`);
    head = `<meta name="csp-nonce" content="${NONCE}"><script type="module" nonce="${NONCE}" src="/turbo.js"></script>${head}`;
  }
  const body = opts.body ?? '<main><h1>Store</h1></main>';
  return host.page(path, hostPage(head, body), { 'Content-Security-Policy': csp });
}

/** CSP violations on the page (recorded from the first script on). */
export const recordViolations = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
export const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Opens the panel on the Chat tab (the default when nothing else is to offer): its tabpanel. */
export async function openChat(page: Page) {
  await launcher(page).click();
  const frame = panelFrame(page);
  const chat = frame.getByRole('tabpanel', { name: 'Chat' });
  await chat.waitFor();
  return { frame, chat };
}

/** The messages of the conversation shown. */
export const messages = (frame: FrameLocator) => frame.getByRole('log', { name: 'Messages' });

/** "New conversation", the first message typed into "Message", "Send": the conversation shows it. */
export async function startConversation(frame: FrameLocator, text: string): Promise<void> {
  await frame.getByRole('button', { name: 'New conversation' }).click();
  await frame.getByRole('textbox', { name: 'Message' }).fill(text);
  await frame.getByRole('button', { name: 'Send' }).click();
  await messages(frame).getByText(text, { exact: true }).waitFor();
}

/** Widget.user.set in the page. */
export const identify = (page: Page, input: Record<string, unknown>) =>
  page.evaluate((i) => (window as unknown as HostWindow).Widget.user.set(i), input);
