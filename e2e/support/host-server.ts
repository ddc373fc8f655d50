import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './server';

/**
 * Customer host pages for the widget tests: a loopback HTTP server on its own port (so the widget runs
 * cross-origin to the service, as on a real site). Tests register pages by path; /turbo.js is the
 * pinned @hotwired/turbo build.
 */
export interface HostServer {
  url: string;
  page(path: string, html: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

export async function startHostServer(): Promise<HostServer> {
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const turbo = readFileSync(join(ROOT, 'node_modules/@hotwired/turbo/dist/turbo.es2017-esm.js'));
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/turbo.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(turbo);
    }
    const page = pages.get(path);
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...page.headers,
    });
    res.end(page.html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(path, html, headers = {}) {
      pages.set(path, { html, headers });
      return url + path;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The install snippet as GET /widget/install issues it, optionally with a nonce and calls queued before l.js. */
export function snippet(
  serverUrl: string,
  websiteId: string,
  opts: { nonce?: string; queued?: string } = {},
): string {
  const n = opts.nonce ? ` nonce="${opts.nonce}"` : '';
  return (
    `<script${n}>window.$widget=[];window.WIDGET_WEBSITE_ID=${JSON.stringify(websiteId)};${opts.queued ?? ''}</script>\n` +
    `<script async${n} src="${serverUrl}/cdn/l.js"></script>`
  );
}

export function hostPage(
  head: string,
  body = '<main><h1>Host page</h1><a href="#top">top</a></main>',
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>${head}</head><body>${body}</body></html>`;
}
