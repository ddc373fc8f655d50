import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';

export const CONSOLE_PREFIX = '/app';

/**
 * The console's policy: its own scripts and styles only (no inline code), API calls and the realtime
 * socket to this origin, images also from https (workspace logos) and data: URLs, never framed.
 */
export function consoleCsp(host: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    `connect-src 'self' ws://${host} wss://${host}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const wantsHtml = (c: Context) => /\btext\/html\b/i.test(c.req.header('Accept') ?? '');

/**
 * Serves the built console (dist/console): hashed assets under /app/assets cached for a year, and
 * index.html for every other /app path (the SPA routes itself), never cached so a deploy is picked up.
 * `/` sends a browser to /app; an API client still gets the JSON 404.
 */
export function registerConsole(app: OpenAPIHono<AppEnv>, consoleDir: string): void {
  const index = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  app.use(`${CONSOLE_PREFIX}/assets/*`, async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.get(
    `${CONSOLE_PREFIX}/assets/*`,
    serveStatic({ root: consoleDir, rewriteRequestPath: (path) => path.slice(CONSOLE_PREFIX.length) }),
  );
  const page = (c: Context) => {
    c.header('Content-Security-Policy', consoleCsp(new URL(c.req.url).host));
    c.header('Cache-Control', 'no-cache');
    return c.html(index);
  };
  app.get(`${CONSOLE_PREFIX}/assets/*`, (c) => c.notFound());
  app.get(CONSOLE_PREFIX, page);
  app.get(`${CONSOLE_PREFIX}/*`, page);
  app.get('/', (c) => (wantsHtml(c) ? c.redirect(`${CONSOLE_PREFIX}/`, 302) : c.notFound()));
}
