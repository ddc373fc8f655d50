import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';

export const CDN_PREFIX = '/cdn';

/**
 * Serves the built widget (dist/) as its own CDN: l.js revalidated often (it is the stable URL every
 * site embeds), hashed chunks cached for a year. CORS is open: the bundle is public.
 */
export function registerCdn(app: OpenAPIHono<AppEnv>, distDir: string): void {
  app.use(`${CDN_PREFIX}/*`, async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const immutable = c.req.path.startsWith(`${CDN_PREFIX}/assets/`);
    c.res.headers.set(
      'Cache-Control',
      immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.get(
    `${CDN_PREFIX}/*`,
    serveStatic({
      root: distDir,
      rewriteRequestPath: (path) => path.slice(CDN_PREFIX.length),
    }),
  );
}
